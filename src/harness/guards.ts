/**
 * Guards under test. The runner speaks to every guard through one small asynchronous interface
 * with plain-data inputs and outputs, so a guard in another process (over a line protocol) fits
 * the same slot as the built-in one.
 */
import type { Capability, Mode, Verdict } from '../core/capabilities.js';
import type { GrantPolicy } from '../core/gate.js';
import { createGuard } from '../core/guard.js';
import type { Guard, Session } from '../core/guard.js';
import type { ChainFacts, LedgerLimits } from '../core/ledger.js';
import type { CallOutcome, CallRef, Decision, ToolCall, ToolSpec } from '../core/types.js';
import { constantGuard, orderBlindGuard, windowGuard } from './baselines.js';
import { GUARD_NAMES, type GuardName } from './names.js';

/** How one session of a guard is configured: one scenario's `guard:` block, resolved. */
export interface SessionConfig {
  readonly mode: Mode;
  readonly unknownTool: Verdict;
  readonly overrides: Readonly<Record<string, readonly Capability[]>>;
  readonly policy?: GrantPolicy;
  /** The guard's table sizes, when the scenario sets them (`guard.limits`). */
  readonly limits?: Readonly<Partial<LedgerLimits>>;
  readonly tools: readonly ToolSpec[];
}

/** What a guard answers for one call: the verdict, and, when it can say, why. */
/** One finding of a decision: which detector, at which argument path, and a masked preview. */
export interface DecisionFinding {
  readonly detector: string;
  readonly path: string;
  readonly preview: string;
}

export interface GuardDecision {
  readonly verdict: Verdict;
  /** Rules that fired, the deciding one first. */
  readonly rules?: readonly { readonly id: string; readonly reason?: string }[];
  readonly capabilities?: readonly string[];
  /** Sensitive data it found in the arguments, each with a masked preview (never the raw value): shown in the reports. */
  readonly findings?: readonly DecisionFinding[];
  /** Set when the guard failed internally (its verdict then is its fail-closed one). */
  readonly error?: string;
}

/**
 * What a guard under test supports, as it declares it. The runner reports a run that needs a
 * missing feature as `unsupported` (never a failure), and checks a label's rule and capabilities
 * only against a guard that reports them.
 */
export interface GuardFeatures {
  /** It applies the capability gate (`guard.policy`, `policy_verdict`). */
  readonly policy: boolean;
  /** It takes declared provenance (`from`: ids of earlier calls whose results fed the arguments). */
  readonly from: boolean;
  /** Its decisions report the call's capabilities (checked against `expect.capabilities`). */
  readonly capabilities: boolean;
  /**
   * The rule ids its decisions report: the built-in ids (`chain.eit-pat`, …; checked against
   * `expect.rule` and `reason_contains`), ids of its own, or none.
   */
  readonly rules: 'builtin' | 'own' | 'none';
  /**
   * Its state depends on the order in which a batch's calls complete: its batches are explored
   * over every order, without partial-order reduction, unless the run says otherwise.
   */
  readonly orderDependent: boolean;
}

/** The features of a guard that declares none: nothing beyond verdicts, and order may matter. */
export const MINIMAL_FEATURES: GuardFeatures = { policy: false, from: false, capabilities: false, rules: 'none', orderDependent: true };
/** The built-in guard's features. */
export const BUILTIN_FEATURES: GuardFeatures = { policy: true, from: true, capabilities: true, rules: 'builtin', orderDependent: false };

const VERDICTS: readonly string[] = ['allow', 'ask', 'deny'];

/**
 * A guard's answer as the runner takes it, or what is wrong with it: any guard's, a module's as much
 * as a process's, is checked before it is judged (a verdict outside the three is never read as one).
 */
export function readDecision(x: unknown): GuardDecision | string {
  if (x === null || typeof x !== 'object') return 'a decision that is not an object';
  const d = x as Record<string, unknown>;
  if (typeof d.verdict !== 'string' || !VERDICTS.includes(d.verdict)) return `a verdict that is not allow, ask or deny: ${String(JSON.stringify(d.verdict)).slice(0, 120)}`;
  if (d.rules !== undefined && (!Array.isArray(d.rules) || d.rules.some((r) => r === null || typeof r !== 'object' || typeof (r as { id?: unknown }).id !== 'string'))) {
    return '`rules` that is not a list of objects with a string `id`';
  }
  if (d.capabilities !== undefined && (!Array.isArray(d.capabilities) || d.capabilities.some((c) => typeof c !== 'string'))) return '`capabilities` that is not a list of strings';
  if (d.error !== undefined && typeof d.error !== 'string') return 'an `error` that is not a string';
  if (d.findings !== undefined && (!Array.isArray(d.findings) || d.findings.some((f) => f === null || typeof f !== 'object' || ['detector', 'path', 'preview'].some((k) => typeof (f as Record<string, unknown>)[k] !== 'string')))) {
    return '`findings` that is not a list of objects with string `detector`, `path` and `preview`';
  }
  return d as unknown as GuardDecision;
}

/** The interface every guard under test implements. */
export interface GuardUnderTest {
  readonly name: string;
  /** What it supports. @default {@link MINIMAL_FEATURES} */
  readonly features?: GuardFeatures;
  /**
   * The guard whose known gaps (a step's `known:` by guard name) are this one's too: a variant of
   * the built-in guard shares its classifier, so a tool it misreads is misread here as well.
   */
  readonly variantOf?: string;
  /** Open a fresh session; returns its handle. Sessions never share state. */
  newSession(config: SessionConfig): Promise<string>;
  decide(session: string, call: ToolCall): Promise<GuardDecision>;
  /**
   * Optional: decide a call once for several modes, one decision per mode in the order given, each
   * the one {@link decide} would give in a session opened with that mode (`session` was opened with
   * the first). Only for a guard whose sessions change the same way whatever their mode. The runner
   * then runs the modes of a scenario whose labels execute the same calls in one pass, one session
   * for them all; without it, one pass per mode.
   */
  decideModes?(session: string, call: ToolCall, modes: readonly Mode[]): Promise<readonly GuardDecision[]>;
  /** Record a call that ran: its result, or its error (a failed call records nothing). */
  record(session: string, ref: CallRef & { readonly capabilities?: readonly string[] }, outcome: CallOutcome): Promise<void>;
  /** Forget a session the runner is done with. */
  endSession(session: string): Promise<void>;
  /** Release what the guard holds (a child process, say). */
  close(): Promise<void>;
}

/** One traced decision of the built-in guard (for `explain`). */
export interface TraceEntry {
  readonly call: ToolCall;
  readonly facts: ChainFacts;
  readonly decision: Decision;
}

export interface BuiltinOptions {
  /** Called with every decision and the chain facts it saw (for `explain`). */
  readonly trace?: (entry: TraceEntry) => void;
  /**
   * Deliberately racy: ignore the host's turns and give every decision and every completion a
   * turn of its own, in the order they happen. Events are then recorded in completion order and
   * a decision sees completions of its own batch: the bug the interleaving explorer must catch.
   */
  readonly racy?: boolean;
}

// One guard per configuration object (the runner passes the same one to every replay of a run),
// shared by every guard under test built on the core; each session still starts empty.
const BY_CONFIG = new WeakMap<SessionConfig, Guard>();
// And one per equal configuration: runs whose settings are equal and whose tool specs are the same
// objects (a catalog's specs, shared by every scenario that imports it) share a guard, so a catalog
// of hundreds of tools is read once, not once per run. A guard holds no state between sessions but
// its tool entries, which depend only on the configuration.
const BY_SIGNATURE = new Map<string, { readonly guard: Guard; readonly chars: number }>();
/** Guards kept by signature; past it the oldest goes (a new one is only slower to build). */
const MAX_SHARED_GUARDS = 512;
/**
 * Characters of tool specs the guards kept by signature hold in all (`Guard.heldSpecChars`); past
 * it the oldest go too. Bounded by count alone, 512 guards of specs padded past the classifier's
 * caps held over 400 MB, and every collection of garbage then had that much to mark: a run of the
 * sets with such specs took six times as long after another had filled the table.
 */
const MAX_SHARED_SPEC_CHARS = 8 * 1_048_576;
let sharedChars = 0;

/** @internal guards kept by signature, and the characters of tool specs they hold */
export function sharedGuardsHeld(): { readonly count: number; readonly chars: number } {
  return { count: BY_SIGNATURE.size, chars: sharedChars };
}
const specIds = new WeakMap<object, number>();
let nextSpecId = 0;

function signature(config: SessionConfig): string {
  const ids = config.tools.map((t) => {
    let id = specIds.get(t);
    if (id === undefined) {
      id = nextSpecId++;
      specIds.set(t, id);
    }
    return id;
  });
  return JSON.stringify([config.mode, config.unknownTool, config.overrides, config.policy ?? null, config.limits ?? null, ids]);
}

/** The core guard for one session configuration, built once per configuration object. */
export function guardFor(config: SessionConfig): Guard {
  let guard = BY_CONFIG.get(config);
  if (guard !== undefined) return guard;
  const key = signature(config);
  guard = BY_SIGNATURE.get(key)?.guard;
  if (guard === undefined) {
    guard = createGuard({
      mode: config.mode,
      unknownTool: config.unknownTool,
      overrides: config.overrides,
      ...(config.policy ? { policy: config.policy } : {}),
      ...(config.limits ? { limits: config.limits } : {}),
      tools: config.tools,
      // A fixed salt keeps runs byte-identical; fingerprints never leave the process.
      salt: 'guard-eval-harness',
    });
    const chars = guard.heldSpecChars;
    // A guard holding more than the bound by itself is used by its runs (`BY_CONFIG`), not kept here,
    // and makes no room either.
    if (chars <= MAX_SHARED_SPEC_CHARS) {
      for (const [oldest, kept] of BY_SIGNATURE) {
        if (BY_SIGNATURE.size < MAX_SHARED_GUARDS && sharedChars + chars <= MAX_SHARED_SPEC_CHARS) break;
        BY_SIGNATURE.delete(oldest);
        sharedChars -= kept.chars;
      }
      BY_SIGNATURE.set(key, { guard, chars });
      sharedChars += chars;
    }
  }
  BY_CONFIG.set(config, guard);
  return guard;
}

/** Session handles unique across every guard under test built on the core: guards are shared. */
let nextSession = 0;
export function newSessionId(): string {
  return `s${nextSession++}`;
}

/**
 * The built-in guard: one guard instance per session, so each session has its own config.
 */
export function builtinGuard(options: BuiltinOptions = {}): GuardUnderTest {
  const { trace, racy = false } = options;
  const sessions = new Map<string, Session>();
  // Racy mode: one clock per session, advanced by every decide and record.
  const clocks = new Map<string, number>();
  const tick = (session: string): number => {
    const t = (clocks.get(session) ?? -1) + 1;
    clocks.set(session, t);
    return t;
  };
  const guard: GuardUnderTest = {
    name: racy ? 'racy' : 'builtin',
    features: BUILTIN_FEATURES,
    ...(racy ? { variantOf: 'builtin' } : {}),
    async newSession(config) {
      const id = newSessionId();
      sessions.set(id, guardFor(config).session(id));
      return id;
    },
    async decide(session, rawCall) {
      const s = sessionOf(sessions, session);
      // Code Mode sub-calls keep their own sub-turns; only top-level turns are flattened.
      const call = racy && rawCall.parent === undefined ? { ...rawCall, turn: tick(session) } : rawCall;
      if (trace === undefined) return s.decide(call);
      const facts = s.chainFacts(call.turn ?? 0, call.parent);
      const decision = s.decide(call);
      trace({ call, facts, decision });
      return decision;
    },
    async record(session, rawRef, outcome) {
      const ref = racy && rawRef.parent === undefined ? { ...rawRef, turn: tick(session) } : rawRef;
      sessionOf(sessions, session).record(ref as Parameters<Session['record']>[0], outcome);
    },
    async endSession(session) {
      const s = sessions.get(session);
      s?.guard.endSession(s.id);
      sessions.delete(session);
      clocks.delete(session);
    },
    async close() {
      sessions.clear();
    },
  };
  // A traced guard reports each decision with its facts: one mode at a time. Not enumerable, so that
  // a guard made from this one by a spread (`{...builtinGuard(), decide}`) is asked one mode at a time
  // through its own `decide`, never around it; and gone when `decide` is replaced on the object (or
  // on one made from it with `Object.create`), for the same reason.
  if (trace === undefined) {
    const own = guard.decide;
    const decideModes = async (session: string, rawCall: ToolCall, modes: readonly Mode[]): Promise<Decision[]> => {
      const s = sessionOf(sessions, session);
      const call = racy && rawCall.parent === undefined ? { ...rawCall, turn: tick(session) } : rawCall;
      return s.decideModes(call, modes);
    };
    Object.defineProperty(guard, 'decideModes', {
      enumerable: false,
      configurable: true,
      get(this: GuardUnderTest) {
        return this.decide === own ? decideModes : undefined;
      },
    });
  }
  return guard;
}

function sessionOf(sessions: Map<string, Session>, id: string): Session {
  const s = sessions.get(id);
  if (!s) throw new Error(`unknown session \`${id}\``);
  return s;
}

/**
 * Every guard the CLI can name with `--guard`. Later guards join this one map. The baselines
 * (src/harness/baselines.ts) are weak on purpose: the challenge sets must fail each of them.
 */
export const GUARDS: Readonly<Record<GuardName, () => GuardUnderTest>> = {
  builtin: () => builtinGuard(),
  racy: () => builtinGuard({ racy: true }),
  'allow-all': () => constantGuard('allow-all', 'allow'),
  'deny-all': () => constantGuard('deny-all', 'deny'),
  'ask-all': () => constantGuard('ask-all', 'ask'),
  memoryless: () => windowGuard('memoryless', 0),
  'order-blind': () => orderBlindGuard(),
  'window-12': () => windowGuard('window-12', 12),
};

export { GUARD_NAMES, type GuardName };
