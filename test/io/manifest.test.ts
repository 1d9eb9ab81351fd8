/** A set's manifest.yaml: read in place of a scenario file and checked against its folder. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenarios } from '../../src/io/dsl.js';
import { formatIssue } from '../../src/io/errors.js';

const scenario = (id: string): string => `version: 1
id: ${id}
tools:
  get_time: {description: Return the current time of day}
steps:
  - call: get_time
    expect: allow
`;

function setDir(manifest: string, ids: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'guard-eval-manifest-'));
  const dir = join(root, 'set-7-demo');
  mkdirSync(join(dir, 'more'), { recursive: true });
  writeFileSync(join(dir, 'manifest.yaml'), manifest);
  ids.forEach((id, i) => writeFileSync(join(dir, i % 2 === 0 ? '' : 'more', `s${i}.yaml`), scenario(id)));
  return dir;
}
async function problems(dir: string): Promise<string[]> {
  const r = await loadScenarios([dir]);
  return r.ok ? [] : r.issues.map(formatIssue);
}

describe('set manifests', () => {
  it('a manifest that matches its folder (subfolders included) loads, and is not a scenario', async () => {
    const dir = setDir('id: set-7\nname: demo\nversion: 1\nscenarios: 3\n', ['set-7/a', 'set-7/b', 'set-7/c']);
    const r = await loadScenarios([dir]);
    expect(r.ok && r.scenarios.map((s) => s.id)).toEqual(['set-7/b', 'set-7/a', 'set-7/c']); // sorted by path: more/ first
  });

  it('a stale count is an error at the count', async () => {
    const dir = setDir('id: set-7\nname: demo\nversion: 1\nscenarios: 5\n', ['set-7/a', 'set-7/b']);
    expect(await problems(dir)).toEqual([`${join(dir, 'manifest.yaml')}:4:12: the manifest says 5 scenarios; ${dir} holds 2`]);
  });

  it('a scenario of another set in the folder is an error at the scenario', async () => {
    const dir = setDir('id: set-7\nname: demo\nversion: 1\nscenarios: 2\n', ['set-7/a', 'set-8/b']);
    const p = await problems(dir);
    expect(p).toHaveLength(1);
    expect(p[0]).toMatch(/more\/s1\.yaml:1:1: scenario `set-8\/b` is in the folder of set `set-7`/);
  });

  it('unknown, missing and ill-typed keys are each reported, with did-you-mean', async () => {
    const dir = setDir('id: Set 7\nnmae: demo\nversion: 0\nscenarios: -1\n', []);
    const p = (await problems(dir)).join('\n');
    expect(p).toContain('unknown key `nmae` (did you mean `name`?)');
    expect(p).toContain('missing `name`');
    expect(p).toContain(':1:5: expected a set id');
    expect(p).toContain(':3:10: expected a version');
    expect(p).toContain(':4:12: expected the number of scenarios');
  });
});
