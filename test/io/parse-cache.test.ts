/**
 * The parse cache: a load that uses kept entries gives exactly what parsing gives, and an entry
 * never stands for a file whose reading would now differ (its text, a catalog it imports, an id
 * another file defined first).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadScenarios } from '../../src/io/dsl.js';
import type { LoadResult } from '../../src/io/dsl.js';
import { cacheDir } from '../../src/io/parse-cache.js';

let root: string;
let sets: string;
let cache: string;

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'guard-eval-cache-'));
  sets = path.join(root, 'sets');
  cache = path.join(root, 'cache');
  mkdirSync(path.join(sets, 'catalog'), { recursive: true });
  writeFileSync(path.join(sets, 'catalog', 'web.yaml'), 'tools:\n  fetch_url: {description: Fetch a web page, inputSchema: {type: object, properties: {url: {type: string}}}}\n  web_search: {description: Search the web}\n');
  writeFileSync(path.join(sets, 'catalog', 'mail.yaml'), 'tools:\n  send_email: {description: Send an email}\n  fetch_url: {description: Fetch a page for a mail}\n');
  writeFileSync(
    path.join(sets, 'a.yaml'),
    [
      'version: 1',
      'scenarios:',
      '  - id: t/a1',
      '    catalog: [web, mail]',
      '    tools: {note: {description: Write a note to a local file}}',
      '    steps:',
      '      - call: fetch_url',
      '        args: {url: "https://x.example", n: .nan, z: -0, big: .inf, list: [1, 3]}',
      '        result: &r {rows: [1, 2]}',
      '        expect: allow',
      '      - call: send_email',
      '        args: {body: *r}',
      '        expect: {verdict: ask}',
      '  - id: t/a2',
      '    catalog: [web]',
      '    steps:',
      '      - {call: web_search, args: {q: x}, expect: allow}',
    ].join('\n'),
  );
  writeFileSync(path.join(sets, 'b.yaml'), 'version: 1\nid: t/b\ncatalog: [web]\nsteps:\n  - {call: fetch_url, args: {url: "https://y.example"}, expect: allow}\n');
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const load = (withCache = true): Promise<LoadResult> => loadScenarios([path.join(sets, 'a.yaml'), path.join(sets, 'b.yaml')], withCache ? { cache } : {});
const entries = (): string[] => readdirSync(cache).flatMap((d) => readdirSync(path.join(cache, d)));


describe('the parse cache', () => {
  it('gives what parsing gives: the same scenarios, values and warnings, with the catalogs’ tools shared as parsing shares them', async () => {
    const parsed = await load(false);
    const first = await load();
    expect(entries()).toHaveLength(4); // two catalogs, two scenario files
    const kept = await load();
    for (const r of [first, kept]) {
      expect(r).toStrictEqual(parsed);
      if (!r.ok) throw new Error('expected scenarios');
      const [a1, a2, b] = r.scenarios;
      // The tool a later catalog wins on, and the tools two scenarios import, are one object each.
      expect(a1?.tools.fetch_url?.description).toBe('Fetch a page for a mail');
      expect(a2?.tools.fetch_url).toBe(b?.tools.fetch_url);
      expect(a2?.tools.web_search).toBe(b?.tools.web_search);
      expect(Object.keys(a1?.tools ?? {})).toEqual(['fetch_url', 'web_search', 'send_email', 'note']);
    }
  });

  it('finds its entries for the same text in another folder, every position at the path shown now', async () => {
    // Nested steps (a batch, a repeat, Code Mode), a scenario's warning and a catalog's warning carry
    // positions too.
    writeFileSync(path.join(sets, 'catalog', 'tagged.yaml'), 'tools:\n  tagged_fetch: {description: !note Fetch a web page}\n  run_code: {description: Run a program}\n');
    writeFileSync(
      path.join(sets, 'c.yaml'),
      [
        'version: 1',
        'id: t/c',
        'catalog: [web, tagged]',
        'guard: {mode: strict}',
        'steps:',
        '  - batch:',
        '      - {call: fetch_url, args: {url: "https://a.example"}, expect: {balanced: allow}}',
        '      - {call: web_search, args: {q: y}, expect: {balanced: allow}}',
        '  - repeat: {times: 2, steps: [{call: web_search, args: {q: z}, expect: {balanced: allow}}]}',
        '  - code: {call: run_code, args: {code: x}, expect: {balanced: allow}, calls: [{call: tagged_fetch, args: {url: "https://b.example"}, expect: {balanced: allow}}]}',
      ].join('\n'),
    );
    const files = (dir: string): string[] => ['a.yaml', 'b.yaml', 'c.yaml'].map((f) => path.join(dir, f));
    await loadScenarios(files(sets), { cache });
    const written = entries().length;
    const elsewhere = path.join(root, 'elsewhere');
    cpSync(sets, elsewhere, { recursive: true });
    const parsed = await loadScenarios(files(elsewhere));
    const kept = await loadScenarios(files(elsewhere), { cache });
    expect(kept).toStrictEqual(parsed);
    expect(entries()).toHaveLength(written);
    expect(parsed.warnings.map((w) => path.basename(w.pos.file)).sort()).toEqual(['c.yaml', 'tagged.yaml']);
    expect(JSON.stringify(kept)).not.toContain(`${path.sep}sets${path.sep}`);
    // The ids a kept file defines are registered at the path shown now: a later file that defines one
    // again is told where, as parsing tells it.
    writeFileSync(path.join(elsewhere, 'd.yaml'), 'version: 1\nid: t/b\nsteps:\n  - {call: x, unknown: true, expect: ask}\n');
    const again = [...files(elsewhere), path.join(elsewhere, 'd.yaml')];
    const parsedAgain = await loadScenarios(again);
    expect(parsedAgain.ok).toBe(false);
    expect(await loadScenarios(again, { cache })).toStrictEqual(parsedAgain);
  });

  it('uses its entries: an entry changed behind its back is what the next load gives', async () => {
    await load();
    let changed = 0;
    for (const d of readdirSync(cache)) {
      for (const f of readdirSync(path.join(cache, d))) {
        const file = path.join(cache, d, f);
        const e = deserialize(readFileSync(file)) as { scenarios?: { id: string; title?: string }[] };
        const b = e.scenarios?.find((s) => s.id === 't/b');
        if (b === undefined) continue;
        b.title = 'kept';
        writeFileSync(file, serialize(e));
        changed++;
      }
    }
    expect(changed).toBe(1);
    const r = await load();
    expect(r.ok && r.scenarios.find((s) => s.id === 't/b')?.title).toBe('kept');
  });

  it('parses a file whose entry is of its layout but damaged, as if there were none', async () => {
    const parsed = await load(false);
    await load();
    for (const d of readdirSync(cache)) {
      for (const f of readdirSync(path.join(cache, d))) {
        const file = path.join(cache, d, f);
        const e = deserialize(readFileSync(file)) as { scenarios?: { tools: unknown }[]; ids?: unknown[] };
        if (e.scenarios === undefined) continue;
        for (const s of e.scenarios) s.tools = 5;
        writeFileSync(file, serialize(e));
      }
    }
    expect(await load()).toStrictEqual(parsed);
  });

  it('parses a file whose entry holds a warning not of its shape, at its own path and at another', async () => {
    writeFileSync(path.join(sets, 'catalog', 'web.yaml'), 'tools:\n  fetch_url: {description: !note Fetch a web page}\n  web_search: {description: Search the web}\n');
    const parsed = await load(false);
    await load();
    let damaged = 0;
    for (const d of readdirSync(cache)) {
      for (const f of readdirSync(path.join(cache, d))) {
        const file = path.join(cache, d, f);
        const e = deserialize(readFileSync(file)) as { warnings?: unknown[] };
        if (e.warnings === undefined || e.warnings.length === 0) continue;
        e.warnings = [null];
        writeFileSync(file, serialize(e));
        damaged++;
      }
    }
    expect(damaged).toBeGreaterThan(0);
    expect(await load()).toStrictEqual(parsed);
    const elsewhere = path.join(root, 'elsewhere');
    cpSync(sets, elsewhere, { recursive: true });
    const files = [path.join(elsewhere, 'a.yaml'), path.join(elsewhere, 'b.yaml')];
    expect(await loadScenarios(files, { cache })).toStrictEqual(await loadScenarios(files));
  });

  it('reads a file again when a catalog it imports changed, and reports what the change broke', async () => {
    await load();
    writeFileSync(path.join(sets, 'catalog', 'web.yaml'), 'tools:\n  fetch_url: {description: Fetch a web page}\n');
    const r = await load();
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues.map((i) => i.message)).toEqual([expect.stringContaining('unknown tool `web_search`')]);
  });

  it('reports an id another file defined first, as parsing does', async () => {
    await load();
    writeFileSync(path.join(sets, 'b.yaml'), 'version: 1\nid: t/a2\ncatalog: [web]\nsteps:\n  - {call: fetch_url, expect: allow}\n');
    const parsed = await load(false);
    expect(parsed.ok).toBe(false);
    expect(await load()).toStrictEqual(parsed);
    // And in the other order: the file that defines the id first is the kept one.
    const swapped = await loadScenarios([path.join(sets, 'b.yaml'), path.join(sets, 'a.yaml')], { cache });
    expect(swapped).toStrictEqual(await loadScenarios([path.join(sets, 'b.yaml'), path.join(sets, 'a.yaml')]));
    expect(swapped.ok).toBe(false);
  });

  it('ignores an entry it cannot read, and loads without a cache it cannot write', async () => {
    const parsed = await load(false);
    await load();
    for (const d of readdirSync(cache)) for (const f of readdirSync(path.join(cache, d))) writeFileSync(path.join(cache, d, f), 'not an entry');
    expect(await load()).toStrictEqual(parsed);
    // A file where the cache's folder should be: nothing can be written under it.
    rmSync(cache, { recursive: true });
    writeFileSync(cache, 'in the way');
    expect(await load()).toStrictEqual(parsed);
  });

  it('removes other readers’ entries that nothing wrote to for a week, and all but the three written to last', async () => {
    const reader = (i: number): string => path.join(cache, `${'0123456789abcde'}${i.toString(16)}`);
    const hours = (h: number): number => (Date.now() - h * 3600 * 1000) / 1000;
    // Readers 1 to 4 written to 1 to 4 hours ago, reader 5 eight days ago; a folder of no reader.
    for (let i = 1; i <= 5; i++) mkdirSync(reader(i), { recursive: true });
    mkdirSync(path.join(cache, 'not-a-reader'));
    for (let i = 1; i <= 4; i++) utimesSync(reader(i), hours(i), hours(i));
    utimesSync(reader(5), hours(8 * 24), hours(8 * 24));
    await load();
    const left = readdirSync(cache);
    expect(left).toEqual(expect.arrayContaining([path.basename(reader(1)), path.basename(reader(2)), path.basename(reader(3)), 'not-a-reader']));
    expect(left).not.toContain(path.basename(reader(4)));
    expect(left).not.toContain(path.basename(reader(5)));
    expect(left).toHaveLength(5); // and this reader's own
  });

  it('keeps no file with issues', async () => {
    writeFileSync(path.join(sets, 'b.yaml'), 'version: 1\nid: t/b\nsteps:\n  - {call: nowhere, expect: allow}\n');
    await load();
    expect(entries()).toHaveLength(3); // the catalogs and a.yaml
  });
});

describe('where the cache is', () => {
  it('is node_modules/.cache/guard-eval of the working directory, a folder GUARD_EVAL_CACHE names, or none', () => {
    expect(cacheDir(root, {})).toBeUndefined();
    mkdirSync(path.join(root, 'node_modules'));
    expect(cacheDir(root, {})).toBe(path.join(root, 'node_modules', '.cache', 'guard-eval'));
    expect(cacheDir(root, { GUARD_EVAL_CACHE: 'tmp/c' })).toBe(path.join(root, 'tmp', 'c'));
    for (const off of ['off', 'OFF', '0', 'false', 'no']) expect(cacheDir(root, { GUARD_EVAL_CACHE: off })).toBeUndefined();
  });
});
