/**
 * The guard's rules (docs/semantics.md "Rules"): stable ids, one verdict per mode, one plain-language
 * reason each. The verdict of a call is the strictest rule that fires.
 */
import type { Mode, Verdict } from './capabilities.js';

/** Stable rule ids. Reports, baselines and scenario `expect.rule` key on them. */
export const RULE_IDS = [
  'classify.unknown-tool',
  'chain.eit-pat',
  'chain.eit-pat-nat',
  'chain.eit-pat-nat.sensitive',
  'chain.eit-credential',
  'provenance.untrusted-mutation',
  'exec.credential-egress',
  'gate.escalate',
  'gate.deny',
  'guard.internal-error',
  'guard.degraded-ledger',
  'guard.input-unread',
] as const;

export type RuleId = (typeof RULE_IDS)[number];

/**
 * Which of several rules with the same verdict is reported as the deciding one: the guard's own
 * fail-closed rules, then the hard rule (its verdict holds in every mode, so it explains the call
 * in every mode), then the rest in {@link RULE_IDS} order.
 */
export const DECIDING_ORDER: readonly RuleId[] = ['guard.internal-error', 'guard.degraded-ledger', 'guard.input-unread', 'exec.credential-egress', ...RULE_IDS.filter((r) => !r.startsWith('guard.') && r !== 'exec.credential-egress')];

/** The chain rules' verdict per mode, exactly docs/semantics.md's table. */
export const RULE_TABLE: Readonly<Record<'chain.eit-pat' | 'chain.eit-pat-nat' | 'chain.eit-pat-nat.sensitive' | 'chain.eit-credential' | 'provenance.untrusted-mutation' | 'exec.credential-egress' | 'guard.input-unread', Readonly<Record<Mode, Verdict>>>> = {
  'chain.eit-pat': { permissive: 'allow', balanced: 'ask', strict: 'ask' },
  'chain.eit-pat-nat': { permissive: 'allow', balanced: 'ask', strict: 'deny' },
  'chain.eit-pat-nat.sensitive': { permissive: 'deny', balanced: 'deny', strict: 'deny' },
  'chain.eit-credential': { permissive: 'ask', balanced: 'deny', strict: 'deny' },
  'provenance.untrusted-mutation': { permissive: 'allow', balanced: 'ask', strict: 'deny' },
  'exec.credential-egress': { permissive: 'deny', balanced: 'deny', strict: 'deny' },
  // Never allow: the guard did not read all of the call (README "Bounds").
  'guard.input-unread': { permissive: 'ask', balanced: 'ask', strict: 'deny' },
};

/** What each rule checks, for the README and `explain`. */
export const RULE_DESCRIPTIONS: Readonly<Record<RuleId, string>> = {
  'classify.unknown-tool': 'the call classifies to no capability: the configured unknownTool posture applies',
  'chain.eit-pat': 'case A: the call reads private data (PAT) and external content (EIT) came before',
  'chain.eit-pat-nat': 'case B: the call sends data out (NAT) after EIT → PAT, with no sensitive data in its arguments',
  'chain.eit-pat-nat.sensitive': 'case C: as case B, and the arguments carry PII, a secret or private-provenance content',
  'chain.eit-credential': 'the call reads credentials and external content came before',
  'provenance.untrusted-mutation': 'the call mutates local state with arguments carrying untrusted-provenance content',
  'exec.credential-egress': 'hard rule: the call executes a network-capable command that credentials enter',
  'gate.escalate': 'the capability gate escalates: the policy does not grant a required capability, or the dispatch policy asks',
  'gate.deny': 'the capability gate denies: the dispatch policy denies the call',
  'guard.internal-error': 'the guard failed internally while deciding: the fail-closed verdict applies',
  'guard.degraded-ledger': 'recording an earlier event failed, so the history may be incomplete: the fail-closed verdict applies',
  'guard.input-unread': 'the guard stopped reading the call, or its tool\'s spec, at a cap or an unreadable value: it never allows, and judges the rest as if the unread part held what its rules look for',
};
