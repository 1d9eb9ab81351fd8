/**
 * What the classifier read and set aside, for `classify --explain`: a verb under a negation ("will
 * not notify them"), an example of a request ("e.g. send an email"), an inline code span naming
 * another tool, a link's address, an enum value, a later sentence's act that is not the tool's (what
 * a reader's results are for, where a writer's inputs come from), the acts of the suite a tool
 * belongs to, of the other kind than the tool's own. Collected only while a caller
 * explains a tool ({@link collectDiscounts}); otherwise each place that sets text aside checks one
 * variable.
 */
import type { EvidenceSource } from './types.js';

export interface Discount {
  readonly why: 'negation' | 'ability' | 'example' | 'code-span' | 'link' | 'enum-value' | 'usage' | 'suite';
  readonly source: EvidenceSource;
  /** For `schema`: the property path. */
  readonly at?: string;
  /** The words set aside (at most {@link MAX_DISCOUNT_TEXT} characters). */
  readonly text: string;
  /** For a negation: the word that negates. */
  readonly cue?: string;
}

const MAX_DISCOUNT_TEXT = 120;

let sink: Discount[] | undefined;

/** Whether a caller is collecting discounts now. */
export function explaining(): boolean {
  return sink !== undefined;
}

/** Note text set aside, when a caller is collecting. */
export function discount(why: Discount['why'], source: EvidenceSource, at: string | undefined, text: string, cue?: string): void {
  if (sink === undefined) return;
  const t = text.trim();
  const clipped = t.length > MAX_DISCOUNT_TEXT ? `${t.slice(0, MAX_DISCOUNT_TEXT - 1)}…` : t;
  sink.push({ why, source, ...(at !== undefined ? { at } : {}), text: clipped, ...(cue !== undefined ? { cue } : {}) });
}

/**
 * Run `f`, collecting what the classifier sets aside meanwhile: each discount once, in the order first seen.
 * Synchronous, so no other classification interleaves.
 */
export function collectDiscounts<T>(f: () => T): { value: T; discounts: Discount[] } {
  const outer = sink;
  const mine: Discount[] = [];
  sink = mine;
  try {
    const value = f();
    const seen = new Set<string>();
    const discounts = mine.filter((d) => {
      const key = JSON.stringify([d.why, d.source, d.at, d.text, d.cue]);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return { value, discounts };
  } finally {
    sink = outer;
  }
}
