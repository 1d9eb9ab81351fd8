/** Small readings of plain values, shared by every module that checks input it was handed. */

/** A plain object: not null, not a list. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Longest text of a string shown in a message, whitespace runs as one space. */
const SHOWN = 40;

/** A string as a message shows it: whitespace runs as one space, at most {@link SHOWN} characters. */
export function clipText(s: string): string {
  const one = s.replace(/\s+/g, ' ');
  return one.length > SHOWN ? `${one.slice(0, SHOWN)}…` : one;
}

/**
 * What a value is, for "expected X, got Y" messages: `nothing`, `null`, `a map`, `a list`, `an empty
 * string`, the string or number itself (clipped), `true` / `false`, or `a value of another kind`.
 */
export function describeValue(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return v === '' ? 'an empty string' : `the string \`${clipText(v)}\``;
  if (typeof v === 'number' || typeof v === 'bigint') return `the number \`${String(v)}\``;
  if (typeof v === 'boolean') return `\`${String(v)}\``;
  if (typeof v === 'object') return 'a map';
  return 'a value of another kind';
}
