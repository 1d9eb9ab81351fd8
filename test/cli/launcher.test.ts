/** The launcher in a checkout that was never built: a clear error (exit 2), not Node's stack trace. */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('bin/guard-eval.js', () => {
  it('without dist/ says to build, with exit code 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-eval-launcher-'));
    mkdirSync(join(dir, 'bin'));
    copyFileSync(join(import.meta.dirname, '../../bin/guard-eval.js'), join(dir, 'bin', 'guard-eval.js'));
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
    const r = spawnSync(process.execPath, [join(dir, 'bin', 'guard-eval.js'), '--version'], { encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('run `npm ci` or `npm run build`');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('with dist/ runs the command line', () => {
    const r = spawnSync(process.execPath, [join(import.meta.dirname, '../../bin/guard-eval.js'), '--version'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });
});
