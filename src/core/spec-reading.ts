/**
 * What the guard keeps of a tool spec it has read: the classification and which arguments name
 * destinations, by the spec's content. A module of its own, apart from the guard: what it keeps
 * depends only on the modules it imports (the classifier and the detectors' schema reading), so the
 * mutation runner, which loads afresh only the modules a mutant can reach, keeps these readings from
 * one mutant to the next unless the mutant is in one of them.
 */
import { isCapability } from './capabilities.js';
import { classifyTool } from './classifier.js';
import { destinationTest, schemaDestinationFields } from './detectors.js';
import type { Classification, ToolSpec } from './types.js';

/** What a tool's spec alone tells: its classification and which of its arguments name destinations. */
export interface SpecReading {
  readonly cls: Classification;
  readonly isDestination: (name: string) => boolean;
}

/**
 * Readings of the tool specs registered lately, by content (`readToolSpec`): a host builds guards
 * with the same tools again and again (the harness builds one per run), and a reading depends on
 * the spec alone. Bounded by what the keys hold: specs of up to {@link READ_SPEC_MAX_CHARS}
 * characters, {@link READ_SPECS_MAX_CHARS} characters of them in all, the oldest forgotten first.
 * The bound is set well above what the challenge sets register (about 7 950 distinct readings of
 * 8.6 M characters): specs visited in turn, as every run over the sets visits them, are all
 * forgotten before their next use once they pass the bound. A bound by count, 1 024 specs, and
 * later one of 8 Mi characters, were both passed that way, and every run classified every tool
 * again (7 991 classifications on a second run over the sets, 45 with this bound: the specs too
 * long to keep). Readings are frozen: they are shared.
 */
const READ_SPECS = new Map<string, SpecReading>();
const READ_SPECS_MAX_CHARS = 32 * 1_048_576;
const READ_SPEC_MAX_CHARS = 16_384;
let heldChars = 0;
/** Readings made of specs short enough to keep: each is one the process did not hold. */
let readingsMade = 0;

/**
 * @internal how many readings are kept, the characters of their keys, and how many readings of
 * specs short enough to keep were made (not found kept, nor restored)
 */
export function specReadingsHeld(): { readonly count: number; readonly chars: number; readonly made: number } {
  return { count: READ_SPECS.size, chars: heldChars, made: readingsMade };
}

/** A classification as kept: frozen, shared by every guard that registers the same spec. */
function frozenClassification(cls: Classification): Classification {
  return Object.freeze({
    ...cls,
    capabilities: Object.freeze([...cls.capabilities]),
    evidence: Object.freeze(cls.evidence.map((e) => Object.freeze({ ...e }))),
    ...(cls.harmless !== undefined ? { harmless: Object.freeze({ kind: cls.harmless.kind, terms: Object.freeze([...cls.harmless.terms]) }) } : {}),
    ...(cls.unread !== undefined ? { unread: Object.freeze({ ...cls.unread }) } : {}),
  });
}

/**
 * Classifications restored from an earlier process ({@link restoreClassifications}), by content:
 * their destination test is made from the spec the first time one is used.
 */
const RESTORED = new Map<string, Classification>();

/**
 * @param server the product the tool's server fronts (`ServerProducts`), if any
 * @throws what the classifier throws (never kept: the next registration tries again)
 */
export function readSpec(spec: ToolSpec, specContent: string | undefined, server?: string): SpecReading {
  // The product the tool's server fronts is part of what is read (`ServerProducts`).
  const content = specContent === undefined || server === undefined ? specContent : `${specContent}\u0000${server}`;
  const kept = content === undefined ? undefined : READ_SPECS.get(content);
  if (kept !== undefined) return kept;
  const restored = content === undefined ? undefined : RESTORED.get(content);
  const reading: SpecReading = Object.freeze({
    cls: restored ?? frozenClassification(classifyTool(spec, server === undefined ? undefined : { server })),
    isDestination: destinationTest(schemaDestinationFields(spec.inputSchema)),
  });
  if (content !== undefined && content.length <= READ_SPEC_MAX_CHARS) {
    if (restored === undefined) readingsMade++;
    while (heldChars + content.length > READ_SPECS_MAX_CHARS) {
      const oldest = READ_SPECS.keys().next().value as string;
      READ_SPECS.delete(oldest);
      heldChars -= oldest.length;
    }
    READ_SPECS.set(content, reading);
    heldChars += content.length;
  }
  return reading;
}

/**
 * @internal The classifications of the specs read lately, by content, for a host that keeps them
 * between processes (the CLI, in its parse cache, keyed by the classifier's own source).
 */
export function keptClassifications(): [string, Classification][] {
  const out: [string, Classification][] = [];
  for (const [content, r] of READ_SPECS) out.push([content, r.cls]);
  for (const [content, cls] of RESTORED) if (!READ_SPECS.has(content)) out.push([content, cls]);
  return out;
}

/**
 * @internal Classifications an earlier process of this same classifier made ({@link keptClassifications}):
 * a spec of that content is then not classified again. The caller vouches that the classifier is
 * the same (the CLI keys them by its source). Bounded as the readings are.
 */
export function restoreClassifications(entries: readonly (readonly [string, Classification])[]): void {
  // The characters held already (a host restores once per process: counting them is cheap).
  let chars = 0;
  for (const content of RESTORED.keys()) chars += content.length;
  for (const entry of entries) {
    const content = Array.isArray(entry) ? (entry[0] as unknown) : undefined;
    const cls = Array.isArray(entry) ? (entry[1] as unknown) : undefined;
    // An entry that is not a classification (a damaged cache) is left out: that spec is classified.
    if (typeof content !== 'string' || !isClassification(cls)) continue;
    if (RESTORED.has(content) || content.length > READ_SPEC_MAX_CHARS || chars + content.length > READ_SPECS_MAX_CHARS) continue;
    RESTORED.set(content, frozenClassification(cls));
    chars += content.length;
  }
}

const CUT_SOURCES = new Set(['name', 'description', 'schema']);
const SERVER_READS = new Set(['published', 'remarks', 'own', 'both', 'unnamed']);
const SERVER_WRITES = new Set(['outside', 'local', 'unplaced']);

/** Whether `v` has the shape of a {@link Classification}, every capability one of the six. */
function isClassification(v: unknown): v is Classification {
  if (v === null || typeof v !== 'object') return false;
  const c = v as Record<string, unknown>;
  const str = (x: unknown): boolean => typeof x === 'string';
  if (!Array.isArray(c.capabilities) || !c.capabilities.every((x) => str(x) && isCapability(x as string))) return false;
  if (!Array.isArray(c.evidence) || !c.evidence.every((e) => e !== null && typeof e === 'object' && str((e as Record<string, unknown>).capability) && str((e as Record<string, unknown>).source) && str((e as Record<string, unknown>).term))) return false;
  if (typeof c.codeMode !== 'boolean') return false;
  const h = c.harmless as Record<string, unknown> | undefined;
  if (h !== undefined && !(h !== null && typeof h === 'object' && str(h.kind) && Array.isArray(h.terms) && h.terms.every(str))) return false;
  if (c.serverRead !== undefined && !SERVER_READS.has(c.serverRead as string)) return false;
  if (c.serverWrite !== undefined && !SERVER_WRITES.has(c.serverWrite as string)) return false;
  if (c.unreadAct !== undefined && !str(c.unreadAct)) return false;
  const u = c.unread as Record<string, unknown> | undefined;
  return u === undefined || (u !== null && typeof u === 'object' && CUT_SOURCES.has(u.source as string) && str(u.why) && (u.at === undefined || str(u.at)));
}

/** @internal for tests: forget every restored classification. */
export function forgetRestoredClassifications(): void {
  RESTORED.clear();
}
