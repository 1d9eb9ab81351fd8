/**
 * Deterministic tool classification (docs/semantics.md "Classification").
 *
 * A tool's capabilities come from verb × object pairs found in its name, its description and its
 * input schema's property names and descriptions, in English and Chinese; a few terms (shells,
 * HTTP clients, send verbs, web-reading verbs, credential stores) count by themselves; MCP
 * annotations add evidence. Pairs rather than words, so that `read` alone or `file` alone does not
 * over-classify: `read_file` is PRIVATE_ACCESS, `fetch_url` EXTERNAL_INGESTION, `read_inbox` both
 * (content is external by who wrote it, not by where it is stored).
 *
 * Pure: no IO, no clock. The term tables live in `vocabulary.ts` and are compiled here once, at
 * module load. Overrides are not applied here; the guard applies them.
 */
import { CAPABILITIES, CRED, EIT, EXEC, MUT, NAT, PAT, capabilityBit } from './capabilities.js';
import type { Capability } from './capabilities.js';
import type { Classification, Evidence, EvidenceSource, ToolSpec } from './types.js';
import { isRecord } from './values.js';
import {
  AMBIGUOUS,
  ANNOTATION_TERMS,
  AUTHORING_VERBS,
  AUTHORSHIP,
  BE_FORMS,
  CODE_MODE_NAME_PAIRS,
  COMPOUND_LINKS,
  CONJUNCTIONS,
  CONTENTS,
  CONTRACTED_S,
  DATABASE_TERMS,
  DEMO_MARKERS,
  DIRECTORY_NOUNS,
  EXPORT_VERBS,
  DETERMINERS,
  FILE_TRANSFER,
  FIRST_PARTY,
  GETTER_OPENERS,
  IMPORT_VERBS,
  INTERNAL_MODIFIERS,
  LOCAL_MODIFIERS,
  NAME_ONLY_EXEC,
  NAME_ONLY_HTTP,
  NAME_ONLY_OBJECTS,
  NEGATION_BREAKS,
  NEGATIONS,
  NEUTRAL_PHRASES,
  NOTIFIED_PARTICIPLES,
  OBJECTS,
  ON_PAGE,
  OUTSIDE_SERVICES,
  PARAMETER_TYPES,
  PLACING,
  POSSESSIVE,
  RELATIVE_PRONOUNS,
  REQUEST_HEADERS,
  SCHEMA_TERMS,
  SEARCH_VERBS,
  SELF_DESTINATIONS,
  SOURCE_PREPOSITIONS,
  STANDALONE_EXEC,
  STANDALONE_HTTP,
  STANDALONE_SEND,
  STRONG_WRITE_VERBS,
  TRADITIONAL_CHARS,
  VERB_CUES,
  VERBS,
} from './vocabulary.js';
import type { ObjectClass, VerbRole } from './vocabulary.js';

// ---------------------------------------------------------------------------------------------
// Limits (work is bounded whatever the spec holds)
// ---------------------------------------------------------------------------------------------

/** Characters of any one text (name, description, property name or description) that are read. */
const MAX_TEXT = 4000;
/** Schema properties visited, in total, across all depths. */
const MAX_PROPERTIES = 200;
/** Nesting depth of `properties`/`items` visited. */
const MAX_DEPTH = 8;
/** How far (in tokens) a verb looks for its object. */
const WINDOW = 8;
/** How far past `and`/`or`/`from` an object list continues. */
const LIST_REACH = 3;

// ---------------------------------------------------------------------------------------------
// The compiled lexicon
// ---------------------------------------------------------------------------------------------

/** Where a standalone term counts: anywhere, or only as part of a tool's name. */
type Scope = 'any' | 'name';

/** Everything the classifier knows of one surface form. */
interface WordInfo {
  /** The vocabulary entry (base form): what evidence reports. */
  readonly term: string;
  readonly verb?: VerbRole;
  readonly obj?: ObjectClass;
  /** Verb or noun by position (see `AMBIGUOUS`). */
  readonly amb?: boolean;
  /** A write verb that mutates without a recognised object. */
  readonly strong?: boolean;
  /** The object role only counts in a name. */
  readonly objNameOnly?: boolean;
  readonly exec?: Scope;
  readonly http?: Scope;
  /** An outbound channel by itself (`webhook`). */
  readonly send?: boolean;
  readonly db?: boolean;
  /** A phrase that swallows its words and means nothing. */
  readonly neutral?: boolean;
  readonly cjk?: boolean;
  /** This surface is the third-person or plural `-s` form of the entry. */
  readonly sForm?: boolean;
  /** A modifier that makes its compound a local record (`draft`, see `LOCAL_MODIFIERS`). */
  readonly local?: boolean;
  /** A create verb that copies content in from elsewhere (`clone`, see `IMPORT_VERBS`). */
  readonly imports?: boolean;
  /** A verb of writing a text or a program (`AUTHORING_VERBS`). */
  readonly authors?: boolean;
  /** A create verb that reads what it writes out (`EXPORT_VERBS`). */
  readonly exports?: boolean;
  /** A directory entry (`DIRECTORY_NOUNS`): private even in a shared workspace. */
  readonly directory?: boolean;
  /** A verb of searching an index (`SEARCH_VERBS`). */
  readonly search?: boolean;
  /** A verb that hands a file over (`FILE_TRANSFER`). */
  readonly transfer?: boolean;
  /** A verb of placing: a drag and drop when `onto` follows it (`PLACING`). */
  readonly placing?: boolean;
  /** A part of a request (`REQUEST_HEADERS`): a credential where its sentence names a request. */
  readonly requestPart?: boolean;
}

type MutableInfo = { -readonly [K in keyof WordInfo]: WordInfo[K] };

interface Phrase {
  readonly words: readonly string[];
  readonly info: WordInfo;
}

const CJK_CHAR = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

/** Merge the roles of every table into one record per vocabulary entry. */
function collectEntries(): Map<string, MutableInfo> {
  const entries = new Map<string, MutableInfo>();
  const at = (term: string): MutableInfo => {
    let e = entries.get(term);
    if (e === undefined) {
      e = { term };
      if (CJK_CHAR.test(term)) e.cjk = true;
      entries.set(term, e);
    }
    return e;
  };
  for (const role of Object.keys(VERBS) as VerbRole[]) for (const t of VERBS[role]) at(t).verb = role;
  for (const t of STRONG_WRITE_VERBS) at(t).strong = true;
  for (const cls of Object.keys(OBJECTS) as ObjectClass[]) for (const t of OBJECTS[cls]) at(t).obj = cls;
  for (const cls of Object.keys(NAME_ONLY_OBJECTS) as ObjectClass[]) {
    for (const t of NAME_ONLY_OBJECTS[cls] ?? []) Object.assign(at(t), { obj: cls, objNameOnly: true });
  }
  for (const a of AMBIGUOUS) {
    const e = at(a.term);
    e.amb = true;
    e.verb = a.verb;
    if (a.noun !== undefined) e.obj = a.noun;
  }
  for (const t of STANDALONE_EXEC) at(t).exec = 'any';
  for (const t of NAME_ONLY_EXEC) at(t).exec ??= 'name';
  for (const t of STANDALONE_HTTP) at(t).http = 'any';
  for (const t of NAME_ONLY_HTTP) at(t).http ??= 'name';
  for (const t of STANDALONE_SEND) at(t).send = true;
  for (const t of DATABASE_TERMS) at(t).db = true;
  for (const t of NEUTRAL_PHRASES) if (!entries.has(t)) at(t).neutral = true;
  for (const t of LOCAL_MODIFIERS) at(t).local = true;
  for (const t of IMPORT_VERBS) at(t).imports = true;
  for (const t of AUTHORING_VERBS) at(t).authors = true;
  for (const t of EXPORT_VERBS) at(t).exports = true;
  for (const t of DIRECTORY_NOUNS) at(t).directory = true;
  for (const t of SEARCH_VERBS) at(t).search = true;
  for (const t of FILE_TRANSFER.verbs) at(t).transfer = true;
  for (const t of PLACING.verbs) at(t).placing = true;
  for (const t of REQUEST_HEADERS.parts) at(t).requestPart = true;
  // Every Chinese entry in its traditional form too, unless that form is an entry of its own.
  for (const e of [...entries.values()]) {
    if (!e.cjk) continue;
    const t = traditional(e.term);
    if (t !== e.term && !entries.has(t)) entries.set(t, { ...e, term: t });
  }
  return entries;
}

/** The traditional form of a simplified Chinese term (`TRADITIONAL_CHARS`), character by character. */
function traditional(term: string): string {
  let out = '';
  for (const ch of term) out += TRADITIONAL_CHARS[ch] ?? ch;
  return out;
}

/** A term list with the traditional form of each Chinese term added. */
function withTraditional(list: readonly string[]): string[] {
  const out = [...list];
  for (const t of list) if (traditional(t) !== t) out.push(traditional(t));
  return out;
}

/** `-s` form of an English word: lists, searches, queries. */
function sFormOf(w: string): string {
  if (/(?:s|x|z|ch|sh)$/.test(w)) return `${w}es`;
  if (/[^aeiou]y$/.test(w)) return `${w.slice(0, -1)}ies`;
  return `${w}s`;
}

/** `-ing` form of an English verb: reading, writing, getting. */
function ingFormOf(w: string): string {
  if (w.length > 2 && /[^e]e$/.test(w)) return `${w.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(w)) return `${w}${w.slice(-1)}ing`;
  return `${w}ing`;
}

/** Single-token surfaces → info. Base forms win over inflections of another entry. */
const LEXICON = new Map<string, WordInfo>();
/** First word of a phrase → its phrases, longest first. */
const PHRASES = new Map<string, Phrase[]>();
/** First character of a Chinese dictionary word → the words, longest first. */
const CJK_WORDS = new Map<string, string[]>();

const CONJ = new Set(CONJUNCTIONS);
const FROM = new Set(SOURCE_PREPOSITIONS);
const PARTICIPLES = new Set<string>(AUTHORSHIP.participles);
const AUTHOR_LINKS = new Set<string>(AUTHORSHIP.links);
/** Author entries as words, longest first, so that `end users` wins over `users`. */
const AUTHORS: readonly (readonly string[])[] = AUTHORSHIP.authors
  .map((a) => a.split(' '))
  .sort((a, b) => b.length - a.length || (a.join(' ') < b.join(' ') ? -1 : 1));
/** How far (in tokens, possessives free) past its link an author may stand: "by the public". */
const AUTHOR_REACH = 3;
const CUES = new Set(VERB_CUES);
const BE = new Set(BE_FORMS);
const SERVICES = {
  writes: new Set<string>(OUTSIDE_SERVICES.writes),
  sharedContent: new Set<string>(OUTSIDE_SERVICES.sharedContent),
};
const DEMO = new Set(DEMO_MARKERS);
const RELATIVE = new Set(RELATIVE_PRONOUNS);
const DETS = new Set(DETERMINERS);
const LINKS = new Set(COMPOUND_LINKS);
const NEGATION = new Set(NEGATIONS);
const NEGATION_BREAK = new Set(NEGATION_BREAKS);
/** How many tokens a negation reaches. */
const NEGATION_REACH = 8;

function compile(): void {
  const entries = collectEntries();
  const inflected: [string, WordInfo][] = [];
  const phraseList: Phrase[] = [];
  const cjkWords = new Set<string>();
  for (const e of entries.values()) {
    const info: WordInfo = e;
    const words = e.term.split(' ');
    for (const w of words) if (CJK_CHAR.test(w)) cjkWords.add(w);
    if (words.length === 1) {
      LEXICON.set(e.term, info);
      if (e.cjk || e.term.startsWith('.')) continue;
      if (e.verb !== undefined && e.verb !== 'neutral') {
        inflected.push([sFormOf(e.term), { ...info, sForm: true }], [ingFormOf(e.term), info]);
      } else if (e.obj !== undefined || e.requestPart === true) {
        inflected.push([sFormOf(e.term), { ...info, sForm: true }]);
      } else if (e.verb === 'neutral') {
        inflected.push([sFormOf(e.term), info], [ingFormOf(e.term), info]);
      }
      continue;
    }
    // Phrases: the base, the last word pluralised ("api keys"), the first word inflected ("looks up").
    const variants = new Map<string, string[]>();
    variants.set(words.join(' '), words);
    const last = words.length - 1;
    const lastWord = words[last] as string;
    const firstWord = words[0] as string;
    if (!CJK_CHAR.test(lastWord)) {
      const v = [...words];
      v[last] = sFormOf(lastWord);
      variants.set(v.join(' '), v);
    }
    if (e.verb !== undefined && !CJK_CHAR.test(firstWord)) {
      for (const f of [sFormOf(firstWord), ingFormOf(firstWord)]) {
        const v = [...words];
        v[0] = f;
        variants.set(v.join(' '), v);
      }
    }
    for (const v of variants.values()) phraseList.push({ words: v, info });
  }
  for (const [surface, info] of inflected) if (!LEXICON.has(surface)) LEXICON.set(surface, info);
  phraseList.sort((a, b) => b.words.length - a.words.length);
  for (const p of phraseList) {
    const first = p.words[0] as string;
    const list = PHRASES.get(first);
    if (list === undefined) PHRASES.set(first, [p]);
    else list.push(p);
  }
  // Chinese function words and markers must be tokens of their own, or they would melt into the filler
  // around them ("将本地文件" is 将 + 本地 + 文件).
  // Outside services named in Chinese (`飞书`) are words too: "在飞书中创建文档" is 在 + 飞书 + 中 + 创建 + 文档.
  const markers = withTraditional([...FILE_TRANSFER.local, ...INTERNAL_MODIFIERS, ...ON_PAGE.prepositions, ...GETTER_OPENERS, ...OUTSIDE_SERVICES.writes]);
  for (const w of [...COMPOUND_LINKS, ...CONJUNCTIONS, ...markers]) if (CJK_CHAR.test(w)) cjkWords.add(w);
  for (const w of [...cjkWords].sort((a, b) => b.length - a.length || (a < b ? -1 : 1))) {
    const first = w[0] as string;
    const list = CJK_WORDS.get(first);
    if (list === undefined) CJK_WORDS.set(first, [w]);
    else list.push(w);
  }
}
compile();

/** A schema term list with the traditional form of its Chinese terms. */
function termSet(list: readonly string[]): Set<string> {
  const out = new Set<string>(list);
  for (const t of list) out.add(traditional(t));
  return out;
}

const SCHEMA = {
  url: termSet(SCHEMA_TERMS.url),
  notAPage: termSet(SCHEMA_TERMS.notAPage),
  destination: termSet(SCHEMA_TERMS.destination),
  notARecipient: [...termSet(SCHEMA_TERMS.notARecipient)],
  body: termSet(SCHEMA_TERMS.body),
  command: termSet(SCHEMA_TERMS.command),
  code: termSet(SCHEMA_TERMS.code),
  sql: termSet(SCHEMA_TERMS.sql),
  query: termSet(SCHEMA_TERMS.query),
  path: termSet(SCHEMA_TERMS.path),
  content: termSet(SCHEMA_TERMS.content),
  sourcePath: termSet(SCHEMA_TERMS.sourcePath),
  httpRequest: termSet(SCHEMA_TERMS.httpRequest),
};

/** File nouns an upload reads when they are local (`FILE_TRANSFER`). */
const TRANSFER_FILES = termSet(FILE_TRANSFER.files);
const PLACING_PREPS = new Set<string>(PLACING.prepositions);
const LOCATIVES = new Set<string>(withTraditional(ON_PAGE.prepositions));
const PAGES = termSet(ON_PAGE.pages);
const REQUESTS = new Set<string>(REQUEST_HEADERS.requests);
const NOTIFIED = new Set<string>(NOTIFIED_PARTICIPLES);
const CONTENT_SUBJECTS = new Set<string>(CONTENTS.subjects);
const GETTER_OPENER = new Set(withTraditional(GETTER_OPENERS));

/** What a verb of each role does to each object class (bits of capabilities.ts). */
const PAIRS: Readonly<Record<VerbRole, Readonly<Partial<Record<ObjectClass, number>>>>> = {
  read: {
    web: EIT,
    public: EIT,
    inbound: EIT | PAT,
    shared: EIT | PAT,
    submitted: EIT | PAT,
    transaction: EIT | PAT,
    commitment: PAT,
    private: PAT,
    // Listing the connections or sessions a tool holds reads the user's configuration.
    transient: PAT,
    credential: CRED,
    credentialStore: CRED,
    environment: CRED | PAT,
    code: PAT,
  },
  create: {
    public: NAT,
    inbound: NAT,
    transaction: NAT,
    commitment: NAT,
    shared: MUT,
    submitted: MUT,
    private: MUT,
    credential: MUT,
    credentialStore: MUT,
    environment: MUT,
    code: MUT,
  },
  modify: {
    public: NAT,
    // Deleting, archiving or labelling one's own mail changes the mailbox; nothing leaves.
    inbound: MUT,
    transaction: NAT,
    // Changing or cancelling a reservation tells the hotel; changing a standing order pays someone else.
    commitment: NAT,
    shared: MUT,
    submitted: MUT,
    private: MUT,
    credential: MUT,
    credentialStore: MUT,
    environment: MUT,
    code: MUT,
  },
  run: { code: EXEC, interpreter: EXEC },
  // A click or a key press on a page reads the page it returns and can submit data to the site.
  interact: { web: EIT | NAT },
  // These two carry their capability by themselves (see `verbAloneBits`); the object is evidence.
  send: {},
  webRead: {},
  neutral: {},
};

function verbAloneBits(role: VerbRole): number {
  return role === 'send' ? NAT : role === 'webRead' ? EIT : 0;
}

function pairBits(role: VerbRole, cls: ObjectClass): number {
  return verbAloneBits(role) || (PAIRS[role][cls] ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Tokens and segments
// ---------------------------------------------------------------------------------------------

/** Name pieces: a Chinese run, an acronym (with a plural `s`), a capitalised or lowercase word, digits. */
const NAME_TOKEN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|\p{Lu}{2,}s(?!\p{Ll})|\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{Nd}+/gu;

/**
 * Split a tool or property name into lowercase word tokens: snake_case, camelCase, kebab-case, dots,
 * slashes and digits separate words; a run of Chinese characters is one token.
 * @example nameTokens('gmailSendMessage') // ['gmail', 'send', 'message']
 * @example nameTokens('mcp__github__create_issue') // ['mcp', 'github', 'create', 'issue']
 */
export function nameTokens(name: string): string[] {
  if (typeof name !== 'string') return [];
  const s = name.length > MAX_TEXT ? name.slice(0, MAX_TEXT) : name;
  const out: string[] = [];
  for (const m of s.matchAll(NAME_TOKEN)) out.push(m[0].toLowerCase());
  return out;
}

/**
 * Prose pieces (on lowercased text): `.env`, a possessive marker (`'s`, `’s`, or the apostrophe of a
 * plural possessive `teams'`, but not the closing quote of a quoted `'tags'`), a snake_case identifier
 * (kept whole: it names another tool or a parameter, as in "use write_file to change it", and matches
 * no vocabulary entry), a Chinese run, a word, or a sentence break.
 */
const TEXT_TOKEN = /\.env\.(?:example|sample|template|dist|defaults?|tpl)(?![\p{L}\p{N}])|\.env(?![\p{L}\p{N}])|['’](?<=[\p{L}\p{N}]['’])s(?![\p{L}\p{N}])|['’](?<=[\p{L}\p{N}]s['’])(?<!['‘’][\p{L}\p{N}]*['’])(?![\p{L}\p{N}])|[\p{Ll}\p{Lu}\p{Nd}]+(?:_[\p{Ll}\p{Lu}\p{Nd}]+)+|[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|[\p{Ll}\p{Lu}\p{Nd}]+|[.!?;\n。！？；]|[:：(（,，]|\/(?<=(?:^|[\s(])\p{L}+\/)(?=\p{L}+(?:[\s,;!?)]|\.(?!\p{L})|$))/gu;
const SENTENCE_BREAK = /^[.!?;\n。！？；]$/;
/** An environment template's file name (`.env.example`): one name, not the `.env` credential store. */
const ENV_TEMPLATE = /^\.env\./;
const PARAM_TYPES = new Set(PARAMETER_TYPES);
/** One-character tokens that are punctuation (sentence breaks, colons, commas, parentheses, a slash). */
const PUNCTUATION = new Set([...'.!?;\n。！？；:：(（,，/']);
/** A possessive marker as TEXT_TOKEN finds it: `'s`, `’s`, or a lone apostrophe after a plural. */
const POSSESSIVE_MARK = /^['’]s?$/;
const CONTRACTED = new Set(CONTRACTED_S);

interface Tok {
  readonly s: string;
  readonly info: WordInfo | undefined;
  /**
   * Punctuation before the token (bits): `CLAUSE`, it opens a clause after a colon ("… into the CRM:
   * reads every contact"), so a verb may stand here; `COMMA`, a comma stands right before it.
   */
  readonly mark: number;
}

/**
 * How `textSegments` marks a raw word (bits): it opens a clause after a colon, it labels a parameter,
 * a comma stands before it.
 */
const CLAUSE = 1;
const LABEL = 2;
const COMMA = 4;

type SegKind = 'name' | 'description' | 'schema';

interface Segment {
  readonly kind: SegKind;
  readonly source: EvidenceSource;
  readonly at: string | undefined;
  readonly toks: readonly Tok[];
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
function toTokens(raw: readonly string[], marks?: readonly number[]): Tok[] {
  const words: string[] = [];
  const wordMarks: number[] = [];
  for (let r = 0; r < raw.length; r++) {
    const w = raw[r] as string;
    const n = words.length;
    if (CJK_CHAR.test(w[0] as string)) pushCjk(w, words);
    else words.push(w);
    if (marks !== undefined) for (let k = n; k < words.length; k++) wordMarks.push(k === n ? (marks[r] ?? 0) : 0);
  }
  const out: Tok[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    const mark = wordMarks[i] ?? 0;
    // A parameter's name in an argument list ("- email (str, optional): …") is neither verb nor noun.
    if ((mark & LABEL) !== 0) { out.push({ s: w, info: undefined, mark: 0 }); continue; }
    const phrases = PHRASES.get(w);
    let matched: Phrase | undefined;
    if (phrases !== undefined) {
      for (const p of phrases) {
        if (i + p.words.length > words.length) continue;
        let ok = true;
        for (let k = 1; k < p.words.length; k++) if (words[i + k] !== p.words[k]) { ok = false; break; }
        if (ok) { matched = p; break; }
      }
    }
    out.push(matched !== undefined ? { s: matched.words.join(' '), info: matched.info, mark } : { s: w, info: LEXICON.get(w), mark });
    if (matched !== undefined) i += matched.words.length - 1;
  }
  return out;
}

/**
 * Inline code spans name other tools and parameters (`use \`send_email\` to reply`, `tools.search()`):
 * what they mention is not what this tool does, so their words are not read.
 */
const CODE_SPAN = /`[^`\n]{0,200}`/g;

/**
 * Split prose into sentence segments. Punctuation inside a sentence is read, not kept:
 * - a colon opens a clause: the word after it may be a verb ("Sync the CRM: reads every contact");
 * - the first word of a sentence or of such a clause, right before a colon or before a parenthesis
 *   that opens with a type (`PARAMETER_TYPES`), names a parameter: "- email (str, optional): …";
 * - a slash between two words is an `or` ("turns off/closes a device", "read/write").
 */
function textSegments(text: string, kind: SegKind, source: EvidenceSource, at: string | undefined, out: Segment[]): void {
  const lower = (text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text).toLowerCase().replace(CODE_SPAN, ' ');
  let raw: string[] = [];
  let marks: number[] = [];
  let nextMark = 0;
  /** The index of a word that a parenthesis followed, until the word inside it is seen. */
  let paren = -1;
  const flush = (): void => {
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
    return last >= 0 && (last === 0 || ((marks[last] as number) & CLAUSE) !== 0) && !CJK_CHAR.test((raw[last] as string)[0] as string);
  };
  for (const m of lower.matchAll(TEXT_TOKEN)) {
    const t = m[0];
    if (t.length === 1 && PUNCTUATION.has(t)) {
      if (SENTENCE_BREAK.test(t)) flush();
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

// ---------------------------------------------------------------------------------------------
// Evidence collection
// ---------------------------------------------------------------------------------------------

interface Collector {
  mask: number;
  readonly evidence: Evidence[];
  readonly seen: Set<string>;
  /**
   * Evidence of writing or loading a program ("Write a TypeScript program that …", "Load code from the
   * file"), held back: on a tool that runs code it is the program the tool runs, not a mutation or a
   * read of the user's data (see `classifyTool`).
   */
  readonly authored: [number, EvidenceSource, string, string | undefined][];
  /** The description sends to the user herself ("Send an e-mail digest to the user"). */
  selfSend: boolean;
  /** The tool works in an outside service others read (`OUTSIDE_SERVICES.writes`): its writes act outside. */
  readonly outside: boolean;
  /** The tool reads a shared workspace (`OUTSIDE_SERVICES.sharedContent`): its content is others' writing too. */
  readonly workspace: boolean;
  /** Name and description write and do not read: property descriptions add no reads (set before the schema). */
  writeOnly: boolean;
  /** The description drops something onto a target (`PLACING`): the name's placing verb is a drag and drop. */
  readonly placing: boolean;
  /** The tool takes a local file by its path, with no content beside it (`SCHEMA_TERMS.sourcePath`). */
  readonly localSource: boolean;
  /** Terms of public or web objects the description reads from an internal source (`INTERNAL_MODIFIERS`). */
  readonly internal: Set<string>;
  /** Segments already asked whether they call their files local (`FILE_TRANSFER.local`). */
  readonly saysLocal: Map<Segment, boolean>;
}

function addEvidence(c: Collector, bits: number, source: EvidenceSource, term: string, at: string | undefined): void {
  if (bits === 0) return;
  c.mask |= bits;
  for (let i = 0; i < CAPABILITIES.length; i++) {
    if ((bits & (1 << i)) === 0) continue;
    const capability = CAPABILITIES[i] as Capability;
    const key = `${i}\u0000${source}\u0000${term}\u0000${at ?? ''}`;
    if (c.seen.has(key)) continue;
    c.seen.add(key);
    c.evidence.push(at === undefined ? { capability, source, term } : { capability, source, term, at });
  }
}

const SOURCE_ORDER: Readonly<Record<EvidenceSource, number>> = {
  name: 0,
  description: 1,
  schema: 2,
  annotation: 3,
  override: 4,
  command: 5,
};

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareEvidence(a: Evidence, b: Evidence): number {
  return (
    CAPABILITIES.indexOf(a.capability) - CAPABILITIES.indexOf(b.capability) ||
    SOURCE_ORDER[a.source] - SOURCE_ORDER[b.source] ||
    compareStrings(a.term, b.term) ||
    compareStrings(a.at ?? '', b.at ?? '')
  );
}

// ---------------------------------------------------------------------------------------------
// Segment analysis: roles by position, verb → object pairing
// ---------------------------------------------------------------------------------------------

/** The role a token plays in its segment after position rules. */
interface Role {
  readonly verb: VerbRole | undefined;
  readonly obj: ObjectClass | undefined;
  /** A noun that makes its compound a local record (`LOCAL_MODIFIERS`). */
  readonly local?: boolean;
}

const NO_ROLE: Role = { verb: undefined, obj: undefined };

interface Analysis {
  readonly seg: Segment;
  readonly roles: readonly Role[];
  /** Verbs that found no object in their own segment. */
  readonly lonelyVerbs: number[];
  /** Indices of tokens acting as objects. */
  readonly objects: number[];
  /** Object tokens some write verb acted on. */
  readonly writtenObjects: Set<number>;
  /** Object tokens a verb other than a read acted on (written, sent, run, transformed, negated). */
  readonly actedObjects: Set<number>;
  /** Third-party authorship clauses ("submitted by customers"), as evidence terms. */
  readonly authorship: string[];
  /** Tokens in a clause (up to a `but`) that holds a negation: "Support tickets are not included". */
  readonly negatedClause: readonly boolean[];
  /** The verb roles that act somewhere in the segment (negated verbs count as `neutral`). */
  readonly verbRoles: Set<VerbRole>;
}

/** Is position `i` one where a verb can stand in a sentence (start, after a cue, an adverb, or `verb and`)? */
function verbPosition(toks: readonly Tok[], roles: readonly Role[], i: number): boolean {
  if (i === 0 || ((toks[i] as Tok).mark & CLAUSE) !== 0) return true;
  const prev = (toks[i - 1] as Tok).s;
  if (CUES.has(prev) || (prev.length > 3 && prev.endsWith('ly'))) return true;
  if (!CONJ.has(prev)) return false;
  // "removes a collection or view": one determiner before two nouns, so the second is a noun too.
  if (i >= 3 && isObject(roles[i - 2]) && DETS.has((toks[i - 3] as Tok).s)) return false;
  // "with requester, subject and message": a conjunction that closes a comma list ("A, B and C") whose
  // last item before it opens with a word that is no verb joins nouns, not verbs.
  for (let m = i - 2; m >= 0 && m >= i - 3; m--) {
    if (((toks[m] as Tok).mark & COMMA) === 0) continue;
    if ((roles[m] as Role).verb === undefined) return false;
    break;
  }
  for (let j = 0; j < i - 1; j++) if ((roles[j] as Role).verb !== undefined) return true;
  return false;
}

/** The index of the last placing preposition (`onto`) of a segment, or -1: a placing verb before it is a drag and drop. */
function lastOnto(toks: readonly Tok[]): number {
  for (let k = toks.length - 1; k >= 0; k--) if (PLACING_PREPS.has((toks[k] as Tok).s)) return k;
  return -1;
}

/** Does the segment name a request (`REQUEST_HEADERS.requests`)? */
function namesRequest(toks: readonly Tok[]): boolean {
  for (const t of toks) {
    const s = t.info?.term ?? t.s;
    if (REQUESTS.has(s) || (s.endsWith('s') && REQUESTS.has(s.slice(0, -1)))) return true;
  }
  return false;
}

/**
 * Does the sentence open with a subject of its own ("the requester and every CC on the ticket receive
 * it")? A determiner other than a cue (`this`, `that`) opens a noun phrase, not an imperative.
 */
function opensWithSubject(toks: readonly Tok[]): boolean {
  const first = toks[0]?.s;
  return first !== undefined && DETS.has(first) && !CUES.has(first);
}

/**
 * Roles by position. `placing`: the description drops something onto a target, so the name's placing
 * verb (`browser_drop`) is a drag and drop too.
 */
function resolveRoles(seg: Segment, placing: boolean): Role[] {
  const { toks, kind } = seg;
  const subjectFirst = kind === 'description' && opensWithSubject(toks);
  const onto = lastOnto(toks);
  /** Whether the segment names a request (`namesRequest`), worked out at the first header. */
  let request: boolean | undefined;
  let verbSeen = false;
  const roles: Role[] = [];
  let namePlainVerb = false;
  if (kind === 'name') {
    for (const t of toks) {
      if (t.info?.verb !== undefined && !t.info.amb && !t.info.sForm) { namePlainVerb = true; break; }
    }
  }
  let nameAmbVerbTaken = false;
  let plainVerbSeen = false;
  let negatedUntil = -1;
  for (let i = 0; i < toks.length; i++) {
    const info = (toks[i] as Tok).info;
    if (kind !== 'name') {
      const s = (toks[i] as Tok).s;
      if (NEGATION.has(s)) negatedUntil = i + NEGATION_REACH;
      else if (NEGATION_BREAK.has(s)) negatedUntil = -1;
    }
    if (info === undefined || info.neutral) { roles.push(NO_ROLE); continue; }
    let verb = info.verb;
    let obj = info.objNameOnly && kind !== 'name' ? undefined : info.obj;
    // "Drop files onto an element" is a drag and drop; "drop a table" is not.
    if (info.placing === true && (kind === 'name' ? placing : onto > i)) verb = 'interact';
    // "headers … of a single network request" carry its cookies and tokens; a CSV file's headers do not.
    if (info.requestPart === true) {
      request ??= namesRequest(toks);
      obj = request ? 'credential' : undefined;
    }
    // Around a possessive stand nouns: "the post's comments", "the team's list". In Chinese, what
    // follows 的 is the noun it modifies: "可分享的下载链接" is a download link, not a download.
    const possessed = kind !== 'name' && (info.cjk === true ? toks[i - 1]?.s === '的' : toks[i - 1]?.s === POSSESSIVE || toks[i + 1]?.s === POSSESSIVE);
    if (info.amb) {
      let isVerb: boolean;
      if (possessed) {
        isVerb = false;
      } else if (kind === 'name') {
        isVerb = !namePlainVerb && !nameAmbVerbTaken && !info.sForm;
        if (isVerb) nameAmbVerbTaken = true;
      } else if (info.cjk) {
        isVerb = !plainVerbSeen && (kind !== 'schema' || verbPosition(toks, roles, i));
      } else if (kind === 'schema') {
        isVerb = !info.sForm && i > 0 && (toks[i - 1] as Tok).s === 'to';
      } else if (info.sForm) {
        isVerb = i === 0 || (i > 0 && (toks[i - 1] as Tok).s !== 'to' && verbPosition(toks, roles, i));
      } else {
        isVerb = verbPosition(toks, roles, i);
      }
      if (isVerb) obj = undefined;
      else verb = undefined;
    } else if (verb !== undefined && info.cjk === true) {
      // A property description is a noun phrase ("本地文件路径"); a verb starts one ("上传的文件").
      if (possessed || (kind === 'schema' && !verbPosition(toks, roles, i))) verb = undefined;
    } else if (verb !== undefined) {
      if (possessed) {
        verb = undefined;
      } else if (kind === 'name' && i > 0 && (roles[i - 1] as Role).verb !== undefined) {
        // `write_query`, `run_query`, `search_query`: a verb right after a verb is its object.
        verb = undefined;
      } else if (info.sForm) {
        // `updates`, `lists`, `edits` are as often nouns: in a name always, in prose unless placed as a verb.
        if (kind === 'name' || !verbPosition(toks, roles, i)) verb = undefined;
      } else if (kind === 'schema') {
        // Property descriptions are noun phrases ("SQL query to execute"): a verb starts one or follows `to`.
        if (!verbPosition(toks, roles, i)) verb = undefined;
      } else if (kind === 'description' && i > 0) {
        // "perform a search", "an INSERT query", "DELETE query": nouns; "if part is set": a state.
        const prev = (toks[i - 1] as Tok).s;
        if (DETS.has(prev) || BE.has(prev) || (roles[i - 1] as Role).verb !== undefined) verb = undefined;
        // "the requester and every CC on the ticket receive it by e-mail": the first verb of a sentence
        // that opens with a noun phrase is what that subject does, not what the tool does.
        else if (subjectFirst && !verbSeen && ((toks[i] as Tok).mark & COMMA) === 0 && !verbPosition(toks, roles, i)) verb = undefined;
      }
    }
    // "Fill in the link" in a property description tells the caller what to pass.
    if (kind === 'schema' && verb === 'interact') verb = undefined;
    // A negated verb is not done, but it is still a verb (it keeps a noun-only name from being a getter).
    if (verb !== undefined && i <= negatedUntil) verb = 'neutral';
    if (verb !== undefined && !info.amb) plainVerbSeen = true;
    if (verb !== undefined) verbSeen = true;
    if (verb === undefined && obj === undefined) roles.push(NO_ROLE);
    else roles.push(obj !== undefined && verb === undefined && info.local === true ? { verb, obj, local: true } : { verb, obj });
  }
  return roles;
}

/**
 * Objects of a run starting at `j`: consecutive nouns form a compound, `and`/`or`/`from` continue the
 * list. In a compound that mixes classes the private nouns are modifiers or containers ("user
 * reviews" are reviews, "customer email" is mail, "the .env file" is a credential store), so they
 * are dropped.
 */
function objectRun(toks: readonly Tok[], roles: readonly Role[], j: number, out: number[]): void {
  let k = j;
  for (;;) {
    const run: number[] = [];
    for (;;) {
      while (k < toks.length && isObject(roles[k])) run.push(k++);
      // `user's calendar`, `账户的转账记录`: a link between two nouns keeps the compound going.
      if (k + 1 < toks.length && LINKS.has((toks[k] as Tok).s) && isObject(roles[k + 1])) { k++; continue; }
      // `账户最近的交易流水` (the account's recent transactions): one modifier may stand before 的.
      if (k + 2 < toks.length && cjkFiller(toks[k] as Tok) && (toks[k + 1] as Tok).s === '的' && isObject(roles[k + 2])) { k += 2; continue; }
      break;
    }
    pushHeads(run, roles, out, toks);
    if (k >= toks.length) return;
    const s = (toks[k] as Tok).s;
    if (!CONJ.has(s) && !FROM.has(s)) return;
    let next = -1;
    let spent = 0;
    for (let m = k + 1; m < toks.length; m++) {
      if (!possessiveSlot(toks, m) && ++spent > LIST_REACH) break;
      const r = roles[m] as Role;
      if (r.verb !== undefined) break;
      if (r.obj !== undefined) { next = m; break; }
    }
    if (next < 0) return;
    k = next;
  }
}

/**
 * A possessive marker or its possessor ("the marketing team's"): they stand where an article would and
 * use up no reach.
 */
function possessiveSlot(toks: readonly Tok[], m: number): boolean {
  return toks[m]?.s === POSSESSIVE || toks[m + 1]?.s === POSSESSIVE;
}

/** A Chinese run between dictionary words that is none of them (`最近`, `当前`). */
function cjkFiller(t: Tok): boolean {
  return t.info === undefined && CJK_CHAR.test(t.s[0] as string) && t.s !== '的';
}

function isObject(r: Role | undefined): boolean {
  return r !== undefined && r.obj !== undefined && r.verb === undefined;
}

function pushHeads(run: readonly number[], roles: readonly Role[], out: number[], toks: readonly Tok[]): void {
  // "a draft email" is a draft: a local modifier is the head of its compound.
  if (run.some((j) => (roles[j] as Role).local === true)) {
    for (const j of run) if ((roles[j] as Role).local === true) out.push(j);
    return;
  }
  // "chat members", "channel users": a directory noun at the end is the head.
  const last = run[run.length - 1];
  if (last !== undefined && run.length > 1 && toks[last]?.info?.directory === true) {
    out.push(last);
    return;
  }
  const mixed = run.some((j) => (roles[j] as Role).obj !== 'private');
  for (const j of run) if (!mixed || (roles[j] as Role).obj !== 'private') out.push(j);
}

/** The objects of the verb at `i`: the first noun (run) after it, else the nearest before it. */
function objectsOf(toks: readonly Tok[], roles: readonly Role[], i: number): number[] {
  const out: number[] = [];
  let onlyConj = true;
  let spent = 0;
  for (let j = i + 1; j < toks.length; j++) {
    if (!possessiveSlot(toks, j) && ++spent > WINDOW) break;
    const r = roles[j] as Role;
    if (r.verb !== undefined) {
      // "read and write files": coordinated verbs share the object.
      if (onlyConj) continue;
      break;
    }
    if (r.obj !== undefined) { objectRun(toks, roles, j, out); return out; }
    // "Mark thoughts that revise … or branch …": the object came before the relative clause.
    if (j > i + 1 && RELATIVE.has((toks[j] as Tok).s)) break;
    if (!CONJ.has((toks[j] as Tok).s)) onlyConj = false;
  }
  // A Chinese verb's subject stands before it ("根据用户传入关键词，搜索出…": the user passes keywords, the
  // tool searches): looking back, a Chinese verb does not reach past a comma.
  const cjkVerb = (toks[i] as Tok).info?.cjk === true;
  for (let j = i - 1; j >= 0 && j >= i - WINDOW; j--) {
    if (cjkVerb && ((toks[j + 1] as Tok).mark & COMMA) !== 0) break;
    const r = roles[j] as Role;
    if (r.verb !== undefined) break;
    if (r.obj !== undefined) {
      const run: number[] = [];
      let k = j;
      while (k >= 0 && isObject(roles[k])) run.unshift(k--);
      pushHeads(run, roles, out, toks);
      return out;
    }
  }
  return out;
}

function isProgram(cls: ObjectClass | undefined): boolean {
  return cls === 'code' || cls === 'interpreter';
}

function emitPair(c: Collector, role: VerbRole, verb: { seg: Segment; tok: Tok } | undefined, objSeg: Segment, objTok: Tok, cls: ObjectClass, program = false): void {
  // Running a query on a database ("execute SQL against the warehouse") reads it. Not in a property
  // description: "SQL query to execute" is said of write tools too (the schema rules weigh that).
  const dbRun = role === 'run' && objTok.info?.db === true && objSeg.kind !== 'schema';
  let bits = dbRun ? PAT : pairBits(role, cls);
  // An upload into the browser or a page (`browser_file_upload`) is an interaction with the page: the
  // site answers with its page. An upload from a URL reads what is there.
  if (role === 'send' && cls === 'web' && verb?.tok.info?.transfer === true) bits |= pairBits('interact', 'web');
  if (bits === 0) return;
  // A write in an outside service (a GitHub repository, a Notion page) changes what other people read.
  if (c.outside && (role === 'create' || role === 'modify') && (bits & MUT) !== 0) bits = (bits & ~MUT) | NAT;
  // "ID of the page to read or update" on an update tool says how the page is found, not what is read.
  if (role === 'read' && objSeg.kind === 'schema' && c.writeOnly) return;
  // A search across an outside service's index returns strangers' repositories, code and profiles.
  if (c.outside && role === 'read' && verb?.tok.info?.search === true) bits = objTok.info?.directory === true ? (bits & ~PAT) | EIT : bits | EIT;
  // In a shared workspace (Notion, Lark) colleagues and guests write the content; the directory is data.
  if (c.workspace && role === 'read' && (bits & (EIT | PAT)) !== 0 && objTok.info?.directory !== true) bits |= EIT | PAT;
  if (verb !== undefined && (program || (cls === 'code' && verb.tok.info?.authors === true))) {
    c.authored.push([bits, verb.seg.source, (verb.tok.info as WordInfo).term, verb.seg.at], [bits, objSeg.source, (objTok.info as WordInfo).term, objSeg.at]);
    return;
  }
  if (verb !== undefined) addEvidence(c, bits, verb.seg.source, (verb.tok.info as WordInfo).term, verb.seg.at);
  addEvidence(c, bits, objSeg.source, (objTok.info as WordInfo).term, objSeg.at);
}

/** Classes that are external because others write them: what the user wrote is private instead. */
const THIRD_PARTY_CLASSES = new Set<ObjectClass>(['public', 'inbound', 'shared', 'submitted', 'transaction']);

/** Entries of `FIRST_PARTY`, as words. */
const FP = {
  relatives: new Set<string>(FIRST_PARTY.relatives),
  authors: wordList(FIRST_PARTY.authors),
  auxiliaries: new Set<string>(FIRST_PARTY.auxiliaries),
  participles: wordList(FIRST_PARTY.participles),
};

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

/** Entries as words, longest first, and the set of their first words (a cheap first test). */
interface WordList {
  readonly entries: readonly (readonly string[])[];
  readonly first: ReadonlySet<string>;
}

function wordList(entries: readonly string[]): WordList {
  const split = entries.map((e) => e.split(' ')).sort((a, b) => b.length - a.length);
  return { entries: split, first: new Set(split.map((w) => w[0] as string)) };
}

/** The index after the first entry of `list` that stands at token `k`, or -1. */
function anyWordsAt(toks: readonly Tok[], k: number, list: WordList): number {
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

/** The end of a first-party clause starting at token `k` (see `FIRST_PARTY`), or -1. */
function firstPartyClauseAt(toks: readonly Tok[], k: number): number {
  // participle by author: "messages sent by the user".
  const p = anyWordsAt(toks, k, FP.participles);
  if (p >= 0 && toks[p]?.s === 'by') return anyWordsAt(toks, p + 1, FP.authors);
  // [relative] author [auxiliary…] participle: "the payments (that) the user has set up".
  let m = FP.relatives.has(toks[k]?.s ?? '') ? k + 1 : k;
  m = anyWordsAt(toks, m, FP.authors);
  if (m < 0) return -1;
  for (let n = 0; n < 2 && FP.auxiliaries.has(toks[m]?.s ?? ''); n++) m++;
  return anyWordsAt(toks, m, FP.participles);
}

/**
 * First-party authorship (`FIRST_PARTY`): an object followed by a clause saying the user wrote it is the
 * user's own data, and the clause's words do nothing. Rewrites `roles` in place; prose only.
 */
function firstPartyClauses(toks: readonly Tok[], roles: Role[]): void {
  for (let j = 0; j + 1 < toks.length; j++) {
    if (!isObject(roles[j]) || isObject(roles[j + 1])) continue;
    const end = firstPartyClauseAt(toks, j + 1);
    if (end < 0) continue;
    for (let k = j + 1; k < end; k++) roles[k] = NO_ROLE;
    for (let k = j; k >= 0 && (isObject(roles[k]) || LINKS.has((toks[k] as Tok).s)); k--) {
      const r = roles[k] as Role;
      if (r.obj !== undefined && THIRD_PARTY_CLASSES.has(r.obj)) roles[k] = { ...r, obj: 'private' };
    }
    j = end - 1;
  }
}

const SELF = {
  people: wordList(SELF_DESTINATIONS.people),
  places: wordList(SELF_DESTINATIONS.places),
};

const LOCAL_WORDS = wordList(withTraditional(FILE_TRANSFER.local));
const INTERNAL_WORDS = wordList(withTraditional(INTERNAL_MODIFIERS));
const CONTENT_VERBS = wordList(CONTENTS.verbs.flatMap((v) => {
  const [first, ...rest] = v.split(' ');
  return [v, [sFormOf(first as string), ...rest].join(' ')];
}));

/** Does the segment call its files local ("本地文件", "local files", "absolute paths")? Asked once per segment. */
function saysLocal(c: Collector, seg: Segment): boolean {
  let local = c.saysLocal.get(seg);
  if (local === undefined) {
    local = false;
    for (let k = 0; k < seg.toks.length && !local; k++) local = anyWordsAt(seg.toks, k, LOCAL_WORDS) >= 0;
    c.saysLocal.set(seg, local);
  }
  return local;
}

/**
 * A file an upload or a drop hands over (`FILE_TRANSFER`) is read as well as sent when it is local:
 * the tool takes its path, or the sentence says so ("本地文件", "local files").
 */
function transferPair(c: Collector, role: VerbRole, verbSeg: Segment, verbTok: Tok, objSeg: Segment, objTok: Tok): void {
  const info = verbTok.info;
  if (info === undefined || !((role === 'send' && info.transfer === true) || (role === 'interact' && info.placing === true))) return;
  const term = objTok.info?.term;
  if (term === undefined || !TRANSFER_FILES.has(term)) return;
  if (!c.localSource && !saysLocal(c, verbSeg) && !saysLocal(c, objSeg)) return;
  addEvidence(c, PAT | NAT, verbSeg.source, info.term, verbSeg.at);
  addEvidence(c, PAT | NAT, objSeg.source, term, objSeg.at);
}

/**
 * The page a sentence runs its code on (`ON_PAGE`): a locative, up to two plain words, a page noun.
 * "Evaluate JavaScript expression on page or element" → `page`.
 */
function pageOf(toks: readonly Tok[]): string | undefined {
  for (let k = 0; k < toks.length; k++) {
    if (!LOCATIVES.has((toks[k] as Tok).s)) continue;
    for (let m = k + 1; m < toks.length && m <= k + 3; m++) {
      const t = toks[m] as Tok;
      const term = t.info?.term;
      if (term !== undefined && PAGES.has(term)) return term;
      if (t.info !== undefined && !t.info.neutral) break;
    }
  }
  return undefined;
}

/**
 * Is the object at `j` read from a source inside the trust boundary (`INTERNAL_MODIFIERS`): "internal
 * issues", "内部论坛", "an issue from the company's internal Jira tracker"?
 */
function internalSource(toks: readonly Tok[], roles: readonly Role[], j: number): boolean {
  // A modifier before its compound ("internal forum posts", "内部论坛的帖子"; Chinese: also before 的).
  let start = j;
  while (start > j - WINDOW) {
    if (start > 0 && isObject(roles[start - 1])) start--;
    else if (start > 1 && LINKS.has((toks[start - 1] as Tok).s) && isObject(roles[start - 2])) start -= 2;
    else break;
  }
  for (let k = Math.max(0, start - 3); k < start; k++) {
    const end = anyWordsAt(toks, k, INTERNAL_WORDS);
    if (end === start || (end === start - 1 && toks[end]?.s === '的')) return true;
  }
  // Its source: a preposition right after the object (run), then within reach an internal modifier.
  let k = j + 1;
  while (k < toks.length && k <= j + WINDOW && isObject(roles[k])) k++;
  const prep = toks[k]?.s;
  if (prep === undefined || !(FROM.has(prep) || LOCATIVES.has(prep))) return false;
  let spent = 0;
  for (let m = k + 1; m < toks.length; m++) {
    if (!possessiveSlot(toks, m) && ++spent > AUTHOR_REACH + 1) break;
    if ((roles[m] as Role).verb !== undefined) break;
    if (anyWordsAt(toks, m, INTERNAL_WORDS) >= 0) return true;
  }
  return false;
}

/**
 * What is read of the object at `j` of a segment: public and web content from an internal source is
 * private. The description says it of the name's noun too (`get_jira_issue`: "Get an issue from the
 * company's internal Jira tracker"): the description is analysed first.
 */
function readClass(c: Collector, role: VerbRole, seg: Segment, roles: readonly Role[], j: number): ObjectClass {
  const cls = (roles[j] as Role).obj as ObjectClass;
  if (role !== 'read' || (cls !== 'public' && cls !== 'web')) return cls;
  const term = (seg.toks[j] as Tok).info?.term ?? '';
  if (seg.kind === 'name') return c.internal.has(term) ? 'private' : cls;
  if (!internalSource(seg.toks, roles, j)) return cls;
  c.internal.add(term);
  return 'private';
}

/**
 * Is the first destination after the send verb at `i` the user (`SELF_DESTINATIONS`): "to the user",
 * "to me", "to the user's own inbox"? A `to` before a verb is an infinitive ("to post"), not one.
 */
function sendsToSelf(toks: readonly Tok[], i: number): boolean {
  for (let k = i + 1; k < toks.length && k <= i + WINDOW; k++) {
    if ((toks[k] as Tok).s !== 'to') continue;
    const next = toks[k + 1]?.info;
    if (next?.verb !== undefined && next.obj === undefined) continue;
    const end = anyWordsAt(toks, k + 1, SELF.people);
    if (end < 0) return false;
    if (toks[end]?.s !== POSSESSIVE) return true;
    return anyWordsAt(toks, end + 1, SELF.places) >= 0;
  }
  return false;
}

function analyse(seg: Segment, c: Collector): Analysis {
  const { toks, kind } = seg;
  const roles = resolveRoles(seg, c.placing);
  if (kind !== 'name') firstPartyClauses(toks, roles);
  const a: Analysis = {
    seg, roles, lonelyVerbs: [], objects: [], writtenObjects: new Set(), actedObjects: new Set(), authorship: [],
    negatedClause: negatedClauses(seg), verbRoles: new Set(),
  };
  // A shell word in a clause that does something else and runs nothing is a mention, not a shell:
  // `get_terminal_size`, `python_package_search`, "Read the output of the terminal".
  let otherVerb = false;
  let runVerb = false;
  for (const r of roles) {
    if (r.verb === 'run') runVerb = true;
    else if (r.verb !== undefined && r.verb !== 'neutral') otherVerb = true;
  }
  const shellMentionOnly = otherVerb && !runVerb;
  /** The page the segment runs code on (`pageOf`), once looked for. */
  let page: string | undefined | null = null;
  for (let i = 0; i < toks.length; i++) {
    const tok = toks[i] as Tok;
    const info = tok.info;
    const r = roles[i] as Role;
    const role = r.verb;
    const objs = role === undefined ? [] : objectsOf(toks, roles, i);
    if (info !== undefined) {
      const execScoped = info.exec === 'any' || (info.exec === 'name' && kind === 'name');
      // `exec_sql`, `eval` of a query: running a non-program is not a shell.
      const ranOther = role === 'run' && objs.length > 0 && objs.every((j) => !isProgram((roles[j] as Role).obj));
      if (execScoped && !shellMentionOnly && !ranOther) addEvidence(c, EXEC, seg.source, info.term, seg.at);
      if (info.http === 'any' || (info.http === 'name' && kind === 'name')) addEvidence(c, EIT | NAT, seg.source, info.term, seg.at);
      if (info.send) addEvidence(c, NAT, seg.source, info.term, seg.at);
    }
    if (r.obj !== undefined) a.objects.push(i);
    if (role === undefined || info === undefined) continue;
    if (role === 'send' && (kind === 'name' ? c.selfSend : sendsToSelf(toks, i))) {
      // "Send a digest to the user": it lands in the user's own mailbox, a local write. The name's send
      // verb (`email_digest`) is the description's.
      if (kind !== 'name') c.selfSend = true;
      a.verbRoles.add('create');
      addEvidence(c, MUT, seg.source, info.term, seg.at);
      continue;
    }
    a.verbRoles.add(role);
    addEvidence(c, verbAloneBits(role), seg.source, info.term, seg.at);
    if (objs.length === 0) {
      a.lonelyVerbs.push(i);
      // An object-less "Delete it." mutates; "use X to modify them" only mentions a mutation.
      const imperative = kind === 'name' || i === 0 || (toks[i - 1] as Tok).s.endsWith('ly');
      if (info.strong && (role === 'create' || role === 'modify') && imperative) {
        addEvidence(c, c.outside ? NAT : MUT, seg.source, info.term, seg.at);
      }
      continue;
    }
    // "Load code from the specified file" loads the program a code tool runs: held back like authoring.
    const program = role === 'read' && objs.some((j) => (roles[j] as Role).obj === 'code');
    for (const j of objs) {
      emitPair(c, role, { seg, tok }, seg, toks[j] as Tok, readClass(c, role, seg, roles, j), program);
      transferPair(c, role, seg, tok, seg, toks[j] as Tok);
      if (role === 'create' || role === 'modify') a.writtenObjects.add(j);
      if (role !== 'read' && role !== 'webRead') a.actedObjects.add(j);
    }
    // Code run on a web page comes back with what the page computes.
    if (role === 'run' && page === null && objs.some((j) => isProgram((roles[j] as Role).obj))) {
      page = pageOf(toks);
      if (page !== undefined) addEvidence(c, EIT, seg.source, page, seg.at);
    }
  }
  if (kind !== 'name') findAuthorship(toks, roles, a.negatedClause, a.authorship);
  // A credential store read, listed or named without a write verb is credential access.
  for (const j of a.objects) {
    if ((roles[j] as Role).obj === 'credentialStore' && !a.writtenObjects.has(j)) {
      addEvidence(c, CRED, seg.source, ((toks[j] as Tok).info as WordInfo).term, seg.at);
    }
  }
  return a;
}

/**
 * Which tokens of a prose segment sit in a negated clause: clauses end at a negation break (`but`), and
 * one holding a negation anywhere is negated ("Support tickets are not included", "without the support
 * tickets"). Used for mentions, which have no verb to negate. A name has no negations.
 */
function negatedClauses(seg: Segment): boolean[] {
  const out: boolean[] = new Array<boolean>(seg.toks.length).fill(false);
  if (seg.kind === 'name') return out;
  let start = 0;
  for (let i = 0; i <= seg.toks.length; i++) {
    if (i < seg.toks.length && !NEGATION_BREAK.has((seg.toks[i] as Tok).s)) continue;
    let negated = false;
    for (let k = start; k < i; k++) if (NEGATION.has((seg.toks[k] as Tok).s)) negated = true;
    if (negated) out.fill(true, start, i);
    start = i + 1;
  }
  return out;
}

/**
 * Third-party authorship clauses of a prose segment (see `AUTHORSHIP`): a participle, a link right
 * after it (or after an adverb: "submitted directly by"), then an author within `AUTHOR_REACH` tokens
 * that is not itself a modifier of a noun. Each is reported as "participle link author".
 */
function findAuthorship(toks: readonly Tok[], roles: readonly Role[], negated: readonly boolean[], out: string[]): void {
  for (let i = 0; i < toks.length; i++) {
    if (!PARTICIPLES.has((toks[i] as Tok).s) || negated[i] === true) continue;
    let l = i + 1;
    if (toks[l]?.s.endsWith('ly') === true) l++;
    const link = toks[l]?.s;
    if (link === undefined || !AUTHOR_LINKS.has(link)) continue;
    let spent = 0;
    for (let m = l + 1; m < toks.length; m++) {
      if (!possessiveSlot(toks, m) && ++spent > AUTHOR_REACH) break;
      const author = authorAt(toks, roles, m);
      if (author !== undefined) { out.push(`${(toks[i] as Tok).s} ${link} ${author}`); break; }
    }
  }
}

/** The author entry that starts at token `m` and ends on a token boundary before no noun, if any. */
function authorAt(toks: readonly Tok[], roles: readonly Role[], m: number): string | undefined {
  for (const words of AUTHORS) {
    let k = m;
    let w = 0;
    while (w < words.length && k < toks.length) {
      const parts = (toks[k] as Tok).s.split(' ');
      if (w + parts.length > words.length || parts.some((p, x) => p !== words[w + x])) break;
      w += parts.length;
      k++;
    }
    if (w === words.length && !isObject(roles[k])) return words.join(' ');
  }
  return undefined;
}

/**
 * Content written by third parties that a read-only tool returns even where no read verb pairs with
 * it (docs/semantics.md: content is external by who wrote it): a `submitted` record named anywhere and not
 * the object of another verb ("Look up a customer: the record and their support tickets") is
 * EXTERNAL_INGESTION and PRIVATE_ACCESS; an authorship clause ("as submitted through the help-center
 * form", "files uploaded by customers") is EXTERNAL_INGESTION.
 */
function submittedRecords(c: Collector, analyses: readonly Analysis[]): void {
  for (const a of analyses) {
    for (const j of a.objects) {
      if ((a.roles[j] as Role).obj !== 'submitted' || a.actedObjects.has(j) || a.negatedClause[j] === true) continue;
      addEvidence(c, EIT | PAT, a.seg.source, ((a.seg.toks[j] as Tok).info as WordInfo).term, a.seg.at);
    }
    for (const term of a.authorship) addEvidence(c, EIT, a.seg.source, term, a.seg.at);
  }
}

/** Pair verbs that found no object in one segment with the objects of another (name ↔ description). */
function crossPair(c: Collector, verbs: Analysis, objects: Analysis, firstOnly: boolean): void {
  if (verbs.lonelyVerbs.length === 0 || objects.objects.length === 0) return;
  let objs: number[] = objects.objects;
  if (firstOnly) {
    objs = [];
    objectRun(objects.seg.toks, objects.roles, objects.objects[0] as number, objs);
  }
  for (const i of verbs.lonelyVerbs) {
    const role = (verbs.roles[i] as Role).verb as VerbRole;
    for (const j of objs) {
      const cls = readClass(c, role, objects.seg, objects.roles, j);
      emitPair(c, role, { seg: verbs.seg, tok: verbs.seg.toks[i] as Tok }, objects.seg, objects.seg.toks[j] as Tok, cls);
      transferPair(c, role, verbs.seg, verbs.seg.toks[i] as Tok, objects.seg, objects.seg.toks[j] as Tok);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Input schema
// ---------------------------------------------------------------------------------------------


interface Prop {
  readonly path: string;
  readonly tokens: readonly string[];
  readonly joined: string;
  readonly description: string | undefined;
  /** Properties of one `properties` object share a group: sibling rules (destination + body) use it. */
  readonly group: number;
  /** JSON Schema `format: uri` (or `url`, `iri`): the value is an address whatever the property's name. */
  readonly uri: boolean;
  /** The property's `type` is `string` or is not given (not an object, an array, a number). */
  readonly text: boolean;
  /** The property is an array of strings. */
  readonly strings: boolean;
}

const URI_FORMATS = new Set(['uri', 'url', 'iri']);
const DB_TARGETS = termSet(SCHEMA_TERMS.database);

/** Visit `properties`/`items` depth first, keys sorted, so that key order never changes the result. */
function schemaProps(schema: unknown): Prop[] {
  const props: Prop[] = [];
  let groups = 0;
  const visit = (node: unknown, prefix: string, depth: number): void => {
    if (depth > MAX_DEPTH || props.length >= MAX_PROPERTIES || !isRecord(node)) return;
    const properties = node['properties'];
    if (isRecord(properties)) {
      const group = groups++;
      for (const key of Object.keys(properties).sort()) {
        if (props.length >= MAX_PROPERTIES) return;
        const child = properties[key];
        const k = key.length > MAX_TEXT ? key.slice(0, MAX_TEXT) : key;
        const path = `${prefix}properties.${k}`;
        const tokens = nameTokens(k);
        const d = isRecord(child) ? child['description'] : undefined;
        const f = isRecord(child) ? child['format'] : undefined;
        const uri = typeof f === 'string' && URI_FORMATS.has(f.toLowerCase());
        const ty = isRecord(child) ? child['type'] : undefined;
        const text = ty === undefined || ty === 'string';
        const it = isRecord(child) ? child['items'] : undefined;
        const strings = ty === 'array' && isRecord(it) && it['type'] === 'string';
        props.push({ path, tokens, joined: tokens.join('_'), description: typeof d === 'string' ? d : undefined, group, uri, text, strings });
        visit(child, `${path}.`, depth + 1);
      }
    }
    const items = node['items'];
    if (isRecord(items)) visit(items, `${prefix}items.`, depth + 1);
    else if (Array.isArray(items)) {
      for (let i = 0; i < items.length && props.length < MAX_PROPERTIES; i++) visit(items[i], `${prefix}items.${i}.`, depth + 1);
    }
  };
  visit(schema, '', 0);
  return props;
}

/** Tool-level facts the schema rules depend on (from the name and the description). */
interface ToolFacts {
  readonly writes: boolean;
  readonly sends: boolean;
  readonly runs: boolean;
  readonly database: boolean;
  /** A verb of copying in (`IMPORT_VERBS`) acts: a URL is where the content comes from. */
  readonly imports: boolean;
  /** A verb of exporting (`EXPORT_VERBS`) acts: the database it is addressed to is read. */
  readonly exports: boolean;
}

/**
 * Does the tool take a local file by its path (`SCHEMA_TERMS.sourcePath`: a string or an array of
 * strings)? Not when the file's content is passed beside it (`{path, content}`): that path says where
 * the content goes.
 */
function takesLocalFile(props: readonly Prop[]): boolean {
  const groups = new Set<number>();
  for (const p of props) if (SCHEMA.sourcePath.has(p.joined) && (p.text || p.strings)) groups.add(p.group);
  for (const p of props) if (SCHEMA.content.has(p.joined) && p.text) groups.delete(p.group);
  return groups.size > 0;
}

function schemaRules(c: Collector, props: readonly Prop[], facts: ToolFacts): void {
  const byGroup = new Map<number, Prop[]>();
  for (const p of props) {
    const g = byGroup.get(p.group);
    if (g === undefined) byGroup.set(p.group, [p]);
    else g.push(p);
  }
  for (const group of byGroup.values()) {
    const urls: [Prop, string][] = [];
    const destinations: Prop[] = [];
    const bodies: Prop[] = [];
    const paths: Prop[] = [];
    const contents: Prop[] = [];
    const httpParts: Prop[] = [];
    for (const p of group) {
      const urlTok = p.tokens.find((t) => SCHEMA.url.has(t)) ?? (p.uri && p.joined !== '' ? p.joined : undefined);
      if (urlTok !== undefined && !p.tokens.some((t) => SCHEMA.notAPage.has(t))) urls.push([p, urlTok]);
      if (SCHEMA.destination.has(p.joined)) {
        const d = p.description?.toLowerCase() ?? '';
        const notRecipient = p.joined === 'to' && SCHEMA.notARecipient.some((w) => d.includes(w));
        if (!notRecipient) destinations.push(p);
      }
      if (SCHEMA.body.has(p.joined)) bodies.push(p);
      // A file's path and content are text; an OpenAPI `path` object holds URL parameters.
      if (SCHEMA.path.has(p.joined) && p.text) paths.push(p);
      if (SCHEMA.content.has(p.joined) && p.text) contents.push(p);
      if (SCHEMA.httpRequest.has(p.joined)) httpParts.push(p);
      if (SCHEMA.command.has(p.joined)) addEvidence(c, EXEC, 'schema', p.joined, p.path);
      if (SCHEMA.code.has(p.joined) && facts.runs) addEvidence(c, EXEC, 'schema', p.joined, p.path);
      if (!facts.writes && (SCHEMA.sql.has(p.joined) || (facts.database && SCHEMA.query.has(p.joined)))) {
        addEvidence(c, PAT, 'schema', p.joined, p.path);
      }
      // A tool addressed to a database, a table or a collection (`explain(database, collection, …)`)
      // that neither writes nor sends reads it.
      if ((!facts.writes || facts.exports) && !facts.sends && DB_TARGETS.has(p.joined)) addEvidence(c, PAT, 'schema', p.joined, p.path);
    }
    if (urls.length > 0 && httpParts.length > 0) {
      // url + method/headers: a generic HTTP client reads what the server says and sends what it is given.
      for (const [p, t] of urls) addEvidence(c, EIT | NAT, 'schema', t, p.path);
      for (const p of httpParts) addEvidence(c, EIT | NAT, 'schema', p.joined, p.path);
    } else if (urls.length > 0 && ((!facts.writes && !facts.sends) || facts.imports)) {
      // A page to read, or what a clone or an import copies in (`git_clone(repo_url)`).
      for (const [p, t] of urls) addEvidence(c, EIT, 'schema', t, p.path);
    }
    // A recipient plus a body is a message; a tool that only writes one (a draft) does not send it.
    if (destinations.length > 0 && bodies.length > 0 && (facts.sends || !facts.writes)) {
      for (const p of [...destinations, ...bodies]) if (p.joined !== '') addEvidence(c, NAT, 'schema', p.joined, p.path);
    }
    if (paths.length > 0 && contents.length > 0 && !facts.sends) {
      for (const p of [...paths, ...contents]) addEvidence(c, c.outside ? NAT : MUT, 'schema', p.joined, p.path);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// classifyTool
// ---------------------------------------------------------------------------------------------

/**
 * A passive send to people in a description (`NOTIFIED_PARTICIPLES`): "attendees are notified", "guests
 * will be invited". Not in a negated clause, and not when the one notified is the user.
 */
function notifiedPeople(c: Collector, a: Analysis): void {
  const toks = a.seg.toks;
  for (let i = 1; i < toks.length; i++) {
    const t = toks[i] as Tok;
    if (!NOTIFIED.has(t.s) || !BE.has((toks[i - 1] as Tok).s) || a.negatedClause[i] === true) continue;
    // The one notified ends right before the `be` ("the user is notified", "the user will be notified").
    let self = false;
    for (let k = Math.max(0, i - 6); k < i - 1 && !self; k++) {
      const end = anyWordsAt(toks, k, SELF.people);
      self = end === i - 1 || end === i - 2;
    }
    if (!self) addEvidence(c, NAT, a.seg.source, t.s, a.seg.at);
  }
}

/**
 * The published content a contents statement names (`CONTENTS`): "This includes official
 * documentation, curated expert guidance, and other resources provided by Acme" → `official
 * documentation`. Undefined when there is none, or when it also names anything else. The list ends at
 * an authorship clause ("provided by Acme": Acme wrote it, it is not content).
 */
function publishedContents(descA: readonly Analysis[]): string | undefined {
  for (const a of descA) {
    const toks = a.seg.toks;
    if (!CONTENT_SUBJECTS.has(toks[0]?.s ?? '')) continue;
    const start = anyWordsAt(toks, 1, CONTENT_VERBS);
    if (start < 0) continue;
    let found: string | undefined;
    let other = false;
    for (let k = start; k < toks.length; k++) {
      if (PARTICIPLES.has((toks[k] as Tok).s) && AUTHOR_LINKS.has(toks[k + 1]?.s ?? '')) break;
      const r = a.roles[k] as Role;
      if (r.obj === undefined || a.negatedClause[k] === true) continue;
      if (r.obj === 'web' || r.obj === 'public') found ??= ((toks[k] as Tok).info as WordInfo).term;
      else other = true;
    }
    if (found !== undefined && !other) return found;
  }
  return undefined;
}

/** Every read of the user's data (PRIVATE_ACCESS) is a read of published content (EXTERNAL_INGESTION). */
function readsArePublished(c: Collector, term: string): void {
  const evidence = c.evidence.splice(0);
  c.seen.clear();
  c.mask &= ~PAT;
  for (const e of evidence) {
    const bit = capabilityBit(e.capability);
    addEvidence(c, bit === PAT ? EIT : bit, e.source, e.term, e.at);
  }
  addEvidence(c, EIT, 'description', term, undefined);
}

/** A nested tool call in a description: `tools.search(...)`, `tools.<name>(args)`, `tools.*`. */
const TOOLS_SUBCALL = /(?:^|[^\p{L}\p{N}_])tools\.(?:[\p{L}_$][\p{L}\p{N}_$]*\s*\(|<|\*)/u;
const CODE_MODE_TEXT = /\bcode[\s_-]mode\b/;

/**
 * Deterministic classification of one tool spec from its name, description and input schema (property
 * names and their descriptions, at any depth of `properties`/`items`), in English and Chinese, with MCP
 * annotations as evidence.
 *
 * Total on plain data: a missing or mistyped field is ignored, never a throw. Work is capped (4 000
 * characters per text, 200 schema properties, depth 8). The same spec always gives the same output:
 * capabilities in CAPABILITIES order, evidence sorted by capability, source, term and path.
 * @param spec an MCP-style tool spec (only `name` is required, and even that is checked)
 * @returns the capabilities, the evidence for each, and whether this is a Code Mode tool
 */
export function classifyTool(spec: ToolSpec): Classification {
  const s: Record<string, unknown> = isRecord(spec) ? spec : {};
  const name = typeof s['name'] === 'string' ? s['name'] : '';
  const description = typeof s['description'] === 'string' ? s['description'] : '';
  const nTokens = nameTokens(name);
  const descSegs: Segment[] = [];
  textSegments(description, 'description', 'description', undefined, descSegs);
  const mentions = (set: ReadonlySet<string>): boolean =>
    nTokens.some((t) => set.has(t)) || descSegs.some((seg) => seg.toks.some((t) => set.has(t.s)));
  const props = schemaProps(s['inputSchema']);
  const c: Collector = {
    mask: 0, evidence: [], seen: new Set(), authored: [], selfSend: false,
    outside: mentions(SERVICES.writes), workspace: mentions(SERVICES.sharedContent), writeOnly: false,
    placing: descSegs.some((seg) => {
      const onto = lastOnto(seg.toks);
      return seg.toks.some((t, i) => t.info?.placing === true && i < onto);
    }),
    localSource: takesLocalFile(props),
    internal: new Set(),
    saysLocal: new Map(),
  };

  // A demonstration ("Demonstrates how annotations can be used …") or a simulation: the name says what
  // is shown or simulated, not what the tool does; only the description and the schema count.
  const demo = descSegs[0]?.toks.some((t) => DEMO.has(t.s)) === true;

  // Name.
  const nameSeg: Segment = { kind: 'name', source: 'name', at: undefined, toks: demo ? [] : toTokens(nTokens) };
  // The description first: a send in it decides whether the name's send verb leaves the boundary.
  const descA = descSegs.map((seg) => analyse(seg, c));
  const nameA = analyse(nameSeg, c);

  // A verb in one place and its object in the other: `search` + "… the web", `weather` + "Get …".
  const firstDesc = descA[0];
  if (firstDesc !== undefined) {
    if (nameA.objects.length === 0) crossPair(c, nameA, firstDesc, true);
    crossPair(c, firstDesc, nameA, false);
  }

  // A name made of nouns only, with no verb anywhere, is a getter: `inbox`, `weather`, `customer_records`.
  const anyVerb = nameA.verbRoles.size > 0 || descA.some((a) => a.verbRoles.size > 0);
  if (!anyVerb) {
    // A sentence of its description that opens with what it returns ("Returns full details (headers and
    // body) of a single network request") names what it gets, outside a negated clause. A name that
    // names nothing (`process`, `connect`) is no getter: its verb is one the vocabulary lacks.
    for (const a of descA) {
      if (nameA.objects.length === 0 || !GETTER_OPENER.has(a.seg.toks[0]?.s ?? '')) continue;
      for (const j of a.objects) {
        if (a.negatedClause[j] === true) continue;
        emitPair(c, 'read', undefined, a.seg, a.seg.toks[j] as Tok, readClass(c, 'read', a.seg, a.roles, j));
      }
    }
    for (const j of nameA.objects) emitPair(c, 'read', undefined, nameSeg, nameSeg.toks[j] as Tok, readClass(c, 'read', nameSeg, nameA.roles, j));
  } else if (nameA.verbRoles.size === 0 && descA.every((a) => [...a.verbRoles].every((r) => r === 'neutral'))) {
    // A noun-only name of a web service (a name-only web noun: `maps`) whose description only transforms ("maps_geo": 将地址转换为经纬度坐标,
    // converts an address into coordinates) transforms with the service's data: it reads the service.
    for (const j of nameA.objects) {
      const t = nameSeg.toks[j] as Tok;
      if ((nameA.roles[j] as Role).obj === 'web' && t.info?.objNameOnly === true) emitPair(c, 'read', undefined, nameSeg, t, 'web');
    }
  }

  // Code Mode: `run_code`-style names, "Code Mode" or `tools.x(...)` in the description.
  let codeMode = false;
  for (let i = 0; i + 1 < nTokens.length; i++) {
    const pair = CODE_MODE_NAME_PAIRS.find(([a, b]) => a === nTokens[i] && b === nTokens[i + 1]);
    if (pair !== undefined) { codeMode = true; addEvidence(c, EXEC, 'name', `${pair[0]} ${pair[1]}`, undefined); }
  }
  const lowerDesc = description.length > MAX_TEXT ? description.slice(0, MAX_TEXT).toLowerCase() : description.toLowerCase();
  if (CODE_MODE_TEXT.test(lowerDesc)) { codeMode = true; addEvidence(c, EXEC, 'description', 'code mode', undefined); }
  if (TOOLS_SUBCALL.test(lowerDesc)) { codeMode = true; addEvidence(c, EXEC, 'description', 'tools.', undefined); }

  // Input schema: property descriptions are prose; property names feed the schema rules.
  const textAnalyses = [nameA, ...descA];
  const has = (role: VerbRole): boolean => textAnalyses.some((a) => a.verbRoles.has(role));
  const facts: ToolFacts = {
    writes: has('create') || has('modify'),
    sends: has('send'),
    runs: has('run') || codeMode || (c.mask & EXEC) !== 0,
    database: textAnalyses.some((a) => a.seg.toks.some((t) => t.info?.db === true)),
    imports: textAnalyses.some((a) => a.seg.toks.some((t, i) => t.info?.imports === true && (a.roles[i] as Role).verb === 'create')),
    exports: textAnalyses.some((a) => a.seg.toks.some((t, i) => t.info?.exports === true && (a.roles[i] as Role).verb === 'create')),
  };
  c.writeOnly = facts.writes && !has('read') && !has('webRead');
  const schemaA: Analysis[] = [];
  for (const p of props) {
    if (p.description === undefined) continue;
    const segs: Segment[] = [];
    textSegments(p.description, 'schema', 'schema', p.path, segs);
    for (const seg of segs) schemaA.push(analyse(seg, c));
    // An output file ("filename: File to save the console messages to"): the tool writes it.
    if (SCHEMA.path.has(p.joined) && p.text) {
      const w = segs.flatMap((seg) => seg.toks).find((t) => t.info?.verb === 'create' && t.info.strong === true);
      if (w !== undefined) addEvidence(c, c.outside ? NAT : MUT, 'schema', (w.info as WordInfo).term, p.path);
    }
  }
  schemaRules(c, props, facts);

  // "Write a program that …" on a tool that runs code: the caller writes it, the tool runs it.
  if (!facts.runs && (c.mask & EXEC) === 0) for (const [bits, source, term, at] of c.authored) addEvidence(c, bits, source, term, at);

  // Third-party records and authorship count on a tool that reads (a read verb, or a noun-only getter)
  // and neither writes nor sends: on `reply_to_ticket` the ticket is what is answered, not read.
  if ((has('read') || has('webRead') || !anyVerb) && !facts.writes && !facts.sends) {
    submittedRecords(c, [...textAnalyses, ...schemaA]);
  }

  // MCP annotations, only when stated as booleans. The specification's defaults (openWorldHint and
  // destructiveHint true) are not applied: they would make every unannotated tool a destructive one.
  // openWorldHint makes no ingestion: it says where the server connects (a Kubernetes cluster, a hosted
  // database, an SMS gateway), not who wrote what the tool returns (docs/semantics.md "what makes content
  // external"); a wrong `readOnlyHint: true` on a sender must not make it read anything either.
  const ann = s['annotations'];
  if (isRecord(ann)) {
    const ro = ann['readOnlyHint'];
    const ow = ann['openWorldHint'];
    // readOnlyHint: false is what every tool that is not marked read-only says (a demo's toggle, a
    // pure computation): with openWorldHint: false it confirms a local write the text names, even
    // without an object ("Set a feature flag"), and makes up none.
    if (ro === false && ow === false && facts.writes && !c.outside) addEvidence(c, MUT, 'annotation', ANNOTATION_TERMS.closedWorldWrite, undefined);
    // destructiveHint means nothing on a read-only tool (MCP); destroying something outside is already
    // an external action, so only a local tool gains a mutation.
    // A tool whose text only reads is a search or a fetch whatever its HTTP method says (an API
    // generated from OpenAPI marks `POST /search` destructive); what an open-world tool destroys is
    // outside (a browser's page), not local state.
    const onlyReads = (has('read') || has('webRead')) && !facts.writes && !facts.sends;
    if (ann['destructiveHint'] === true && ro !== true && ow !== true && (c.mask & NAT) === 0 && !onlyReads) {
      addEvidence(c, c.outside ? NAT : MUT, 'annotation', ANNOTATION_TERMS.destructive, undefined);
    }
  }

  // "Update a calendar event; attendees are notified by e-mail": a change that is mailed to people.
  if (facts.writes) for (const a of descA) notifiedPeople(c, a);

  // "This includes official documentation, …": the store the tool reads is published content.
  if (!facts.writes && !facts.sends && (c.mask & PAT) !== 0) {
    const published = publishedContents(descA);
    if (published !== undefined) readsArePublished(c, published);
  }

  const capabilities: Capability[] = [];
  for (let i = 0; i < CAPABILITIES.length; i++) if (c.mask & (1 << i)) capabilities.push(CAPABILITIES[i] as Capability);
  c.evidence.sort(compareEvidence);
  return { capabilities, evidence: c.evidence, codeMode };
}
