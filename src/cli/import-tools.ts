/** `guard-eval import-tools [--name N] [--out DIR] [--force] [--timeout MS] [--deadline MS] -- <command...>`: a real MCP server's tools as a catalog. */
import { prepareOutDir, writeFileSafely } from '../io/safe-write.js';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '../io/errors.js';
import { CATALOG_NAME, catalogTools, checkCatalogText, displayCommand, listServerTools, renderCatalog, serverLabel, shown, slugName } from '../io/mcp-import.js';
import type { CliIO } from './main.js';

/** `import-tools` options as the CLI parsed them. */
export interface ImportToolsOptions {
  readonly name?: string;
  readonly out: string;
  readonly force: boolean;
  /** Milliseconds per request, as written (validated here). */
  readonly timeout: string;
  /** Milliseconds for the whole import, as written (validated here). */
  readonly deadline: string;
  /** `NAME=VALUE` pairs for the server's environment; only the names are recorded. */
  readonly env: readonly string[];
}

import { DEFAULT_DEADLINE_MS, DEFAULT_TIMEOUT_MS } from './import-tools-defaults.js';

export { DEFAULT_DEADLINE_MS, DEFAULT_TIMEOUT_MS };
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function usage(message: string): InputError {
  return new InputError('USAGE', [{ pos: { file: 'import-tools' }, message }]);
}

/** A positive whole number of milliseconds, as an option gave it. */
function milliseconds(flag: string, value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n <= 0 || !Number.isSafeInteger(n)) throw usage(`invalid ${flag} \`${value}\`: expected a positive number of milliseconds`);
  return n;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

function existsError(file: string): InputError {
  return new InputError('EXISTS', [{ pos: { file }, message: 'already exists: nothing was written (pass --force to overwrite it)' }]);
}

/**
 * Start the server, list its tools and write `<out>/<name>.yaml`.
 * @returns 0; usage errors, an existing catalog without --force, every server failure and a
 *   catalog the loader would refuse throw InputError (exit 2). The server process is ended in every case.
 */
export async function importToolsCommand(command: readonly string[], o: ImportToolsOptions, io: CliIO, cwd = process.cwd()): Promise<number> {
  const [cmd, ...args] = command;
  if (cmd === undefined || cmd === '') throw usage('expected the command that starts the MCP server after `--`, e.g. `guard-eval import-tools -- npx -y @modelcontextprotocol/server-memory`');
  if (o.name !== undefined && !CATALOG_NAME.test(o.name)) throw usage(`invalid catalog name \`${o.name}\`: letters, digits, \`_\`, \`.\` and \`-\`, not starting with \`.\` or \`-\``);
  const timeoutMs = milliseconds('--timeout', o.timeout);
  const deadlineMs = milliseconds('--deadline', o.deadline);
  const env: Record<string, string> = {};
  for (const pair of o.env) {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    if (eq < 0 || !ENV_NAME.test(key)) throw usage(`invalid --env \`${key}\`: expected NAME=VALUE`);
    env[key] = pair.slice(eq + 1);
  }

  // Fail before starting anything when the target is known and taken, or --out cannot be a folder.
  prepareOutDir(o.out);
  if (o.name !== undefined && !o.force && (await exists(join(o.out, `${o.name}.yaml`)))) throw existsError(join(o.out, `${o.name}.yaml`));

  const display = displayCommand(command, cwd);
  const listed = await listServerTools({ command: cmd, args, env, timeoutMs, deadlineMs, display });
  for (const w of listed.warnings) io.stderr(`warning: ${w}\n`);

  const name = o.name ?? slugName(listed.serverName);
  const file = join(o.out, `${name}.yaml`);
  const recorded = [
    ...(o.name !== undefined ? ['--name', o.name] : []),
    ...(timeoutMs !== DEFAULT_TIMEOUT_MS ? ['--timeout', String(timeoutMs)] : []),
    ...(deadlineMs !== DEFAULT_DEADLINE_MS ? ['--deadline', String(deadlineMs)] : []),
    ...Object.keys(env)
      .sort()
      .flatMap((k) => ['--env', `${k}=…`]),
    '--',
    display,
  ].join(' ');
  const source = { serverName: listed.serverName, serverVersion: listed.serverVersion, command: recorded };
  // Only what the catalog loader reads back is written: a catalog that does not load is worse than none.
  const fit = catalogTools(listed.tools, source, name);
  for (const w of fit.skipped) io.stderr(`warning: ${w}\n`);
  const text = renderCatalog(fit.tools, source, name);
  checkCatalogText(text, file);
  prepareOutDir(o.out);
  if (!o.force && (await exists(file))) throw existsError(file);
  writeFileSafely(file, text, { exclusive: o.force !== true });
  const n = fit.tools.length;
  const server = serverLabel(shown(listed.serverName), shown(listed.serverVersion)) ?? 'a server that reported no name';
  io.stdout(`wrote ${file}: ${n} tool${n === 1 ? '' : 's'} of ${server}${fit.skipped.length > 0 ? ` (${fit.skipped.length} left out)` : ''}\n`);
  return 0;
}
