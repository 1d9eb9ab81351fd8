/**
 * Baseline guards: deliberately weak designs that the challenge sets must tell apart from the
 * built-in guard. Each is a faithful implementation of one common shortcut, so a set that none of
 * them fails is too weak to separate a good guard from a bad one.
 *
 * - `allow-all`, `deny-all`, `ask-all`: one verdict for every call.
 * - `memoryless`: the built-in guard's per-call rules only; every call is decided in an empty
 *   session, so no chain is ever seen.
 * - `window-12`: the built-in guard over a sliding window: every call is decided in a session that
 *   holds only the last 12 recorded events (the common bounded-history design).
 * - `order-blind`: the built-in guard, except that an external ingestion after a private read
 *   counts as if the read had come after it (PAT → EIT treated like EIT → PAT).
 */
import type { Verdict } from '../core/capabilities.js';
import type { Session } from '../core/guard.js';
import type { CallOutcome, Decision, ToolCall } from '../core/types.js';
import { BUILTIN_FEATURES, guardFor, newSessionId } from './guards.js';
import type { GuardDecision, GuardUnderTest, SessionConfig } from './guards.js';

/** A record reference as the core takes it (the runner passes capability names it got from `decide`). */
type Ref = Parameters<Session['record']>[0];

/** A guard that answers `verdict` for every call and remembers nothing. */
export function constantGuard(name: string, verdict: Verdict): GuardUnderTest {
  const decision: GuardDecision = verdict === 'allow' ? { verdict, rules: [] } : { verdict, rules: [{ id: `baseline.${name}`, reason: `${name}: every call gets ${verdict}` }] };
  const open = new Set<string>();
  return {
    name,
    // One verdict whatever the input: every input is taken, no capability is reported, and the one
    // rule id a stricter verdict names is its own.
    features: { policy: true, from: true, capabilities: false, rules: verdict === 'allow' ? 'none' : 'own', orderDependent: false },
    async newSession() {
      const id = newSessionId();
      open.add(id);
      return id;
    },
    async decide(session) {
      if (!open.has(session)) throw new Error(`unknown session \`${session}\``);
      return decision;
    },
    async record() {},
    async endSession(session) {
      open.delete(session);
    },
    async close() {
      open.clear();
    },
  };
}

/** Plain-data decision, as the built-in adapter returns it. */
function plain(d: Decision): GuardDecision {
  return d;
}

/**
 * The built-in guard with a bounded history: each decision is made in a fresh session into which
 * the last `size` recorded events are replayed (in the order they were recorded). `size` 0 is the
 * memoryless guard.
 */
export function windowGuard(name: string, size: number): GuardUnderTest {
  const sessions = new Map<string, { config: SessionConfig; events: { ref: Ref; outcome: CallOutcome }[] }>();
  return {
    name,
    features: BUILTIN_FEATURES,
    variantOf: 'builtin',
    async newSession(config) {
      const id = newSessionId();
      sessions.set(id, { config, events: [] });
      return id;
    },
    async decide(session, call) {
      const s = stateOf(sessions, session);
      const guard = guardFor(s.config);
      const fresh = guard.session(`${session}:window`);
      try {
        for (const e of s.events) fresh.record(e.ref, e.outcome);
        return plain(fresh.decide(call));
      } finally {
        guard.endSession(fresh.id);
      }
    },
    async record(session, ref, outcome) {
      if (size === 0) return;
      const s = stateOf(sessions, session);
      s.events.push({ ref: ref as Ref, outcome });
      if (s.events.length > size) s.events.shift();
    },
    async endSession(session) {
      sessions.delete(session);
    },
    async close() {
      sessions.clear();
    },
  };
}

/**
 * The built-in guard, blind to the order of ingestion and private reads: after an event with EIT
 * is recorded, every private read (PAT) recorded before it is recorded again just after it, so the
 * ledger sees EIT → PAT whichever came first. Turns are doubled inside, which leaves room for
 * those copies between one host turn and the next without changing what a batch sees.
 */
export function orderBlindGuard(): GuardUnderTest {
  const sessions = new Map<string, { session: Session; reads: { ref: Ref; outcome: CallOutcome }[] }>();
  const inner = (ref: Ref, turn: number): Ref => ({ ...ref, turn });
  return {
    name: 'order-blind',
    features: BUILTIN_FEATURES,
    variantOf: 'builtin',
    async newSession(config) {
      const id = newSessionId();
      sessions.set(id, { session: guardFor(config).session(id), reads: [] });
      return id;
    },
    async decide(session, call: ToolCall) {
      const s = stateOf(sessions, session);
      return plain(s.session.decide(call.turn === undefined ? call : { ...call, turn: 2 * call.turn }));
    },
    async record(session, ref, outcome) {
      const s = stateOf(sessions, session);
      s.session.record(inner(ref as Ref, 2 * ref.turn), outcome);
      if (outcome.error !== undefined) return;
      const caps = ref.capabilities ?? [];
      if (caps.includes('EXTERNAL_INGESTION')) {
        // Copies in the same scope, just after this event and before the next turn.
        for (const r of s.reads) if (r.ref.turn < ref.turn) s.session.record({ ...r.ref, turn: 2 * ref.turn + 1, ...(ref.parent !== undefined ? { parent: ref.parent } : {}) }, r.outcome);
      }
      if (caps.includes('PRIVATE_ACCESS')) s.reads.push({ ref: { tool: ref.tool, turn: ref.turn, capabilities: (ref as Ref).capabilities ?? [] }, outcome });
    },
    async endSession(session) {
      const s = sessions.get(session);
      s?.session.guard.endSession(s.session.id);
      sessions.delete(session);
    },
    async close() {
      sessions.clear();
    },
  };
}

function stateOf<T>(sessions: Map<string, T>, id: string): T {
  const s = sessions.get(id);
  if (s === undefined) throw new Error(`unknown session \`${id}\``);
  return s;
}
