/**
 * ASCII text as bytes, for the passes that read a text character by character (the fingerprint's
 * token lanes, the detectors' pre-checks). One native copy into a shared scratch buffer, then a
 * loop over bytes: several times faster than a loop over `charCodeAt`, and the copy tells whether
 * the text is ASCII at all (every character took exactly one byte).
 *
 * Pure apart from the scratch buffer. Each caller wipes the bytes it used once its pass is done,
 * so no raw argument or result outlives the call that read it.
 */

const ENCODER = new TextEncoder();
/** Texts longer than this are not copied (the callers fall back to their string path). */
const MAX_COPY = 4 * 1_048_576;
let scratch = new Uint8Array(1024);

/**
 * The characters of an ASCII text as bytes.
 * @returns the shared scratch buffer, whose first `text.length` bytes are the text (valid until the
 *   next call), or undefined when the text holds a character outside ASCII or is over 4 Mi characters
 */
export function asciiBytes(text: string): Uint8Array | undefined {
  const n = text.length;
  if (n > MAX_COPY) return undefined;
  if (scratch.length < n) scratch = new Uint8Array(Math.max(n, 2 * scratch.length));
  const copied = ENCODER.encodeInto(text, scratch);
  return copied.read === n && copied.written === n ? scratch : undefined;
}

/**
 * A text's characters as ASCII codes, each character outside ASCII as 0 (NUL): the scratch bytes of
 * {@link asciiBytes} when the text is ASCII, else a fresh copy. Either way the caller wipes the
 * first `text.length` codes once its pass is done.
 */
export function asciiCodes(text: string): Uint8Array {
  const bytes = asciiBytes(text);
  if (bytes !== undefined) return bytes;
  const n = text.length;
  const cs = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    cs[i] = c < 128 ? c : 0;
  }
  return cs;
}

/**
 * Whether a text holds only ASCII characters: one native copy, several times faster than a regex
 * over the text; the scratch bytes are wiped before it returns. A text over 4 Mi characters is
 * answered as not ASCII (the callers then take their general path).
 */
export function isAscii(text: string): boolean {
  const bytes = asciiBytes(text);
  if (bytes === undefined) return false;
  bytes.fill(0, 0, text.length);
  return true;
}

/**
 * Characters that render as nothing: zero-width spaces and joiners, the soft hyphen, direction
 * marks, variation selectors, the combining grapheme joiner (Unicode Default_Ignorable_Code_Point).
 * Inside a word they would split it into other words (`Se\u200bnds`), so every reader of text
 * (fingerprints, detectors, the classifier) removes them first. ASCII holds none.
 */
export const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** `text` without {@link INVISIBLE} characters (one search when it holds none). */
export function withoutInvisible(text: string): string {
  INVISIBLE.lastIndex = 0;
  return INVISIBLE.test(text) ? text.replace(INVISIBLE, '') : text;
}
