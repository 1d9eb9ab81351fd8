/**
 * `--guard <spec>`: which guard a run drives.
 *
 * - a built-in name (`builtin`, `allow-all`, …);
 * - `exec:<command line>`: a guard in another process speaking the guard protocol
 *   (docs/guard-protocol.md), started by the shell in the working directory;
 * - a path to an ES module (`./my-guard.mjs`, `/abs/guard.js`) or an installed package's name,
 *   whose default export is a {@link GuardFactory} or a {@link GuardUnderTest}.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { didYouMean } from '../core/suggest.js';
import { GUARDS, GUARD_NAMES } from './guards.js';
import type { GuardName, GuardUnderTest } from './guards.js';
import { processGuard, readFeatures } from './process-guard.js';

/** What a guard module's default export is given. */
export interface GuardFactoryOptions {
  /** The per-call time limit of the run, in ms. */
  readonly timeoutMs: number;
}

/** The default export of a guard module: builds the guard under test (once per run). */
export type GuardFactory = (options: GuardFactoryOptions) => GuardUnderTest | Promise<GuardUnderTest>;

/** A `--guard` spec that names no guard, or a guard that cannot be loaded: a usage error (exit 2). */
export class GuardSpecError extends Error {}

export interface LoadGuardOptions {
  /** Per-call time limit (a process guard's requests; passed to a module's factory). @default 10 000 */
  readonly timeoutMs?: number;
  /** Where paths and package names resolve from. @default process.cwd() */
  readonly cwd?: string;
}

const METHODS = ['newSession', 'decide', 'record', 'endSession', 'close'] as const;

/** Whether a spec is a module path rather than a package name. */
function isPath(spec: string): boolean {
  return spec.startsWith('.') || isAbsolute(spec) || /\.(?:m?js|cjs)$/.test(spec);
}

/**
 * The guard a spec names, ready to run.
 * @throws GuardSpecError when the spec names nothing, the module has no usable default export, or
 *   the process does not start or says no valid hello
 */
export async function loadGuard(spec: string, options: LoadGuardOptions = {}): Promise<GuardUnderTest> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const cwd = options.cwd ?? process.cwd();
  if ((GUARD_NAMES as readonly string[]).includes(spec)) return GUARDS[spec as GuardName]();
  if (spec.startsWith('exec:')) {
    const command = spec.slice('exec:'.length).trim();
    if (command === '') throw new GuardSpecError('`exec:` needs a command line, e.g. `exec:python3 my_guard.py`');
    try {
      return await processGuard(command, { timeoutMs, cwd });
    } catch (e) {
      throw new GuardSpecError(e instanceof Error ? e.message : String(e));
    }
  }
  let file: string;
  if (isPath(spec)) {
    file = resolve(cwd, spec);
    if (!existsSync(file)) throw new GuardSpecError(`no guard module at \`${spec}\` (resolved to ${file})`);
  } else if (/^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/[\w./-]+)?$/i.test(spec)) {
    try {
      file = createRequire(join(cwd, 'package.json')).resolve(spec);
    } catch {
      throw new GuardSpecError(`unknown guard \`${spec}\`${didYouMean(spec, GUARD_NAMES)}: not a built-in guard, and no package of that name is installed here (a module path starts with \`./\`; a guard process is \`exec:<command>\`)`);
    }
  } else {
    throw new GuardSpecError(`unknown guard \`${spec}\`${didYouMean(spec, GUARD_NAMES)} (one of ${GUARD_NAMES.join(', ')}; a module path; a package name; or \`exec:<command>\`)`);
  }
  let mod: { default?: unknown };
  try {
    mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (e) {
    throw new GuardSpecError(`the guard module \`${spec}\` failed to load: ${e instanceof Error ? e.message : String(e)}`);
  }
  const exported = mod.default;
  let guard: unknown;
  try {
    guard = typeof exported === 'function' ? await (exported as GuardFactory)({ timeoutMs }) : exported;
  } catch (e) {
    throw new GuardSpecError(`the guard module \`${spec}\`: its factory threw: ${e instanceof Error ? e.message : String(e)}`);
  }
  const problem = guardProblem(guard);
  if (problem !== undefined) throw new GuardSpecError(`the guard module \`${spec}\`: ${problem}`);
  return guard as GuardUnderTest;
}

/** Why a value is not a guard under test, or undefined when it is one. */
export function guardProblem(x: unknown): string | undefined {
  if (x === null || typeof x !== 'object') return 'its default export must be a guard (an object with `name`, `newSession`, `decide`, `record`, `endSession`, `close`) or a function that returns one';
  const g = x as Record<string, unknown>;
  if (typeof g.name !== 'string' || g.name === '') return 'the guard has no `name` (a non-empty string)';
  const missing = METHODS.filter((m) => typeof g[m] !== 'function');
  if (missing.length > 0) return `the guard lacks ${missing.map((m) => `\`${m}\``).join(', ')} (every one is a function returning a promise)`;
  if (g.decideModes !== undefined && typeof g.decideModes !== 'function') return 'its `decideModes` is not a function (leave it out to be asked one mode at a time)';
  if (g.features !== undefined) {
    const f = readFeatures(g.features);
    if (typeof f === 'string') return `its \`features\` are not valid: ${f}`;
  }
  return undefined;
}
