/**
 * An outbound text as the one who receives it will read it.
 *
 * A copy of private text leaves just as well HTML-escaped, percent-encoded, with `\u` escapes, in
 * base64, wrapped in a tag per word, or with look-alike letters from another script: the receiver
 * decodes it, or a person reads it, and the words are the same. {@link readable} undoes those
 * spellings, so that the guard can look for copied fragments and sensitive values in the text as
 * read, beside the text as written. It is a view for probing only: what a tool result stored is
 * never changed, and a text that needs no decoding costs one test.
 *
 * Not undone (each would cost precision or needs a decision): rot13 and other ciphers, reversed or
 * reordered words, letters spaced apart, paraphrase.
 *
 * Pure: no IO, no clock, no environment.
 */
import { isAscii } from './ascii.js';

/** Shortest run of base64 read as an encoded text: 15 bytes, about three words. */
const MIN_BASE64 = 20;

/** A sign that a text may be escaped or encoded: an escape, an entity, a percent byte, a tag, a `+` join. */
const MAY_BE_ENCODED = /\\[ux]|&#?\w+;|%[0-9A-Fa-f]{2}|<\/?[A-Za-z]|\+\S+\+/;
/** Characters of base64, standard (`+/`) or URL-safe (`-_`): 1 in this table. */
const BASE64_CHAR = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_') BASE64_CHAR[c.charCodeAt(0)] = 1;

/**
 * The runs of base64 characters at least {@link MIN_BASE64} long, with their `=` padding, as
 * `[start, end)` pairs: one pass over the text (an expression with a `{20,}` run took 90 ms a MiB).
 */
function base64Runs(text: string): number[] {
  const out: number[] = [];
  const n = text.length;
  let start = -1;
  const close = (end: number): void => {
    if (start >= 0 && end - start >= MIN_BASE64) {
      let padded = end;
      while (padded < n && padded - end < 2 && text.charCodeAt(padded) === 61) padded++;
      out.push(start, padded);
    }
    start = -1;
  };
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 128 && BASE64_CHAR[c] === 1) {
      if (start < 0) start = i;
    } else if (start >= 0) close(i);
  }
  close(n);
  return out;
}

const ESCAPE = /\\u\{([0-9A-Fa-f]{1,6})\}|\\u([0-9A-Fa-f]{4})|\\x([0-9A-Fa-f]{2})/g;
const ENTITY = /&#(\d{1,7});|&#[xX]([0-9A-Fa-f]{1,6});|&([A-Za-z]{2,8});/g;
/** Named entities that stand for a letter, a space or nothing in running text. */
const NAMED_ENTITIES: ReadonlyMap<string, string> = new Map([
  ['nbsp', ' '], ['ensp', ' '], ['emsp', ' '], ['thinsp', ' '], ['amp', '&'], ['lt', '<'], ['gt', '>'],
  ['quot', '"'], ['apos', "'"], ['shy', ''], ['zwsp', ''], ['zwnj', ''], ['zwj', ''], ['NewLine', '\n'], ['Tab', '\t'],
]);
/** A tag that marks up words inside a line (`<b>word</b>`): removed, so that the words it splits join. */
const INLINE_TAG = /<\/?(?:b|i|u|s|em|strong|span|font|small|big|mark|sub|sup|code|a|abbr|del|ins|q|tt|wbr)\b[^<>]{0,200}>/gi;
/** Any other tag: a space. */
const OTHER_TAG = /<\/?[A-Za-z][\w:-]{0,40}\b[^<>]{0,200}>/g;
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
/** A Latin letter with combining marks on it (`ú` written as `u` and U+0301): the letter alone. */
const MARKED_LATIN = /([A-Za-z])\p{M}+/gu;

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

/** A run of base64 (standard or URL-safe) decoded to text, when it is text. */
function base64Text(run: string): string | undefined {
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
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return undefined;
  }
  const unprintable = text.match(UNPRINTABLE)?.length ?? 0;
  return unprintable <= (1 - PRINTABLE_SHARE) * text.length && /\s/.test(text) ? text : undefined;
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
 * The text as its receiver reads it, when that differs from how it is written: `\u`/`\x` escapes,
 * HTML entities and tags, percent-encoding (and `+` for spaces in a text without any), base64 runs
 * that decode to text, Cyrillic and Greek look-alikes of Latin letters, combining marks on Latin
 * letters, decimal digits of other scripts. Undefined when nothing changes.
 */
export function readable(text: string): string | undefined {
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
      const decoded = base64Text(text.slice(runs[r] as number, runs[r + 1] as number));
      if (decoded === undefined) continue;
      out += `${text.slice(at, runs[r] as number)} ${decoded} `;
      at = runs[r + 1] as number;
    }
    if (at > 0) v = out + text.slice(at);
  }
  if (encoded) {
    if (v.includes('\\')) v = v.replace(ESCAPE, (_m, braced: string | undefined, u: string | undefined, x: string | undefined) => codePoint((braced ?? u ?? x) as string, 16));
    if (v.includes('<')) v = v.replace(INLINE_TAG, '').replace(OTHER_TAG, ' ');
    if (v.includes('&')) {
      v = v.replace(ENTITY, (m, dec: string | undefined, hex: string | undefined, name: string | undefined) =>
        dec !== undefined ? codePoint(dec, 10) : hex !== undefined ? codePoint(hex, 16) : (NAMED_ENTITIES.get(name as string) ?? m));
    }
    if (v.includes('%')) v = v.replace(PERCENT_RUN, percentDecoded);
    if (!/\s/.test(v) && plusJoinedWords(v)) v = v.replace(/\+/g, ' ');
  }
  if (!isAscii(v)) {
    v = v.replace(LOOK_ALIKE, (c) => LOOK_ALIKES.get(c) as string);
    // After NFKC, which makes the mathematical and full-width digits plain, each script's own digits.
    if (OTHER_DIGIT.test(v)) v = v.normalize('NFKC').replace(OTHER_DIGIT, asciiDigit);
    if (/\p{M}/u.test(v)) v = v.normalize('NFD').replace(MARKED_LATIN, '$1').normalize('NFC');
  }
  return v === text ? undefined : v;
}
