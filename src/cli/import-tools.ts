/** `guard-eval import-tools [--name N] [--out DIR] [--force] -- <command...>`: a real MCP server's tools as a catalog. */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '../io/errors.js';
import { CATALOG_NAME, displayCommand, listServerTools, renderCatalog, slugName } from '../io/mcp-import.js';
import type { CliIO } from './main.js';

/** `import-tools` options as the CLI parsed them. */
export interface ImportToolsOptions {
  readonly name?: string;
  readonly out: string;
  readonly force: boolean;
  /** Milliseconds, as written (validated here). */
  readonly timeout: string;
  /** `NAME=VALUE` pairs for the server's environment; only the names are recorded. */
  readonly env: readonly string[];
}

export const DEFAULT_TIMEOUT_MS = 30_000;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function usage(message: string): InputError {
  return new InputError('USAGE', [{ pos: { file: 'import-tools' }, message }]);
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
 * @returns 0; usage errors, an existing catalog without --force and every server failure throw
 *   InputError (exit 2). The server process is closed in every case.
 */
export async function importToolsCommand(command: readonly string[], o: ImportToolsOptions, io: CliIO, cwd = process.cwd()): Promise<number> {
  const [cmd, ...args] = command;
  if (cmd === undefined || cmd === '') throw usage('expected the command that starts the MCP server after `--`, e.g. `guard-eval import-tools -- npx -y @modelcontextprotocol/server-memory`');
  if (o.name !== undefined && !CATALOG_NAME.test(o.name)) throw usage(`invalid catalog name \`${o.name}\`: letters, digits, \`_\`, \`.\` and \`-\`, not starting with \`.\` or \`-\``);
  if (!/^\d+$/.test(o.timeout) || Number(o.timeout) <= 0 || !Number.isSafeInteger(Number(o.timeout))) throw usage(`invalid --timeout \`${o.timeout}\`: expected a positive number of milliseconds`);
  const timeoutMs = Number(o.timeout);
  const env: Record<string, string> = {};
  for (const pair of o.env) {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    if (eq < 0 || !ENV_NAME.test(key)) throw usage(`invalid --env \`${key}\`: expected NAME=VALUE`);
    env[key] = pair.slice(eq + 1);
  }

  // Fail before starting anything when the target is known and taken.
  if (o.name !== undefined && !o.force && (await exists(join(o.out, `${o.name}.yaml`)))) throw existsError(join(o.out, `${o.name}.yaml`));

  const display = displayCommand(command, cwd);
  const listed = await listServerTools({ command: cmd, args, env, timeoutMs, display });
  for (const w of listed.warnings) io.stderr(`warning: ${w}\n`);

  const name = o.name ?? slugName(listed.serverName);
  const file = join(o.out, `${name}.yaml`);
  const recorded = [
    ...(o.name !== undefined ? ['--name', o.name] : []),
    ...(timeoutMs !== DEFAULT_TIMEOUT_MS ? ['--timeout', String(timeoutMs)] : []),
    ...Object.keys(env)
      .sort()
      .flatMap((k) => ['--env', `${k}=…`]),
    '--',
    display,
  ].join(' ');
  const text = renderCatalog(listed.tools, { serverName: listed.serverName, serverVersion: listed.serverVersion, command: recorded }, name);
  await mkdir(o.out, { recursive: true });
  try {
    await writeFile(file, text, { flag: o.force ? 'w' : 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw existsError(file);
    throw new InputError('WRITE', [{ pos: { file }, message: `cannot write: ${(e as Error).message}` }]);
  }
  io.stdout(`wrote ${file}: ${listed.tools.length} tool${listed.tools.length === 1 ? '' : 's'} of ${listed.serverName} ${listed.serverVersion}\n`);
  return 0;
}
