/**
 * The classifier's tokenizer: a tool or property name into word tokens (`nameTokens`), prose into
 * sentence segments of tokens with their lexicon entries (`textSegments`), phrases matched longest
 * first, Chinese runs split by longest dictionary match. Punctuation is read here and kept only as
 * marks on the next token (a clause opened by a colon, a comma before it, a parameter's label).
 */
import type { EvidenceSource } from './types.js';
import { withoutInvisible } from './ascii.js';
import { discount, explaining } from './classifier-discounts.js';
import { CONTRACTED_S, PARAMETER_TYPES, POSSESSIVE } from './vocabulary.js';
import { CJK_WORDS, DETS, HAN, LEXICON, LIGHT_ACTS, WORDS, wordClasses } from './classifier-lexicon.js';
import type { Phrase, WordInfo, WordList } from './classifier-lexicon.js';

/**
 * Characters of any one text (name, description, property name or description) that are read: above
 * every text of the committed catalogs (the longest description has 13 090).
 */
export const MAX_TEXT = 16_384;


/** The pieces of a name, tried in this order at each position. */
const NAME_PARTS = {
  hanRun: `[${HAN}]+`,
  /** `URLs`, `IDs`: an acronym with a plural `s` is one word. */
  acronymPlural: String.raw`\p{Lu}{2,}s(?!\p{Ll})`,
  /** `HTTP` in `HTTPRequest`: capitals not followed by a lowercase letter. */
  acronym: String.raw`\p{Lu}+(?!\p{Ll})`,
  /** `Send` in `gmailSendMessage`, or `gmail`. */
  word: String.raw`\p{Lu}?\p{Ll}+`,
  digits: String.raw`\p{Nd}+`,
};
/** Name pieces: a Chinese run, an acronym (with a plural `s`), a capitalised or lowercase word, digits. */
const NAME_TOKEN = new RegExp(Object.values(NAME_PARTS).join('|'), 'gu');

/** How often the fast readers handed a name, or a position in prose, to their regex. */
const handedOver = { names: 0, prose: 0 };

/**
 * @internal how often `nameTokens` handed a whole name to its regex, and `proseTokens` a position in
 * prose, since the last reset: what the tests read to see that plain text never needs the regex
 */
export function handedToRegex(reset = false): { readonly names: number; readonly prose: number } {
  const now = { ...handedOver };
  if (reset) {
    handedOver.names = 0;
    handedOver.prose = 0;
  }
  return now;
}

/**
 * What a character is in a name, for `nameTokens`'s reading by character code: a small letter, a
 * digit, a separator (what `NAME_PARTS` never matches), or a capital, which the regex reads (camel
 * case, acronyms). ASCII is classified by the regex classes of `NAME_PARTS`; every other character
 * is handed over to the regex.
 */
const NAME_SEPARATOR = 0;
const NAME_LOWER = 1;
const NAME_DIGIT = 2;
const NAME_HAND_OVER = 3;
const NAME_KIND = new Uint8Array(65536).fill(NAME_HAND_OVER);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  NAME_KIND[c] = /\p{Ll}/u.test(ch) ? NAME_LOWER : /\p{Nd}/u.test(ch) ? NAME_DIGIT : /\p{Lu}/u.test(ch) ? NAME_HAND_OVER : NAME_SEPARATOR;
}

/**
 * Split a tool or property name into lowercase word tokens: snake_case, camelCase, kebab-case, dots,
 * slashes and digits separate words; a run of Chinese characters is one token.
 * @example nameTokens('gmailSendMessage') // ['gmail', 'send', 'message']
 * @example nameTokens('mcp__github__create_issue') // ['mcp', 'github', 'create', 'issue']
 */
export function nameTokens(name: string): string[] {
  if (typeof name !== 'string') return [];
  const s = withoutInvisible(name.length > MAX_TEXT ? name.slice(0, MAX_TEXT) : name);
  const out: string[] = [];
  // Most names are in lower case (`create_issue`, `get-file-contents`): their words are the runs of
  // small letters and the runs of digits, which is what `NAME_TOKEN` finds in them.
  for (let i = 0; i < s.length;) {
    const kind = NAME_KIND[s.charCodeAt(i)];
    // A capital or a character outside ASCII: the regex reads the whole name.
    if (kind === NAME_HAND_OVER) {
      handedOver.names++;
      // `exec` on the one regex, not `matchAll`, which compiles a copy of it for every name.
      const words: string[] = [];
      NAME_TOKEN.lastIndex = 0;
      for (let m = NAME_TOKEN.exec(s); m !== null; m = NAME_TOKEN.exec(s)) words.push(m[0].toLowerCase());
      return words;
    }
    if (kind === NAME_SEPARATOR) { i++; continue; }
    // Past the end, `charCodeAt` gives NaN, read as 0 (`| 0`): a separator.
    let j = i + 1;
    while (NAME_KIND[s.charCodeAt(j) | 0] === kind) j++;
    out.push(s.slice(i, j));
    i = j;
  }
  return out;
}

/**
 * Prose pieces (on lowercased text): `.env`, a possessive marker (`'s`, `’s`, or the apostrophe of a
 * plural possessive `teams'`, but not the closing quote of a quoted `'tags'`), a snake_case identifier
 * (kept whole: it names another tool or a parameter, as in "use write_file to change it", and matches
 * no vocabulary entry), a Chinese run, a word, or a sentence break.
 */
const TEXT_PARTS = {
  /** `.env.example` and the other templates: one name (read apart later), never the `.env` store. */
  envTemplate: String.raw`\.env\.(?:example|sample|template|dist|defaults?|tpl)(?![\p{L}\p{N}])`,
  env: String.raw`\.env(?![\p{L}\p{N}])`,
  /** `'s` or `’s` right after a word. */
  possessiveS: String.raw`['’](?<=[\p{L}\p{N}]['’])s(?![\p{L}\p{N}])`,
  /** The apostrophe of `teams'`, but not the closing quote of a quoted `'tags'`. */
  pluralPossessive: String.raw`['’](?<=[\p{L}\p{N}]s['’])(?<!['‘’][\p{L}\p{N}]*['’])(?![\p{L}\p{N}])`,
  snakeIdentifier: String.raw`[\p{Ll}\p{Lu}\p{Nd}]+(?:_[\p{Ll}\p{Lu}\p{Nd}]+)+`,
  hanRun: `[${HAN}]+`,
  word: String.raw`[\p{Ll}\p{Lu}\p{Nd}]+`,
  sentenceBreak: String.raw`[.!?;\n。！？；]`,
  /** Read, not kept: a colon opens a clause, a comma or a parenthesis marks the next word. */
  clausePunctuation: String.raw`[:：(（,，]`,
  /** A slash between two words (`read/write`), an `or`; not one inside a path or a URL. */
  slashBetweenWords: String.raw`\/(?<=(?:^|[\s(])\p{L}+\/)(?=\p{L}+(?:[\s,;!?)]|\.(?!\p{L})|$))`,
};
/** The pieces of prose in one regex: the reference for `proseTokens`, and what it falls back on. */
export const TEXT_TOKEN = new RegExp(Object.values(TEXT_PARTS).join('|'), 'gu');
/** The same regex, tried at one position only (`lastIndex`). */
const TEXT_TOKEN_AT = new RegExp(TEXT_TOKEN.source, 'uy');

/**
 * What a character opens in prose, for `proseTokens`'s reading by character code: nothing (a space,
 * a quote, a bracket, a symbol), a word (`TEXT_PARTS.word`), one punctuation token
 * (`TEXT_PARTS.sentenceBreak`, `TEXT_PARTS.clausePunctuation`), a piece that depends on the
 * characters around it (`CONTEXT_CHARS`), or, outside ASCII, anything: these two the regex reads.
 */
const OPENS_NOTHING = 0;
const OPENS_WORD = 1;
const OPENS_PUNCTUATION = 2;
const IN_CONTEXT = 3;
const OUTSIDE_ASCII = 4;
/** An apostrophe opens a possessive, a slash an `or`, each only between the right neighbours. */
const CONTEXT_CHARS = "'/";
const PROSE_KIND = new Uint8Array(65536).fill(OUTSIDE_ASCII);
{
  const word = new RegExp(`^${TEXT_PARTS.word}$`, 'u');
  const punctuation = new RegExp(`^(?:${TEXT_PARTS.sentenceBreak}|${TEXT_PARTS.clausePunctuation})$`, 'u');
  for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    PROSE_KIND[c] = CONTEXT_CHARS.includes(ch) ? IN_CONTEXT : word.test(ch) ? OPENS_WORD : punctuation.test(ch) ? OPENS_PUNCTUATION : OPENS_NOTHING;
  }
}
const UNDERSCORE = 95;
/** What opens `TEXT_PARTS.env` and `envTemplate`: a `.` before it is no sentence break. */
const ENV_OPENING = '.env';

/**
 * The tokens `TEXT_TOKEN` finds in `lower`, in order, the same strings as `lower.match(TEXT_TOKEN)`
 * but several times faster: ASCII words, snake_case identifiers, whitespace and single punctuation
 * are read by character code; anything else (an apostrophe, a slash, `.env`, a character outside
 * ASCII, a word that runs on into one) is handed to the regex at that position, so that the regex
 * stays the definition.
 */
export function proseTokens(lower: string): string[] {
  const out: string[] = [];
  const n = lower.length;
  let i = 0;
  while (i < n) {
    const c = lower.charCodeAt(i);
    const kind = PROSE_KIND[c];
    if (kind === OPENS_WORD) {
      // A word, then `_word` parts while a word character follows each underscore.
      // (Each index is checked against the end: a typed array read at NaN, what `charCodeAt` gives
      // past the end, is several times slower than one inside it.)
      let j = i + 1;
      while (j < n && PROSE_KIND[lower.charCodeAt(j)] === OPENS_WORD) j++;
      while (j + 1 < n && lower.charCodeAt(j) === UNDERSCORE && PROSE_KIND[lower.charCodeAt(j + 1)] === OPENS_WORD) {
        j += 2;
        while (j < n && PROSE_KIND[lower.charCodeAt(j)] === OPENS_WORD) j++;
      }
      // A letter outside ASCII may go on the word, or on its last part: the regex reads it.
      if (j === n || (PROSE_KIND[lower.charCodeAt(j)] !== OUTSIDE_ASCII && !(lower.charCodeAt(j) === UNDERSCORE && j + 1 < n && PROSE_KIND[lower.charCodeAt(j + 1)] === OUTSIDE_ASCII))) {
        out.push(lower.slice(i, j));
        i = j;
        continue;
      }
    } else if (kind === OPENS_NOTHING) {
      i++;
      continue;
    } else if (kind === OPENS_PUNCTUATION && !lower.startsWith(ENV_OPENING, i)) {
      out.push(lower[i] as string);
      i++;
      continue;
    }
    handedOver.prose++;
    TEXT_TOKEN_AT.lastIndex = i;
    const m = TEXT_TOKEN_AT.exec(lower);
    if (m !== null) {
      out.push(m[0]);
      i += m[0].length;
    } else {
      // No piece starts here. If this was the first half of a surrogate pair, the regex reads the
      // second half as the whole pair again (a unicode regex steps back to the pair's start), which
      // matched nothing just now: no piece starts there either.
      i++;
    }
  }
  return out;
}
/** The characters of `TEXT_PARTS.sentenceBreak`. */
const SENTENCE_BREAKS = new Set([...'.!?;\n。！？；']);
/** An environment template's file name (`.env.example`): one name, not the `.env` credential store. */
const ENV_TEMPLATE = /^\.env\./;
const PARAM_TYPES = new Set(PARAMETER_TYPES);
/** One-character tokens that are punctuation (sentence breaks, colons, commas, parentheses, a slash). */
const PUNCTUATION = new Set([...'.!?;\n。！？；:：(（,，/']);
/** A possessive marker as TEXT_TOKEN finds it: `'s`, `’s`, or a lone apostrophe after a plural. */
const POSSESSIVE_MARK = /^['’]s?$/;
const CONTRACTED = new Set(CONTRACTED_S);

export interface Tok {
  readonly s: string;
  readonly info: WordInfo | undefined;
  /**
   * Punctuation before the token (bits): `CLAUSE`, it opens a clause after a colon ("… into the CRM:
   * reads every contact"), so a verb may stand here; `COMMA`, a comma stands right before it.
   */
  readonly mark: number;
  /** The word's classes (`wordClasses`): bits such as `K_NEGATION`. */
  readonly k: number;
}

/**
 * How `textSegments` marks a raw word (bits): it opens a clause after a colon, it labels a parameter,
 * a comma stands before it.
 */
export const CLAUSE = 1;
const LABEL = 2;
export const COMMA = 4;

type SegKind = 'name' | 'description' | 'schema';

export interface Segment {
  readonly kind: SegKind;
  readonly source: EvidenceSource;
  readonly at: string | undefined;
  readonly toks: readonly Tok[];
}

/** Does the word open with a Chinese character (`HAN`)? */
function hanFirst(w: string): boolean {
  const c = w.charCodeAt(0);
  return (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff);
}

/** Segment a Chinese run by longest match; unknown characters between words stay one filler token. */
function pushCjk(run: string, out: string[]): void {
  let filler = '';
  let i = 0;
  while (i < run.length) {
    const cands = CJK_WORDS.get(run[i] as string);
    let hit: string | undefined;
    if (cands !== undefined) for (const w of cands) if (run.startsWith(w, i)) { hit = w; break; }
    if (hit === undefined) {
      filler += run[i] as string;
      i++;
      continue;
    }
    if (filler) { out.push(filler); filler = ''; }
    out.push(hit);
    i += hit.length;
  }
  if (filler) out.push(filler);
}

/**
 * Raw word tokens → tokens with their vocabulary info, phrases matched first (longest first). `marks`
 * (parallel to `raw`, prose only) carry `CLAUSE` and `LABEL` from the punctuation around a word.
 */
export function toTokens(raw: readonly string[], marks?: readonly number[]): Tok[] {
  let words = raw;
  let wordMarks = marks;
  // Chinese runs are split into words first; most texts hold none, and are read as they are.
  if (raw.some(hanFirst)) {
    const split: string[] = [];
    const splitMarks: number[] = [];
    for (let r = 0; r < raw.length; r++) {
      const w = raw[r] as string;
      const n = split.length;
      if (hanFirst(w)) pushCjk(w, split);
      else split.push(w);
      if (marks !== undefined) for (let k = n; k < split.length; k++) splitMarks.push(k === n ? (marks[r] ?? 0) : 0);
    }
    words = split;
    wordMarks = splitMarks;
  }
  const out: Tok[] = [];
  /** Whether a light verb stands among the tokens (`lightVerbs` has work). */
  let light = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    const mark = wordMarks?.[i] ?? 0;
    const entry = WORDS.get(w);
    if (entry?.light === true) light = true;
    // A parameter's name in an argument list ("- email (str, optional): …") is neither verb nor noun.
    if ((mark & LABEL) !== 0) { out.push({ s: w, info: undefined, mark: 0, k: entry?.k ?? 0 }); continue; }
    const phrases = entry?.phrases;
    let matched: Phrase | undefined;
    if (phrases !== undefined) {
      for (const p of phrases) {
        if (i + p.words.length > words.length) continue;
        let ok = true;
        for (let k = 1; k < p.words.length; k++) if (words[i + k] !== p.words[k]) { ok = false; break; }
        if (ok) { matched = p; break; }
      }
    }
    out.push(matched !== undefined ? { s: matched.text, info: matched.info, mark, k: wordClasses(matched.text) } : { s: w, info: entry?.info, mark, k: entry?.k ?? 0 });
    if (matched !== undefined) i += matched.words.length - 1;
  }
  if (light) lightVerbs(out);
  return out;
}

/**
 * A light verb and the act its object names ("place an order", "leave feedback": `LIGHT_VERBS`) are
 * that act: the verb takes the act's entry (a send, which pairs with no object, so the noun adds
 * nothing read).
 */
function lightVerbs(toks: Tok[]): void {
  for (let i = 0; i < toks.length; i++) {
    const acts = LIGHT_ACTS.get((toks[i] as Tok).s);
    if (acts === undefined) continue;
    let k = i + 1;
    while (k < toks.length && DETS.has((toks[k] as Tok).s)) k++;
    // Up to two modifiers the vocabulary does not know: "a market order", "a futures market order".
    for (let m = 0; m < 2 && k + 1 < toks.length && (toks[k] as Tok).info === undefined && !acts.has((toks[k] as Tok).s); m++) k++;
    const noun = toks[k];
    if (noun === undefined || (noun.mark & COMMA) !== 0) continue;
    const act = acts.get(noun.s);
    if (act === undefined) continue;
    toks[i] = { s: (toks[i] as Tok).s, info: act, mark: (toks[i] as Tok).mark, k: (toks[i] as Tok).k };
  }
}

/**
 * Inline code spans name other tools and parameters (`use \`send_email\` to reply`, `tools.search()`):
 * what they mention is not what this tool does, so their words are not read.
 */
export const CODE_SPAN = /`[^`\n]{0,200}`/g;

/**
 * A link's address (`https://www.twilio.com/docs/chat/rest/service-resource`): its path is no prose,
 * only where something is, and of its host only the site's name says something (the product a link
 * leads to). In prose a link is read as the word `url`, a web object as `https` was ("Fetch prices
 * from https://api.example.com/v3"), then its site's name; as the target of a Markdown link
 * (`[Service](https://…)`) only the site's name is read: the link's text says what is meant, its
 * target where to learn more. "The SID of the [Service](…twilio.com/docs/chat/…) to fetch the
 * resource from" reads neither a chat nor a web page. A link ends before the punctuation after it
 * (`linkEnd`): "See https://example.com/docs. Then …" keeps its sentence break. Each part of the
 * pattern is a run that stops at a character the next cannot take back, so a match costs one pass
 * over it, however the text is padded.
 */
export const LINK = /(\]\(\s*)?\b(?:https?|ftp|wss?):\/\/(?:[^\s<>"'`)\]/@]*@)?([^\s<>"'`)\]/:?#]*)[^\s<>"'`)\]]*/g;
/** Punctuation that ends a sentence or a clause after a link rather than belonging to it. */
const AFTER_LINK = new Set([...'.,;:!?。，；：！？']);
/** Where the punctuation at the end of a link as `LINK` finds it starts (its length when none does). */
function linkEnd(link: string): number {
  let end = link.length;
  while (end > 0 && AFTER_LINK.has(link[end - 1] as string)) end--;
  return end;
}
/** A link as `LINK` finds it, as it is read (see there), with the punctuation after it kept. */
function readLink(link: string, target: string | undefined, host: string): string {
  // Punctuation at the end of a host is read as the punctuation after the link is: a break or a mark.
  const site = siteOf(host);
  return `${target !== undefined ? `${target} ${site} ` : ` url ${site} `}${link.slice(linkEnd(link))}`;
}
/** A host's site name: the label before the top-level domain (`postman` of `learning.postman.com`), or a lone one (`localhost`). */
function siteOf(host: string): string {
  const labels = host.split('.').filter((l) => l !== '');
  return labels.length >= 2 ? (labels[labels.length - 2] as string) : (labels[0] ?? '');
}

/** What opens an example: `e.g.`, `eg.`, `for example`, `for instance`, with an optional `,` or `:` after it. */
const EXAMPLE_MARK = /(?<![\p{L}\p{N}])(?:e\.\s?g\.?|eg\.|for example|for instance)(?![\p{L}\p{N}]|\.[\p{L}\p{N}])\s*[,:]?\s*/gu;
/** The same mark, for a test: a regex without the `g` flag keeps no position between texts. */
const HAS_EXAMPLE_MARK = new RegExp(EXAMPLE_MARK.source, 'u');
/** Where an example ends: a closing parenthesis, a sentence's end (`.` before a space), `;` or a line break. */
const EXAMPLE_END = /[)）;；\n。]|\.(?=\s|$)/g;
const FIRST_WORD = /[\p{L}\p{N}]+/u;

/**
 * An example that opens with a verb ("Search automations by keyword (e.g. send an email, create a
 * file)") shows what a user may ask for, not what the tool does: it is not read. An example of
 * things ("Read documents, for example invoices or receipts") names what the tool acts on, and is
 * read without its marker.
 */
export function dropExamples(lower: string, dropped?: (example: string) => void): string {
  // Most texts hold no example: one search says so, and the text is returned as it is.
  if (!HAS_EXAMPLE_MARK.test(lower)) return lower;
  let out = '';
  let from = 0;
  // The end found for an earlier example is also the first one after a later start before it: each
  // character is searched once, however many markers a text piles up.
  let end = -1;
  for (const m of lower.matchAll(EXAMPLE_MARK)) {
    const start = m.index as number;
    if (start < from) continue;
    const spanStart = start + m[0].length;
    if (end < spanStart) {
      EXAMPLE_END.lastIndex = spanStart;
      end = EXAMPLE_END.exec(lower)?.index ?? lower.length;
    }
    const first = FIRST_WORD.exec(lower.slice(spanStart, end))?.[0];
    const info = first === undefined ? undefined : LEXICON.get(first);
    const isAction = info?.verb !== undefined && info.amb !== true;
    if (isAction) dropped?.(lower.slice(start, end));
    out += `${lower.slice(from, start)} `;
    from = isAction ? end : spanStart;
  }
  return out + lower.slice(from);
}

/**
 * Split prose into sentence segments. Punctuation inside a sentence is read, not kept:
 * - a colon opens a clause: the word after it may be a verb ("Sync the CRM: reads every contact");
 * - the first word of a sentence or of such a clause, right before a colon or before a parenthesis
 *   that opens with a type (`PARAMETER_TYPES`), names a parameter: "- email (str, optional): …";
 * - a slash between two words is an `or` ("turns off/closes a device", "read/write").
 */
export function textSegments(text: string, kind: SegKind, source: EvidenceSource, at: string | undefined, out: Segment[]): void {
  // Characters that render as nothing are no part of a word ("Se\u200bnds" sends).
  const capped = withoutInvisible(text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text).toLowerCase();
  // A code span needs a backtick: without one the text is kept as it is.
  const ticks = capped.includes('`');
  const linked = capped.includes('://');
  let lower: string;
  if (explaining()) {
    if (ticks) for (const m of capped.matchAll(CODE_SPAN)) discount('code-span', source, at, m[0]);
    const spanless = ticks ? capped.replace(CODE_SPAN, ' ') : capped;
    if (linked) for (const m of spanless.matchAll(LINK)) discount('link', source, at, m[0].slice((m[1] ?? '').length, linkEnd(m[0])));
    lower = dropExamples(linked ? spanless.replace(LINK, readLink) : spanless, (example) => discount('example', source, at, example));
  } else {
    const spanless = ticks ? capped.replace(CODE_SPAN, ' ') : capped;
    lower = dropExamples(linked ? spanless.replace(LINK, readLink) : spanless);
  }
  let raw: string[] = [];
  let marks: number[] = [];
  let nextMark = 0;
  /** The index of a word that a parenthesis followed, until the word inside it is seen. */
  let paren = -1;
  const flush = (): void => {
    if (raw.length >= VALUE_LIST_ITEMS) dropValueLists(raw, marks, source, at);
    if (raw.length > 0) out.push({ kind, source, at, toks: toTokens(raw, marks) });
    raw = [];
    marks = [];
    nextMark = 0;
    paren = -1;
  };
  const push = (w: string): void => {
    if (paren >= 0 && PARAM_TYPES.has(w)) marks[paren] = LABEL;
    paren = -1;
    raw.push(w);
    marks.push(nextMark);
    nextMark = 0;
  };
  /** Is the last word the first of its sentence or clause, and not Chinese (a name can be labelled)? */
  const labelable = (): boolean => {
    const last = raw.length - 1;
    return last >= 0 && (last === 0 || ((marks[last] as number) & CLAUSE) !== 0) && !hanFirst(raw[last] as string);
  };
  for (const t of proseTokens(lower)) {
    if (t.length === 1 && PUNCTUATION.has(t)) {
      if (SENTENCE_BREAKS.has(t)) flush();
      else if (t === ':' || t === '：') {
        if (labelable()) marks[raw.length - 1] = LABEL;
        nextMark |= CLAUSE;
        paren = -1;
      } else if (t === ',' || t === '，') nextMark |= COMMA;
      else if (t === '(' || t === '（') paren = labelable() ? raw.length - 1 : -1;
      else push('or');
    } else if (t.length > 5 && ENV_TEMPLATE.test(t)) for (const w of t.slice(1).split('.')) push(w);
    else if (t.length > 2 || !POSSESSIVE_MARK.test(t)) push(t);
    // `it's`, `let's` are contractions: their `s` stays the plain word it always was.
    else if (t.length > 1) push(CONTRACTED.has(raw[raw.length - 1] ?? '') ? 's' : POSSESSIVE);
    else push(POSSESSIVE);
  }
  flush();
}

/** Items of a list of values, and words per item, from which the list is not read as prose. */
const VALUE_LIST_ITEMS = 12;
const VALUE_ITEM_WORDS = 2;

/**
 * A long list of short items between commas ("one of: airport, bakery, …, terminal, theatre") names
 * values to pick, as an `enum` does: its words are not read (`terminal` there is a map icon, not a
 * shell). Removes such runs from `raw` and `marks` in place; a list of fewer items, or of longer ones
 * ("reads the contact's name, e-mail, phone"), stays prose.
 */
function dropValueLists(raw: string[], marks: number[], source: EvidenceSource, at: string | undefined): void {
  let keep = 0;
  let i = 0;
  while (i < raw.length) {
    // Items start at a word with a comma before it; a run of them, each at most VALUE_ITEM_WORDS long.
    let end = i;
    let items = 1;
    for (let k = i + 1; k < raw.length && k - end <= VALUE_ITEM_WORDS; k++) {
      if (((marks[k] as number) & COMMA) !== 0) {
        end = k;
        items++;
      }
    }
    if (items >= VALUE_LIST_ITEMS) {
      // The list ends with the first word of its last item (a second word of it is read).
      const stop = end + 1;
      if (explaining()) discount('enum-value', source, at, raw.slice(i, stop).join(', '));
      i = stop;
      continue;
    }
    raw[keep] = raw[i] as string;
    marks[keep] = marks[i] as number;
    keep++;
    i++;
  }
  // `marks` keeps its tail: it is read only at the indexes of `raw`.
  raw.length = keep;
}

/** The index after `words` if they stand at token `k` (a phrase token may hold several), else -1. */
function wordsAt(toks: readonly Tok[], k: number, words: readonly string[]): number {
  let w = 0;
  while (w < words.length && k < toks.length) {
    const parts = (toks[k] as Tok).s.split(' ');
    if (w + parts.length > words.length || parts.some((p, x) => p !== words[w + x])) return -1;
    w += parts.length;
    k++;
  }
  return w === words.length ? k : -1;
}

/** The index after the first entry of `list` that stands at token `k`, or -1. */
export function anyWordsAt(toks: readonly Tok[], k: number, list: WordList): number {
  const t = toks[k];
  if (t === undefined) return -1;
  const sp = t.s.indexOf(' ');
  if (!list.first.has(sp < 0 ? t.s : t.s.slice(0, sp))) return -1;
  for (const words of list.entries) {
    const end = wordsAt(toks, k, words);
    if (end >= 0) return end;
  }
  return -1;
}
