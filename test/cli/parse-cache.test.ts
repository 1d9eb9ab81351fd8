/**
 * The CLI's parse cache: a second run over an unchanged set reads its files and classifications
 * from the cache and writes byte-identical reports.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli } from './cli.js';

let dir: string;
let before: string | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'guard-eval-cli-cache-'));
  before = process.env.GUARD_EVAL_CACHE;
  process.env.GUARD_EVAL_CACHE = join(dir, 'cache');
});

afterEach(() => {
  if (before === undefined) delete process.env.GUARD_EVAL_CACHE;
  else process.env.GUARD_EVAL_CACHE = before;
  rmSync(dir, { recursive: true, force: true });
});

describe('run with the parse cache', () => {
  it('writes the same reports from the cache as from parsing, and keeps the run’s classifications', async () => {
    const sets = ['challenge-sets/set-2-chains'];
    const first = await cli('run', ...sets, '--quiet', '--out', join(dir, 'a'));
    const entries = (): number => readdirSync(join(dir, 'cache')).reduce((n, d) => n + readdirSync(join(dir, 'cache', d)).length, 0);
    const kept = entries();
    // Every scenario file and catalog of the two sets, and one entry of classifications.
    expect(kept).toBeGreaterThan(10);
    const second = await cli('run', ...sets, '--quiet', '--out', join(dir, 'b'));
    expect(entries()).toBe(kept);
    expect(second.code).toBe(first.code);
    for (const f of ['results.json', 'junit.xml', 'summary.md', 'misses.csv', 'over-blocks.csv', 'index.html']) {
      expect(readFileSync(join(dir, 'b', f), 'utf8'), f).toBe(readFileSync(join(dir, 'a', f), 'utf8'));
    }
    process.env.GUARD_EVAL_CACHE = 'off';
    await cli('run', ...sets, '--quiet', '--out', join(dir, 'c'));
    expect(readFileSync(join(dir, 'c', 'results.json'), 'utf8')).toBe(readFileSync(join(dir, 'a', 'results.json'), 'utf8'));
  });
});
