/**
 * Sensitive-data detectors for tool-call arguments (docs/semantics.md "Sensitive data and provenance").
 *
 * Every detector here is built for precision first: a false positive blocks a legitimate call, so
 * each pattern is anchored against adjacent characters and, where a format has one, confirmed by a
 * checksum (Luhn, IBAN mod-97, ISO 7064 MOD 11-2) or a structural check (a JWT header that decodes
 * to JSON with `alg`). Secrets without a fixed format are only reported when a key-like name is
 * bound to a value that looks random, and never for obvious placeholders.
 *
 * Pure: standard ECMAScript only, no IO, no clock. Every regular expression is written so that its
 * run time is linear in the input (a leading negative look-behind stops a match from being retried
 * inside a run it could already have started at, and every repetition that can back-track is bounded).
 */
import type { Finding, SensitiveKind } from './types.js';
import { INVISIBLE, asciiBytes, isAscii } from './ascii.js';
import { readable } from './decode.js';
import { schemaProps } from './classifier-schema.js';
import { K_NUMBER, K_STRING, destinationMask, keyOf, pathOf, readValue } from './walk.js';
import type { Stop, Tape } from './walk.js';

/** A half-open range `[start, end)` of UTF-16 code units inside one scanned string. */
export interface MatchSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * A detector scans one string value found at some argument path and returns its findings.
 * `key` is the field name the value is bound to, lowercased; it is undefined for the root value and
 * for array elements.
 */
export interface Detector {
  /** Stable id, e.g. `pii.email`. */
  readonly id: string;
  /** `CUSTOMER_DATA` is never a detector's kind: it comes from provenance, not from the text. */
  readonly kind: SensitiveKind;
  /**
   * Scan one value.
   * @param value the string to scan (numbers arrive converted with `String()`)
   * @param key the lowercased field name the value is bound to, when there is one
   * @returns the matched spans, possibly empty; never throws
   */
  scan(value: string, key: string | undefined): readonly MatchSpan[];
  /**
   * Optional cheap pre-check: when it returns false, `scan` is not called. It must never return
   * false for a value that `scan` would match (it is an optimisation, not a filter).
   */
  readonly quick?: (value: string, key: string | undefined) => boolean;
}

// ---------------------------------------------------------------------------------------------
// Validators
// ---------------------------------------------------------------------------------------------

/**
 * Luhn (mod 10) check, as used by payment card numbers.
 * @param digits ASCII digits only, no separators (at least 2 of them)
 * @returns true when the checksum holds; false for any other input
 */
export function luhnValid(digits: string): boolean {
  if (!/^\d{2,}$/u.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * IBAN lengths by ISO 3166 country code, from the SWIFT IBAN registry. A candidate whose country is
 * absent, or whose length differs, is not an IBAN: the table is what keeps random
 * `XX00...` tokens (which pass mod-97 one time in 97) from being reported.
 */
const IBAN_LENGTHS: ReadonlyMap<string, number> = new Map<string, number>([
  ['AD', 24], ['AE', 23], ['AL', 28], ['AT', 20], ['AZ', 28], ['BA', 20], ['BE', 16], ['BG', 22],
  ['BH', 22], ['BR', 29], ['BY', 28], ['CH', 21], ['CR', 22], ['CY', 28], ['CZ', 24], ['DE', 22],
  ['DK', 18], ['DO', 28], ['EE', 20], ['EG', 29], ['ES', 24], ['FI', 18], ['FO', 18], ['FR', 27],
  ['GB', 22], ['GE', 22], ['GI', 23], ['GL', 18], ['GR', 27], ['GT', 28], ['HR', 21], ['HU', 28],
  ['IE', 22], ['IL', 23], ['IQ', 23], ['IS', 26], ['IT', 27], ['JO', 30], ['KW', 30], ['KZ', 20],
  ['LB', 28], ['LC', 32], ['LI', 21], ['LT', 20], ['LU', 20], ['LV', 21], ['LY', 25], ['MC', 27],
  ['MD', 24], ['ME', 22], ['MK', 19], ['MR', 27], ['MT', 31], ['MU', 30], ['NL', 18], ['NO', 15],
  ['PK', 24], ['PL', 28], ['PS', 29], ['PT', 25], ['QA', 29], ['RO', 24], ['RS', 22], ['RU', 33],
  ['SA', 24], ['SC', 31], ['SD', 18], ['SE', 24], ['SI', 19], ['SK', 24], ['SM', 27], ['ST', 25],
  ['SV', 28], ['TL', 23], ['TN', 24], ['TR', 26], ['UA', 29], ['VA', 22], ['VG', 24], ['XK', 20],
]);

/**
 * IBAN check: a known country code with its exact length, and the ISO 13616 mod-97 remainder 1.
 * @param iban the IBAN, case-insensitive, optionally with spaces between groups
 * @returns true when both the length table and the checksum accept it
 */
export function ibanValid(iban: string): boolean {
  const s = iban.replace(/ /gu, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/u.test(s)) return false;
  if (IBAN_LENGTHS.get(s.slice(0, 2)) !== s.length) return false;
  const rearranged = s.slice(4) + s.slice(0, 4);
  let rem = 0;
  for (let i = 0; i < rearranged.length; i++) {
    const c = rearranged.charCodeAt(i);
    // INVARIANT: rem < 97 before each step, so rem * 100 + 35 stays far below 2^53.
    if (c >= 48 && c <= 57) rem = (rem * 10 + (c - 48)) % 97;
    else rem = (rem * 100 + (c - 55)) % 97; // 'A' (65) -> 10 ... 'Z' (90) -> 35
  }
  return rem === 1;
}

const CN_ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CN_ID_CHECK = '10X98765432';

/**
 * Whether a Gregorian date exists.
 * @returns true for a real calendar day
 */
function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

/**
 * Chinese resident identity number (GB 11643-1999) check.
 * @param id 18 characters: 17 digits and a check character (digit or X/x)
 * @returns true when the ISO 7064 MOD 11-2 check character matches and positions 7-14 hold a real
 *   birth date between 1900 and 2099
 */
export function chineseResidentIdValid(id: string): boolean {
  if (!/^\d{17}[\dXx]$/u.test(id)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (id.charCodeAt(i) - 48) * (CN_ID_WEIGHTS[i] ?? 0);
  if (CN_ID_CHECK[sum % 11] !== id.charAt(17).toUpperCase()) return false;
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  return year >= 1900 && year <= 2099 && isRealDate(year, month, day);
}

/**
 * Shannon entropy of a string's code points.
 * @param s any string
 * @returns bits per character; 0 for the empty string
 */
export function shannonEntropy(s: string): number {
  const counts = new Map<string, number>();
  let n = 0;
  for (const ch of s) {
    counts.set(ch, (counts.get(ch) ?? 0) + 1);
    n++;
  }
  if (n === 0) return 0;
  let h = 0;
  for (const c of counts.values()) {
    const p = c / n;
    h -= p * Math.log2(p);
  }
  return h;
}

// ---------------------------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------------------------

/**
 * Run a global regular expression and keep the matches `accept` confirms.
 * `matchAll` clones the expression, so the shared module-level regexes carry no `lastIndex` state.
 * @param accept returns the span to report (often a part of the match), or undefined to drop it
 * @returns the accepted spans
 */
function collect(
  value: string,
  re: RegExp,
  accept: (m: RegExpExecArray & { index: number }) => MatchSpan | undefined,
): MatchSpan[] {
  const out: MatchSpan[] = [];
  for (const m of value.matchAll(re)) {
    const span = accept(m);
    if (span !== undefined) out.push(span);
  }
  return out;
}

/**
 * The span of a whole match.
 * @returns `[m.index, m.index + m[0].length)`
 */
function whole(m: RegExpExecArray & { index: number }): MatchSpan {
  return { start: m.index, end: m.index + m[0].length };
}

/**
 * Whether the random part of a fixed-format token plausibly is random: rules out documentation
 * placeholders such as `ghp_xxxxxxxx…` or `AKIA0000000000000000`.
 * @returns false for low-entropy bodies and long runs of one character
 */
function plausibleTokenBody(body: string): boolean {
  return shannonEntropy(body) >= 3.0 && !/(.)\1{5}/u.test(body);
}

function detector(id: string, kind: SensitiveKind, scan: Detector['scan'], quick?: Detector['quick']): Detector {
  return Object.freeze(quick ? { id, kind, scan, quick } : { id, kind, scan });
}

// Pre-checks: each is implied by its detector's pattern (see the detector), and far cheaper.
const IBAN_START = /[A-Za-z]{2}[0-9]{2}/u;
const SEVENTEEN_DIGITS = /[0-9]{17}/u;
const SSN_SHAPE = /[0-9]{3}-[0-9]{2}-[0-9]{4}/u;
const AWS_ID_PREFIX = /A[KS]IA/u;
const WELL_KNOWN_PREFIX = /[sr]k_live_|AIza|sk-|npm_|glpat-/u;
const ASSIGNMENT_CHAR = /[:=：]/u;
const GITHUB_PREFIX = /gh[pousr]_|github_pat_/u;

/** Whether `v` holds at least `n` ASCII digits (a phone or card needs that many). */
function digitsAtLeast(v: string, n: number): boolean {
  let count = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c >= 48 && c <= 57 && ++count >= n) return true;
  }
  return false;
}

/*
 * Traits of an ASCII text, found in one pass over its bytes, so that a long text is not read once
 * per pre-check. Each trait is implied by the patterns of the detectors it gates:
 * - DIGITS: 8 digits, each at most 2 characters after the one before (a phone's 8-15 digits with
 *   short separators; a card's 10-19 digits with single separators; an SSN's 9; 17 of an id);
 * - IBAN: two letters right before two digits (the start of an IBAN);
 * - UPPER20: 20 characters of `[A-Z0-9]` in a row (an AWS key id);
 * - WORD15 / WORD26: 15 / 26 characters of `[A-Za-z0-9_-]` in a row (a Slack token's 15 at least;
 *   a GitHub token's 40, a vendor token's 26: `glpat-` and 20 more);
 * - DOTTED26: 26 characters of `[A-Za-z0-9_.-]` in a row (a JWT's three parts);
 * - SECRET40: 40 characters of `[A-Za-z0-9/+]` in a row (an AWS secret key);
 * - ASSIGN: a `:` or `=` (a value bound to a key-like name inside the text).
 */
const T_DIGITS = 1;
const T_IBAN = 2;
const T_UPPER20 = 4;
const T_WORD15 = 8;
const T_WORD26 = 16;
const T_DOTTED26 = 32;
const T_SECRET40 = 64;
const T_ASSIGN = 128;

// Character classes of ASCII bytes, as bits.
const C_DIGIT = 1;
const C_LETTER = 2;
const C_UPPER = 4; // [A-Z0-9]
const C_WORD = 8; // [A-Za-z0-9_-]
const C_DOTTED = 16; // [A-Za-z0-9_.-]
const C_SECRET = 32; // [A-Za-z0-9/+]
const C_ASSIGN = 64; // [:=]
const CLASS: Uint8Array = (() => {
  const t = new Uint8Array(128);
  for (let c = 48; c <= 57; c++) t[c] = C_DIGIT | C_UPPER | C_WORD | C_DOTTED | C_SECRET;
  for (let c = 65; c <= 90; c++) t[c] = C_LETTER | C_UPPER | C_WORD | C_DOTTED | C_SECRET;
  for (let c = 97; c <= 122; c++) t[c] = C_LETTER | C_WORD | C_DOTTED | C_SECRET;
  for (const ch of '_-') t[ch.charCodeAt(0)] = C_WORD | C_DOTTED;
  t['.'.charCodeAt(0)] = C_DOTTED;
  for (const ch of '/+') t[ch.charCodeAt(0)] = C_SECRET;
  for (const ch of ':=') t[ch.charCodeAt(0)] = C_ASSIGN;
  return t;
})();

/*
 * The four runs of 15 to 26 characters are counted side by side, one byte of a 32-bit word each
 * (UPPER20, WORD15, WORD26, DOTTED26). A lane starts at 128 - its threshold and adds one per
 * character of its class; a character outside the class puts it back at its start. The lane's top
 * bit says the threshold was reached: it is noted, and the lane starts again, so it never carries
 * into the next. SECRET40 (40 characters) has a word of its own, counted the same way.
 */
const RUN_START = (128 - 20) | ((128 - 15) << 8) | ((128 - 26) << 16) | ((128 - 26) << 24);
const LANE_TOPS = 0x80808080 | 0;
const SECRET_START = 128 - 40;
/** Per byte: the lanes whose class it is in (0xff) and the start of the others. */
const RUN_KEEP = new Int32Array(256);
const RUN_RESET = new Int32Array(256);
const SECRET_KEEP = new Int32Array(256);
const SECRET_RESET = new Int32Array(256);
for (let c = 0; c < 128; c++) {
  const cls = CLASS[c] as number;
  const keep = ((cls & C_UPPER) !== 0 ? 0xff : 0) | ((cls & C_WORD) !== 0 ? 0xffff00 : 0) | ((cls & C_DOTTED) !== 0 ? 0xff000000 : 0);
  RUN_KEEP[c] = keep;
  RUN_RESET[c] = RUN_START & ~keep;
  SECRET_KEEP[c] = (cls & C_SECRET) !== 0 ? 0xff : 0;
  SECRET_RESET[c] = (cls & C_SECRET) !== 0 ? 0 : SECRET_START;
}
/** The trait each lane's top bit stands for, lane 0 first. */
const LANE_TRAITS = [T_UPPER20, T_WORD15, T_WORD15 | T_WORD26, T_DOTTED26];

/*
 * DIGITS, IBAN and ASSIGN come from a table-driven automaton over four kinds of byte. Its state:
 * the digits in the current chain (0-8, 8 is enough), the distance from the last digit (1-4, 4 is
 * "too far"), the letters right before the current digit run (0-2) and the digits after two such
 * letters (0-2). A step reads one table entry: the next state, and the traits it finds in its top bits.
 */
const K_OTHER = 0;
const K_DIGIT = 1;
const K_LETTER = 2;
const K_ASSIGN = 3;
const KIND = new Uint8Array(256);
for (let c = 0; c < 128; c++) {
  const cls = CLASS[c] as number;
  KIND[c] = (cls & C_DIGIT) !== 0 ? K_DIGIT : (cls & C_LETTER) !== 0 ? K_LETTER : (cls & C_ASSIGN) !== 0 ? K_ASSIGN : K_OTHER;
}
const STATE_BITS = 9;
const stateOf = (chain: number, gap: number, letters: number, afterLetters: number): number => ((chain * 4 + (gap - 1)) * 3 + letters) * 3 + afterLetters;
const STEP: Int32Array = (() => {
  const t = new Int32Array(9 * 4 * 3 * 3 * 4);
  for (let chain = 0; chain <= 8; chain++) {
    for (let gap = 1; gap <= 4; gap++) {
      for (let letters = 0; letters <= 2; letters++) {
        for (let after = 0; after <= 2; after++) {
          for (let kind = 0; kind < 4; kind++) {
            let found = 0;
            let [c, g, l, a] = [chain, 1, 0, 0];
            if (kind === K_DIGIT) {
              // A digit continues the chain when the last one is at most 3 characters back.
              c = gap <= 3 ? Math.min(chain + 1, 8) : 1;
              if (c >= 8) found |= T_DIGITS;
              // Two letters, then two digits: the start of an IBAN.
              if (letters >= 2) {
                l = letters;
                a = Math.min(after + 1, 2);
                if (a >= 2) found |= T_IBAN;
              }
            } else {
              g = Math.min(gap + 1, 4);
              l = kind === K_LETTER ? (after > 0 ? 1 : Math.min(letters + 1, 2)) : 0;
              if (kind === K_ASSIGN) found |= T_ASSIGN;
            }
            t[stateOf(chain, gap, letters, after) * 4 + kind] = stateOf(c, g, l, a) | (found << STATE_BITS);
          }
        }
      }
    }
  }
  return t;
})();
/** Before the first character: no digit yet, and one at the text's start continues nothing. */
const STEP_START = stateOf(0, 3, 0, 0);
const STATE_MASK = (1 << STATE_BITS) - 1;

/** The traits of `bytes[0, n)` (ASCII), as `T_*` bits. */
function asciiTraits(bytes: Uint8Array, n: number): number {
  let traits = 0;
  let lanes = RUN_START;
  let reached = 0;
  let secret = SECRET_START;
  let state = STEP_START;
  for (let i = 0; i < n; i++) {
    const b = bytes[i] as number;
    lanes = ((lanes + 0x01010101) & (RUN_KEEP[b] as number)) | (RUN_RESET[b] as number);
    const tops = lanes & LANE_TOPS;
    if (tops !== 0) {
      reached |= tops;
      const lanesDone = Math.imul(tops >>> 7, 0xff);
      lanes = (lanes & ~lanesDone) | (RUN_START & lanesDone);
    }
    secret = ((secret + 1) & (SECRET_KEEP[b] as number)) | (SECRET_RESET[b] as number);
    if (secret >= 128) {
      traits |= T_SECRET40;
      secret = SECRET_START;
    }
    const next = STEP[(state << 2) | (KIND[b] as number)] as number;
    traits |= next >>> STATE_BITS;
    state = next & STATE_MASK;
  }
  for (let lane = 0; lane < 4; lane++) if (((reached >>> (8 * lane + 7)) & 1) !== 0) traits |= LANE_TRAITS[lane] as number;
  return traits;
}

let tracedText: string | undefined;
let tracedTraits = 0;

/**
 * The traits of an ASCII text (see above), or undefined for any other text, whose pre-checks then
 * read it with their own expressions. The last text's traits are kept: every detector asks in turn.
 */
function traitsOf(v: string): number | undefined {
  if (v.length < 64) return undefined;
  if (v !== tracedText) {
    const bytes = asciiBytes(v);
    tracedText = v;
    tracedTraits = bytes === undefined ? -1 : asciiTraits(bytes, v.length);
    bytes?.fill(0, 0, v.length);
  }
  return tracedTraits < 0 ? undefined : tracedTraits;
}

/**
 * A pre-check: the trait when `v` is a long ASCII text, else `fallback(v)`.
 */
function gate(trait: number, fallback: (v: string) => boolean): (v: string) => boolean {
  return (v) => {
    const traits = traitsOf(v);
    return traits === undefined ? fallback(v) : (traits & trait) !== 0;
  };
}

// ---------------------------------------------------------------------------------------------
// PII
// ---------------------------------------------------------------------------------------------

/**
 * An address `local@domain.tld`. The look-behind keeps a match from starting inside a longer run of
 * address characters; the look-ahead refuses a domain that continues (`a@b.co.x-y`).
 */
const EMAIL_RE =
  /(?<![A-Za-z0-9._%+\-@])([A-Za-z0-9][A-Za-z0-9._%+-]{0,63})@((?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}([A-Za-z]{2,63}))(?![A-Za-z0-9\-@_]|\.[A-Za-z0-9])/gu;
/**
 * File extensions that are no top-level domain: `logo@2x.png` is an asset name, not an address.
 * Letters only: a top-level domain has no digit, so `font@1.woff2` never matches in the first place.
 */
const FILE_EXTENSION_TLDS: ReadonlySet<string> = new Set([
  'png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'bmp', 'ico', 'tif', 'tiff', 'heic', 'avif',
  'css', 'scss', 'js', 'mjs', 'cjs', 'jsx', 'ts', 'tsx', 'json', 'yaml', 'yml', 'txt', 'html', 'htm',
  'pdf', 'xml', 'csv', 'lock', 'map', 'woff', 'ttf', 'otf', 'wav', 'webm',
]);
/** `scheme://user:` right before a match: the match is URL userinfo (`https://u:p@host`). */
const URL_USERINFO_BEFORE_RE = /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/@]*$/u;

const emailDetector = detector('pii.email', 'PII', (value) =>
  collect(value, EMAIL_RE, (m) => {
    const local = m[1] ?? '';
    const tld = (m[3] ?? '').toLowerCase();
    if (local.endsWith('.') || local.includes('..')) return undefined;
    if (FILE_EXTENSION_TLDS.has(tld)) return undefined;
    const end = m.index + m[0].length;
    // scp-style remote `git@github.com:org/repo.git` names a host, not a mailbox.
    if (/^:[A-Za-z0-9_~./]/u.test(value.slice(end, end + 2))) return undefined;
    if (URL_USERINFO_BEFORE_RE.test(value.slice(Math.max(0, m.index - 256), m.index))) return undefined;
    return whole(m);
  }),
  (v) => v.includes('@'),
);

/** E.164-ish: `+`, a non-zero country digit, then 7-14 more digits with short separators. */
const PHONE_E164_RE = /(?<![A-Za-z0-9_+])\+[1-9](?:[ .()-]{0,2}\d){7,14}(?!\d)/gu;
/** North American `(415) 555-0100` / `415-555-0100`, area and exchange codes starting 2-9. */
const PHONE_NANP_RE =
  /(?<![A-Za-z0-9_.+/-])(?:\([2-9]\d{2}\) ?|[2-9]\d{2}-)[2-9]\d{2}-\d{4}(?![A-Za-z0-9_]|-\d)/gu;
/** Chinese mobile: `1[3-9]` + 9 digits, optionally `+86`/`0086` and consistent 3-4-4 separators. */
const PHONE_CN_MOBILE_RE =
  /(?<![A-Za-z0-9_+])(?:(?:\+|00)86[ -]?)?1[3-9]\d([ -]?)\d{4}\1\d{4}(?![A-Za-z0-9_])/gu;

const phoneDetector = detector('pii.phone', 'PII', (value) => [
  // The pattern itself holds a match to E.164's 8-15 digits: a country digit and 7-14 more.
  ...collect(value, PHONE_E164_RE, whole),
  ...collect(value, PHONE_NANP_RE, whole),
  ...collect(value, PHONE_CN_MOBILE_RE, whole),
],
  gate(T_DIGITS, (v) => digitsAtLeast(v, 8)),
);

/**
 * 13-19 digits, either unbroken or grouped (first group of 4, separators all the same single space
 * or dash, the last group 2-5 digits: a 14-digit Diners card is printed 4-6-4 or 4-4-4-2), not
 * touching other digits, letters or a decimal point. A comma beside it separates fields (a CSV row,
 * `55821,4111111111111111,12/27`): an amount with a decimal comma never has 13 digits before it.
 */
const CARD_RE =
  /(?<![A-Za-z0-9_]|\d\.)(?:\d{13,19}|\d{4}([ ./_\t-]| {2,3}|\r?\n)\d{4,6}(?:\1\d{3,5}){0,3}\1\d{2,5})(?![A-Za-z0-9_]|\.\d)/gu;

/**
 * Whether a digit string starts with a known issuer prefix and has a length that issuer uses.
 * @returns true for Visa, Mastercard, Amex, Discover, JCB, Diners and UnionPay shapes
 */
function plausibleIssuer(d: string): boolean {
  const n = d.length;
  const p2 = Number(d.slice(0, 2));
  const p3 = Number(d.slice(0, 3));
  const p4 = Number(d.slice(0, 4));
  if (d.startsWith('4')) return n === 13 || n === 16 || n === 19; // Visa
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return n === 16; // Mastercard
  if (p2 === 34 || p2 === 37) return n === 15; // Amex
  if (p4 === 6011 || p2 === 65 || (p3 >= 644 && p3 <= 649)) return n >= 16 && n <= 19; // Discover
  if (p4 >= 3528 && p4 <= 3589) return n >= 16 && n <= 19; // JCB
  if (p2 === 36 || p2 === 38 || (p3 >= 300 && p3 <= 305)) return n >= 14 && n <= 19; // Diners
  if (p2 === 62) return n >= 16 && n <= 19; // UnionPay
  return false;
}

/**
 * Whether a digit string is a plausible card number.
 * @returns true when length, issuer prefix and Luhn all agree
 */
function isCardNumber(d: string): boolean {
  return d.length >= 13 && d.length <= 19 && plausibleIssuer(d) && luhnValid(d);
}

const cardDetector = detector('pii.card', 'PII', (value) =>
  collect(value, CARD_RE, (m) => {
    const sep = m[1];
    if (sep === undefined) return isCardNumber(m[0]) ? whole(m) : undefined;
    // A grouped run may carry a trailing group that is not part of the card (`… 1111 2026`):
    // try the longest prefix of whole groups first.
    const groups = m[0].split(sep);
    for (let g = groups.length; g >= 2; g--) {
      const text = groups.slice(0, g).join(sep);
      if (isCardNumber(text.replace(/\D/gu, ''))) return { start: m.index, end: m.index + text.length };
    }
    return undefined;
  }),
  gate(T_DIGITS, (v) => digitsAtLeast(v, 13)),
);

/** A possible IBAN start: two letters and two check digits at the start of an alphanumeric run. */
const IBAN_START_RE = /(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?=[ .-]?[A-Za-z0-9])/gu;

/**
 * Whether the character at `i` is an ASCII letter or digit.
 * @returns false past the end of the string
 */
function isAlnumAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/**
 * Read the rest of an IBAN whose first four characters start at `start`, compact or in groups of
 * any size split by one kind of separator (a space, `-` or `.`, one at a time: `DE89 3704 0044…`,
 * `DE89-370400-440532…`), taking exactly the length the country's entry demands. The country's
 * length and the mod-97 check keep it precise however it is grouped.
 * @returns the end offset, or undefined when the text there does not have that shape
 */
function readIban(value: string, start: number, total: number): number | undefined {
  let i = start + 4;
  let need = total - 4;
  let sep = '';
  while (need > 0) {
    if (isAlnumAt(value, i)) {
      i++;
      need--;
      continue;
    }
    const c = value.charAt(i);
    if (!(c === ' ' || c === '-' || c === '.') || (sep !== '' && c !== sep) || !isAlnumAt(value, i + 1)) return undefined;
    sep = c;
    i++;
  }
  return isAlnumAt(value, i) ? undefined : i;
}

const ibanDetector = detector('pii.iban', 'PII', (value) =>
  collect(value, IBAN_START_RE, (m) => {
    const total = IBAN_LENGTHS.get(m[0].slice(0, 2).toUpperCase());
    if (total === undefined) return undefined;
    const end = readIban(value, m.index, total);
    if (end === undefined) return undefined;
    const text = value.slice(m.index, end);
    // Mixed case is a random token, not an IBAN written by a person in either case.
    if (/[a-z]/u.test(text) && /[A-Z]/u.test(text)) return undefined;
    return ibanValid(text.replace(/[-.]/gu, '')) ? { start: m.index, end } : undefined;
  }),
  gate(T_IBAN, (v) => IBAN_START.test(v)),
);

const CN_ID_RE = /(?<![A-Za-z0-9])\d{17}[\dXx](?![A-Za-z0-9])/gu;

const cnResidentIdDetector = detector('pii.cn-resident-id', 'PII', (value) =>
  collect(value, CN_ID_RE, (m) => (chineseResidentIdValid(m[0]) ? whole(m) : undefined)),
  gate(T_DIGITS, (v) => SEVENTEEN_DIGITS.test(v)),
);

const SSN_RE = /(?<![A-Za-z0-9_-])(\d{3})-(\d{2})-(\d{4})(?![A-Za-z0-9_]|-\d)/gu;

const ssnDetector = detector('pii.us-ssn', 'PII', (value) =>
  collect(value, SSN_RE, (m) => {
    const area = m[1] ?? '';
    if (area === '000' || area === '666' || area.startsWith('9')) return undefined;
    if (m[2] === '00' || m[3] === '0000') return undefined;
    return whole(m);
  }),
  gate(T_DIGITS, (v) => SSN_SHAPE.test(v)),
);

// ---------------------------------------------------------------------------------------------
// SECRET
// ---------------------------------------------------------------------------------------------

const PEM_PRIVATE_RE =
  /-----BEGIN (?:(?:RSA|EC|DSA|OPENSSH|ENCRYPTED|PGP) )?PRIVATE KEY(?: BLOCK)?-----/gu;
const PEM_END_RE = /-----END [A-Z ]{1,40}-----/gu;

const privateKeyDetector = detector('secret.private-key', 'SECRET', (value) =>
  collect(value, PEM_PRIVATE_RE, (m) => {
    // The span runs to the block's footer when there is one, so the preview reports the block size.
    const headerEnd = m.index + m[0].length;
    const endRe = new RegExp(PEM_END_RE.source, 'gu');
    endRe.lastIndex = headerEnd;
    const footer = endRe.exec(value);
    return { start: m.index, end: footer === null ? headerEnd : footer.index + footer[0].length };
  }),
  (v) => v.includes('PRIVATE KEY'),
);

const AWS_KEY_ID_RE = /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/gu;

const awsKeyIdDetector = detector('secret.aws-access-key-id', 'SECRET', (value) =>
  collect(value, AWS_KEY_ID_RE, (m) => (plausibleTokenBody(m[0].slice(4)) ? whole(m) : undefined)),
  gate(T_UPPER20, (v) => AWS_ID_PREFIX.test(v)),
);

const AWS_SECRET_VALUE_RE = /^[A-Za-z0-9/+]{40}$/u;
/** `aws_secret_access_key = …`, `AWS_SECRET_ACCESS_KEY: "…"`, `"SecretAccessKey": "…"`. */
const AWS_SECRET_TEXT_RE =
  /(?<![A-Za-z0-9_])(?:aws_?)?secret_?access_?key["']?[ \t]{0,8}[:=][ \t]{0,8}["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/giu;

const awsSecretDetector = detector('secret.aws-secret-key', 'SECRET', (value, key) => {
  const out: MatchSpan[] = [];
  if (key?.includes('secret') === true) {
    const trimmed = value.trim();
    if (AWS_SECRET_VALUE_RE.test(trimmed) && shannonEntropy(trimmed) >= 4.0) {
      const start = value.indexOf(trimmed);
      out.push({ start, end: start + trimmed.length });
    }
  }
  out.push(
    ...collect(value, AWS_SECRET_TEXT_RE, (m) => {
      const secret = m[1] ?? '';
      if (shannonEntropy(secret) < 4.0) return undefined;
      const end = m.index + m[0].length;
      return { start: end - secret.length, end };
    }),
  );
  return out;
},
  gate(T_SECRET40, (v) => v.length >= 40),
);

const GITHUB_TOKEN_RE =
  /(?<![A-Za-z0-9_])(?:gh[pousr]_([A-Za-z0-9]{36})|github_pat_([A-Za-z0-9_]{50,255}))(?![A-Za-z0-9_])/gu;

const githubTokenDetector = detector('secret.github-token', 'SECRET', (value) =>
  collect(value, GITHUB_TOKEN_RE, (m) =>
    plausibleTokenBody(m[1] ?? m[2] ?? '') ? whole(m) : undefined,
  ),
  gate(T_WORD26, (v) => GITHUB_PREFIX.test(v)),
);

const SLACK_TOKEN_RE = /(?<![A-Za-z0-9_-])xox[abposr]-([A-Za-z0-9-]{10,})/gu;

const slackTokenDetector = detector('secret.slack-token', 'SECRET', (value) =>
  collect(value, SLACK_TOKEN_RE, (m) => {
    const body = m[1] ?? '';
    // Real Slack tokens carry numeric team/user ids; `xoxb-your-token-here` does not.
    return /\d/u.test(body) && plausibleTokenBody(body) ? whole(m) : undefined;
  }),
  gate(T_WORD15, (v) => v.includes('xox')),
);

const JWT_RE =
  /(?<![A-Za-z0-9_-])(eyJ[A-Za-z0-9_-]{5,})\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{8,}(?![A-Za-z0-9_-])/gu;

/**
 * Decode one base64url segment with the platform's `atob` (Node 20 and browsers have it).
 * @returns the decoded binary string, or undefined when the segment is not base64url or there is no `atob`
 */
function decodeBase64Url(segment: string): string | undefined {
  const host: { readonly atob?: (data: string) => string } = globalThis;
  if (host.atob === undefined || segment.length % 4 === 1) return undefined;
  const b64 = segment.replace(/-/gu, '+').replace(/_/gu, '/');
  try {
    return host.atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  } catch {
    return undefined;
  }
}

/**
 * Whether a JWT header segment decodes to a JSON object with an `alg` member.
 * @returns false for anything that is not such a header
 */
function isJwtHeader(segment: string): boolean {
  const json = decodeBase64Url(segment);
  if (json === undefined) return false;
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && 'alg' in parsed;
  } catch {
    return false;
  }
}

const jwtDetector = detector('secret.jwt', 'SECRET', (value) =>
  collect(value, JWT_RE, (m) => (isJwtHeader(m[1] ?? '') ? whole(m) : undefined)),
  gate(T_DOTTED26, (v) => v.includes('eyJ')),
);

/** Fixed-format vendor tokens; `check` confirms the random part looks random. */
const WELL_KNOWN_TOKENS: readonly { readonly re: RegExp; readonly check: (body: string) => boolean }[] = [
  // Stripe live secret / restricted keys.
  { re: /(?<![A-Za-z0-9_])(?:sk|rk)_live_([A-Za-z0-9]{20,})/gu, check: plausibleTokenBody },
  // Google API key.
  { re: /(?<![A-Za-z0-9_-])AIza([0-9A-Za-z_-]{35})(?![0-9A-Za-z_-])/gu, check: plausibleTokenBody },
  // OpenAI-style `sk-…` / `sk-proj-…`: generic enough that the body must mix letters and digits.
  {
    re: /(?<![A-Za-z0-9_-])sk-(?:proj-)?([A-Za-z0-9_-]{32,})/gu,
    check: (b) => /\d/u.test(b) && /[A-Za-z]/u.test(b) && plausibleTokenBody(b),
  },
  // npm access token.
  { re: /(?<![A-Za-z0-9_])npm_([A-Za-z0-9]{36})(?![A-Za-z0-9_])/gu, check: plausibleTokenBody },
  // GitLab personal access token.
  { re: /(?<![A-Za-z0-9_-])glpat-([A-Za-z0-9_-]{20,})/gu, check: plausibleTokenBody },
];

const wellKnownTokenDetector = detector('secret.well-known-token', 'SECRET', (value) =>
  WELL_KNOWN_TOKENS.flatMap(({ re, check }) =>
    collect(value, re, (m) => (check(m[1] ?? '') ? whole(m) : undefined)),
  ),
  gate(T_WORD26, (v) => WELL_KNOWN_PREFIX.test(v)),
);

/**
 * Normalised key-like name endings. A name is key-like when, lowercased and stripped of `_`, `-`,
 * `.` and spaces, it ends with one of these (`db_password`, `OPENAI_API_KEY`, `x-api-key`,
 * `client_secret`, `数据库密码`). Suffix rather than substring matching keeps `token_count`,
 * `password_hint` or `token_url` out.
 */
const KEY_LIKE_SUFFIXES: readonly string[] = [
  'apikey', 'secret', 'secretkey', 'token', 'password', 'passwd', 'pwd', 'passphrase', 'privatekey',
  'accesskey', 'credential', 'credentials', 'authorization', '密钥', '密码', '令牌',
];
/** Names ending in `token` that hold opaque but non-secret cursors (pagination, idempotency). */
const NON_SECRET_TOKEN_SUFFIXES: readonly string[] = [
  'pagetoken', 'nexttoken', 'continuationtoken', 'paginationtoken', 'synctoken', 'cursortoken',
  'resumetoken', 'idempotencytoken', 'starttoken',
];

/**
 * Whether a field or assignment name is key-like (names a credential).
 * @param name the raw name, any case
 * @returns true for names such as `api_key`, `client_secret`, `DB_PASSWORD`, `令牌`
 */
function isKeyLikeName(name: string): boolean {
  const n = name.toLowerCase().replace(/[_\-. ]/gu, '');
  if (NON_SECRET_TOKEN_SUFFIXES.some((s) => n.endsWith(s))) return false;
  return KEY_LIKE_SUFFIXES.some((s) => n.endsWith(s));
}

/** Values that are stand-ins for a secret, never one. */
const PLACEHOLDER_RES: readonly RegExp[] = [
  /^(.)\1*$/u, // one repeated character
  /x{4,}/iu, // xxxx…
  /\*{3,}|\.{3}|…/u, // masked or elided
  /^<.*>$/u, // <your-key>
  /\$\{|\$\(|\{\{|^\$[A-Za-z_]|^%[A-Za-z_]/u, // ${VAR}, $(cmd), {{tmpl}}, $VAR, %VAR%
  /your|changeme|change_me|placeholder|example|dummy|redacted|sample|replace|insert|todo|fixme|here$/iu,
  /process\.env|os\.environ|getenv/iu,
];
/** Values that are a path, a URL or a file name (e.g. `PWD=/home/u/src2`, `secret: db-creds-2024.json`). */
const NOT_A_SECRET_SHAPE_RES: readonly RegExp[] = [
  /^(?:[A-Za-z]:)?[\\/~]|^\.{1,2}[\\/]/u,
  /:\/\//u,
  /\.(?:json|ya?ml|toml|ini|txt|pem|key|crt|cer|env|cfg|conf|js|ts|py|sh|p12|pfx|jks)$/iu,
  // A dotted identifier chain is a code reference (`config.auth.apiToken`), not a literal.
  /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?:\(\))?$/u,
];

/**
 * Whether a value bound to a key-like name looks like a real secret rather than a word, a number,
 * a reference or a placeholder.
 * @returns true when long, unbroken, random-looking and not a known stand-in
 */
function looksLikeSecretValue(v: string): boolean {
  if (v.length < 16 || /\s/u.test(v)) return false;
  const classes = Number(/[a-z]/u.test(v)) + Number(/[A-Z]/u.test(v)) + Number(/\d/u.test(v));
  if (classes < 2) return false;
  const h = shannonEntropy(v);
  if (h < 3.5) return false;
  // A sequence of plain words (`My-Secret-Password-Here`) has moderate entropy and no digit.
  if (!/\d/u.test(v) && h < 4.2) return false;
  if (PLACEHOLDER_RES.some((re) => re.test(v))) return false;
  return !NOT_A_SECRET_SHAPE_RES.some((re) => re.test(v));
}

/** `Bearer …` / `Basic …` / `token …`: an Authorization header's scheme precedes the credential. */
const AUTH_SCHEME_RE = /^(?:bearer|basic|token)[ \t]+/iu;

/**
 * An assignment in text: a name (identifier-like, or CJK), an optional closing quote and `]`
 * (`cfg["password"] = …`), `:`/`=`/`=>`/`：`,
 * an optional auth scheme and quote, then the value up to whitespace, a quote, `,` or `;`.
 */
const ASSIGNMENT_RE =
  /(?<![\p{L}\p{N}_])([\p{L}_][\p{L}\p{N}_.-]{0,63})["'`]?\]?[ \t]{0,8}(?:=>|[:=：])[ \t]{0,8}(?:(?:[Bb]earer|[Bb]asic|[Tt]oken)[ \t]+)?["'`]?([^\s"'`,;]{1,4096})/gu;

/**
 * What follows the name in {@link ASSIGNMENT_RE}, with a value of at least 16 characters: implied
 * by every assignment whose value can pass {@link looksLikeSecretValue}.
 */
const LONG_ASSIGNED_VALUE_RE = /(?:=>|[:=：])[ \t]{0,8}(?:(?:[Bb]earer|[Bb]asic|[Tt]oken)[ \t]+)?["'`]?[^\s"'`,;]{16}/u;

const keyedHighEntropyDetector = detector('secret.keyed-high-entropy', 'SECRET', (value, key) => {
  const out: MatchSpan[] = [];
  if (key !== undefined && isKeyLikeName(key)) {
    const trimmed = value.trim();
    const scheme = AUTH_SCHEME_RE.exec(trimmed);
    const candidate = scheme === null ? trimmed : trimmed.slice(scheme[0].length);
    if (looksLikeSecretValue(candidate)) {
      const start = value.indexOf(candidate);
      out.push({ start, end: start + candidate.length });
    }
  }
  // A value shorter than 16 characters is never a secret: without one after any `:` or `=`, the
  // slower search for names in front of them is skipped (most long texts, a build script).
  if (!LONG_ASSIGNED_VALUE_RE.test(value)) return out;
  out.push(
    ...collect(value, ASSIGNMENT_RE, (m) => {
      if (!isKeyLikeName(m[1] ?? '')) return undefined;
      const raw = m[2] ?? '';
      // Trailing sentence or bracket punctuation is not part of the value.
      const v = raw.replace(/[.)\]}]+$/u, '');
      if (!looksLikeSecretValue(v)) return undefined;
      const start = m.index + m[0].length - raw.length;
      return { start, end: start + v.length };
    }),
  );
  return out;
},
  (v, key) => (key !== undefined && isKeyLikeName(key)) || (v.length >= 17 && assignTo(v)),
);

const assignTo = gate(T_ASSIGN, (v) => ASSIGNMENT_CHAR.test(v));

/** Every built-in detector, PII first then SECRET. */
export const BUILTIN_DETECTORS: readonly Detector[] = Object.freeze([
  emailDetector,
  phoneDetector,
  cardDetector,
  ibanDetector,
  cnResidentIdDetector,
  ssnDetector,
  privateKeyDetector,
  awsKeyIdDetector,
  awsSecretDetector,
  githubTokenDetector,
  slackTokenDetector,
  jwtDetector,
  wellKnownTokenDetector,
  keyedHighEntropyDetector,
]);

// ---------------------------------------------------------------------------------------------
// Destination fields and the argument walk
// ---------------------------------------------------------------------------------------------

/**
 * Normalised names of fields that say where data goes (a recipient, a URL, a channel). What they
 * hold is an address, not data leaving, so they are never scanned.
 */
export const DESTINATION_FIELDS: ReadonlySet<string> = new Set([
  'to', 'cc', 'bcc', 'replyto', 'recipient', 'recipients', 'url', 'uri', 'href', 'endpoint',
  'webhook', 'webhookurl', 'channel', 'channelid', 'chatid', 'destination', 'dest', 'host',
  'hostname', 'attendees', 'invitees', 'repo', 'repository',
  // Chinese field names: recipient, cc, bcc.
  '收件人', '抄送', '密送',
]);

/**
 * Whether a field name is a destination field.
 * @param name the field name as it appears in the arguments
 * @returns true when the name, lowercased and without `_` and `-`, is in {@link DESTINATION_FIELDS}
 */
export function isDestinationField(name: string): boolean {
  return DESTINATION_FIELDS.has(normaliseField(name));
}

/**
 * The destination test for one tool: the built-in names, plus the fields its schema declares
 * (see {@link schemaDestinationFields}).
 */
export function destinationTest(declared: ReadonlySet<string>): (name: string) => boolean {
  if (declared.size === 0) return isDestinationField;
  return (name) => {
    const n = normaliseField(name);
    return DESTINATION_FIELDS.has(n) || declared.has(n);
  };
}

/**
 * A property description that says, from its first words, that the value names who the data goes
 * to: "E-mail address of the person to invite", "The recipient's phone number", "IBAN of the
 * payee". A description that only mentions a recipient ("Subject line the recipient sees") does not.
 */
const DESTINATION_DESCRIPTION =
  /^\s*(?:the |an? )?(?:(?:(?:e-?mail |phone |mobile |account |bank )?(?:address(?:es)?|numbers?|ibans?|ids?|handles?|usernames?|accounts?) (?:of|for) (?:the |each )?)?(?:recipients?|invitees?|addressees?|payees?|(?:person|user|people|member|contact)s? (?:to (?:invite|notify|add|share with|send (?:it |this )?to)|who (?:receives?|gets?)))\b)|收件人|接收人|被邀请/iu;
/**
 * Destination fields a tool's input schema declares beyond the built-in names: properties, at any
 * depth the classifier reads (the same reader, `schemaProps`), whose description says their value is
 * who or where the data goes (an `email` "of the person to invite", a nested `recipient.phone`
 * "phone number of the recipient"). Returned normalised as {@link isDestinationField} compares them.
 * @param inputSchema a JSON Schema object, or anything (then no field)
 */
export function schemaDestinationFields(inputSchema: unknown): ReadonlySet<string> {
  const out = new Set<string>();
  for (const p of schemaProps(inputSchema)) {
    if (p.description !== undefined && DESTINATION_DESCRIPTION.test(p.description.slice(0, 400))) out.add(normaliseField(p.key));
  }
  return out;
}

function normaliseField(name: string): string {
  return name.toLowerCase().replace(/[_-]/gu, '');
}

/** What {@link scanArgsReport} found, and where it had to stop reading, if it did. */
export interface ScanReport {
  readonly findings: Finding[];
  /** True when the read stopped early (see {@link readValue}): some of the input was not scanned. */
  readonly truncated: boolean;
  /** Where and why reading stopped, when it did. */
  readonly stop?: Stop;
}

/**
 * Run the detectors over a tape: every string and number leaf, and every object key, outside
 * destination fields. One finding per (path, detector), the first span's preview kept; sorted by
 * path then detector id.
 */
export function scanTape(tape: Tape, detectors: readonly Detector[], dest: Uint8Array): Finding[] {
  const found = new Map<string, Finding>();
  const n = tape.kind.length;
  const hit = (i: number, raw: string, key: string | undefined): void => {
    scanOne(i, raw, key);
    // The text as its receiver reads it, too: `maria%40example.org`, `&#64;`, a Cyrillic `о`.
    const read = readable(raw);
    if (read !== undefined) scanOne(i, read, key);
  };
  const scanOne = (i: number, raw: string, key: string | undefined): void => {
    // Text outside ASCII is read as fingerprints read it: invisible characters removed (a zero-width
    // space between a card's digits), then NFKC (full-width digits and `＠`, no-break and thin spaces).
    const value = isAscii(raw) ? raw : raw.replace(INVISIBLE, '').normalize('NFKC');
    let at: string | undefined;
    for (const d of detectors) {
      if (d.quick !== undefined && !d.quick(value, key)) continue;
      const span = d.scan(value, key)[0];
      if (span === undefined) continue;
      at ??= pathOf(tape, i);
      const id = `${at}\u0000${d.id}`;
      // INVARIANT: one finding per (path, detector); the first span's preview is kept.
      if (found.has(id)) continue;
      found.set(id, { kind: d.kind, detector: d.id, path: at, preview: maskPreview(d.id, value.slice(span.start, span.end)) });
    }
  };
  for (let i = 0; i < n; i++) {
    if (dest[i] === 1) continue;
    const k = tape.key[i];
    // A key is text too: `{"Card 4111 1111 1111 1111": true}` carries the card out. It is scanned
    // with the name of the field that holds its object, as the value would have been.
    if (typeof k === 'string' && k.length > 1) hit(i, k, keyOf(tape, tape.parent[i] as number));
    const kind = tape.kind[i];
    if (kind === K_STRING || kind === K_NUMBER) hit(i, tape.text[i] as string, keyOf(tape, i));
  }
  // The traits' memo holds the last text scanned: let it go with the call.
  tracedText = undefined;
  return [...found.values()].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : a.detector < b.detector ? -1 : a.detector > b.detector ? 1 : 0,
  );
}

/**
 * Scan a tool call's arguments and say whether reading stopped early.
 * @param args any value (hostile ones too: cycles, getters that throw, Proxies, sparse arrays)
 * @param detectors the detectors to run
 * @default detectors {@link BUILTIN_DETECTORS}
 * @returns the findings as {@link scanArgs} returns them, `truncated`, and where reading stopped
 */
export function scanArgsReport(args: unknown, detectors: readonly Detector[] = BUILTIN_DETECTORS, isDestination: (name: string) => boolean = isDestinationField): ScanReport {
  const tape = readValue(args);
  const findings = scanTape(tape, detectors, destinationMask(tape, isDestination));
  return tape.stop === undefined ? { findings, truncated: false } : { findings, truncated: true, stop: tape.stop };
}

/**
 * Run every detector on every string leaf and object key of `args` (numbers are converted with
 * `String()` and scanned too: a card number may arrive as a number), skipping any subtree whose
 * field name is a destination field, at any depth. A leaf bound to a field name is scanned with
 * that name, lowercased, as the detectors' `key`.
 *
 * Bounded by {@link readValue}'s caps; use {@link scanArgsReport} to learn whether it stopped early.
 * @param args any JSON value
 * @param detectors the detectors to run
 * @param isDestination which field names are destinations (skipped with their subtrees)
 * @default detectors {@link BUILTIN_DETECTORS}; isDestination {@link isDestinationField}
 * @returns findings sorted by path (`$` for the root value) then detector id, one per detector and path
 */
export function scanArgs(args: unknown, detectors: readonly Detector[] = BUILTIN_DETECTORS, isDestination: (name: string) => boolean = isDestinationField): Finding[] {
  return scanArgsReport(args, detectors, isDestination).findings;
}

// ---------------------------------------------------------------------------------------------
// Previews
// ---------------------------------------------------------------------------------------------

/** Fixed public prefixes of token formats; at most four characters of one are shown. */
const PUBLIC_PREFIX_RE =
  /^(?:gh[pousr]_|github_pat_|AKIA|ASIA|xox[abposr]-|[sr]k_live_|AIza|sk-proj-|sk-|npm_|glpat-|eyJ)/u;

/**
 * A masked preview of a matched value, safe to log and show: it never holds the raw value.
 * @param detectorId the detector that matched
 * @param raw the matched text
 * @returns e.g. `a***@e***.com`, `…42 (16 digits)`, `GB…32 (22 chars)`, `ghp_…(40)`
 */
export function maskPreview(detectorId: string, raw: string): string {
  const preview = buildPreview(detectorId, raw);
  // INVARIANT: a preview never contains the raw value; fall back to less and less when it would.
  for (const p of [preview, `…(${raw.length})`, '[masked]', '…']) if (raw === '' || !p.includes(raw)) return p;
  return '';
}

/**
 * The preview before the containment check of {@link maskPreview}.
 * @returns a masked description of `raw`
 */
function buildPreview(detectorId: string, raw: string): string {
  switch (detectorId) {
    case 'pii.email': {
      const m = /^([^@]+)@([^.@]+)(?:\.[^@]*)?\.([A-Za-z]+)$/u.exec(raw);
      if (m === null) return `…(${raw.length})`;
      return `${(m[1] ?? '').charAt(0)}***@${(m[2] ?? '').charAt(0)}***.${m[3] ?? ''}`;
    }
    case 'pii.card':
    case 'pii.phone':
    case 'pii.us-ssn': {
      const digits = raw.replace(/\D/gu, '');
      return `…${digits.slice(-2)} (${digits.length} digits)`;
    }
    case 'pii.cn-resident-id':
      return `…${raw.slice(-2)} (${raw.length} chars)`;
    case 'pii.iban': {
      const s = raw.replace(/ /gu, '');
      return `${s.slice(0, 2).toUpperCase()}…${s.slice(-2)} (${s.length} chars)`;
    }
    case 'secret.private-key':
      return `PEM private key…(${raw.length})`;
    default: {
      const prefix = PUBLIC_PREFIX_RE.exec(raw)?.[0].slice(0, 4) ?? '';
      return `${prefix}…(${raw.length})`;
    }
  }
}
