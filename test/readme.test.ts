/** The README's tables and its embedding example are checked against the code. */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GATE_MAPPING_MARKDOWN } from '../src/core/gate.js';
import { DECIDING_ORDER, RULE_IDS, RULE_TABLE } from '../src/core/rules.js';

const README = readFileSync('README.md', 'utf8');

function block(name: string): string {
  const m = new RegExp(`<!-- ${name}:begin -->\\n([\\s\\S]*?)<!-- ${name}:end -->`).exec(README);
  if (!m?.[1]) throw new Error(`README has no ${name} block`);
  return m[1];
}

describe('README', () => {
  it('rules table matches RULE_TABLE', () => {
    const rows = block('rules-table').trim().split('\n').slice(2);
    const seen = new Set<string>();
    for (const row of rows) {
      const cells = row.split('|').map((c) => c.trim()).filter((c) => c !== '');
      const id = (cells[0] ?? '').replace(/`/g, '');
      seen.add(id);
      if (id === 'classify.unknown-tool') continue;
      expect(RULE_TABLE[id as keyof typeof RULE_TABLE], id).toBeDefined();
      const t = RULE_TABLE[id as keyof typeof RULE_TABLE];
      expect(cells.slice(2), id).toEqual([t.permissive, t.balanced, t.strict]);
    }
    expect([...seen].sort()).toEqual(['classify.unknown-tool', ...Object.keys(RULE_TABLE)].sort());
  });

  it('the deciding order it states is the one the guard uses, and names every rule', () => {
    const m = /<!-- deciding-order -->([\s\S]*?)<!-- \/deciding-order -->/.exec(README);
    const stated = [...(m?.[1] ?? '').matchAll(/`([a-z.-]+)`/g)].map((x) => x[1]);
    expect(stated).toEqual([...DECIDING_ORDER]);
    expect([...stated].sort()).toEqual([...RULE_IDS].sort());
  });

  it('gate table is GATE_MAPPING_MARKDOWN verbatim', () => {
    expect(block('gate-table').trim()).toBe(GATE_MAPPING_MARKDOWN.trim());
  });

  it('embedding example runs as written', async () => {
    const code = /```ts\n([\s\S]*?)```/.exec(block('embed-example'))?.[1] ?? '';
    expect(code.split('\n').filter((l) => l.trim() !== '').length).toBeLessThanOrEqual(18);
    const dir = resolve('test/.tmp');
    mkdirSync(dir, { recursive: true });
    // A file of its own each run: a test host that keeps its modules from run to run (the mutation
    // runner's) would otherwise hand back the module of an earlier run, with its session and answers.
    const file = join(dir, `embed-example-${randomUUID()}.ts`);
    const src = pathToFileURL(resolve('src/index.ts')).href;
    writeFileSync(
      file,
      [
        "import type { Decision } from '../../src/core/types.js';",
        "const myToolSpecs = [{ name: 'fetch_url', description: 'Fetch a web page' }, { name: 'crm_lookup', description: 'Look up a customer record in the CRM database' }];",
        "const conversationId = 'c1';",
        'export const asked: Decision[] = [];',
        'async function askUser(d: Decision): Promise<boolean> { asked.push(d); return false; }',
        "async function runTool(tool: string, _args: unknown): Promise<string> { return `result of ${tool}`; }",
        code.replace("from 'guard-eval'", `from '${src}'`),
        'export { callTool, session };',
      ].join('\n'),
    );
    try {
      const mod = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
        callTool: (tool: string, args: unknown, turn: number) => Promise<unknown>;
        asked: { verdict: string }[];
      };
      expect(await mod.callTool('fetch_url', { url: 'https://x.example' }, 1)).toBe('result of fetch_url');
      expect(await mod.callTool('crm_lookup', { customer_id: 1 }, 2)).toBeNull();
      expect(mod.asked.map((d) => d.verdict)).toEqual(['ask']);
    } finally {
      rmSync(file, { force: true });
    }
  });
});

describe('README ledger limits', () => {
  it('every `limits.x` (n) the README names is the default the code has', async () => {
    const { DEFAULT_LIMITS } = await import('../src/core/ledger.js');
    const readme = readFileSync('README.md', 'utf8');
    const named = [...readme.matchAll(/`limits\.(\w+)` \((\d+)\)/g)].map((m) => [m[1], Number(m[2])]);
    expect(named.length).toBeGreaterThanOrEqual(6);
    for (const [key, n] of named) expect([key, n]).toEqual([key, DEFAULT_LIMITS[key as keyof typeof DEFAULT_LIMITS]]);
  });
});

describe('README call caps', () => {
  it('states how many ids of `from` and how many characters of a name the guard reads', async () => {
    const { MAX_FROM_IDS, MAX_NAME_CHARS } = await import('../src/core/call.js');
    const readme = readFileSync('README.md', 'utf8');
    const figure = (pattern: RegExp): number => Number(pattern.exec(readme)?.[1]?.replace(/ /g, ''));
    expect(figure(/more than ([\d ]+) ids, may name anything/)).toBe(MAX_FROM_IDS);
    expect(figure(/`tool`, `id` and `parent`, and each id of `from`, are read up to their first ([\d ]+)\s+characters/)).toBe(MAX_NAME_CHARS);
  });
});

describe('README reader caps', () => {
  it('the Bounds table states the caps the reader has', async () => {
    const { DEFAULT_READ_CAPS } = await import('../src/core/walk.js');
    const readme = readFileSync('README.md', 'utf8');
    const table = readme.slice(readme.indexOf('### Bounds'), readme.indexOf('\n\n', readme.indexOf('| cap |')));
    // A row's first number with its thousands spaces removed (`1 MiB (1 048 576 …)` → 1048576).
    const cap = (row: string): number => {
      const line = table.split('\n').find((l) => l.startsWith(`| ${row}`));
      const cell = line?.split('|')[2] ?? '';
      const nums = [...cell.matchAll(/\d[\d ]*\d|\d/g)].map((m) => Number(m[0].replace(/ /g, '')));
      return Math.max(...nums);
    };
    expect({ text: cap('text'), leaves: cap('leaves'), visits: cap('values visited'), depth: cap('nesting depth') }).toEqual({ ...DEFAULT_READ_CAPS });
  });
});
