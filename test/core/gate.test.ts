/**
 * The capability gate's invariants, checked exhaustively over every subset of the seven gate
 * capabilities where docs/semantics.md says so, and as fast-check properties over random policies.
 *
 * Exhaustive loops collect violations into an array and assert it is empty, so a failure names the
 * exact inputs instead of stopping at an opaque first `expect`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES, VERDICTS, verdictRank } from '../../src/core/capabilities.js';
import type { Capability, Verdict } from '../../src/core/capabilities.js';
import type { PolicyVerdict, ToolAnnotations } from '../../src/core/types.js';
import {
  CAPABILITY_TO_GATE,
  GATE_CAPABILITIES,
  GATE_CAPABILITY_WORDS,
  GATE_MAPPING_MARKDOWN,
  GATE_TO_CAPABILITY,
  NATIVE_SEARCH_ORIGIN,
  POLICY_ASK_REASON,
  POLICY_DENY_REASON,
  TAINT_REVOKED,
  classifyProfile,
  decide,
  escalationReason,
  grantedCapabilities,
  isGateCapability,
  isUnclassifiable,
  monotonicRedeclaration,
  outcomeVerdict,
  parseGrantPolicy,
  requiredCapabilities,
} from '../../src/core/gate.js';
import type { GateCapability, GateOutcome, GrantPolicy, ToolProfile } from '../../src/core/gate.js';

// ---------------------------------------------------------------------------------------------
// Subset machinery
// ---------------------------------------------------------------------------------------------

const N = GATE_CAPABILITIES.length;
const SUBSET_COUNT = 1 << N;

/** Every subset of the seven, indexed by bit mask (bit i = GATE_CAPABILITIES[i]), each in canonical order. */
const SUBSETS: readonly (readonly GateCapability[])[] = Array.from({ length: SUBSET_COUNT }, (_, mask) =>
  GATE_CAPABILITIES.filter((_c, i) => ((mask >> i) & 1) === 1),
);
const SETS: readonly ReadonlySet<GateCapability>[] = SUBSETS.map((s) => new Set(s));

function subsetAt(mask: number): readonly GateCapability[] {
  const s = SUBSETS[mask];
  if (s === undefined) throw new Error(`no subset ${mask}`);
  return s;
}
function setAt(mask: number): ReadonlySet<GateCapability> {
  const s = SETS[mask];
  if (s === undefined) throw new Error(`no subset ${mask}`);
  return s;
}
function maskOf(s: Iterable<GateCapability>): number {
  let m = 0;
  for (const c of s) m |= 1 << GATE_CAPABILITIES.indexOf(c);
  return m;
}
function isSubset(a: Iterable<GateCapability>, b: ReadonlySet<GateCapability>): boolean {
  return [...a].every((x) => b.has(x));
}
const ALL7 = [...GATE_CAPABILITIES];
const REVOKED_MASK = maskOf(TAINT_REVOKED);
const isAllow = (o: GateOutcome): boolean => o.kind === 'allow' || o.kind === 'allow-with-transform';

/** Every policy: `granted` ranges over the 128 subsets and `all`, `taintResilient` over the 128 subsets. */
function* everyPolicy(): Generator<{ readonly policy: GrantPolicy; readonly grantedMask: number; readonly resilientMask: number }> {
  for (let g = 0; g <= SUBSET_COUNT; g++) {
    const granted: GrantPolicy['granted'] = g === SUBSET_COUNT ? 'all' : subsetAt(g);
    const grantedMask = g === SUBSET_COUNT ? SUBSET_COUNT - 1 : g;
    for (let r = 0; r < SUBSET_COUNT; r++) {
      yield { policy: { granted, taintResilient: subsetAt(r) }, grantedMask, resilientMask: r };
    }
  }
}

const CALL_POLICIES: readonly (PolicyVerdict | undefined)[] = [
  undefined,
  { verdict: 'allow' },
  { verdict: 'ask' },
  { verdict: 'deny' },
  { verdict: 'allow', transform: 'redact' },
  { verdict: 'ask', transform: 'redact' },
  { verdict: 'deny', transform: 'redact' },
];

describe('subset machinery', () => {
  it('enumerates 128 distinct subsets', () => {
    expect(N).toBe(7);
    expect(new Set(SUBSETS.map((s) => s.join(','))).size).toBe(128);
    expect(subsetAt(0)).toEqual([]);
    expect(subsetAt(127)).toEqual(ALL7);
    for (let m = 0; m < SUBSET_COUNT; m++) expect(maskOf(subsetAt(m))).toBe(m);
  });
});

// ---------------------------------------------------------------------------------------------
// Names and the mapping table
// ---------------------------------------------------------------------------------------------

describe('names and mapping', () => {
  it('has exactly the seven documented gate names', () => {
    expect(ALL7).toEqual([
      'ReadUntrusted',
      'ReadPrivate',
      'ReadCredentials',
      'MutateLocal',
      'MutateExternal',
      'ArbitraryEgress',
      'ExecuteCode',
    ]);
    for (const g of GATE_CAPABILITIES) expect(isGateCapability(g)).toBe(true);
    for (const s of ['readprivate', 'ReadPrivat', 'all', '', 'EXTERNAL_ACTION']) expect(isGateCapability(s)).toBe(false);
  });

  it('maps gate names to the six capabilities as documented', () => {
    expect(GATE_TO_CAPABILITY).toEqual({
      ReadUntrusted: 'EXTERNAL_INGESTION',
      ReadPrivate: 'PRIVATE_ACCESS',
      ReadCredentials: 'CREDENTIAL_ACCESS',
      MutateLocal: 'LOCAL_MUTATION',
      MutateExternal: 'EXTERNAL_ACTION',
      ArbitraryEgress: 'EXTERNAL_ACTION',
      ExecuteCode: 'CODE_EXECUTION',
    });
    expect(CAPABILITY_TO_GATE).toEqual({
      EXTERNAL_INGESTION: ['ReadUntrusted'],
      PRIVATE_ACCESS: ['ReadPrivate'],
      EXTERNAL_ACTION: ['MutateExternal', 'ArbitraryEgress'],
      LOCAL_MUTATION: ['MutateLocal'],
      CODE_EXECUTION: ['ExecuteCode'],
      CREDENTIAL_ACCESS: ['ReadCredentials'],
    });
  });

  it('the two tables are inverse and cover all six capabilities', () => {
    for (const c of CAPABILITIES) {
      expect(CAPABILITY_TO_GATE[c].length).toBeGreaterThan(0);
      for (const g of CAPABILITY_TO_GATE[c]) expect(GATE_TO_CAPABILITY[g]).toBe(c);
    }
    for (const g of GATE_CAPABILITIES) expect(CAPABILITY_TO_GATE[GATE_TO_CAPABILITY[g]]).toContain(g);
  });

  it('revokes exactly MutateExternal and ArbitraryEgress under taint', () => {
    expect([...TAINT_REVOKED].sort()).toEqual(['ArbitraryEgress', 'MutateExternal']);
  });

  it('renders the mapping as a markdown table naming every capability', () => {
    const lines = GATE_MAPPING_MARKDOWN.split('\n');
    expect(lines).toHaveLength(2 + 7);
    expect(lines[0]).toBe('| gate capability | guard capability | what it lets a call do | revoked under taint? |');
    for (const g of GATE_CAPABILITIES) {
      const row = lines.find((l) => l.startsWith(`| \`${g}\` |`));
      expect(row, g).toBeDefined();
      expect(row).toContain(`\`${GATE_TO_CAPABILITY[g]}\``);
      expect(row).toContain(GATE_CAPABILITY_WORDS[g]);
      expect(row?.endsWith(TAINT_REVOKED.has(g) ? '| yes, unless taint-resilient |' : '| no |')).toBe(true);
    }
    for (const c of CAPABILITIES) expect(GATE_MAPPING_MARKDOWN).toContain(c);
  });
});

// ---------------------------------------------------------------------------------------------
// Granted capabilities (invariants 1 and 2, exhaustive)
// ---------------------------------------------------------------------------------------------

describe('grantedCapabilities, exhaustively over 129 granted x 128 taintResilient x tainted', () => {
  it('1. taint never adds a capability', () => {
    const violations: string[] = [];
    let checked = 0;
    for (const { policy } of everyPolicy()) {
      const clean = grantedCapabilities(policy, false);
      const tainted = grantedCapabilities(policy, true);
      checked++;
      if (!isSubset(tainted, clean)) violations.push(JSON.stringify(policy));
    }
    expect(checked).toBe(129 * 128);
    expect(violations).toEqual([]);
  });

  it('2. tainted: revoked-but-not-resilient are absent and the rest stays; untainted: exactly policy.granted', () => {
    const violations: string[] = [];
    for (const { policy, grantedMask, resilientMask } of everyPolicy()) {
      const clean = maskOf(grantedCapabilities(policy, false));
      const tainted = maskOf(grantedCapabilities(policy, true));
      const expectedTainted = grantedMask & ~(REVOKED_MASK & ~resilientMask);
      if (clean !== grantedMask) violations.push(`untainted ${JSON.stringify(policy)}: ${clean}`);
      if (tainted !== expectedTainted) violations.push(`tainted ${JSON.stringify(policy)}: ${tainted}`);
      for (const r of TAINT_REVOKED) {
        const resilient = (resilientMask & (1 << GATE_CAPABILITIES.indexOf(r))) !== 0;
        if (!resilient && grantedCapabilities(policy, true).has(r)) violations.push(`${r} kept under taint: ${JSON.stringify(policy)}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('returns canonical order, and taintResilient alone grants nothing', () => {
    expect([...grantedCapabilities({ granted: ['ExecuteCode', 'ReadUntrusted'] }, false)]).toEqual(['ReadUntrusted', 'ExecuteCode']);
    expect([...grantedCapabilities({ granted: [], taintResilient: ['ArbitraryEgress'] }, true)]).toEqual([]);
    expect([...grantedCapabilities({ granted: 'all' }, true)]).toEqual(
      ALL7.filter((g) => !TAINT_REVOKED.has(g)),
    );
    expect([...grantedCapabilities({ granted: 'all', taintResilient: ['ArbitraryEgress'] }, true)]).toEqual(
      ALL7.filter((g) => g !== 'MutateExternal'),
    );
  });

  it('grants nothing for unknown names in untyped data (fail closed)', () => {
    const junk = { granted: ['ReadPrivat', 'ExecuteCode'] } as unknown as GrantPolicy;
    expect([...grantedCapabilities(junk, false)]).toEqual(['ExecuteCode']);
    const str = { granted: 'ReadPrivate' } as unknown as GrantPolicy;
    expect([...grantedCapabilities(str, false)]).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// decide (invariants 3, 4, 6, exhaustive)
// ---------------------------------------------------------------------------------------------

describe('decide, exhaustively', () => {
  it('3. never allows when required ⊄ granted; with no call policy, allow iff required ⊆ granted', () => {
    const violations: string[] = [];
    for (let req = 0; req < SUBSET_COUNT; req++) {
      for (let gr = 0; gr < SUBSET_COUNT; gr++) {
        const contained = (req & ~gr) === 0;
        for (const cp of CALL_POLICIES) {
          for (const tainted of [false, true]) {
            const o = decide(setAt(req), setAt(gr), cp, tainted);
            if (!contained && isAllow(o)) violations.push(`allowed req=${req} gr=${gr} ${JSON.stringify(cp)}`);
            if (cp === undefined && isAllow(o) !== contained) violations.push(`no-policy req=${req} gr=${gr}: ${o.kind}`);
            if (o.kind === 'escalate' && o.missing.length > 0 && maskOf(o.missing) !== (req & ~gr)) {
              violations.push(`missing req=${req} gr=${gr}: ${o.missing.join(',')}`);
            }
          }
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('4. a transform is returned iff the policy allows and required ⊆ granted (all 128 x 128 x 3)', () => {
    const violations: string[] = [];
    for (let req = 0; req < SUBSET_COUNT; req++) {
      for (let gr = 0; gr < SUBSET_COUNT; gr++) {
        for (const verdict of VERDICTS) {
          const o = decide(setAt(req), setAt(gr), { verdict, transform: 'redact' });
          const expected = verdict === 'allow' && (req & ~gr) === 0;
          if ((o.kind === 'allow-with-transform') !== expected) violations.push(`req=${req} gr=${gr} ${verdict}: ${o.kind}`);
          if (o.kind === 'allow-with-transform' && o.transform !== 'redact') violations.push(`transform ${o.transform}`);
          if (o.kind === 'allow') violations.push(`transform dropped on allow req=${req} gr=${gr}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('6. adding taint never turns a non-allow outcome into allow, nor loosens the verdict', () => {
    // decide depends on the policy only through the two granted sets, so exhausting the distinct
    // (untainted, tainted) pairs over all 129 x 128 policies exhausts every policy.
    const pairs = new Map<string, readonly [number, number]>();
    for (const { policy } of everyPolicy()) {
      const clean = maskOf(grantedCapabilities(policy, false));
      const dirty = maskOf(grantedCapabilities(policy, true));
      pairs.set(`${clean}/${dirty}`, [clean, dirty]);
    }
    expect(pairs.size).toBeGreaterThan(128);
    const violations: string[] = [];
    for (let req = 0; req < SUBSET_COUNT; req++) {
      for (const [clean, dirty] of pairs.values()) {
        for (const cp of CALL_POLICIES) {
          const before = decide(setAt(req), setAt(clean), cp, false);
          const after = decide(setAt(req), setAt(dirty), cp, true);
          if (!isAllow(before) && isAllow(after)) violations.push(`req=${req} ${clean}->${dirty} ${JSON.stringify(cp)}`);
          if (verdictRank(outcomeVerdict(after)) < verdictRank(outcomeVerdict(before))) {
            violations.push(`loosened req=${req} ${clean}->${dirty} ${JSON.stringify(cp)}`);
          }
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('follows the documented order and wording', () => {
    const all = setAt(SUBSET_COUNT - 1);
    const none = setAt(0);
    const egress = new Set<GateCapability>(['ArbitraryEgress', 'ReadPrivate']);
    expect(decide(none, all)).toEqual({ kind: 'allow' });
    expect(decide(none, none, { verdict: 'deny' })).toEqual({ kind: 'deny', reason: POLICY_DENY_REASON });
    expect(POLICY_DENY_REASON).toBe('the dispatch policy denies this call');
    expect(decide(egress, none, { verdict: 'deny' }).kind).toBe('deny');
    expect(decide(egress, none, { verdict: 'ask' }, true)).toEqual({
      kind: 'escalate',
      missing: ['ReadPrivate', 'ArbitraryEgress'],
      reason: escalationReason(['ReadPrivate', 'ArbitraryEgress'], true),
    });
    expect(decide(egress, all, { verdict: 'ask' })).toEqual({ kind: 'escalate', missing: [], reason: POLICY_ASK_REASON });
    expect(POLICY_ASK_REASON).toBe('the dispatch policy asks for approval of this call');
    expect(decide(egress, all, { verdict: 'allow', transform: 'redact' })).toEqual({
      kind: 'allow-with-transform',
      transform: 'redact',
    });
  });

  it('fails closed on malformed untyped input', () => {
    const all = setAt(SUBSET_COUNT - 1);
    const none = setAt(0);
    expect(decide(none, all, { verdict: 'maybe' } as unknown as PolicyVerdict).kind).toBe('deny');
    expect(decide(none, all, { verdict: 'allow', transform: '' }).kind).toBe('deny');
    expect(decide(none, all, { verdict: 'allow', transform: 7 } as unknown as PolicyVerdict).kind).toBe('deny');
    expect(decide(new Set(['Teleport']) as unknown as ReadonlySet<GateCapability>, all).kind).toBe('deny');
  });

  it('maps outcomes to verdicts', () => {
    const cases: readonly (readonly [GateOutcome, Verdict])[] = [
      [{ kind: 'allow' }, 'allow'],
      [{ kind: 'allow-with-transform', transform: 'redact' }, 'allow'],
      [{ kind: 'escalate', missing: ['ReadPrivate'], reason: 'r' }, 'ask'],
      [{ kind: 'deny', reason: 'r' }, 'deny'],
    ];
    for (const [o, v] of cases) expect(outcomeVerdict(o)).toBe(v);
  });

  it('maps an outcome of an unknown kind (untyped data) to deny, never to the outcome itself', () => {
    for (const kind of ['permit', '', 'ALLOW', undefined]) expect(outcomeVerdict({ kind } as unknown as GateOutcome)).toBe('deny');
  });
});

// ---------------------------------------------------------------------------------------------
// monotonicRedeclaration (invariant 5, exhaustive)
// ---------------------------------------------------------------------------------------------

describe('monotonicRedeclaration', () => {
  it('5. the result contains both arguments, and is exactly their union (128 x 128)', () => {
    const violations: string[] = [];
    for (let a = 0; a < SUBSET_COUNT; a++) {
      for (let b = 0; b < SUBSET_COUNT; b++) {
        const r = monotonicRedeclaration(setAt(a), setAt(b));
        if (!isSubset(setAt(a), r) || !isSubset(setAt(b), r)) violations.push(`${a} ${b}: not a superset`);
        if (maskOf(r) !== (a | b)) violations.push(`${a} ${b}: ${maskOf(r)} is not the union`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('a connector that re-declares itself read-only keeps its write capabilities', () => {
    const writer = requiredCapabilities({ origin: 'connector:crm', annotations: { readOnlyHint: false } });
    const liar = requiredCapabilities({ origin: 'connector:crm', annotations: { readOnlyHint: true, openWorldHint: false } });
    expect([...monotonicRedeclaration(writer, liar)]).toEqual(['ReadPrivate', 'MutateExternal', 'ArbitraryEgress']);
  });
});

// ---------------------------------------------------------------------------------------------
// Tool profiles (7 and 8)
// ---------------------------------------------------------------------------------------------

/** Annotations with only the defined hints (exactOptionalPropertyTypes forbids explicit undefined). */
function hints(readOnly?: boolean, openWorld?: boolean, destructive?: boolean, idempotent?: boolean): ToolAnnotations {
  return {
    ...(readOnly === undefined ? {} : { readOnlyHint: readOnly }),
    ...(openWorld === undefined ? {} : { openWorldHint: openWorld }),
    ...(destructive === undefined ? {} : { destructiveHint: destructive }),
    ...(idempotent === undefined ? {} : { idempotentHint: idempotent }),
  };
}
const req = (p: ToolProfile): GateCapability[] => [...requiredCapabilities(p)];

describe('requiredCapabilities: unclassifiable profiles require all seven', () => {
  const cases: readonly (readonly [string, ToolProfile])[] = [
    ['origin ftp', { origin: 'ftp', capabilities: ['PRIVATE_ACCESS'] }],
    ['origin mcp: without a server', { origin: 'mcp:', annotations: hints(true, false) }],
    ['origin connector: without a name', { origin: 'connector:', capabilities: ['PRIVATE_ACCESS'] }],
    ['origin in the wrong case', { origin: 'MCP:files', annotations: hints(true, false) }],
    ['origin not a string', { origin: 42 } as unknown as ToolProfile],
    ['readOnlyHint "yes"', { origin: 'mcp:x', annotations: { readOnlyHint: 'yes' } as unknown as ToolAnnotations }],
    ['openWorldHint null', { origin: 'mcp:x', annotations: { openWorldHint: null } as unknown as ToolAnnotations }],
    ['destructiveHint 1 (present, not boolean)', { capabilities: ['PRIVATE_ACCESS'], annotations: { destructiveHint: 1 } as unknown as ToolAnnotations }],
    ['annotations not an object', { annotations: 'readOnly' } as unknown as ToolProfile],
    ['annotations null', { capabilities: ['PRIVATE_ACCESS'], annotations: null } as unknown as ToolProfile],
    ['idempotentHint "no" (present, not boolean)', { capabilities: ['PRIVATE_ACCESS'], annotations: { idempotentHint: 'no' } as unknown as ToolAnnotations }],
    ['annotations a list', { annotations: [] } as unknown as ToolProfile],
    ['empty builtin profile', {}],
    ['builtin with no capabilities and no annotations', { origin: 'builtin' }],
    ['builtin whose annotations carry no hint', { annotations: { title: 'Thing' } }],
    ['builtin with only destructiveHint', { annotations: hints(undefined, undefined, true) }],
    ['mcp tool with nothing known', { origin: 'mcp:x' }],
    ['mcp tool classified to [] with no annotations', { origin: 'mcp:x', capabilities: [] }],
    ['unknown capability name', { capabilities: ['NETWORK'] as unknown as Capability[] }],
    ['capabilities not a list', { capabilities: 'PRIVATE_ACCESS' } as unknown as ToolProfile],
  ];
  it.each(cases)('%s', (_name, profile) => {
    expect(isUnclassifiable(profile)).toBe(true);
    expect(req(profile)).toEqual(ALL7);
    const c = classifyProfile(profile);
    expect(c.kind === 'unclassifiable' ? c.why.length : 0).toBeGreaterThan(0);
  });
});

describe('requiredCapabilities: classifiable profiles', () => {
  it('native search requires ReadUntrusted only', () => {
    expect(req({ origin: NATIVE_SEARCH_ORIGIN })).toEqual(['ReadUntrusted']);
    expect(req({ origin: 'native-search', capabilities: [] })).toEqual(['ReadUntrusted']);
    expect(isUnclassifiable({ origin: 'native-search' })).toBe(false);
  });

  it('an explicit `capabilities: []` builtin is known and requires nothing', () => {
    expect(req({ capabilities: [] })).toEqual([]);
    expect(req({ origin: 'builtin', capabilities: [] })).toEqual([]);
    expect(isUnclassifiable({ capabilities: [] })).toBe(false);
  });

  it.each(CAPABILITIES.map((c) => [c] as const))('capability %s maps through CAPABILITY_TO_GATE', (c) => {
    expect(req({ capabilities: [c] })).toEqual([...CAPABILITY_TO_GATE[c]]);
    expect(req({ origin: 'mcp:x', capabilities: [c] })).toEqual([...CAPABILITY_TO_GATE[c]]);
  });

  it('EXTERNAL_ACTION requires both outbound gate capabilities', () => {
    expect(req({ capabilities: ['EXTERNAL_ACTION'] })).toEqual(['MutateExternal', 'ArbitraryEgress']);
  });

  it('takes the union of capabilities, annotations and origin, in canonical order', () => {
    expect(
      req({ origin: 'native-search', capabilities: ['CODE_EXECUTION', 'PRIVATE_ACCESS'], annotations: hints(false, false) }),
    ).toEqual(['ReadUntrusted', 'ReadPrivate', 'MutateLocal', 'ExecuteCode']);
    expect(req({ origin: 'mcp:mail', capabilities: ['CREDENTIAL_ACCESS'], annotations: hints(true, true) })).toEqual([
      'ReadUntrusted',
      'ReadCredentials',
    ]);
  });
});

describe('8. annotation table (MCP semantics)', () => {
  const rows: readonly (readonly [string, ToolProfile, readonly GateCapability[]])[] = [
    // The four rows, for an MCP tool, a connector and a builtin with both hints set.
    ['mcp readOnly & openWorld', { origin: 'mcp:web', annotations: hints(true, true) }, ['ReadUntrusted']],
    ['mcp readOnly & !openWorld', { origin: 'mcp:db', annotations: hints(true, false) }, ['ReadPrivate']],
    ['mcp !readOnly & openWorld', { origin: 'mcp:mail', annotations: hints(false, true) }, ['MutateExternal', 'ArbitraryEgress']],
    ['mcp !readOnly & !openWorld', { origin: 'mcp:fs', annotations: hints(false, false) }, ['MutateLocal']],
    ['connector readOnly & openWorld', { origin: 'connector:x', annotations: hints(true, true) }, ['ReadUntrusted']],
    ['connector !readOnly & !openWorld', { origin: 'connector:x', annotations: hints(false, false) }, ['MutateLocal']],
    ['builtin readOnly & openWorld', { annotations: hints(true, true) }, ['ReadUntrusted']],
    ['builtin readOnly & !openWorld', { annotations: hints(true, false) }, ['ReadPrivate']],
    ['builtin !readOnly & openWorld', { annotations: hints(false, true) }, ['MutateExternal', 'ArbitraryEgress']],
    ['builtin !readOnly & !openWorld', { annotations: hints(false, false) }, ['MutateLocal']],
    // MCP defaults (readOnlyHint false, openWorldHint true) fill absent hints for mcp:/connector: only.
    ['mcp {} -> defaults', { origin: 'mcp:x', annotations: {} }, ['MutateExternal', 'ArbitraryEgress']],
    ['connector title only -> defaults', { origin: 'connector:x', annotations: { title: 'T' } }, ['MutateExternal', 'ArbitraryEgress']],
    ['mcp readOnly only -> openWorld default', { origin: 'mcp:x', annotations: hints(true) }, ['ReadUntrusted']],
    ['mcp !openWorld only -> readOnly default', { origin: 'mcp:x', annotations: hints(undefined, false) }, ['MutateLocal']],
    // Builtins: an absent hint is unknown and ranges over both values (fail closed).
    ['builtin readOnly only', { annotations: hints(true) }, ['ReadUntrusted', 'ReadPrivate']],
    ['builtin !readOnly only', { annotations: hints(false) }, ['MutateLocal', 'MutateExternal', 'ArbitraryEgress']],
    ['builtin openWorld only', { annotations: hints(undefined, true) }, ['ReadUntrusted', 'MutateExternal', 'ArbitraryEgress']],
    ['builtin !openWorld only', { annotations: hints(undefined, false) }, ['ReadPrivate', 'MutateLocal']],
  ];
  it.each(rows)('%s', (_name, profile, expected) => {
    expect(isUnclassifiable(profile)).toBe(false);
    expect(req(profile)).toEqual(expected);
  });

  it('destructiveHint and idempotentHint add nothing, for every hint combination and origin', () => {
    const tri = [undefined, false, true] as const;
    const violations: string[] = [];
    for (const origin of ['builtin', 'mcp:x', 'connector:y', 'native-search']) {
      for (const r of tri) {
        for (const o of tri) {
          const base = req({ origin, annotations: hints(r, o), capabilities: ['LOCAL_MUTATION'] });
          for (const d of tri) {
            for (const i of tri) {
              const got = req({ origin, annotations: hints(r, o, d, i), capabilities: ['LOCAL_MUTATION'] });
              if (got.join() !== base.join()) violations.push(`${origin} ${String(r)} ${String(o)} ${String(d)} ${String(i)}`);
            }
          }
        }
      }
    }
    expect(violations).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// escalationReason (9)
// ---------------------------------------------------------------------------------------------

describe('9. escalationReason', () => {
  it('is deterministic, order-insensitive, names exactly the missing capabilities, mentions taint iff tainted', () => {
    const violations: string[] = [];
    // Every answer once, in the opposite order: the loop below must find the same ones after
    // every other subset has been asked about.
    const first = new Map<string, string>();
    for (let m = SUBSET_COUNT - 1; m >= 1; m--) for (const tainted of [true, false]) first.set(`${m} ${String(tainted)}`, escalationReason(subsetAt(m), tainted));
    for (let m = 1; m < SUBSET_COUNT; m++) {
      const missing = subsetAt(m);
      for (const tainted of [false, true]) {
        const r = escalationReason(missing, tainted);
        if (r !== first.get(`${m} ${String(tainted)}`)) violations.push(`not deterministic ${m}`);
        if (r !== escalationReason([...missing].reverse(), tainted)) violations.push(`order-sensitive ${m}`);
        if (r !== escalationReason([...missing, ...missing], tainted)) violations.push(`duplicate-sensitive ${m}`);
        if (r.includes('untrusted content') !== tainted) violations.push(`taint clause ${m} ${String(tainted)}: ${r}`);
        if (r.endsWith('.') || /\.\s/.test(r) || r !== r.trim()) violations.push(`not one bare sentence: ${r}`);
        if (r[0] !== r[0]?.toLowerCase()) violations.push(`capitalised: ${r}`);
        for (const g of GATE_CAPABILITIES) {
          if (r.includes(GATE_CAPABILITY_WORDS[g]) !== missing.includes(g)) violations.push(`${g} wording in ${m}: ${r}`);
        }
        // Words appear in canonical order.
        const positions = missing.map((g) => r.indexOf(GATE_CAPABILITY_WORDS[g]));
        if (positions.some((p, i) => i > 0 && p < (positions[i - 1] ?? 0))) violations.push(`order ${m}: ${r}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('reads as plain language', () => {
    expect(escalationReason(['ArbitraryEgress'], false)).toBe(
      'the policy does not grant this call permission to send data to arbitrary destinations',
    );
    expect(escalationReason(['ArbitraryEgress', 'ReadPrivate'], true)).toBe(
      "the policy does not grant this call permission to read the user's private data and send data to arbitrary destinations while untrusted content is in the context",
    );
    expect(escalationReason(['ExecuteCode', 'MutateLocal', 'ReadCredentials'], false)).toBe(
      'the policy does not grant this call permission to read credentials or secrets, change local files or state and run code or commands',
    );
  });

  it('is the reason decide gives', () => {
    const o = decide(setAt(127), setAt(0), undefined, true);
    expect(o).toEqual({ kind: 'escalate', missing: ALL7, reason: escalationReason(ALL7, true) });
  });
});

// ---------------------------------------------------------------------------------------------
// parseGrantPolicy (10)
// ---------------------------------------------------------------------------------------------

describe('10. parseGrantPolicy', () => {
  it('accepts `all`', () => {
    expect(parseGrantPolicy({ granted: 'all' })).toEqual({ ok: true, policy: { granted: 'all' } });
  });

  it('accepts a list and taintResilient, in canonical order', () => {
    expect(parseGrantPolicy({ granted: ['ArbitraryEgress', 'ReadPrivate'], taintResilient: ['ArbitraryEgress'] })).toEqual({
      ok: true,
      policy: { granted: ['ReadPrivate', 'ArbitraryEgress'], taintResilient: ['ArbitraryEgress'] },
    });
    expect(parseGrantPolicy({ granted: [] })).toEqual({ ok: true, policy: { granted: [] } });
  });

  it('suggests the closest name for a typo', () => {
    expect(parseGrantPolicy({ granted: ['ReadUntrusted', 'ReadPrivat'] })).toEqual({
      ok: false,
      issues: [{ path: 'granted[1]', message: 'unknown capability `ReadPrivat` (did you mean `ReadPrivate`?)' }],
    });
    expect(parseGrantPolicy({ granted: 'all', taintResilient: ['ArbitraryEgres'] })).toEqual({
      ok: false,
      issues: [{ path: 'taintResilient[0]', message: 'unknown capability `ArbitraryEgres` (did you mean `ArbitraryEgress`?)' }],
    });
  });

  it('suggests nothing when no name is within distance 3', () => {
    expect(parseGrantPolicy({ granted: ['Teleport'] })).toEqual({
      ok: false,
      issues: [{ path: 'granted[0]', message: 'unknown capability `Teleport`' }],
    });
  });

  it('reports unknown keys', () => {
    expect(parseGrantPolicy({ granted: 'all', taintResiliant: [] })).toEqual({
      ok: false,
      issues: [{ path: 'taintResiliant', message: 'unknown key `taintResiliant` (did you mean `taintResilient`?)' }],
    });
    const r = parseGrantPolicy({ grantd: 'all' });
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.issues).toEqual([
      { path: 'grantd', message: 'unknown key `grantd` (did you mean `granted`?)' },
      { path: 'granted', message: 'missing `granted`: expected `all` or a list of capabilities' },
    ]);
  });

  it('rejects other shapes with a precise path', () => {
    const issuesOf = (raw: unknown): unknown => {
      const r = parseGrantPolicy(raw);
      return r.ok ? 'ok' : r.issues;
    };
    expect(issuesOf(null)).toEqual([{ path: '', message: 'expected a policy mapping with `granted`, got null' }]);
    expect(issuesOf(['all'])).toEqual([{ path: '', message: 'expected a policy mapping with `granted`, got a list' }]);
    expect(issuesOf({ granted: 'al' })).toEqual([
      { path: 'granted', message: 'expected `all` or a list of capabilities, got `al` (did you mean `all`?)' },
    ]);
    expect(issuesOf({ granted: 'ReadPrivate' })).toEqual([
      { path: 'granted', message: 'expected `all` or a list of capabilities, got `ReadPrivate` (write a single capability as a list: `[ReadPrivate]`)' },
    ]);
    expect(issuesOf({ granted: ['all'] })).toEqual([
      { path: 'granted[0]', message: '`all` is not a capability: write `granted: all` to grant every capability' },
    ]);
    expect(issuesOf({ granted: [1, 'ExecuteCode', 'ExecuteCode'] })).toEqual([
      { path: 'granted[0]', message: 'expected a capability name, got the number `1`' },
      { path: 'granted[2]', message: 'duplicate capability `ExecuteCode`' },
    ]);
    expect(issuesOf({ granted: 'all', taintResilient: 'all' })).toEqual([
      { path: 'taintResilient', message: 'expected a list of capabilities, got the string `all`' },
    ]);
    expect(issuesOf({ granted: { ReadPrivate: true } })).toEqual([
      { path: 'granted', message: 'expected a list of capabilities, got a map' },
    ]);
  });

  it('collects every issue, not just the first', () => {
    const r = parseGrantPolicy({ granted: ['ReadPrivat', 'MutateLocl'], taintResilient: ['Egress'], extra: true });
    expect(r.ok ? [] : r.issues.map((i) => i.path)).toEqual(['extra', 'granted[0]', 'granted[1]', 'taintResilient[0]']);
  });

  it('round-trips into grantedCapabilities', () => {
    const r = parseGrantPolicy({ granted: ['ReadUntrusted', 'ArbitraryEgress', 'MutateExternal'], taintResilient: ['MutateExternal'] });
    if (!r.ok) throw new Error('expected a valid policy');
    expect([...grantedCapabilities(r.policy, true)]).toEqual(['ReadUntrusted', 'MutateExternal']);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random policies (1, 3, 6), seeds pinned
// ---------------------------------------------------------------------------------------------

describe('properties over random policies', () => {
  const capArb = fc.constantFrom(...GATE_CAPABILITIES);
  // Lists in any order and with duplicates, as a hand-written config might hold them.
  const policyArb: fc.Arbitrary<GrantPolicy> = fc.record(
    {
      granted: fc.oneof(fc.constant('all' as const), fc.array(capArb, { maxLength: 10 })),
      taintResilient: fc.array(capArb, { maxLength: 10 }),
    },
    { requiredKeys: ['granted'] },
  );
  const requiredArb = fc.array(capArb, { maxLength: 10 }).map((a): ReadonlySet<GateCapability> => new Set(a));
  const callPolicyArb: fc.Arbitrary<PolicyVerdict | undefined> = fc.option(
    fc.record({ verdict: fc.constantFrom(...VERDICTS), transform: fc.constantFrom('redact', 'truncate') }, { requiredKeys: ['verdict'] }),
    { nil: undefined },
  );
  const params = { seed: 0x6a7e, numRuns: 2000 } as const;

  it('1. taint never adds a capability', () => {
    fc.assert(
      fc.property(policyArb, (p) => isSubset(grantedCapabilities(p, true), grantedCapabilities(p, false))),
      params,
    );
  });

  it('3. decide allows only when required ⊆ granted, and always then without a call policy', () => {
    fc.assert(
      fc.property(requiredArb, policyArb, callPolicyArb, fc.boolean(), (required, p, cp, tainted) => {
        const granted = grantedCapabilities(p, tainted);
        const o = decide(required, granted, cp, tainted);
        if (isAllow(o) && !isSubset(required, granted)) return false;
        if (cp === undefined && isAllow(o) !== isSubset(required, granted)) return false;
        return true;
      }),
      params,
    );
  });

  it('6. adding taint never turns a non-allow into allow', () => {
    fc.assert(
      fc.property(requiredArb, policyArb, callPolicyArb, (required, p, cp) => {
        const before = decide(required, grantedCapabilities(p, false), cp, false);
        const after = decide(required, grantedCapabilities(p, true), cp, true);
        return (isAllow(before) || !isAllow(after)) && verdictRank(outcomeVerdict(after)) >= verdictRank(outcomeVerdict(before));
      }),
      params,
    );
  });
});
