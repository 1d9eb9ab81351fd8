/**
 * The package as a user gets it: packed with `npm pack`, unpacked into a fresh project whose
 * dependencies are the ones this repository installed (offline), then run from there: the bundled
 * sets with no paths, and a user's own set with a catalog beside it and one of the package's.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve('.');
const project = mkdtempSync(join(tmpdir(), 'guard-eval-installed-'));
const bin = join(project, 'node_modules', 'guard-eval', 'bin', 'guard-eval.js');
afterAll(() => rmSync(project, { recursive: true, force: true }));

beforeAll(() => {
  // Pack exactly what would be published (dist is built by `npm ci` / `npm run build`).
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', project], { cwd: root, encoding: 'utf8' });
  const tarball = join(project, (JSON.parse(out) as { filename: string }[])[0]?.filename as string);
  const pkg = join(project, 'node_modules', 'guard-eval');
  mkdirSync(pkg, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', pkg, '--strip-components=1']);
  // Installed offline: each dependency links to the copy this repository installed.
  const deps = Object.keys((JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }).dependencies);
  for (const d of deps) {
    const at = join(project, 'node_modules', d);
    mkdirSync(join(at, '..'), { recursive: true });
    symlinkSync(join(root, 'node_modules', d), at, 'dir');
  }
  writeFileSync(join(project, 'package.json'), '{"name": "user-project", "private": true, "type": "module"}\n');
}, 120_000);

const run = (...args: string[]): { code: number | null; out: string; err: string } => {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: project, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('the installed package', () => {
  it('ships what it needs and nothing of the repository’s own', () => {
    const top = readdirSync(join(project, 'node_modules', 'guard-eval')).sort();
    expect(top).toEqual(expect.arrayContaining(['CHANGELOG.md', 'README.md', 'bin', 'challenge-sets', 'dist', 'docs', 'examples', 'package.json', 'scenarios']));
    expect(top).not.toContain('src');
    expect(top).not.toContain('test');
  });
  it('runs its bundled sets from another folder, with no paths (their catalogs are its own)', () => {
    const r = run('run', '--only', 'set-2/**', '--out', 'out', '--quiet');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const results = JSON.parse(readFileSync(join(project, 'out', 'results.json'), 'utf8')) as { totals: { scenarios: number; passed: number } };
    expect(results.totals.scenarios).toBeGreaterThan(100);
    expect(results.totals.passed).toBe(results.totals.scenarios);
  });
  it('runs a user’s set: a catalog beside it, the package’s catalogs after it', () => {
    mkdirSync(join(project, 'my-sets', 'catalog'), { recursive: true });
    writeFileSync(join(project, 'my-sets', 'catalog', 'ledger.yaml'), 'tools:\n  ledger_read:\n    description: Read entries of the private accounting ledger\n');
    writeFileSync(
      join(project, 'my-sets', 'mine.yaml'),
      'version: 1\nid: mine/page-then-ledger\ncatalog: [web, ledger]\nsteps:\n  - call: fetch_url\n    args: {url: "https://news.example/"}\n    result: "headline"\n    expect: allow\n  - call: ledger_read\n    expect: ask\n',
    );
    const r = run('run', 'my-sets', '--out', 'out-mine', '--quiet');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const bad = run('validate', 'my-sets/mine.yaml', 'missing.yaml');
    expect(bad.code).toBe(2);
    writeFileSync(join(project, 'my-sets', 'typo.yaml'), 'version: 1\nid: mine/typo\ncatalog: [ledgr]\nsteps: []\n');
    const typo = run('validate', 'my-sets');
    expect(typo.code).toBe(2);
    expect(typo.err).toMatch(/my-sets\/typo.yaml:3:\d+: unknown catalog `ledgr` \(did you mean `ledger`\?\)/);
    rmSync(join(project, 'my-sets', 'typo.yaml'));
  });
  it('is importable by name, with the guard interface', () => {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', "const m = await import('guard-eval'); console.log(typeof m.loadGuard, typeof m.runScenarios, m.GUARD_PROTOCOL)"], { cwd: project, encoding: 'utf8' });
    expect(r.stdout.trim()).toBe('function function guard-eval/guard@1');
  });
});
