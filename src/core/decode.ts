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

/** Texts longer than this are not decoded (the text as written is still read whole). */
const MAX_DECODED = 256 * 1024;
/** Shortest run of base64 read as an encoded text: 15 bytes, about three words. */
const MIN_BASE64 = 20;

/** A sign that a text may be escaped or encoded: an escape, an entity, a percent byte, a tag, a `+` join. */
const MAY_BE_ENCODED = /\\[ux]|&#?\w+;|%[0-9A-Fa-f]{2}|<\/?[A-Za-z]|\+\S+\+/;
const BASE64_RUN = /[A-Za-z0-9+/]{20,}={0,2}|[A-Za-z0-9_-]{20,}={0,2}/g;

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
  let printable = 0;
  for (const ch of text) if (/[\p{L}\p{N}\p{P}\p{Zs}\n\r\t]/u.test(ch)) printable++;
  return printable >= PRINTABLE_SHARE * [...text].length && /\s/.test(text) ? text : undefined;
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
  if (text.length > MAX_DECODED) return undefined;
  const ascii = isAscii(text);
  const encoded = MAY_BE_ENCODED.test(text);
  BASE64_RUN.lastIndex = 0;
  const base64 = text.length >= MIN_BASE64 && BASE64_RUN.test(text);
  if (ascii && !encoded && !base64) return undefined;
  let v = text;
  if (encoded) {
    if (v.includes('\\')) v = v.replace(ESCAPE, (_m, braced: string | undefined, u: string | undefined, x: string | undefined) => codePoint((braced ?? u ?? x) as string, 16));
    if (v.includes('<')) v = v.replace(INLINE_TAG, '').replace(OTHER_TAG, ' ');
    if (v.includes('&')) {
      v = v.replace(ENTITY, (m, dec: string | undefined, hex: string | undefined, name: string | undefined) =>
        dec !== undefined ? codePoint(dec, 10) : hex !== undefined ? codePoint(hex, 16) : (NAMED_ENTITIES.get(name as string) ?? m));
    }
    if (v.includes('%')) v = v.replace(PERCENT_RUN, percentDecoded);
    if (!/\s/.test(v) && (v.match(/\+/g)?.length ?? 0) >= 2) v = v.replace(/\+/g, ' ');
  }
  if (base64) {
    v = v.replace(BASE64_RUN, (run) => {
      const decoded = base64Text(run);
      return decoded === undefined ? run : ` ${decoded} `;
    });
  }
  if (!isAscii(v)) {
    v = v.replace(LOOK_ALIKE, (c) => LOOK_ALIKES.get(c) as string);
    // After NFKC, which makes the mathematical and full-width digits plain, each script's own digits.
    if (OTHER_DIGIT.test(v)) v = v.normalize('NFKC').replace(OTHER_DIGIT, asciiDigit);
    if (/\p{M}/u.test(v)) v = v.normalize('NFD').replace(MARKED_LATIN, '$1').normalize('NFC');
  }
  return v === text ? undefined : v;
}
