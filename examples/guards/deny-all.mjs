/**
 * A guard module: the smallest guard under test, written against the module interface.
 *
 *   guard-eval run challenge-sets --guard ./examples/guards/deny-all.mjs
 *
 * The default export builds the guard once per run. It denies every call, exactly as the built-in
 * `deny-all` baseline does (same rule id and reason), so the two runs give the same results.
 *
 * @returns {import('guard-eval').GuardUnderTest}
 */
export default function denyAll() {
  let next = 0;
  const sessions = new Set();
  return {
    name: 'deny-all (module example)',
    // What it supports: it takes every input (a policy, declared provenance) and ignores it,
    // reports no capabilities, and its one rule id is its own.
    features: { policy: true, from: true, capabilities: false, rules: 'own', orderDependent: false },
    /** @param {import('guard-eval').SessionConfig} config the scenario's guard settings and tools (unused here) */
    async newSession() {
      const id = `s${next++}`;
      sessions.add(id);
      return id;
    },
    /** @param {string} session @param {import('guard-eval').ToolCall} call the call to decide (unused here) */
    async decide(session) {
      if (!sessions.has(session)) throw new Error(`unknown session ${session}`);
      return { verdict: 'deny', rules: [{ id: 'baseline.deny-all', reason: 'deny-all: every call gets deny' }] };
    },
    // record(session, ref, outcome): a call that ran, with its result or error; nothing to keep.
    async record() {},
    async endSession(session) {
      sessions.delete(session);
    },
    async close() {
      sessions.clear();
    },
  };
}
