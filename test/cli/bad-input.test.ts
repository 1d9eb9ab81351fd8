/** Bad input of every kind is a clean error with its file (exit 2), never an internal error. */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_KEY_ISSUES } from '../../src/io/dsl-yaml.js';
import { cli } from './cli.js';

const tmp = (): string => mkdtempSync(join(tmpdir(), 'guard-eval-bad-'));
const clean = (r: { code: number; err: string }): void => {
  expect(r.code).toBe(2);
  expect(r.err).not.toMatch(/internal error|\n\s+at /);
};

describe('bad input', () => {
  it('gate and merge-reports on malformed or absurdly deep results name the file and the problem', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'nulls.json'), '{"schema":"guard-eval/results@1","guard":"builtin","scenarios":[null],"pairs":[]}');
    const g = await cli('gate', join(dir, 'nulls.json'));
    clean(g);
    expect(g.err).toContain('nulls.json: scenarios[0]: expected a scenario result, got null');
    mkdirSync(join(dir, 'deep'));
    writeFileSync(join(dir, 'deep', 'results.json'), `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    const m = await cli('merge-reports', join(dir, 'deep'), '--out', join(dir, 'out'));
    clean(m);
    expect(m.err).toContain('got a list nested too deep to show');
    clean(await cli('gate', join(dir, 'deep', 'results.json')));
  });

  it('a label key with items that are not items is refused item by item', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'key.json'), '{"schema":"guard-eval/label-key@1","seed":"1","items":[null,{"id":"x","file":5}]}');
    writeFileSync(join(dir, 'sheet.csv'), 'item_id,verdict\nx,ask\n');
    writeFileSync(join(dir, 'adj.csv'), 'item_id,final_label\nx,ask\n');
    for (const r of [await cli('label', 'import', join(dir, 'sheet.csv'), '--key', join(dir, 'key.json')), await cli('label', 'apply', join(dir, 'adj.csv'), '--key', join(dir, 'key.json'))]) {
      clean(r);
      expect(r.err).toContain('items[0]: expected an item, got null');
      expect(r.err).toContain('items[1].file: expected a non-empty string');
    }
  });

  it('80 000 repeated keys give a screenful of issues and a count', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'dup.yaml'), `version: 1\nscenarios:\n  - id: set-9/x/y\n    title: t\n${'    k: 1\n'.repeat(80_000)}`);
    const r = await cli('validate', join(dir, 'dup.yaml'));
    clean(r);
    const lines = r.err.trim().split('\n');
    expect(lines).toHaveLength(MAX_KEY_ISSUES + 1);
    expect(lines.at(-1)).toMatch(/and 79949 more keys like these, not shown$/);
  });

  it('a symlink out of the scenario folder is not read; one inside it is', async () => {
    const dir = tmp();
    const secret = join(dir, 'secret.yaml');
    writeFileSync(secret, 'root:x:0:0:root:/root:/bin/bash\n');
    mkdirSync(join(dir, 'set'));
    copyFileSync('challenge-sets/set-1-classification/hand-ambiguous.yaml', join(dir, 'set', 'a.yaml'));
    symlinkSync(secret, join(dir, 'set', 'passwd.yaml'));
    const r = await cli('validate', join(dir, 'set'));
    expect(r.code).toBe(0);
    expect(r.out).toContain('8 scenarios in 1 file');
    expect(r.err).toContain('passwd.yaml: a symlink to outside the scenario folder: not read');
    expect(r.err).not.toContain('root:x');
    // A link that stays inside the folder is read (here it repeats a.yaml, so its ids clash).
    mkdirSync(join(dir, 'set', 'sub'));
    symlinkSync(join(dir, 'set', 'a.yaml'), join(dir, 'set', 'sub', 'again.yaml'));
    const inside = await cli('validate', join(dir, 'set'));
    expect(inside.code).toBe(2);
    expect(inside.err).toContain('sub/again.yaml:12:9: duplicate scenario id');
  });
});
