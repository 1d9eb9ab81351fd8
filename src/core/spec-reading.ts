/**
 * What the guard keeps of a tool spec it has read: the classification and which arguments name
 * destinations, by the spec's content. A module of its own, apart from the guard: what it keeps
 * depends only on the modules it imports (the classifier and the detectors' schema reading), so the
 * mutation runner, which loads afresh only the modules a mutant can reach, keeps these readings from
 * one mutant to the next unless the mutant is in one of them.
 */
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
 * characters, {@link READ_SPECS_MAX_CHARS} characters of them in all, the oldest forgotten first
 * (a bound by count, 1 024 specs, was smaller than the catalogs the challenge sets register, about
 * 4 800 distinct specs of 6.4 M characters: visited in turn, every reading was forgotten before its
 * next use). Readings are frozen: they are shared.
 */
const READ_SPECS = new Map<string, SpecReading>();
const READ_SPECS_MAX_CHARS = 8 * 1_048_576;
const READ_SPEC_MAX_CHARS = 16_384;
let heldChars = 0;

/** @internal how many readings are kept, and the characters of their keys */
export function specReadingsHeld(): { readonly count: number; readonly chars: number } {
  return { count: READ_SPECS.size, chars: heldChars };
}

/** @throws what the classifier throws (never kept: the next registration tries again) */
export function readSpec(spec: ToolSpec, content: string | undefined): SpecReading {
  const kept = content === undefined ? undefined : READ_SPECS.get(content);
  if (kept !== undefined) return kept;
  const cls = classifyTool(spec);
  const reading: SpecReading = Object.freeze({
    cls: Object.freeze({
      ...cls,
      capabilities: Object.freeze([...cls.capabilities]),
      evidence: Object.freeze(cls.evidence.map((e) => Object.freeze({ ...e }))),
      ...(cls.harmless !== undefined ? { harmless: Object.freeze({ kind: cls.harmless.kind, terms: Object.freeze([...cls.harmless.terms]) }) } : {}),
    }),
    isDestination: destinationTest(schemaDestinationFields(spec.inputSchema)),
  });
  if (content !== undefined && content.length <= READ_SPEC_MAX_CHARS) {
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
