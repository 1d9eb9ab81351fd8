/**
 * The six capabilities of docs/semantics.md and the verdict order.
 *
 * Capabilities are kept as a bit mask inside the guard (constant space, cheap set algebra) and as
 * sorted name arrays at every public surface.
 */

export const CAPABILITIES = [
  'EXTERNAL_INGESTION',
  'PRIVATE_ACCESS',
  'EXTERNAL_ACTION',
  'LOCAL_MUTATION',
  'CODE_EXECUTION',
  'CREDENTIAL_ACCESS',
] as const;

export type Capability = (typeof CAPABILITIES)[number];

/** Short aliases used in docs/semantics.md's chain notation. */
export const CAPABILITY_ALIASES: Readonly<Record<string, Capability>> = {
  EIT: 'EXTERNAL_INGESTION',
  PAT: 'PRIVATE_ACCESS',
  NAT: 'EXTERNAL_ACTION',
};

export const EIT = 1 << 0;
export const PAT = 1 << 1;
export const NAT = 1 << 2;
export const MUT = 1 << 3;
export const EXEC = 1 << 4;
export const CRED = 1 << 5;
export const ALL_CAPABILITIES_MASK = (1 << CAPABILITIES.length) - 1;

/** Bit of one capability. */
export function capabilityBit(c: Capability): number {
  return 1 << CAPABILITIES.indexOf(c);
}

/** Mask of a list of capabilities. */
export function toMask(caps: Iterable<Capability>): number {
  let m = 0;
  for (const c of caps) m |= capabilityBit(c);
  return m;
}

/** Capabilities of a mask, in the canonical order of {@link CAPABILITIES}. */
export function fromMask(mask: number): Capability[] {
  const out: Capability[] = [];
  for (let i = 0; i < CAPABILITIES.length; i++) if (mask & (1 << i)) out.push(CAPABILITIES[i] as Capability);
  return out;
}

export function isCapability(s: string): s is Capability {
  return (CAPABILITIES as readonly string[]).includes(s);
}

export const VERDICTS = ['allow', 'ask', 'deny'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** Rank in the order allow < ask < deny. */
export function verdictRank(v: Verdict): number {
  return v === 'allow' ? 0 : v === 'ask' ? 1 : 2;
}

/** The stricter of two verdicts. */
export function stricter(a: Verdict, b: Verdict): Verdict {
  return verdictRank(a) >= verdictRank(b) ? a : b;
}

export const MODES = ['permissive', 'balanced', 'strict'] as const;
export type Mode = (typeof MODES)[number];

/** Short labels for tables: EIT, PAT, NAT as in docs/semantics.md, and MUT, EXEC, CRED. */
export const SHORT_NAMES: Readonly<Record<Capability, string>> = {
  EXTERNAL_INGESTION: 'EIT',
  PRIVATE_ACCESS: 'PAT',
  EXTERNAL_ACTION: 'NAT',
  LOCAL_MUTATION: 'MUT',
  CODE_EXECUTION: 'EXEC',
  CREDENTIAL_ACCESS: 'CRED',
};
