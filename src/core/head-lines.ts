/**
 * The lines of a long text that can hold a command head with a rule, found in one pass over its
 * bytes, so that the head expression of command analysis runs on those lines only.
 *
 * A head matters when it is an assignment (it holds `=`) or when its program name — the last path
 * component, lower-cased, without `.exe` — is one of the names with a rule. A head never spans a
 * line, and its program name is a whole run of name characters (`[A-Za-z0-9_.+-]`): the character
 * before it is a separator, a quote, a space or a slash, and the one after it a separator, a quote,
 * a space or a redirection. So a line with no `=` and no such run holds no head that matters, and
 * the lines kept here are a superset of the lines that do.
 *
 * Pure apart from the scratch bytes of ascii.ts, which are wiped before returning.
 */
import { asciiCodes } from './ascii.js';

/** Byte classes: a character of a program name's run, `=`, a newline, anything else. */
const OTHER = 0;
const NAME_CHAR = 1;
const EQUALS = 2;
const NEWLINE = 3;
const CLASS = new Uint8Array(256);
for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+-') CLASS[c.charCodeAt(0)] = NAME_CHAR;
CLASS[0x3d] = EQUALS;
CLASS[0x0a] = NEWLINE;
/** Each byte with ASCII capitals folded to lower case. */
const FOLD = new Uint8Array(256);
for (let c = 0; c < 256; c++) FOLD[c] = c >= 65 && c <= 90 ? c + 32 : c;
/** Slots of the name filter (a power of two): few enough taken that a run rarely needs a look-up. */
const SLOTS = 1 << 16;

/** The hash of a run, ASCII letters folded to lower case, as the loop below computes it. */
function hashOf(name: string): number {
  let h = 0;
  for (let i = 0; i < name.length; i++) {
    h = (Math.imul(h, 31) + (FOLD[name.charCodeAt(i)] as number)) | 0;
  }
  return h;
}

/** Finds the lines of a text that can hold a head with a rule. */
export interface HeadLines {
  /**
   * The ranges of such lines as flat `[start, end)` pairs of indices, adjacent lines merged; `end`
   * is the index of the line's newline or the text's length. In order, never overlapping.
   */
  find(text: string): number[];
}

/**
 * A finder for these program names (lower case, without `.exe`). A name that is not a run of name
 * characters (`!`) can never be a head's program name, and is left out.
 */
export function headLines(names: Iterable<string>): HeadLines {
  const known = new Set<string>();
  const filter = new Uint8Array(SLOTS);
  let longest = 0;
  for (const name of names) {
    if (!/^[a-z0-9_.+-]+$/.test(name)) continue;
    known.add(name);
    for (const spelled of [name, `${name}.exe`]) {
      filter[hashOf(spelled) & (SLOTS - 1)] = 1;
      longest = Math.max(longest, spelled.length);
    }
  }

  /** Whether `text[from, to)` is a known name, in any case, with or without `.exe`. */
  const isName = (text: string, from: number, to: number): boolean => {
    const run = text.slice(from, to).toLowerCase();
    return known.has(run.endsWith('.exe') ? run.slice(0, -4) : run);
  };

  const find = (text: string): number[] => {
    const n = text.length;
    const ks = asciiCodes(text);
    const out: number[] = [];
    let lineStart = 0;
    let hot = false;
    // The run being read: its length and hash.
    let len = 0;
    let h = 0;
    const keep = (end: number): void => {
      const last = out.length - 1;
      // The previous kept range ends at the newline before this line: extend it.
      if (last > 0 && out[last] === lineStart - 1) out[last] = end;
      else out.push(lineStart, end);
    };
    for (let i = 0; i < n; i++) {
      const c = ks[i] as number;
      const k = CLASS[c] as number;
      if (k === NAME_CHAR) {
        h = (Math.imul(h, 31) + (FOLD[c] as number)) | 0;
        len++;
        continue;
      }
      if (len !== 0) {
        if (len <= longest && filter[h & (SLOTS - 1)] === 1 && !hot && isName(text, i - len, i)) hot = true;
        len = 0;
        h = 0;
      }
      if (k === OTHER) continue;
      if (k === EQUALS) {
        hot = true;
        continue;
      }
      // A newline.
      if (hot) keep(i);
      lineStart = i + 1;
      hot = false;
    }
    if (len !== 0 && len <= longest && filter[h & (SLOTS - 1)] === 1 && !hot && isName(text, n - len, n)) hot = true;
    if (hot) keep(n);
    ks.fill(0, 0, n);
    return out;
  };
  return { find };
}
