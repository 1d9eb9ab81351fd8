/**
 * An outbound text as the one who receives it will read it.
 *
 * A copy of private text leaves just as well HTML-escaped, percent-encoded, quoted-printable, with
 * `\u` escapes, in base64, base32 or hex, wrapped in a tag per word, in invisible Unicode tag
 * characters, or with look-alike letters from another script: the receiver decodes it, or a person
 * reads it, and the words are the same. {@link readable} undoes those spellings, so that the guard
 * can look for copied fragments and sensitive values in the text as read, beside the text as
 * written. It is a view for probing only: what a tool result stored is never changed, and a text
 * that needs no decoding costs one scan of its characters.
 *
 * Not undone (each would cost precision, needs a decision or a decompressor the core does not
 * have): rot13 and other ciphers, reordered words, letters spaced apart, paraphrase, gzip, base85,
 * uuencode, punycode, CSS and RTF escapes.
 *
 * Pure: no IO, no clock, no environment. Its one state is the readings of long texts kept during a
 * decision ({@link withReadings}), dropped when the decision ends.
 */
import { isAscii } from './ascii.js';

/** Shortest run of base64 read as an encoded text: 15 bytes, about three words. */
const MIN_BASE64 = 20;

/** A sign that a text may be escaped or encoded: an escape, an entity, a percent byte, a tag, a `+` join. */
const MAY_BE_ENCODED = /\\[ux0-3]|&#?\w+;|%[0-9A-Fa-f]{2}|<[/!]?[A-Za-z-]|\+\S+\+|=[0-9A-F]{2}|=\r?\n/;
/** Characters of base64, standard (`+/`) or URL-safe (`-_`): 1 in this table. */
const BASE64_CHAR = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_') BASE64_CHAR[c.charCodeAt(0)] = 1;

/** Whether a character code is one of base64's (`BASE64_CHAR`). */
function isBase64Char(c: number): boolean {
  return c < 128 && BASE64_CHAR[c] === 1;
}

/**
 * The runs of base64 characters at least {@link MIN_BASE64} long, with their `=` padding, as
 * `[start, end)` pairs, maximal and in order (an expression with a `{20,}` run took 90 ms a MiB).
 * A run may start only where the last one, or a character that is no base64, ended: from there the
 * scan looks at the {@link MIN_BASE64}th character first and back from it, so a stretch holding any
 * other character (a space between words) is passed over after reading about one word of it.
 * @internal exported for its tests
 */
export function base64Runs(text: string): number[] {
  const out: number[] = [];
  const n = text.length;
  let i = 0;
  while (i + MIN_BASE64 <= n) {
    let j = i + MIN_BASE64 - 1;
    while (j >= i && isBase64Char(text.charCodeAt(j))) j--;
    if (j >= i) {
      // [i, i + MIN_BASE64) holds a character that is no base64 at j: no long run starts before j + 1.
      i = j + 1;
      continue;
    }
    let end = i + MIN_BASE64;
    while (end < n && isBase64Char(text.charCodeAt(end))) end++;
    let padded = end;
    while (padded < n && padded - end < 2 && text.charCodeAt(padded) === 61) padded++;
    out.push(i, padded);
    // The character at `end` is no base64 (or the text ends there): no run starts on it.
    i = end + 1;
  }
  return out;
}

/** `\u0043`, also escaped again (`\\u0043`, a JSON string inside a JSON string), `\u{43}`, `\x43`, octal `\103`. */
// Tried only at the first backslash of a run: from every backslash of a long run the expression
// would read to the run's end again, a time square in the run's length.
const ESCAPE = /(?<!\\)\\+(?:u\{([0-9A-Fa-f]{1,6})\}|u([0-9A-Fa-f]{4})|x([0-9A-Fa-f]{2})|([0-3][0-7]{2}))/g;
/** Numeric entities (leading zeros allowed, as HTML allows them) and named ones. */
const ENTITY = /&#0*(\d{1,7});|&#[xX]0*([0-9A-Fa-f]{1,6});|&([A-Za-z][A-Za-z0-9]{1,30});/g;
/** A named entity of a mathematical letter (`&Copf;`, `&ufr;`, `&sscr;`): the letter it is a form of. */
const LETTER_ENTITY = /^([A-Za-z])(?:opf|fr|scr)$/;
/** Quoted-printable: a soft line break, and runs of `=XX` bytes (RFC 2045 writes the hex in capitals). */
const QP_SOFT_BREAK = /=\r?\n/g;
const QP_RUN = /(?:=[0-9A-F]{2})+/g;
/** An HTML comment, which renders as nothing (`Cus<!-- -->tomer`). */
const HTML_COMMENT = /<!--[^]{0,400}?-->/g;
/** Unicode tag characters (U+E0020–E007E) spell ASCII invisibly: each is the ASCII character 0xE0000 below it. */
const TAG_CHARACTER = /[\u{E0020}-\u{E007E}]/gu;
/** A right-to-left override shows the text after it reversed, up to the pop or the line's end. */
const RIGHT_TO_LEFT = /\u202E([^\u202C\n]*)\u202C?/g;
/** Passes of percent-decoding (`%2520` is `%20` is a space). */
const MAX_PERCENT_PASSES = 3;
/** Base64 inside base64: decoded again this many times at most. */
const MAX_BASE64_DEPTH = 2;
/** Named entities that stand for a letter, a space or nothing in running text. */
const NAMED_ENTITIES: ReadonlyMap<string, string> = new Map([
  ['nbsp', ' '], ['ensp', ' '], ['emsp', ' '], ['thinsp', ' '], ['amp', '&'], ['lt', '<'], ['gt', '>'],
  ['quot', '"'], ['apos', "'"], ['shy', ''], ['zwsp', ''], ['zwnj', ''], ['zwj', ''], ['NewLine', '\n'], ['Tab', '\t'],
  ['ZeroWidthSpace', ''], ['NoBreak', ''], ['ThinSpace', ' '], ['hairsp', ' '], ['MediumSpace', ' '], ['period', '.'],
  ['commat', '@'], ['plus', '+'], ['comma', ','], ['colon', ':'], ['semi', ';'], ['lpar', '('], ['rpar', ')'],
  ['hyphen', '-'], ['dash', '-'], ['lowbar', '_'], ['sol', '/'], ['bsol', '\\'], ['num', '#'], ['dollar', '$'],
  ['percnt', '%'], ['excl', '!'], ['quest', '?'], ['equals', '='], ['lsqb', '['], ['rsqb', ']'], ['lcub', '{'],
  ['rcub', '}'], ['ast', '*'], ['verbar', '|'], ['Hat', '^'], ['grave', '`'],
]);
/** A tag that marks up words inside a line (`<b>word</b>`): removed, so that the words it splits join. */
const INLINE_TAG = /<\/?(?:b|i|u|s|em|strong|span|font|small|big|mark|sub|sup|code|a|abbr|del|ins|q|tt|wbr)\b[^<>]{0,200}>/gi;
/** Any other tag: a space. */
const OTHER_TAG = /<\/?[A-Za-z][\w:-]{0,40}\b[^<>]{0,200}>/g;
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
/**
 * A Latin letter or digit with combining marks on it (`ú` written as `u` and U+0301, a keycap `4️⃣`):
 * the letter or digit alone.
 */
const MARKED_LATIN = /([A-Za-z0-9])\p{M}+/gu;

/**
 * Letters of other scripts that look like Latin ones, and the Latin letter each is read as
 * (Unicode's confusables, Cyrillic and Greek). Case matters: Greek `ν` reads as `v`, its capital
 * `Ν` as `N`.
 */
const LOOK_ALIKES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    // Cyrillic
    а: 'a', в: 'b', с: 'c', ԁ: 'd', е: 'e', һ: 'h', і: 'i', ј: 'j', к: 'k', ӏ: 'l', о: 'o', р: 'p', ԛ: 'q',
    ѕ: 's', у: 'y', х: 'x', ԝ: 'w', ё: 'e', ї: 'i',
    А: 'A', В: 'B', С: 'C', Е: 'E', Н: 'H', І: 'I', Ј: 'J', К: 'K', М: 'M', О: 'O', Р: 'P', Ѕ: 'S', Т: 'T',
    Х: 'X', У: 'Y', Ԛ: 'Q', Ԝ: 'W',
    // Greek
    α: 'a', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', γ: 'y',
    Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
  }),
);
const LOOK_ALIKE = new RegExp(`[${[...LOOK_ALIKES.keys()].join('')}]`, 'gu');

/** A decimal digit of another script (Arabic-Indic `٤`, Devanagari `४`); NFKC leaves most of them as they are. */
const OTHER_DIGIT = /(?![0-9])\p{Nd}/gu;
const ND = /\p{Nd}/u;

/**
 * The ASCII digit of a decimal digit of another script. Unicode puts each script's digits zero to
 * nine in a row of ten code points: the digit's value is its distance from the start of its row.
 */
function asciiDigit(c: string): string {
  const cp = c.codePointAt(0) as number;
  let start = cp;
  while (cp - start < 9 && ND.test(String.fromCodePoint(start - 1))) start--;
  return String((cp - start) % 10);
}

/** Decoded base64 whose characters are this share printable reads as text. */
const PRINTABLE_SHARE = 0.9;
/** A character that is not a letter, digit, punctuation, symbol or space. */
const UNPRINTABLE = /[^\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\r\t]/gu;

/** `atob` of the platform (Node 20 and browsers), and UTF-8 decoding. */
const host: { readonly atob?: (data: string) => string } = globalThis;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

/** Bytes up to this many are decoded here rather than by the platform's decoder. */
const SHORT_UTF8 = 512;

/**
 * @internal Bytes as UTF-8 text, as `new TextDecoder('utf-8', {fatal: true})` reads them (a leading
 * byte order mark dropped), or undefined where that decoder throws: a byte that starts no sequence,
 * a sequence cut short, an overlong form, a surrogate, a code point past U+10FFFF. Short inputs are
 * read here: the platform's decoder costs microseconds a call before its first byte (and a thrown
 * error on each run of random letters that is no UTF-8), and the runs decoded are mostly a few
 * dozen bytes.
 */
export function utf8Text(bytes: Uint8Array): string | undefined {
  if (bytes.length > SHORT_UTF8) {
    try {
      return utf8.decode(bytes);
    } catch {
      return undefined;
    }
  }
  const n = bytes.length;
  let i = n >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let out = '';
  while (i < n) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      out += String.fromCharCode(b);
      i++;
      continue;
    }
    // The lead byte: how many continuation bytes follow, and the range the first of them may take
    // (narrower after E0, ED, F0 and F4: no overlong form, no surrogate, nothing past U+10FFFF).
    let more: number;
    let cp: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) {
      more = 1;
      cp = b & 0x1f;
    } else if (b >= 0xe0 && b <= 0xef) {
      more = 2;
      cp = b & 0x0f;
      if (b === 0xe0) lo = 0xa0;
      else if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      more = 3;
      cp = b & 0x07;
      if (b === 0xf0) lo = 0x90;
      else if (b === 0xf4) hi = 0x8f;
    } else return undefined;
    if (i + more >= n) return undefined;
    for (let k = 1; k <= more; k++) {
      const c = bytes[i + k] as number;
      if (c < lo || c > hi) return undefined;
      cp = (cp << 6) | (c & 0x3f);
      lo = 0x80;
      hi = 0xbf;
    }
    out += String.fromCodePoint(cp);
    i += more + 1;
  }
  return out;
}

/**
 * Bytes as text, when they are UTF-8 text a person reads: printable, with a space somewhere; or,
 * within {@link MAX_BASE64_DEPTH}, base64 again that decodes to such text.
 */
function bytesText(bytes: Uint8Array, depth: number, loose = false): string | undefined {
  const text = utf8Text(bytes);
  if (text === undefined) return undefined;
  const unprintable = text.match(UNPRINTABLE)?.length ?? 0;
  if (unprintable > (1 - PRINTABLE_SHARE) * text.length) return undefined;
  if (/\s/.test(text) || (loose && text.length >= 8)) return text;
  return depth < MAX_BASE64_DEPTH && /^[A-Za-z0-9+/_-]{20,}={0,2}$/.test(text) ? base64Text(text, depth + 1) : undefined;
}

/** A run of base64 (standard or URL-safe) decoded to text, when it is text. */
function base64Text(run: string, depth = 0, loose = false): string | undefined {
  if (host.atob === undefined) return undefined;
  const body = run.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (body.length % 4 === 1) return undefined;
  let binary: string;
  try {
    binary = host.atob(body + '='.repeat((4 - (body.length % 4)) % 4));
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytesText(bytes, depth, loose);
}

/** A run of hex digits, two per byte, decoded to text, when it is text. */
function hexText(run: string): string | undefined {
  if (run.length % 2 === 1 || !/^[0-9A-Fa-f]+$/.test(run)) return undefined;
  const bytes = new Uint8Array(run.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(run.slice(2 * i, 2 * i + 2), 16);
  return bytesText(bytes, MAX_BASE64_DEPTH);
}

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A run of base32 (RFC 4648, in one case), decoded to text, when it is text. */
function base32Text(run: string): string | undefined {
  const body = run.replace(/=+$/, '');
  if (!/^(?:[A-Z2-7]+|[a-z2-7]+)$/.test(body)) return undefined;
  const upper = body.toUpperCase();
  const bytes = new Uint8Array(Math.floor((upper.length * 5) / 8));
  let bits = 0;
  let value = 0;
  let k = 0;
  for (let i = 0; i < upper.length; i++) {
    value = (value << 5) | BASE32_ALPHABET.indexOf(upper[i] as string);
    bits += 5;
    if (bits >= 8) {
      bytes[k++] = (value >>> (bits - 8)) & 0xff;
      bits -= 8;
    }
  }
  return bytesText(bytes, MAX_BASE64_DEPTH);
}

/** Runs of quoted-printable bytes as the UTF-8 text they spell. */
function quotedPrintable(run: string): string {
  const bytes = new Uint8Array(run.length / 3);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(run.slice(3 * i + 1, 3 * i + 3), 16);
  return lenientUtf8.decode(bytes);
}

/**
 * Whether a text without spaces is words joined by `+`, as a form encodes spaces (`Customer+disputes+the`):
 * three or more parts, most of them words of lower-case letters (base64 has `+` too, between random letters).
 */
function plusJoinedWords(text: string): boolean {
  const parts = text.split('+');
  if (parts.length < 3) return false;
  let words = 0;
  for (const p of parts) if (/^[A-Z]?[a-z]+[.,;:!?]?$/.test(p)) words++;
  return words >= 0.6 * parts.length;
}

function percentDecoded(run: string): string {
  try {
    return decodeURIComponent(run);
  } catch {
    // Not UTF-8: each byte as the character of its code.
    return run.replace(/%([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
}

function codePoint(hex: string, radix: number): string {
  const n = parseInt(hex, radix);
  return n > 0x10ffff ? '' : String.fromCodePoint(n);
}

/**
 * The text as its receiver reads it, when that differs from how it is written: base64, base32 and
 * hex runs that decode to text, quoted-printable, `\u`/`\x`/octal escapes, HTML comments, tags and
 * entities, percent-encoding (and `+` for spaces in a text without any), Unicode tag characters, a
 * right-to-left override, Cyrillic and Greek look-alikes of Latin letters, combining marks on Latin
 * letters and digits, decimal digits of other scripts. Undefined when nothing changes.
 * @param loose also decode base64 to text with no space in it (a path, a program name): for reading
 *   commands, where the decoded text is searched for names, not fingerprinted
 */
export function readable(text: string, loose = false): string | undefined {
  if (readings === undefined || loose || text.length < KEEP_READING) return readText(text, loose);
  // Kept as the text itself when reading changes nothing: a reading is never the text it read.
  const kept = readings.get(text);
  if (kept !== undefined) return kept === text ? undefined : kept;
  const read = readText(text, loose);
  readings.set(text, read ?? text);
  return read;
}

/**
 * The readings of long texts made during one decision (`withReadings`): the detectors and the
 * provenance probe both read every outbound text, and a MiB of it costs milliseconds to read.
 * Dropped when the decision ends, so no argument outlives its call here.
 */
let readings: Map<string, string> | undefined;
/** Shortest text whose reading is kept for the rest of a decision: shorter ones cost less to read again than to look up. */
const KEEP_READING = 4096;

/**
 * Run `decide` with each long text read at most once ({@link readable}); nested calls share the
 * outer decision's readings.
 */
export function withReadings<T>(decide: () => T): T {
  if (readings !== undefined) return decide();
  readings = new Map();
  try {
    return decide();
  } finally {
    readings = undefined;
  }
}

/** @internal whether a decision's readings are open (for the tests: never after a decision). */
export function readingsOpen(): boolean {
  return readings !== undefined;
}

function readText(text: string, loose: boolean): string | undefined {
  // No cap of its own: every step is linear in the text, which the reader's cap bounds, and a copy
  // padded past any cap here would be found as written but not as read.
  const ascii = isAscii(text);
  const encoded = MAY_BE_ENCODED.test(text);
  const runs = text.length >= MIN_BASE64 ? base64Runs(text) : [];
  if (ascii && !encoded && runs.length === 0) return undefined;
  let v = text;
  if (runs.length > 0) {
    // First, on the text as written: the runs are where the scan found them.
    let out = '';
    let at = 0;
    for (let r = 0; r < runs.length; r += 2) {
      const run = text.slice(runs[r] as number, runs[r + 1] as number);
      const decoded = base64Text(run, 0, loose) ?? hexText(run) ?? base32Text(run);
      if (decoded === undefined) continue;
      out += `${text.slice(at, runs[r] as number)} ${decoded} `;
      at = runs[r + 1] as number;
    }
    if (at > 0) v = out + text.slice(at);
  }
  if (encoded) {
    if (v.includes('=')) v = v.replace(QP_SOFT_BREAK, '').replace(QP_RUN, quotedPrintable);
    if (v.includes('\\')) {
      v = v.replace(ESCAPE, (_m, braced: string | undefined, u: string | undefined, x: string | undefined, octal: string | undefined) =>
        octal !== undefined ? codePoint(octal, 8) : codePoint((braced ?? u ?? x) as string, 16));
    }
    if (v.includes('<')) v = v.replace(HTML_COMMENT, '').replace(INLINE_TAG, '').replace(OTHER_TAG, ' ');
    if (v.includes('&')) {
      v = v.replace(ENTITY, (m, dec: string | undefined, hex: string | undefined, name: string | undefined) =>
        dec !== undefined ? codePoint(dec, 10) : hex !== undefined ? codePoint(hex, 16) : (NAMED_ENTITIES.get(name as string) ?? LETTER_ENTITY.exec(name as string)?.[1] ?? m));
    }
    for (let n = 0; n < MAX_PERCENT_PASSES && v.includes('%'); n++) {
      const once = v.replace(PERCENT_RUN, percentDecoded);
      if (once === v) break;
      v = once;
    }
    if (!/\s/.test(v) && plusJoinedWords(v)) v = v.replace(/\+/g, ' ');
  }
  if (!isAscii(v)) {
    v = v.replace(TAG_CHARACTER, (c) => String.fromCharCode((c.codePointAt(0) as number) - 0xe0000));
    if (v.includes('\u202e')) v = v.replace(RIGHT_TO_LEFT, (_m, shown: string) => [...shown].reverse().join(''));
    v = v.replace(LOOK_ALIKE, (c) => LOOK_ALIKES.get(c) as string);
    // After NFKC, which makes the mathematical and full-width digits plain, each script's own digits.
    if (OTHER_DIGIT.test(v)) v = v.normalize('NFKC').replace(OTHER_DIGIT, asciiDigit);
    if (/\p{M}/u.test(v)) v = v.normalize('NFD').replace(MARKED_LATIN, '$1').normalize('NFC');
  }
  return v === text ? undefined : v;
}
