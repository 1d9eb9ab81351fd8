/**
 * A cache of parsed scenario and catalog files, on disk, so that a second run over unchanged sets
 * does not parse their YAML again (parsing is most of loading, and loading about a fifth of a run).
 *
 * An entry is found by a SHA-256 of everything its reading depends on: the file's text, the options
 * that change what is read, the source of the modules that read it (this folder and `core/`, so a
 * changed reader never meets an old entry), the YAML parser's version and the V8 version (entries
 * are V8-serialised). Not where the file is: the same text read from another folder (a copied set,
 * an installed package's sets) finds the entry, which keeps the path it was written for, and its
 * reader moves every position to the path shown now. A catalog entry holds its tools; a scenario
 * file's entry holds its scenarios with each catalog tool as a reference, and the catalogs it
 * imported, each checked again when the entry is used. Only files without issues are kept. An entry that cannot be read is
 * ignored, and a cache that cannot be written is no cache: a run never fails because of it.
 *
 * Where: `node_modules/.cache/guard-eval` of the working directory when it has `node_modules`, or
 * the folder `GUARD_EVAL_CACHE` names; `GUARD_EVAL_CACHE=off` turns it off. Each reader keeps its
 * entries in a folder of its own; when one first writes, it removes the folders of other readers
 * that nothing wrote to for a week, and all but the three written to last.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';

/** The cache folder for `cwd` and `env`, or undefined when there is none (see the module comment). */
export function cacheDir(cwd: string, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const named = env.GUARD_EVAL_CACHE;
  if (named !== undefined && named !== '') return ['off', '0', 'false', 'no'].includes(named.toLowerCase()) ? undefined : path.resolve(cwd, named);
  const modules = path.join(cwd, 'node_modules');
  return existsSync(modules) ? path.join(modules, '.cache', 'guard-eval') : undefined;
}

/** Entries of another reader that nothing wrote to for this long are removed. */
const STALE_MS = 7 * 24 * 3600 * 1000;
/** Other readers' folders kept at most (the ones written to last). */
const KEEP_OTHERS = 3;

let codeHash: string | undefined;

/** The version of the YAML parser the reader uses, or '' when it cannot be found. */
function yamlVersion(): string {
  try {
    // The package's own package.json, a folder or two above its entry point.
    let dir = path.dirname(fileURLToPath(import.meta.resolve('yaml')));
    for (let up = 0; up < 3; up++, dir = path.dirname(dir)) {
      const file = path.join(dir, 'package.json');
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'yaml') return String(pkg.version);
    }
  } catch {
    // Not found: the reader's own source still keys the entries.
  }
  return '';
}

/**
 * A hash of what reading depends on besides a file: the V8 version, the YAML parser's version and
 * the reading modules' source (this folder's and `core/`'s files, by name and content).
 */
function readerHash(): string {
  if (codeHash !== undefined) return codeHash;
  const h = createHash('sha256');
  h.update(`${process.versions.v8}\0${yamlVersion()}`);
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const dir of [here, path.join(here, '..', 'core')]) {
    let names: string[] = [];
    try {
      names = readdirSync(dir).filter((n) => /\.(?:js|ts)$/.test(n)).sort();
    } catch {
      // A missing folder adds nothing; the others still key the entries.
    }
    for (const n of names) {
      h.update(`\0${n}\0`);
      h.update(readFileSync(path.join(dir, n)));
    }
  }
  codeHash = h.digest('hex').slice(0, 16);
  return codeHash;
}

/** One cache folder's entries for the current reader. */
export class ParseCache {
  private readonly dir: string;
  private pruned = false;

  constructor(private readonly root: string) {
    this.dir = path.join(root, readerHash());
  }

  /**
   * The key of a file's entry: everything its reading depends on but where the file is. The same text
   * read from another folder finds the entry, whose positions its reader moves to the path shown now.
   */
  key(kind: 'catalog' | 'scenarios' | 'classifications', options: string, text: string): string {
    return createHash('sha256').update(`${kind}\0${options}\0`).update(text).digest('hex');
  }

  /** The entry under `key`, or undefined (none, or one that cannot be read). */
  get(key: string): unknown {
    try {
      return deserialize(readFileSync(path.join(this.dir, key)));
    } catch {
      return undefined;
    }
  }

  /** Keep `value` under `key`: written aside, then renamed, so that no reader sees half an entry. */
  set(key: string, value: unknown): void {
    try {
      if (!this.pruned) this.prune();
      mkdirSync(this.dir, { recursive: true });
      const tmp = path.join(this.dir, `${key}.${process.pid}.tmp`);
      writeFileSync(tmp, serialize(value));
      renameSync(tmp, path.join(this.dir, key));
    } catch {
      // A cache that cannot be written is no cache; the run goes on.
    }
  }

  /**
   * Remove the entries of other readers (folders beside this one) once per process: those that
   * nothing wrote to for a week, and all but the {@link KEEP_OTHERS} written to last (a checkout's
   * built CLI and its tests, which read the sources, are two readers in use at once; every rebuild
   * after a change is a new one).
   */
  private prune(): void {
    this.pruned = true;
    const mine = path.basename(this.dir);
    const before = Date.now() - STALE_MS;
    const others: { p: string; at: number }[] = [];
    try {
      for (const n of readdirSync(this.root)) {
        if (n === mine || !/^[0-9a-f]{16}$/.test(n)) continue;
        const p = path.join(this.root, n);
        others.push({ p, at: statSync(p).mtimeMs });
      }
    } catch {
      return;
    }
    others.sort((a, b) => b.at - a.at);
    others.forEach(({ p, at }, i) => {
      if (i >= KEEP_OTHERS || at < before) rmSync(p, { recursive: true, force: true });
    });
  }
}
