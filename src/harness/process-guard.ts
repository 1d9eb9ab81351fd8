/**
 * A guard in another process, spoken to over the guard protocol (docs/guard-protocol.md): one JSON
 * message per line on its stdin and stdout, each request with an id, so that a batch's decisions
 * are in flight together and may be answered in any order.
 *
 * Faults never escape as exceptions into the run: a process that exits, writes a line that is not
 * a message, answers an id nobody asked, or does not answer within the time limit fails the calls
 * in flight with an error naming what happened and the tail of its stderr; the process (and every
 * process it started) is killed, and the next call starts a fresh one. Sessions of the old process
 * are gone with it: a call in one of them fails the same way.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { readDecision } from './guards.js';
import type { GuardDecision, GuardFeatures, GuardUnderTest, SessionConfig } from './guards.js';
import type { CallOutcome, CallRef, ToolCall } from '../core/types.js';

/** The protocol this harness speaks. */
export const GUARD_PROTOCOL = 'guard-eval/guard@1';
/** What a guard process is given to answer one request. @default 10 s */
export const DEFAULT_GUARD_TIMEOUT_MS = 10_000;
/** The least time a process is given to start and say hello. */
const STARTUP_MS = 10_000;
/** Bytes of a guard's stderr kept for error messages. */
const STDERR_TAIL = 2048;
/** Longest line shown back in an error. */
const SHOWN = 120;

/** A fault of the guard process: the message says what happened, with its stderr's tail. */
export class GuardProcessError extends Error {}

interface Pending {
  readonly method: string;
  readonly resolve: (v: unknown) => void;
  readonly reject: (e: Error) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

/** One running guard process. */
interface Proc {
  readonly child: ChildProcess;
  /** Requests sent and not answered, by id. */
  readonly pending: Map<number, Pending>;
  stderr: string;
  /** Set once the process failed: every later request fails with it. */
  dead?: GuardProcessError;
  readonly generation: number;
}

export interface ProcessGuardOptions {
  /** Per-request time limit in ms. @default {@link DEFAULT_GUARD_TIMEOUT_MS} */
  readonly timeoutMs?: number;
  /** The working directory of the process. @default process.cwd() */
  readonly cwd?: string;
}

/** What a guard says in its hello. */
export interface Hello {
  readonly protocol: string;
  readonly name: string;
  readonly features: GuardFeatures;
}

const FEATURE_KEYS = ['policy', 'from', 'capabilities', 'rules', 'orderDependent'] as const;

/** The features a hello declares, or a one-line reason they are not valid. */
export function readFeatures(x: unknown): GuardFeatures | string {
  if (x === null || typeof x !== 'object' || Array.isArray(x)) return '`features` must be an object';
  const f = x as Record<string, unknown>;
  const extra = Object.keys(f).filter((k) => !(FEATURE_KEYS as readonly string[]).includes(k));
  if (extra.length > 0) return `unknown feature \`${extra[0]}\` (known: ${FEATURE_KEYS.join(', ')})`;
  for (const k of ['policy', 'from', 'capabilities', 'orderDependent'] as const) {
    if (typeof f[k] !== 'boolean') return `feature \`${k}\` must be true or false`;
  }
  if (f.rules !== 'builtin' && f.rules !== 'own' && f.rules !== 'none') return 'feature `rules` must be `builtin`, `own` or `none`';
  return f as unknown as GuardFeatures;
}

/**
 * Start a guard process for `command` (run by the shell) and read its hello.
 * @throws GuardProcessError when it does not start or its hello is not valid (the process is killed)
 */
export async function processGuard(command: string, options: ProcessGuardOptions = {}): Promise<GuardUnderTest & { readonly hello: Hello }> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_GUARD_TIMEOUT_MS;
  let proc: Proc | undefined;
  let generations = 0;
  let nextId = 1;
  let closed = false;
  /** Which process generation opened each session. */
  const sessionGen = new Map<string, number>();

  const tail = (p: Proc): string => {
    const t = p.stderr.trim();
    return t === '' ? '' : `; its stderr ends: ${JSON.stringify(t.slice(-400))}`;
  };

  const fail = (p: Proc, why: string): void => {
    if (p.dead) return;
    p.dead = new GuardProcessError(`guard process \`${command}\`: ${why}${tail(p)}`);
    for (const [, q] of p.pending) {
      clearTimeout(q.timer);
      q.reject(p.dead);
    }
    p.pending.clear();
    kill(p.child);
  };

  const start = (): Proc => {
    const child = spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'pipe'], cwd: options.cwd ?? process.cwd(), detached: true });
    const p: Proc = { child, pending: new Map(), stderr: '', generation: ++generations };
    LIVE.add(child);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (d: string) => {
      p.stderr = (p.stderr + d).slice(-STDERR_TAIL);
    });
    child.stdin?.on('error', () => {
      // A process that has exited closes its stdin: the exit handler reports it.
    });
    child.on('error', (e) => fail(p, `could not be started: ${e.message}`));
    child.on('exit', (code, signal) => {
      LIVE.delete(child);
      fail(p, signal !== null ? `was killed by ${signal}` : `exited with code ${code ?? '?'}`);
    });
    const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout>, crlfDelay: Infinity });
    lines.on('line', (line) => {
      if (p.dead || line.trim() === '') return;
      let msg: unknown;
      try {
        msg = JSON.parse(line);
      } catch {
        fail(p, `wrote a line that is not JSON: ${JSON.stringify(line.slice(0, SHOWN))}`);
        return;
      }
      const m = msg as { id?: unknown; result?: unknown; error?: { message?: unknown } };
      if (msg === null || typeof msg !== 'object' || typeof m.id !== 'number') {
        fail(p, `wrote a message without a numeric \`id\`: ${JSON.stringify(line.slice(0, SHOWN))}`);
        return;
      }
      const q = p.pending.get(m.id);
      if (q === undefined) {
        fail(p, `answered id ${m.id}, which no request in flight has`);
        return;
      }
      p.pending.delete(m.id);
      clearTimeout(q.timer);
      if (m.error !== undefined) {
        const text = typeof m.error?.message === 'string' ? m.error.message : JSON.stringify(m.error);
        q.reject(new GuardProcessError(`the guard answered ${q.method} with an error: ${text.slice(0, 500)}`));
      } else if (!('result' in m)) {
        fail(p, `answered id ${m.id} with neither \`result\` nor \`error\``);
      } else q.resolve(m.result);
    });
    return p;
  };

  const request = (p: Proc, method: string, params: unknown): Promise<unknown> =>
    new Promise((resolve, reject) => {
      if (p.dead) {
        reject(p.dead);
        return;
      }
      const id = nextId++;
      // The hello also waits for the process to start (an interpreter may take seconds to load).
      const limit = method === 'hello' ? Math.max(timeoutMs, STARTUP_MS) : timeoutMs;
      const timer = setTimeout(() => fail(p, `did not answer ${method} within ${limit} ms`), limit);
      timer.unref?.();
      p.pending.set(id, { method, resolve, reject, timer });
      p.child.stdin?.write(`${JSON.stringify({ id, method, params })}\n`);
    });

  /** Fail the process and throw its error. */
  const broken = (p: Proc, why: string): never => {
    fail(p, why);
    throw p.dead ?? new GuardProcessError(why);
  };

  let said: Hello | undefined;
  /** A running process that has said hello: the current one, or a fresh one. */
  const live = async (): Promise<Proc> => {
    if (closed) throw new GuardProcessError(`guard process \`${command}\`: already closed`);
    if (proc !== undefined && proc.dead === undefined) return proc;
    const p = start();
    proc = p;
    const hello = readHello(await request(p, 'hello', { protocol: GUARD_PROTOCOL }));
    if (typeof hello === 'string') return broken(p, `its hello is not valid: ${hello}`);
    said ??= hello;
    return p;
  };

  const inSession = async (session: string): Promise<Proc> => {
    const gen = sessionGen.get(session);
    const p = await live();
    // A session this client never saw opened is the guard's to refuse (conformance asks it to).
    if (gen !== undefined && p.generation !== gen) throw new GuardProcessError(`guard process \`${command}\`: session \`${session}\` was lost when the process failed and was started again`);
    return p;
  };

  await live();
  const hello = said as Hello;
  return {
    name: hello.name,
    features: hello.features,
    hello,
    async newSession(config: SessionConfig) {
      const p = await live();
      const r = (await request(p, 'newSession', { config })) as { session?: unknown } | null;
      if (r === null || typeof r !== 'object' || typeof r.session !== 'string' || r.session === '') return broken(p, 'answered newSession without a non-empty string `session`');
      sessionGen.set(r.session, p.generation);
      return r.session;
    },
    async decide(session: string, call: ToolCall): Promise<GuardDecision> {
      const p = await inSession(session);
      const r = await request(p, 'decide', { session, call });
      const d = readDecision(r);
      return typeof d === 'string' ? broken(p, `answered decide with ${d}`) : d;
    },
    async record(session: string, ref: CallRef & { readonly capabilities?: readonly string[] }, outcome: CallOutcome) {
      const p = await inSession(session);
      await request(p, 'record', { session, ref, outcome });
    },
    async endSession(session: string) {
      const gen = sessionGen.get(session);
      sessionGen.delete(session);
      if (proc === undefined || proc.dead !== undefined || proc.generation !== gen) return;
      await request(proc, 'endSession', { session });
    },
    async close() {
      if (closed) return;
      closed = true;
      const p = proc;
      if (p === undefined || p.dead !== undefined) return;
      const exited = new Promise<void>((resolve) => p.child.once('exit', () => resolve()));
      try {
        await Promise.race([request(p, 'close', {}), exited]);
      } catch {
        // A process that fails to close is killed below all the same.
      }
      p.child.stdin?.end();
      const late = setTimeout(() => kill(p.child), 1000);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 1100))]);
      clearTimeout(late);
      kill(p.child);
    },
  };
}

/** The hello's content, or a one-line reason it is not valid. */
function readHello(x: unknown): Hello | string {
  if (x === null || typeof x !== 'object') return 'expected an object with `protocol`, `name` and `features`';
  const h = x as Record<string, unknown>;
  if (h.protocol !== GUARD_PROTOCOL) return `it speaks \`${String(h.protocol)}\`, this harness \`${GUARD_PROTOCOL}\``;
  if (typeof h.name !== 'string' || h.name === '') return '`name` must be a non-empty string';
  const features = readFeatures(h.features);
  if (typeof features === 'string') return features;
  return { protocol: GUARD_PROTOCOL, name: h.name, features };
}

/** Guard processes alive, killed when this process exits. */
const LIVE = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of LIVE) kill(c);
});

/** Kill a guard process and every process it started (it leads its own process group). */
function kill(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    try {
      child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
