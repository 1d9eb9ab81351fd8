/**
 * Importing a real MCP server's tool list: start the server over stdio with the MCP SDK's client,
 * list every tool (following `nextCursor`), and render a catalog (`tools: {NAME: spec}`, the format
 * `scenarios/catalog/*.yaml` and the DSL loader use). The rendering is pure and deterministic.
 */
import { basename, isAbsolute, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ErrorCode, ListToolsResultSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { Document, isCollection, isPair, isScalar, visit } from 'yaml';
import { BUILTIN_DETECTORS, shannonEntropy } from '../core/detectors.js';
import type { ToolAnnotations, ToolSpec } from '../core/types.js';
import { ANNOTATION_KEYS } from './dsl-scenario.js';
import { InputError } from './errors.js';

/** What `tools/list` gave: the server's reported identity and its tools, in the server's order. */
export interface ServerTools {
  readonly serverName: string;
  readonly serverVersion: string;
  readonly tools: readonly ToolSpec[];
  /** Things dropped on the way (a non-standard annotation, a duplicate tool name). */
  readonly warnings: readonly string[];
}

/** How to start the server and how long to wait for it. */
export interface ListOptions {
  readonly command: string;
  readonly args: readonly string[];
  /** Extra environment variables for the server, on top of this process's environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** How long each request (initialize, each tools/list page) may take, in milliseconds. */
  readonly timeoutMs: number;
  /** What the command is called in messages (sanitised, see {@link displayCommand}). */
  readonly display: string;
}

/** Pages of `tools/list` followed at most; a server that keeps sending cursors is an error. */
export const MAX_PAGES = 1000;
/** Bytes of the server's stderr kept for error messages. */
const STDERR_KEEP = 16 * 1024;
/** Collections of scalars up to this many JSON characters are written on one line. */
const FLOW_MAX = 72;
/** Lines of the server's stderr shown in an error message. */
const STDERR_LINES = 20;

/** A catalog name is a file name without folder or extension (as the DSL loader requires). */
export const CATALOG_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** The server's name as a catalog name: lower case, runs of other characters as `-`. Pure. */
export function slugName(name: string): string {
  const s = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return s === '' ? 'mcp-server' : s;
}

// ---------------------------------------------------------------------------------------------
// The command as recorded: no absolute paths, no secrets
// ---------------------------------------------------------------------------------------------

const SECRET_FLAG = /(key|token|secret|passw(or)?d|pwd|credential|auth|bearer|cookie|session)/i;
const ABSOLUTE = /^(?:[A-Za-z]:[\\/]|[\\/])/;

/** A path without the machine's folders: from its last `node_modules`, else relative to `cwd` when inside it, else `…/basename`. */
function shortPath(p: string, cwd: string): string {
  const parts = p.split(/[\\/]+/);
  const nm = parts.lastIndexOf('node_modules');
  if (nm >= 0) return parts.slice(nm).join('/');
  if (isAbsolute(p)) {
    const rel = relative(cwd, p);
    if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) return rel.split(sep).join('/');
  }
  const base = basename(p.replace(/[\\/]+$/, ''));
  return base === '' ? '…' : `…/${base}`;
}

/**
 * Whether a value looks like a secret: a built-in SECRET detector matches it, or it is a long
 * random-looking token (letters and digits, high entropy) such as an app secret after a short flag.
 */
function looksSecret(value: string, key: string | undefined): boolean {
  if (/^[A-Za-z0-9_+=-]{20,}$/.test(value) && /[0-9]/.test(value) && /[A-Za-z]/.test(value) && shannonEntropy(value) >= 3.5) return true;
  return BUILTIN_DETECTORS.some((d) => d.kind === 'SECRET' && (d.quick === undefined || d.quick(value, key)) && d.scan(value, key).length > 0);
}

/**
 * The command line as written into a catalog's header: absolute paths shortened, values of
 * secret-looking flags (`--api-key X`, `--token=X`) and secret-looking values replaced by `<redacted>`.
 * Pure apart from `cwd`.
 */
export function displayCommand(argv: readonly string[], cwd: string): string {
  const out: string[] = [];
  let secretNext = false;
  argv.forEach((raw, i) => {
    let a = raw;
    if (secretNext) {
      secretNext = false;
      out.push('<redacted>');
      return;
    }
    const flag = /^(--?[A-Za-z0-9][\w.-]*)(=(.*))?$/s.exec(a);
    if (flag) {
      const name = flag[1] ?? '';
      if (SECRET_FLAG.test(name)) {
        if (flag[2] !== undefined) a = `${name}=<redacted>`;
        else secretNext = true;
      } else if (flag[3] !== undefined && ABSOLUTE.test(flag[3])) {
        a = `${name}=${shortPath(flag[3], cwd)}`;
      }
      out.push(quote(a));
      return;
    }
    if (i > 0 && looksSecret(a, undefined)) a = '<redacted>';
    else if (ABSOLUTE.test(a)) a = i === 0 ? basename(a) : shortPath(a, cwd);
    out.push(quote(a));
  });
  return out.join(' ');
}

/** Shell-quote a word only when it needs it. */
function quote(w: string): string {
  return /^[\w@%+=:,./<>…-]+$/u.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

// ---------------------------------------------------------------------------------------------
// Talking to the server
// ---------------------------------------------------------------------------------------------

/** The last lines of what the server wrote to stderr, indented, or '' when it wrote nothing. */
function stderrTail(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').trimEnd().split('\n');
  if (lines.length === 1 && lines[0] === '') return '';
  const tail = lines.slice(-STDERR_LINES);
  return `\nthe server's stderr${lines.length > tail.length ? ` (last ${tail.length} lines)` : ''}:\n${tail.map((l) => `  | ${l}`).join('\n')}`;
}

/**
 * Start the server, initialize, list every tool and close the server (always, whatever happened).
 * @throws InputError when the server cannot be started, exits, answers an error or does not answer
 *   within the timeout: the message carries the tail of the server's stderr
 */
export async function listServerTools(opts: ListOptions): Promise<ServerTools> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  Object.assign(env, opts.env ?? {});
  const transport = new PidTransport({ command: opts.command, args: [...opts.args], env, stderr: 'pipe' });
  let stderr = '';
  let stderrEnded = false;
  const stderrDone = new Promise<void>((resolve) => {
    const s = transport.stderr as Readable | null;
    if (s === null) {
      stderrEnded = true;
      resolve();
      return;
    }
    s.setEncoding('utf8');
    s.on('data', (chunk: string) => {
      stderr += chunk;
      if (stderr.length > 2 * STDERR_KEEP) stderr = stderr.slice(-STDERR_KEEP);
    });
    s.on('end', () => {
      stderrEnded = true;
      resolve();
    });
    s.on('error', () => resolve());
  });
  let closed = false;
  const client = new Client({ name: 'guard-eval-import-tools', version: '1' }, { capabilities: {} });
  client.onclose = () => {
    closed = true;
  };
  let stage = 'initialize';
  try {
    await client.connect(transport, { timeout: opts.timeoutMs });
    const info = client.getServerVersion();
    const tools: ToolSpec[] = [];
    const warnings: string[] = [];
    const seen = new Set<string>();
    const cursors = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; ; page++) {
      if (page >= MAX_PAGES) throw new Failure(`the server sent more than ${MAX_PAGES} pages of tools/list`);
      stage = page === 0 ? 'tools/list' : `tools/list (page ${page + 1})`;
      const res = await client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, ListToolsResultSchema, { timeout: opts.timeoutMs });
      for (const t of res.tools) {
        if (seen.has(t.name)) {
          warnings.push(`tool \`${t.name}\` is listed twice: the first is kept`);
          continue;
        }
        seen.add(t.name);
        tools.push(toToolSpec(t, warnings));
      }
      cursor = res.nextCursor;
      if (cursor === undefined) break;
      if (cursors.has(cursor)) throw new Failure(`the server repeated the cursor \`${cursor}\` of tools/list`);
      cursors.add(cursor);
    }
    return { serverName: info?.name ?? 'mcp-server', serverVersion: info?.version ?? '0', tools, warnings };
  } catch (e) {
    // A server that did not answer gets no grace period: it is signalled at once (the SDK's close
    // would first wait for it to exit on its own). Then let it finish writing before its stderr is quoted.
    if (e instanceof McpError && e.code === ErrorCode.RequestTimeout) await endProcess(transport.startedPid);
    await client.close().catch(() => undefined);
    if (!stderrEnded) await Promise.race([stderrDone, delay(1000)]);
    throw new InputError('MCP_SERVER', [{ pos: { file: opts.display }, message: `${describeFailure(e, stage, opts.timeoutMs, closed)}${stderrTail(stderr)}` }]);
  } finally {
    await client.close().catch(() => undefined);
    // The SDK's close ends stdin, then signals, but does not wait for the last signal to work.
    await endProcess(transport.startedPid);
  }
}

/** Whether the process runs (or is not yet reaped). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Wait up to `ms` for the process to be gone. */
async function gone(pid: number, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (!running(pid)) return true;
    await delay(20);
  }
  return !running(pid);
}

/** End the server's process if it still runs: SIGTERM, then SIGKILL after a grace period. */
async function endProcess(pid: number | undefined): Promise<void> {
  if (pid === undefined || !running(pid)) return;
  for (const [signal, wait] of [['SIGTERM', 2000], ['SIGKILL', 1000]] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await gone(pid, wait)) return;
  }
}

/** The SDK's stdio transport, remembering the server's pid (the SDK forgets it as soon as it starts closing). */
class PidTransport extends StdioClientTransport {
  startedPid: number | undefined;

  override async start(): Promise<void> {
    await super.start();
    this.startedPid = this.pid ?? undefined;
  }
}

/** A failure of ours (not the SDK's), with its message as is. */
class Failure extends Error {}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

function describeFailure(e: unknown, stage: string, timeoutMs: number, closed: boolean): string {
  if (e instanceof Failure) return e.message;
  const err = e as NodeJS.ErrnoException;
  if (typeof err?.code === 'string' && err.syscall?.startsWith('spawn')) {
    return `cannot start the server: ${err.code === 'ENOENT' ? 'no such command' : err.code === 'EACCES' ? 'permission denied' : err.code}`;
  }
  if (e instanceof McpError) {
    if (e.code === ErrorCode.RequestTimeout) return `the server did not answer ${stage} within ${timeoutMs} ms`;
    if (e.code === ErrorCode.ConnectionClosed || closed) return `the server exited or closed its output before answering ${stage}`;
    return `the server answered ${stage} with an error: ${e.message}`;
  }
  const msg = e instanceof Error ? e.message : String(e);
  if (closed) return `the server exited or closed its output before answering ${stage}`;
  return `${stage} failed: ${msg.split('\n')[0] ?? msg}`;
}

// ---------------------------------------------------------------------------------------------
// Tool specs and the catalog text
// ---------------------------------------------------------------------------------------------

interface WireTool {
  readonly name: string;
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly inputSchema?: unknown;
  readonly outputSchema?: unknown;
  readonly annotations?: Readonly<Record<string, unknown>> | undefined;
}

/** Keep what a catalog holds (title, description, schemas, the standard annotations). */
export function toToolSpec(t: WireTool, warnings: string[]): ToolSpec {
  let annotations: ToolAnnotations | undefined;
  if (t.annotations !== undefined && t.annotations !== null) {
    const a: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(t.annotations)) {
      if (v === undefined) continue;
      if (!(ANNOTATION_KEYS as readonly string[]).includes(k)) {
        warnings.push(`tool \`${t.name}\`: non-standard annotation \`${k}\` dropped`);
        continue;
      }
      if (k === 'title' ? typeof v !== 'string' : typeof v !== 'boolean') {
        warnings.push(`tool \`${t.name}\`: annotation \`${k}\` of the wrong type dropped`);
        continue;
      }
      a[k] = v;
    }
    annotations = a as ToolAnnotations;
  }
  return {
    name: t.name,
    ...(t.title !== undefined ? { title: t.title } : {}),
    ...(t.description !== undefined ? { description: t.description } : {}),
    ...(t.inputSchema !== undefined ? { inputSchema: t.inputSchema } : {}),
    ...(t.outputSchema !== undefined ? { outputSchema: t.outputSchema } : {}),
    ...(annotations !== undefined ? { annotations } : {}),
  };
}

/** What the catalog's header says produced it. */
export interface CatalogSource {
  readonly serverName: string;
  readonly serverVersion: string;
  /** The sanitised command line that produced the catalog. */
  readonly command: string;
}

/** The `origin` of an imported tool: `mcp:<server name>@<version>`, without whitespace. */
export function originOf(serverName: string, serverVersion: string): `mcp:${string}` {
  const clean = (s: string): string => s.trim().replace(/\s+/g, '-');
  return `mcp:${clean(serverName) || 'mcp-server'}@${clean(serverVersion) || '0'}`;
}

/**
 * The catalog's text: a header comment, then `tools:` sorted by name, each spec with its keys in
 * the order title, description, inputSchema, outputSchema, annotations, origin (annotations in
 * MCP's order; schemas as the server sent them). Pure and deterministic.
 */
export function renderCatalog(tools: readonly ToolSpec[], source: CatalogSource, catalogName: string): string {
  const origin = originOf(source.serverName, source.serverVersion);
  const line = (s: string): string => [...s].map((c) => (/\p{Cc}|\u2028|\u2029/u.test(c) ? ' ' : c)).join('');
  const sorted = [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const map: Record<string, Record<string, unknown>> = {};
  for (const t of sorted) {
    const spec: Record<string, unknown> = {};
    if (t.title !== undefined) spec.title = t.title;
    if (t.description !== undefined) spec.description = t.description;
    if (t.inputSchema !== undefined) spec.inputSchema = t.inputSchema;
    if (t.outputSchema !== undefined) spec.outputSchema = t.outputSchema;
    if (t.annotations !== undefined) {
      const a: Record<string, unknown> = {};
      for (const k of ANNOTATION_KEYS) if (t.annotations[k] !== undefined) a[k] = t.annotations[k];
      spec.annotations = a;
    }
    spec.origin = origin;
    map[t.name] = spec;
  }
  const doc = new Document({ tools: map }, { aliasDuplicateObjects: false });
  doc.commentBefore = [
    ` Tools of the MCP server ${line(source.serverName)} ${line(source.serverVersion)} (${sorted.length} tool${sorted.length === 1 ? '' : 's'}), as its tools/list`,
    ' reported them. Written by:',
    `   guard-eval import-tools ${line(source.command)}`,
    ` Format: tools: {NAME: MCP tool spec}. A scenario imports them with \`catalog: [${catalogName}]\`.`,
    ' Regenerate rather than edit: the command above rewrites this file (with --force).',
  ].join('\n');
  // Short collections of scalars on one line, as the hand-written catalogs have them.
  visit(doc, {
    Map: (_key, node) => {
      if (node.items.every((p) => isPair(p) && isScalar(p.key) && (isScalar(p.value) || (isCollection(p.value) && p.value.items.length === 0)))) {
        node.flow = JSON.stringify(node.toJSON()).length <= FLOW_MAX;
      }
    },
    Seq: (_key, node) => {
      if (node.items.every((i) => isScalar(i))) node.flow = JSON.stringify(node.toJSON()).length <= FLOW_MAX;
    },
  });
  return doc.toString({ lineWidth: 100, minContentWidth: 40, flowCollectionPadding: false });
}
