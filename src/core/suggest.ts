/** "Did you mean" suggestions for misspelled names. */
import { closest, distance } from 'fastest-levenshtein';

/**
 * The closest candidate to `input`, when it is close enough to be a plausible typo.
 * @param maxDistance the largest edit distance still suggested
 * @default maxDistance 3
 * @returns the candidate, or undefined when none is close
 */
export function suggest(input: string, candidates: readonly string[], maxDistance = 3): string | undefined {
  if (candidates.length === 0) return undefined;
  const best = closest(input, candidates as string[]);
  const d = distance(input.toLowerCase(), best.toLowerCase());
  return d <= Math.min(maxDistance, Math.max(1, Math.ceil(best.length / 2))) ? best : undefined;
}

/** ` (did you mean `x`?)` or the empty string. */
export function didYouMean(input: string, candidates: readonly string[]): string {
  const s = suggest(input, candidates);
  return s === undefined ? '' : ` (did you mean \`${s}\`?)`;
}
