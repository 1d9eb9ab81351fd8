/**
 * The capability gate: a pure decision engine (docs/semantics.md "The capability gate").
 *
 * A tool's profile (MCP annotations, registry origin, classifier capabilities) says which gate
 * capabilities a call *requires*; the agent's {@link GrantPolicy}, minus what taint revokes, says
 * which it is *granted*; {@link decide} compares the two and folds in the argument-aware dispatch
 * policy's verdict. Nothing here does IO or reads a clock, so every invariant can be (and is) checked
 * exhaustively over all 2^7 subsets in the tests.
 *
 * Fail closed everywhere: a profile that cannot be read requires every capability, an unknown
 * capability name grants nothing, a malformed dispatch-policy verdict denies.
 */
import { CAPABILITIES, VERDICTS, isCapability } from './capabilities.js';
import type { Capability, Verdict } from './capabilities.js';
import { didYouMean } from './suggest.js';
import type { PolicyVerdict, ToolAnnotations } from './types.js';
import { describeValue, isRecord } from './values.js';

// ---------------------------------------------------------------------------------------------
// Names and the one mapping table
// ---------------------------------------------------------------------------------------------

/**
 * The gate's own capability names, in their canonical order. Every list this module returns is
 * sorted in this order, so outputs are deterministic whatever order the inputs came in.
 */
export const GATE_CAPABILITIES = [
  'ReadUntrusted',
  'ReadPrivate',
  'ReadCredentials',
  'MutateLocal',
  'MutateExternal',
  'ArbitraryEgress',
  'ExecuteCode',
] as const;

export type GateCapability = (typeof GATE_CAPABILITIES)[number];

export function isGateCapability(s: string): s is GateCapability {
  return (GATE_CAPABILITIES as readonly string[]).includes(s);
}

/**
 * The one documented mapping table, gate name -> the six capabilities of docs/semantics.md.
 *
 * The gate is finer than the classifier on the outbound side: "change something in an outside
 * service" and "send bytes anywhere" are both EXTERNAL_ACTION, but only the second is a free
 * exfiltration channel, so a policy may grant one without the other.
 */
export const GATE_TO_CAPABILITY: Readonly<Record<GateCapability, Capability>> = Object.freeze({
  ReadUntrusted: 'EXTERNAL_INGESTION',
  ReadPrivate: 'PRIVATE_ACCESS',
  ReadCredentials: 'CREDENTIAL_ACCESS',
  MutateLocal: 'LOCAL_MUTATION',
  MutateExternal: 'EXTERNAL_ACTION',
  ArbitraryEgress: 'EXTERNAL_ACTION',
  ExecuteCode: 'CODE_EXECUTION',
});

/**
 * Its inverse: which gate capabilities a call with each capability requires.
 *
 * Derived from {@link GATE_TO_CAPABILITY} rather than written out, so the two tables cannot drift.
 * A classifier capability requires *every* gate capability that maps to it: the classifier cannot
 * tell an EXTERNAL_ACTION that only mutates from one that can send anywhere, so it assumes both.
 */
export const CAPABILITY_TO_GATE: Readonly<Record<Capability, readonly GateCapability[]>> = invert(GATE_TO_CAPABILITY);

function invert(
  table: Readonly<Record<GateCapability, Capability>>,
): Readonly<Record<Capability, readonly GateCapability[]>> {
  const entries = CAPABILITIES.map(
    (c) => [c, Object.freeze(GATE_CAPABILITIES.filter((g) => table[g] === c))] as const,
  );
  // The assertion is sound: `entries` holds exactly one entry per Capability, taken from CAPABILITIES.
  return Object.freeze(Object.fromEntries(entries)) as Readonly<Record<Capability, readonly GateCapability[]>>;
}

/**
 * What each gate capability lets a call do, in plain words. The single source of the wording used
 * by {@link escalationReason} and {@link GATE_MAPPING_MARKDOWN}, so every surface says the same.
 * INVARIANT: no phrase contains another, and none mentions "untrusted content" (that phrase is
 * reserved for the taint clause of a reason).
 */
export const GATE_CAPABILITY_WORDS: Readonly<Record<GateCapability, string>> = Object.freeze({
  ReadUntrusted: 'read content written by third parties',
  ReadPrivate: "read the user's private data",
  ReadCredentials: 'read credentials or secrets',
  MutateLocal: 'change local files or state',
  MutateExternal: 'change state in outside services',
  ArbitraryEgress: 'send data to arbitrary destinations',
  ExecuteCode: 'run code or commands',
});

/**
 * Withdrawn while untrusted content is in the context: the two ways injected instructions turn into
 * an effect outside the trust boundary. Reads and local effects stay, because the chain rules already
 * watch those, and revoking them would stop an agent from even reading after it browsed.
 */
export const TAINT_REVOKED: ReadonlySet<GateCapability> = new Set<GateCapability>(['MutateExternal', 'ArbitraryEgress']);

/** The registry origin of a provider's native search grounding. */
export const NATIVE_SEARCH_ORIGIN = 'native-search';

/** The gate <-> capability mapping as a markdown table, generated from the constants above (README shows it verbatim). */
export const GATE_MAPPING_MARKDOWN: string = [
  '| gate capability | guard capability | what it lets a call do | revoked under taint? |',
  '| --- | --- | --- | --- |',
  ...GATE_CAPABILITIES.map(
    (g) =>
      `| \`${g}\` | \`${GATE_TO_CAPABILITY[g]}\` | ${GATE_CAPABILITY_WORDS[g]} | ${
        TAINT_REVOKED.has(g) ? 'yes, unless taint-resilient' : 'no'
      } |`,
  ),
].join('\n');

/** The canonical-order set of the given names; unknown names are dropped (they grant or require nothing by name). */
function canonical(names: Iterable<unknown>): ReadonlySet<GateCapability> {
  const given = new Set(names);
  return new Set(GATE_CAPABILITIES.filter((g) => given.has(g)));
}

const EVERY_CAPABILITY: readonly GateCapability[] = GATE_CAPABILITIES;

// ---------------------------------------------------------------------------------------------
// Required capabilities of a tool profile
// ---------------------------------------------------------------------------------------------

/** What the gate knows about a tool. All fields are plain data and may come from untyped config. */
export interface ToolProfile {
  readonly annotations?: ToolAnnotations;
  /** 'builtin' | 'native-search' | 'mcp:<server>' | 'connector:<name>'; anything else is unclassifiable. Omitted = 'builtin'. */
  readonly origin?: string;
  /** The classifier's capabilities for the tool (the six names). */
  readonly capabilities?: readonly Capability[];
}

/** Why a profile could or could not be read; `required` is what {@link requiredCapabilities} returns. */
export type ProfileClassification =
  | { readonly kind: 'classified'; readonly required: ReadonlySet<GateCapability> }
  | { readonly kind: 'unclassifiable'; readonly why: string; readonly required: ReadonlySet<GateCapability> };

type OriginKind = 'builtin' | 'native-search' | 'mcp' | 'connector';

/** The origin's form, or undefined when it is none of the four (including `mcp:` with no server name). */
function originKind(origin: unknown): OriginKind | undefined {
  if (origin === undefined) return 'builtin';
  if (typeof origin !== 'string') return undefined;
  if (origin === 'builtin' || origin === NATIVE_SEARCH_ORIGIN) return origin;
  for (const prefix of ['mcp', 'connector'] as const) {
    // A bare `mcp:` names no server: nothing ties the tool to a registry entry, so it is not classifiable.
    if (origin.startsWith(`${prefix}:`) && origin.length > prefix.length + 1) return prefix;
  }
  return undefined;
}

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

type AnnotationReading =
  | { readonly kind: 'absent' }
  | { readonly kind: 'invalid'; readonly why: string }
  | { readonly kind: 'present'; readonly readOnly: boolean | undefined; readonly openWorld: boolean | undefined };

/** Read the two hints that decide *which* capabilities a tool needs, rejecting any non-boolean hint. */
function readAnnotations(raw: unknown): AnnotationReading {
  if (raw === undefined) return { kind: 'absent' };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { kind: 'invalid', why: 'annotations are not an object' };
  }
  const fields = raw as Readonly<Record<string, unknown>>;
  for (const hint of HINTS) {
    const v = fields[hint];
    if (v !== undefined && typeof v !== 'boolean') return { kind: 'invalid', why: `annotation \`${hint}\` is not a boolean` };
  }
  return {
    kind: 'present',
    readOnly: fields['readOnlyHint'] as boolean | undefined,
    openWorld: fields['openWorldHint'] as boolean | undefined,
  };
}

/**
 * One row of the annotation table (MCP semantics).
 *
 * destructiveHint and idempotentHint are deliberately absent: they refine *how bad* a mutation is
 * (may it delete? is a retry safe?), not *which* kind of effect it has, and the gate grants kinds of
 * effect. A non-destructive write to an outside service is still a write to an outside service.
 */
function annotationRow(readOnly: boolean, openWorld: boolean): readonly GateCapability[] {
  if (readOnly) return openWorld ? ['ReadUntrusted'] : ['ReadPrivate'];
  return openWorld ? ['MutateExternal', 'ArbitraryEgress'] : ['MutateLocal'];
}

/**
 * Capabilities the annotations imply for a tool of the given origin.
 *
 * For `mcp:`/`connector:` tools the MCP specification's defaults fill an absent hint
 * (readOnlyHint = false, openWorldHint = true: the pessimistic reading the spec itself prescribes).
 * Builtins and native search are not MCP tools, so those defaults do not bind them; there an absent
 * hint is *unknown* and ranges over both values (fail closed), and an annotations object with
 * neither hint says nothing at all and counts as no annotations.
 */
function annotationCapabilities(a: AnnotationReading & { kind: 'present' }, origin: OriginKind): GateCapability[] {
  const mcpLike = origin === 'mcp' || origin === 'connector';
  if (mcpLike) return [...annotationRow(a.readOnly ?? false, a.openWorld ?? true)];
  if (a.readOnly === undefined && a.openWorld === undefined) return [];
  const both = [false, true] as const;
  const readOnlyValues = a.readOnly === undefined ? both : [a.readOnly];
  const openWorldValues = a.openWorld === undefined ? both : [a.openWorld];
  return readOnlyValues.flatMap((r) => openWorldValues.flatMap((o) => annotationRow(r, o)));
}

function unclassifiable(why: string): ProfileClassification {
  return { kind: 'unclassifiable', why, required: new Set(EVERY_CAPABILITY) };
}

/**
 * Classify a tool profile, saying why when it cannot be classified. Total: never throws, whatever
 * plain data it is given.
 */
export function classifyProfile(profile: ToolProfile): ProfileClassification {
  const origin = originKind(profile.origin);
  if (origin === undefined) return unclassifiable(`origin \`${String(profile.origin)}\` is not a known registry origin`);

  const annotations = readAnnotations(profile.annotations);
  if (annotations.kind === 'invalid') return unclassifiable(annotations.why);

  const caps: unknown = profile.capabilities;
  if (caps !== undefined && !Array.isArray(caps)) return unclassifiable('capabilities are not a list');
  const capList: readonly unknown[] = Array.isArray(caps) ? caps : [];
  const unknownCap = capList.find((c) => typeof c !== 'string' || !isCapability(c));
  if (unknownCap !== undefined) return unclassifiable(`capability \`${String(unknownCap)}\` is not one of the six`);

  const union: GateCapability[] = [];
  for (const c of capList as readonly Capability[]) union.push(...CAPABILITY_TO_GATE[c]);
  if (annotations.kind === 'present') union.push(...annotationCapabilities(annotations, origin));
  // Search grounding returns third-party web pages into the context, whatever else the tool does.
  if (origin === 'native-search') union.push('ReadUntrusted');

  // Every annotation row and the native-search rule add at least one capability, so an empty union
  // means: no capabilities, no informative annotations, not native search. Only a builtin whose
  // capabilities were given explicitly (an override to []) is then known: the host vouches for its
  // own tool. An MCP or connector tool that classifies to nothing is third-party code we know nothing of.
  const knownHarmless = origin === 'builtin' && caps !== undefined;
  if (union.length === 0 && !knownHarmless) return unclassifiable('nothing is known about the tool');
  return { kind: 'classified', required: canonical(union) };
}

/**
 * Required gate capabilities of a tool profile: the union of its capabilities (through
 * {@link CAPABILITY_TO_GATE}), its annotations' row and its origin's; every gate capability when the
 * profile is unclassifiable (fail closed).
 */
export function requiredCapabilities(profile: ToolProfile): ReadonlySet<GateCapability> {
  return classifyProfile(profile).required;
}

/** Whether {@link requiredCapabilities} had to fail closed for this profile. */
export function isUnclassifiable(profile: ToolProfile): boolean {
  return classifyProfile(profile).kind === 'unclassifiable';
}

// ---------------------------------------------------------------------------------------------
// Granted capabilities
// ---------------------------------------------------------------------------------------------

/** An agent's grant: what it may do, and what it keeps even with untrusted content in its context. */
export interface GrantPolicy {
  readonly granted: readonly GateCapability[] | 'all';
  /** Members of {@link TAINT_REVOKED} that stay granted under taint. Grants nothing by itself. */
  readonly taintResilient?: readonly GateCapability[];
}

/**
 * The capabilities a policy grants: `granted` minus (TAINT_REVOKED minus taintResilient) while tainted.
 *
 * @param tainted untrusted content is in the context (an EIT event of an earlier turn)
 * @returns a set in GATE_CAPABILITIES order; unknown names in the policy grant nothing
 */
export function grantedCapabilities(policy: GrantPolicy, tainted: boolean): ReadonlySet<GateCapability> {
  const listed: readonly unknown[] =
    policy.granted === 'all' ? GATE_CAPABILITIES : Array.isArray(policy.granted) ? policy.granted : [];
  const granted = canonical(listed);
  if (!tainted) return granted;
  const resilient = new Set<unknown>(policy.taintResilient ?? []);
  // INVARIANT: the tainted result is a filter of the untainted one, so taint never adds a capability.
  return new Set([...granted].filter((g) => !TAINT_REVOKED.has(g) || resilient.has(g)));
}

/**
 * A connector that re-declares its annotations at run time can only ever add required capabilities:
 * a server cannot launder a tool into "read-only" after the user approved it as a writer.
 *
 * @returns previous ∪ redeclared, in GATE_CAPABILITIES order
 */
export function monotonicRedeclaration(
  previous: ReadonlySet<GateCapability>,
  redeclared: ReadonlySet<GateCapability>,
): ReadonlySet<GateCapability> {
  // INVARIANT: the result is a superset of both arguments.
  return canonical([...previous, ...redeclared]);
}

// ---------------------------------------------------------------------------------------------
// The decision
// ---------------------------------------------------------------------------------------------

/** "a", "a and b", "a, b and c". */
function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1] ?? ''}`;
}

/**
 * One plain-language sentence naming the missing capabilities (in GATE_CAPABILITIES order, whatever
 * order they are given in) and, when tainted, that untrusted content is in the context. The same
 * wording is used on every surface (CLI, reports, the guard's decision).
 *
 * @returns lowercase-first, no trailing period, deterministic
 */
export function escalationReason(missing: readonly GateCapability[], tainted: boolean): string {
  const words = [...canonical(missing)].map((g) => GATE_CAPABILITY_WORDS[g]);
  const base =
    words.length === 0
      ? 'the capability gate asks for approval of this call'
      : `the policy does not grant this call permission to ${joinWords(words)}`;
  return tainted ? `${base} while untrusted content is in the context` : base;
}

/** The gate's answer. Plain data. */
export type GateOutcome =
  | { readonly kind: 'allow' }
  | { readonly kind: 'allow-with-transform'; readonly transform: string }
  | { readonly kind: 'escalate'; readonly missing: readonly GateCapability[]; readonly reason: string }
  | { readonly kind: 'deny'; readonly reason: string };

export const POLICY_DENY_REASON = 'the dispatch policy denies this call';
export const POLICY_ASK_REASON = 'the dispatch policy asks for approval of this call';
const MALFORMED_POLICY_REASON = 'the dispatch policy returned a malformed verdict';
const UNKNOWN_REQUIREMENT_REASON = 'the tool requires a capability the gate does not know';

/** A dispatch-policy verdict the gate cannot act on (only reachable from untyped data). */
function isMalformed(p: PolicyVerdict): boolean {
  const verdict: unknown = p.verdict;
  const transform: unknown = p.transform;
  const knownVerdict = typeof verdict === 'string' && (VERDICTS as readonly string[]).includes(verdict);
  // A transform the gate cannot name cannot be applied, and allowing the call without it would skip
  // what the policy asked for: treat it like an erroring policy (deny), as Cedar does.
  const usableTransform = transform === undefined || (typeof transform === 'string' && transform !== '');
  return !knownVerdict || !usableTransform;
}

/**
 * The pure decision: no IO, no clock, never throws.
 *
 * Order: a denying (or malformed) dispatch policy denies; otherwise missing capabilities escalate;
 * otherwise an asking policy escalates with nothing missing; otherwise the call is allowed, with the
 * policy's transform when it names one.
 *
 * @param required what the tool's profile requires ({@link requiredCapabilities})
 * @param granted what the agent holds now ({@link grantedCapabilities})
 * @param callPolicy the argument-aware dispatch policy's verdict for this call, if any
 * @param tainted only shapes the reason; taint's effect on capabilities is already in `granted`
 * @default tainted false
 */
export function decide(
  required: ReadonlySet<GateCapability>,
  granted: ReadonlySet<GateCapability>,
  callPolicy?: PolicyVerdict,
  tainted = false,
): GateOutcome {
  if (callPolicy !== undefined && isMalformed(callPolicy)) return { kind: 'deny', reason: MALFORMED_POLICY_REASON };
  if (callPolicy?.verdict === 'deny') return { kind: 'deny', reason: POLICY_DENY_REASON };
  // A name outside the seven cannot be granted by any policy, nor named in a reason: fail closed.
  for (const r of required) if (!isGateCapability(r)) return { kind: 'deny', reason: UNKNOWN_REQUIREMENT_REASON };

  const missing = GATE_CAPABILITIES.filter((g) => required.has(g) && !granted.has(g));
  // INVARIANT: no outcome below this line is an allow unless `missing` is empty (required ⊆ granted).
  if (missing.length > 0) return { kind: 'escalate', missing, reason: escalationReason(missing, tainted) };
  if (callPolicy?.verdict === 'ask') return { kind: 'escalate', missing: [], reason: POLICY_ASK_REASON };
  // INVARIANT: a transform is only honoured here, on a call that is otherwise allowed.
  const transform = callPolicy?.transform;
  return transform === undefined ? { kind: 'allow' } : { kind: 'allow-with-transform', transform };
}

/** The verdict an outcome stands for: allow/allow-with-transform -> allow, escalate -> ask, deny -> deny. */
export function outcomeVerdict(o: GateOutcome): Verdict {
  switch (o.kind) {
    case 'allow':
    case 'allow-with-transform':
      return 'allow';
    case 'escalate':
      return 'ask';
    case 'deny':
      return 'deny';
    default: {
      // Unreachable for typed input; untyped data with an unknown kind fails closed.
      const _exhaustive: never = o;
      void _exhaustive;
      return 'deny';
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Parsing a policy from config
// ---------------------------------------------------------------------------------------------

/** One problem with a raw policy: where (`granted`, `granted[2]`, `taintResilient[0]`; `''` is the policy itself) and what. */
export interface GrantPolicyIssue {
  readonly path: string;
  readonly message: string;
}

/** The result of {@link parseGrantPolicy}: the policy, or every issue found (never just the first). */
export type GrantPolicyParseResult =
  | { readonly ok: true; readonly policy: GrantPolicy }
  | { readonly ok: false; readonly issues: [GrantPolicyIssue, ...GrantPolicyIssue[]] };

const POLICY_KEYS = ['granted', 'taintResilient'] as const;


/** Parse a list of gate capability names, pushing one issue per bad entry. */
function parseCapabilityList(
  raw: unknown,
  path: string,
  allHint: string,
  issues: GrantPolicyIssue[],
): GateCapability[] | undefined {
  if (!Array.isArray(raw)) {
    issues.push({ path, message: `expected a list of capabilities, got ${describeValue(raw)}` });
    return undefined;
  }
  const seen = new Set<GateCapability>();
  const before = issues.length;
  raw.forEach((item: unknown, i) => {
    const at = `${path}[${i}]`;
    if (typeof item !== 'string') {
      issues.push({ path: at, message: `expected a capability name, got ${describeValue(item)}` });
    } else if (item === 'all') {
      issues.push({ path: at, message: `\`all\` is not a capability: ${allHint}` });
    } else if (!isGateCapability(item)) {
      issues.push({ path: at, message: `unknown capability \`${item}\`${didYouMean(item, GATE_CAPABILITIES)}` });
    } else if (seen.has(item)) {
      issues.push({ path: at, message: `duplicate capability \`${item}\`` });
    } else {
      seen.add(item);
    }
  });
  return issues.length === before ? [...canonical(seen)] : undefined;
}

/**
 * Validate a raw policy object from config (plain data, e.g. a scenario's `policy:`).
 *
 * Strict, like the scenario files: unknown keys, unknown or duplicate capability names and a
 * missing `granted` are all issues, each with a did-you-mean suggestion when one is close.
 * The returned policy lists capabilities in GATE_CAPABILITIES order.
 */
export function parseGrantPolicy(raw: unknown): GrantPolicyParseResult {
  if (!isRecord(raw)) {
    return { ok: false, issues: [{ path: '', message: `expected a policy mapping with \`granted\`, got ${describeValue(raw)}` }] };
  }
  const issues: GrantPolicyIssue[] = [];
  for (const key of Object.keys(raw)) {
    if (!(POLICY_KEYS as readonly string[]).includes(key)) {
      issues.push({ path: key, message: `unknown key \`${key}\`${didYouMean(key, POLICY_KEYS)}` });
    }
  }

  let granted: readonly GateCapability[] | 'all' | undefined;
  const rawGranted = raw['granted'];
  if (rawGranted === undefined) {
    issues.push({ path: 'granted', message: 'missing `granted`: expected `all` or a list of capabilities' });
  } else if (rawGranted === 'all') {
    granted = 'all';
  } else if (typeof rawGranted === 'string') {
    const hint = isGateCapability(rawGranted)
      ? ` (write a single capability as a list: \`[${rawGranted}]\`)`
      : didYouMean(rawGranted, ['all']);
    issues.push({ path: 'granted', message: `expected \`all\` or a list of capabilities, got \`${rawGranted}\`${hint}` });
  } else {
    granted = parseCapabilityList(rawGranted, 'granted', 'write `granted: all` to grant every capability', issues);
  }

  let taintResilient: readonly GateCapability[] | undefined;
  if (raw['taintResilient'] !== undefined) {
    taintResilient = parseCapabilityList(
      raw['taintResilient'],
      'taintResilient',
      'list the capabilities that stay granted under taint',
      issues,
    );
  }

  const [first, ...rest] = issues;
  if (first !== undefined) return { ok: false, issues: [first, ...rest] };
  if (granted === undefined) {
    // Unreachable: every path that leaves `granted` unset records an issue. Kept so the function stays total.
    return { ok: false, issues: [{ path: 'granted', message: 'missing `granted`' }] };
  }
  return { ok: true, policy: taintResilient === undefined ? { granted } : { granted, taintResilient } };
}
