/**
 * Importing a real MCP server's tool list: start the server over stdio (the MCP SDK's client over a
 * transport of ours that bounds and watches the server), list every tool (following `nextCursor`),
 * and render a catalog (`tools: {NAME: spec}`, the format `scenarios/catalog/*.yaml` and the DSL
 * loader use). The rendering is pure and deterministic.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { basename, isAbsolute, relative, sep } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isRecord } from '../core/values.js';
import { ErrorCode, JSONRPCMessageSchema, McpError, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/index.js';
import { Document, isCollection, isPair, isScalar, visit } from 'yaml';
import { BUILTIN_DETECTORS, shannonEntropy } from '../core/detectors.js';
import type { ToolAnnotations, ToolSpec } from '../core/types.js';
import { DEFAULT_MAX_FILE_BYTES, MAX_NESTING_DEPTH } from './dsl.js';
import { ANNOTATION_KEYS } from './dsl-scenario.js';
import { InputError } from './errors.js';
import { MAX_SPEC_FILE_BYTES, parseToolSpecs } from './toolspecs.js';

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
  /** How long the whole import (start, initialize, every page) may take, in milliseconds: paging cannot multiply `timeoutMs`. */
  readonly deadlineMs: number;
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
    // A credential pair given as one word (`user:secret`, `ACcount/SKkey:secret`): each part counts.
    if (i > 0 && (looksSecret(a, undefined) || a.split(/[:/@]/).some((part) => part.length >= 20 && looksSecret(part, undefined)))) a = '<redacted>';
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

/** Longest message (one line of the server's stdout) read; the SDK's own stdio transport has the same limit. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** Bytes of stdout read in all, every page together: bounds memory however the server pages. */
export const MAX_TOTAL_BYTES = 64 * 1024 * 1024;
/** How long the other half of an ending (stdout closed, process exited) may lag, so the message can say how the server ended. */
const EXIT_SETTLE_MS = 500;
/** How long a server that answered everything may take to exit on its own once its stdin is closed. */
const POLITE_EXIT_MS = 1000;
/** How long the server's process group gets after SIGTERM, then after SIGKILL. */
const TERM_GRACE_MS = 1000;
const KILL_GRACE_MS = 1000;
/** How long the server's stderr may take to end once its processes are gone. */
const STDERR_SETTLE_MS = 500;
/** Characters of one stderr line, or of one value the server sent, shown in a message. */
const SHOWN_CHARS = 240;

/** A way the import failed that this module itself finds (too many pages), with its message for the user. */
class Failure extends Error {}

/** Characters that could drive a terminal or hide text: controls (C0, DEL, C1), format characters (bidi overrides), lone surrogates, line separators. */
const UNSAFE_CHAR = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

/**
 * Text from the server as a message shows it: unsafe characters escaped (`\x1b`, `\u202e`) so that
 * nothing the server writes can drive the terminal, and at most `max` characters. Pure.
 */
/**
 * A server's name and version as a header or a message shows them (each already made printable), or
 * undefined when it reported neither: the caller then says so rather than leave a gap.
 */
export function serverLabel(name: string, version: string): string | undefined {
  const named = [name.trim(), version.trim()].filter((w) => w !== '').join(' ');
  return named === '' ? undefined : named;
}

export function shown(s: string, max = SHOWN_CHARS): string {
  let out = '';
  let n = 0;
  for (const c of s) {
    if (n++ >= max) return `${out}…`;
    if (c === '\t') out += '\\t';
    else if (UNSAFE_CHAR.test(c)) {
      const cp = c.codePointAt(0) ?? 0;
      out += cp < 0x100 ? `\\x${cp.toString(16).padStart(2, '0')}` : cp <= 0xffff ? `\\u${cp.toString(16).padStart(4, '0')}` : `\\u{${cp.toString(16)}}`;
    } else out += c;
  }
  return out;
}

/** The last lines of what the server wrote to stderr, escaped and indented, or '' when it wrote nothing. */
function stderrTail(text: string, cut: boolean): string {
  const lines = text.replace(/\r\n?/g, '\n').trimEnd().split('\n');
  if (lines.length === 1 && lines[0] === '') return '';
  const tail = lines.slice(cut ? -Math.min(STDERR_LINES, lines.length - 1) : -STDERR_LINES);
  return `\nthe server's stderr${cut || lines.length > tail.length ? ` (last ${tail.length} lines)` : ''}:\n${tail.map((l) => `  | ${shown(l)}`).join('\n')}`;
}

/** What a JSON value is, for messages. */
function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  return typeof v === 'string' ? 'a string' : `a ${typeof v}`;
}


/** A sleep that keeps the process alive (an unref'd timer would let Node exit 13 with the import unsettled). */
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** `p`, or nothing after `ms`; the timer is cleared either way so that it holds nothing up. */
async function within(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([p, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** A failure of the server's process or of its stdout, recorded by the transport; the message is the user's. */
interface ServerFailure {
  readonly kind: 'spawn' | 'ended' | 'malformed' | 'too-large';
  readonly message: string;
}

/**
 * MCP's stdio transport (one JSON-RPC message per line on stdin and stdout) for the SDK's `Client`,
 * which does the protocol. The SDK's own `StdioClientTransport` does not fit: it skips a line that
 * is not JSON-RPC (`processReadBuffer` reports it to `onerror` only, so the request waits for its
 * timeout), has no limit for an import in all, notices an ending only once the process has exited
 * and closed every pipe, and kills only the process it started. This one ends on the first
 * problem and records it ({@link failure}) for the message: a line that is not JSON-RPC, a message
 * over the limit, a closed stdout, an exit, a command that cannot start. On POSIX the server runs
 * in a process group of its own, so that ending it also ends what it started (`npx` → node, a
 * shell → its server). The last lines of the server's stderr are kept for the message.
 */
class ServerTransport implements Transport {
  onclose: Transport['onclose'];
  onerror: Transport['onerror'];
  onmessage: Transport['onmessage'];
  /** What the import is waiting for, for messages: `initialize`, `tools/list (page 3)`. */
  stage = 'initialize';
  /** The first failure; once there is one, the transport is closed. */
  failure: ServerFailure | undefined;
  /** The `result` of the last response the server sent, to say what is wrong with it when the SDK's schema refuses it. */
  lastResult: unknown;
  private child: ChildProcessWithoutNullStreams | undefined;
  private readonly group = process.platform !== 'win32';
  private readonly timers = new Set<NodeJS.Timeout>();
  private stderrEnded: Promise<void> = Promise.resolve();
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  private totalBytes = 0;
  private exit: { readonly code: number | null; readonly signal: NodeJS.Signals | null } | undefined;
  private stdoutEnded = false;
  private stderrText = '';
  private stderrCut = false;
  private ending: Promise<void> | undefined;

  constructor(private readonly opts: ListOptions) {}

  /** Start the server; rejects (with the failure recorded) when it cannot be started. */
  start(): Promise<void> {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
    Object.assign(env, this.opts.env ?? {});
    const child = spawn(this.opts.command, [...this.opts.args], { env, stdio: ['pipe', 'pipe', 'pipe'], detached: this.group, windowsHide: true });
    this.child = child;
    const spawned = new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', (e: NodeJS.ErrnoException) => {
        if (child.pid !== undefined) return; // a failed signal, not a failed start
        const why = e.code === 'ENOENT' ? 'no such command' : e.code === 'EACCES' ? 'permission denied (not an executable file)' : (e.code ?? e.message);
        this.fail('spawn', `cannot start the server: ${why}`);
        reject(new Error(this.failure?.message));
      });
    });
    // Writing to a server that is gone: its exit or closed output is what gets reported.
    child.stdin.on('error', () => undefined);
    child.stdout.on('data', (chunk: Buffer) => this.onStdout(chunk));
    child.stdout.on('error', () => undefined);
    child.stdout.on('end', () => {
      this.stdoutEnded = true;
      if (this.bufferedBytes > 0) this.onLine(Buffer.concat(this.buffered).toString('utf8'));
      this.buffered = [];
      this.bufferedBytes = 0;
      this.ended();
    });
    child.on('exit', (code, signal) => {
      this.exit = { code, signal };
      this.ended();
    });
    const stderr = child.stderr;
    stderr.setEncoding('utf8');
    stderr.on('data', (chunk: string) => {
      this.stderrText += chunk;
      if (this.stderrText.length > 2 * STDERR_KEEP) {
        this.stderrText = this.stderrText.slice(-STDERR_KEEP);
        this.stderrCut = true;
      }
    });
    this.stderrEnded = new Promise((resolve) => {
      stderr.on('end', resolve);
      stderr.on('close', resolve);
      stderr.on('error', () => resolve());
    });
    return spawned;
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.failure !== undefined || this.ending !== undefined) throw new Error(this.failure?.message ?? 'the server was ended');
    const stdin = this.child?.stdin;
    if (stdin?.writable === true) stdin.write(serializeMessage(message));
  }

  /** End the server without waiting for it to exit on its own (the SDK closes the transport after a failed initialize). */
  close(): Promise<void> {
    return this.end(false);
  }

  /** The failure message's tail: the last lines of the server's stderr. */
  stderrTail(): string {
    return stderrTail(this.stderrText, this.stderrCut);
  }

  /**
   * End the server, whatever state it is in: close its stdin, give a server that was served
   * well a moment to exit on its own, then SIGTERM and, if need be, SIGKILL its process group,
   * waiting for each to work. Idempotent.
   */
  end(polite: boolean): Promise<void> {
    this.ending ??= this.stop(polite);
    return this.ending;
  }

  private async stop(polite: boolean): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    // The SDK rejects whatever request is waiting (its error is secondary: the failure recorded is the message).
    this.onclose?.();
    const child = this.child;
    if (child === undefined) return;
    child.stdin.end();
    const pid = child.pid;
    if (pid !== undefined) {
      if (polite) for (const end = Date.now() + POLITE_EXIT_MS; this.exit === undefined && Date.now() < end; ) await delay(20);
      for (const [signal, wait] of [['SIGTERM', TERM_GRACE_MS], ['SIGKILL', KILL_GRACE_MS]] as const) {
        if (!this.alive(pid)) break;
        this.signal(pid, signal);
        for (const end = Date.now() + wait; this.alive(pid) && Date.now() < end; ) await delay(20);
      }
      await within(this.stderrEnded, STDERR_SETTLE_MS);
    }
    // Nothing of the server may keep this process alive (a process that survived SIGKILL, a pipe a stranger holds).
    child.stdout.destroy();
    child.stderr.destroy();
    child.stdin.destroy();
    child.unref();
  }

  /** Whether the server's process, or another of its group, still runs (or is not yet reaped by us). */
  private alive(pid: number): boolean {
    if (this.exit === undefined || !this.group) return this.exit === undefined;
    try {
      process.kill(-pid, 0);
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'EPERM';
    }
    return groupRunning(pid);
  }

  private signal(pid: number, signal: NodeJS.Signals): void {
    try {
      if (this.group) process.kill(-pid, signal);
      else this.child?.kill(signal);
    } catch {
      // gone in the meantime
    }
  }

  /** A timer that {@link end} clears; it keeps the process alive while the import runs. */
  private later(ms: number, f: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      f();
    }, ms);
    this.timers.add(t);
  }

  /** Record the first failure and close (which fails the request waiting). */
  private fail(kind: ServerFailure['kind'], message: string): void {
    if (this.failure !== undefined || this.ending !== undefined) return;
    this.failure = { kind, message };
    void this.end(false);
  }

  /** Stdout closed or the process exited: once both are known (or the other lags), say which. */
  private ended(): void {
    if (this.failure !== undefined || this.ending !== undefined) return;
    const say = (): void => {
      const e = this.exit;
      const how = e === undefined ? 'closed its output (and kept running)' : e.signal !== null ? `was ended by signal ${e.signal}` : `exited with code ${e.code}`;
      this.fail('ended', `the server ${how} before answering ${this.stage}`);
    };
    if (this.stdoutEnded && this.exit !== undefined) say();
    else this.later(EXIT_SETTLE_MS, say);
  }

  /** Frame stdout by lines, within the limits of one message and of the whole import. */
  private onStdout(chunk: Buffer): void {
    if (this.failure !== undefined || this.ending !== undefined) return;
    this.totalBytes += chunk.length;
    if (this.totalBytes > MAX_TOTAL_BYTES) return this.fail('too-large', `response too large: the server sent more than ${MAX_TOTAL_BYTES / 1024 / 1024} MiB in all (the limit of one import), at ${this.stage}`);
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0 && this.failure === undefined; nl = chunk.indexOf(10, start)) {
      const part = chunk.subarray(start, nl);
      start = nl + 1;
      if (this.bufferedBytes + part.length > MAX_MESSAGE_BYTES) return this.tooLarge();
      const line = (this.bufferedBytes > 0 ? Buffer.concat([...this.buffered, part]) : part).toString('utf8');
      this.buffered = [];
      this.bufferedBytes = 0;
      this.onLine(line);
    }
    if (this.failure !== undefined || start >= chunk.length) return;
    this.bufferedBytes += chunk.length - start;
    if (this.bufferedBytes > MAX_MESSAGE_BYTES) return this.tooLarge();
    this.buffered.push(chunk.subarray(start));
  }

  private tooLarge(): void {
    this.buffered = [];
    this.bufferedBytes = 0;
    this.fail('too-large', `response too large: a message of the server to ${this.stage} is over ${MAX_MESSAGE_BYTES / 1024 / 1024} MiB (the limit of one message)`);
  }

  /** One line of stdout: a JSON-RPC message for the SDK, or the end of the import. */
  private onLine(raw: string): void {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    const bad = (what: string): void => this.fail('malformed', `malformed response to ${this.stage}: ${what} (MCP's stdio carries one JSON-RPC message per line): ${shown(line, 80)}`);
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      return bad('the server wrote a line to stdout that is not JSON');
    }
    const msg = JSONRPCMessageSchema.safeParse(json);
    if (!msg.success) return bad('not a JSON-RPC 2.0 message');
    if ('result' in msg.data) this.lastResult = msg.data.result;
    this.onmessage?.(msg.data);
  }
}

/**
 * Whether a process group that exists has a process that is not a zombie. Where the server's
 * children end up under a PID 1 that does not reap (a container without an init), a killed
 * child stays a zombie: it is gone, and waiting for it would only add the grace periods. Read
 * from /proc on Linux; elsewhere an existing group counts as running.
 */
function groupRunning(pgid: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return true;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // `pid (comm) state ppid pgrp ...`; comm may hold spaces and parentheses.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z') return true;
  }
  return false;
}

/** One problem a schema found: where, and what. */
interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** The issues of the SDK's schema validation error (a Zod error), or undefined for another error. */
function schemaIssues(e: unknown): readonly Issue[] | undefined {
  return isRecord(e) && Array.isArray(e.issues) ? (e.issues as Issue[]) : undefined;
}

/**
 * What is wrong with a result the SDK's schema refused, from its first issue: the common mistakes
 * in plain words (`` `tools` is a string, not a list of tools ``, `tools[1] is a tool without a name`),
 * else the schema's message where it is (`` tool `x`: inputSchema.type: … ``).
 */
function resultProblem(result: unknown, issues: readonly Issue[]): string {
  const issue = issues[0];
  if (!isRecord(result) || issue === undefined) return 'it does not match the MCP schema';
  const path = [...issue.path];
  const tools = result.tools;
  let where = '';
  if (path[0] === 'tools' && path.length === 1) return tools === undefined ? 'the result has no `tools`' : `\`tools\` is ${kindOf(tools)}, not a list of tools`;
  if (path[0] === 'tools' && typeof path[1] === 'number' && Array.isArray(tools)) {
    const i = path[1];
    const t: unknown = tools[i];
    if (!isRecord(t)) return `tools[${i}] is ${kindOf(t)}, not a tool`;
    if (t.name === undefined) return `tools[${i}] is a tool without a name`;
    if (typeof t.name !== 'string') return `tools[${i}] has a name that is ${kindOf(t.name)}, not a string`;
    where = `tool \`${shown(t.name)}\`: `;
    path.splice(0, 2);
  }
  const at = path.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i > 0 ? '.' : ''}${shown(String(k), 60)}`)).join('');
  return `${where}${at === '' ? '' : `${at}: `}${shown(issue.message)}`;
}

/**
 * Tools' output schemas are not compiled: `listTools` compiles the outputSchema of every tool for
 * later `callTool`s (`cacheToolMetadata` in the SDK's client/index.js), which an import never
 * makes, and a schema the compiler refuses would fail the import of a catalog that can hold it.
 */
const NO_OUTPUT_VALIDATION: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

/**
 * Run one SDK request with `--timeout` and the import's deadline. The deadline reaches the request
 * through a signal of its own, detached once the request is settled: the SDK adds an abort listener
 * to the signal it is given and never removes it (`options?.signal?.addEventListener('abort', …)`
 * in `Protocol.request`, shared/protocol.js), so one signal for up to 1000 pages would gather a
 * listener a page and, at the deadline, cancel every page already answered.
 */
async function request<T>(deadline: AbortSignal, timeout: number, f: (options: RequestOptions) => Promise<T>): Promise<T> {
  const one = new AbortController();
  const abort = (): void => one.abort(deadline.reason);
  if (deadline.aborted) abort();
  else deadline.addEventListener('abort', abort, { once: true });
  try {
    return await f({ timeout, signal: one.signal });
  } finally {
    deadline.removeEventListener('abort', abort);
  }
}

/** Initialize, then every page of tools/list. */
async function listTools(client: Client, transport: ServerTransport, opts: ListOptions, deadline: AbortSignal): Promise<ServerTools> {
  transport.stage = 'initialize';
  await request(deadline, opts.timeoutMs, (o) => client.connect(transport, o));
  const info = client.getServerVersion() ?? { name: '', version: '' };
  const tools: ToolSpec[] = [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    if (page >= MAX_PAGES) throw new Failure(`too many pages: the server sent more than ${MAX_PAGES} pages of tools/list`);
    transport.stage = page === 0 ? 'tools/list' : `tools/list (page ${page + 1})`;
    const params = cursor === undefined ? {} : { cursor };
    const res = await request(deadline, opts.timeoutMs, (o) => client.listTools(params, o));
    for (const t of res.tools) {
      if (seen.has(t.name)) {
        warnings.push(`tool \`${shown(t.name)}\` is listed twice: the first is kept`);
        continue;
      }
      seen.add(t.name);
      tools.push(toToolSpec(t, warnings));
    }
    cursor = res.nextCursor;
    if (cursor === undefined) break;
    if (cursors.has(cursor)) throw new Failure(`too many pages: the server repeated the cursor \`${shown(cursor, 80)}\` of tools/list`);
    cursors.add(cursor);
  }
  return { serverName: info.name, serverVersion: info.version, tools, warnings };
}

/** The one-line message for how the import failed, from the first cause: the server (as the transport saw it), the deadline, the SDK. */
function failureMessage(e: unknown, transport: ServerTransport, opts: ListOptions, deadline: AbortSignal): string {
  const stage = transport.stage;
  if (transport.failure !== undefined) return transport.failure.message;
  if (e instanceof Failure) return e.message;
  if (deadline.aborted) return `timed out: the import did not finish within the --deadline of ${opts.deadlineMs} ms (it was waiting for ${stage})`;
  if (e instanceof McpError) {
    // The SDK's own time-out carries `{ timeout }`; a server may answer with the same code.
    if (e.code === ErrorCode.RequestTimeout && isRecord(e.data) && e.data.timeout === opts.timeoutMs) return `timed out: the server did not answer ${stage} within ${opts.timeoutMs} ms (--timeout)`;
    const text = e.message.replace(/^MCP error -?\d+: /, '');
    return `the server answered ${stage} with an error: ${shown(text)} (code ${e.code})`;
  }
  const issues = schemaIssues(e);
  if (issues !== undefined) return `malformed response to ${stage}: ${resultProblem(transport.lastResult, issues)}`;
  const version = isRecord(transport.lastResult) ? transport.lastResult.protocolVersion : undefined;
  if (stage === 'initialize' && typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    return `the server speaks MCP protocol version \`${shown(version, 40)}\`, which is not supported (${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`;
  }
  return `${stage} failed: ${shown((e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '')}`;
}

/**
 * Start the server, initialize, list every tool and end the server (always, whatever happened:
 * its whole process group, waited for).
 * @throws InputError (`MCP_SERVER`) for every way the server can fail: it cannot be started, it
 *   exits or closes its output, it answers with an error or something malformed or too large,
 *   pages without end, or a request or the whole import runs out of time. One message says
 *   which, followed by the (escaped) tail of the server's stderr.
 */
export async function listServerTools(opts: ListOptions): Promise<ServerTools> {
  const transport = new ServerTransport(opts);
  const client = new Client({ name: 'guard-eval-import-tools', version: '1' }, { capabilities: {}, jsonSchemaValidator: NO_OUTPUT_VALIDATION });
  const deadline = new AbortController();
  // A timer that keeps the process alive (unlike AbortSignal.timeout's) while the import runs.
  const timer = setTimeout(() => deadline.abort(), opts.deadlineMs);
  try {
    const listed = await listTools(client, transport, opts, deadline.signal);
    clearTimeout(timer);
    await transport.end(true);
    return listed;
  } catch (e) {
    clearTimeout(timer);
    const message = failureMessage(e, transport, opts, deadline.signal);
    await transport.end(false);
    throw new InputError('MCP_SERVER', [{ pos: { file: opts.display }, message: `${message}${transport.stderrTail()}` }]);
  }
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
        warnings.push(`tool \`${shown(t.name)}\`: non-standard annotation \`${shown(k, 60)}\` dropped`);
        continue;
      }
      if (k === 'title' ? typeof v !== 'string' : typeof v !== 'boolean') {
        warnings.push(`tool \`${shown(t.name)}\`: annotation \`${k}\` of the wrong type dropped`);
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
    ` Tools of the MCP server ${serverLabel(line(source.serverName), line(source.serverVersion)) ?? 'that reported no name'} (${sorted.length} tool${sorted.length === 1 ? '' : 's'}), as its tools/list`,
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

// ---------------------------------------------------------------------------------------------
// What a catalog can hold
// ---------------------------------------------------------------------------------------------

/** The largest catalog both readers of catalogs accept (the scenario loader's file limit, and `classify`'s). */
export const MAX_CATALOG_BYTES = Math.min(DEFAULT_MAX_FILE_BYTES, MAX_SPEC_FILE_BYTES);

/** Why the loader would refuse this catalog text, or undefined when it reads it. */
function catalogProblem(text: string): string | undefined {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_CATALOG_BYTES) return `it would be ${bytes} bytes; a catalog holds at most ${MAX_CATALOG_BYTES}`;
  const r = parseToolSpecs(text, 'catalog');
  return r.ok ? undefined : (r.issues[0]?.message ?? 'the loader cannot read it');
}

/** Whether a JSON value nests deeper than `limit` (walked without recursion, stopping early). */
function nestsDeeper(value: unknown, limit: number): boolean {
  const stack: { v: unknown; d: number }[] = [{ v: value, d: 1 }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    if (typeof top.v !== 'object' || top.v === null) continue;
    if (top.d > limit) return true;
    for (const c of Object.values(top.v)) stack.push({ v: c, d: top.d + 1 });
  }
  return false;
}

/** Why the loader would refuse a catalog of these tools, or undefined. */
function toolsProblem(tools: readonly ToolSpec[], source: CatalogSource, catalogName: string): string | undefined {
  try {
    return catalogProblem(renderCatalog(tools, source, catalogName));
  } catch (e) {
    return `it cannot be written as YAML (${e instanceof Error ? e.message : String(e)})`;
  }
}

/**
 * The tools a catalog can hold, read back with the loader's own reader (`parseToolSpecs`: the
 * hardened YAML reading with its bounds on depth and size) rather than with a copy of its limits,
 * so that the two cannot drift apart. A tool the loader would refuse (a schema nested too deep,
 * too large) is left out with a warning naming it, and the rest is written. The catalog is
 * checked whole first and tool by tool only when that fails. A tool nested deeper than the
 * loader's depth bound already in JSON is left out without rendering it: its YAML nests at least
 * as deep, and rendering very deep YAML takes time quadratic in the depth.
 */
export function catalogTools(tools: readonly ToolSpec[], source: CatalogSource, catalogName: string): { tools: ToolSpec[]; skipped: string[] } {
  const skipped: string[] = [];
  const skip = (t: ToolSpec, problem: string): void => {
    skipped.push(`tool \`${shown(t.name)}\` left out: the catalog loader would refuse it: ${problem}`);
  };
  const shallow: ToolSpec[] = [];
  for (const t of tools) {
    if (nestsDeeper(t, MAX_NESTING_DEPTH)) skip(t, `it nests deeper than ${MAX_NESTING_DEPTH} levels`);
    else shallow.push(t);
  }
  if (toolsProblem(shallow, source, catalogName) === undefined) return { tools: shallow, skipped };
  const kept = shallow.filter((t) => {
    const problem = toolsProblem([t], source, catalogName);
    if (problem !== undefined) skip(t, problem);
    return problem === undefined;
  });
  return { tools: kept, skipped };
}

/**
 * Check the whole catalog's text the same way (tools that load one by one can still be too many
 * together).
 * @throws InputError (`MCP_CATALOG`) naming the problem when the loader would refuse it
 */
export function checkCatalogText(text: string, file: string): void {
  const problem = catalogProblem(text);
  if (problem !== undefined) throw new InputError('MCP_CATALOG', [{ pos: { file }, message: `nothing was written: the catalog loader would refuse this catalog: ${problem}` }]);
}
