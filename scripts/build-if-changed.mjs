/**
 * Compile `src/` to `dist/` only when something it is built from changed since the last build by
 * this script: a file under `src/` newer than the stamp, a file added or removed, or a change of
 * the TypeScript configuration or the lock file. `npm run eval` (and the other scripts that run the
 * built CLI) start with it, so a second run costs no compilation.
 *
 * The stamp, `dist/.build-stamp`, lists the source files and carries the time the last successful
 * build started: a file saved while the compiler ran is newer than it, and is compiled next time.
 * `npm run build` always compiles.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = join(ROOT, 'dist', '.build-stamp');
const CONFIG = ['tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json'].map((f) => join(ROOT, f));

function sourceFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else out.push(p);
  }
  return out;
}

const files = sourceFiles(join(ROOT, 'src')).sort();
const listing = `${files.map((f) => relative(ROOT, f)).join('\n')}\n`;

function fresh() {
  if (!existsSync(STAMP)) return false;
  if (readFileSync(STAMP, 'utf8') !== listing) return false;
  const built = statSync(STAMP).mtimeMs;
  return [...files, ...CONFIG].every((f) => !existsSync(f) || statSync(f).mtimeMs < built);
}

if (!fresh()) {
  const started = new Date();
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(STAMP, listing);
  utimesSync(STAMP, started, started);
}
