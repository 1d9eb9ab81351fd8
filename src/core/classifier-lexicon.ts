/**
 * The classifier's lexicon: the term tables of `vocabulary.ts` compiled once, at module load, into
 * what the other layers look up: each surface form's roles (`LEXICON`, with `-s` and `-ing` forms),
 * phrases by their first word, Chinese dictionary words by their first character (and every
 * Chinese term in its traditional form too), the word sets of the sentence rules, and what a verb
 * of each role does to each object class (`PAIRS`). Data in, tables out: no text is read here.
 */
import { CRED, EIT, EXEC, MUT, NAT, PAT } from './capabilities.js';
import { AMBIGUOUS, ARRANGED_WITH, AUTHORING_VERBS, AUTHORSHIP, BE_FORMS, COMPOUND_LINKS, CONJUNCTIONS, CONTAINING_PREPOSITIONS, CONTENTS, DATABASE_TERMS, DEMO_MARKERS, DESTINATION_PREPOSITIONS, DIRECTORY_NOUNS, EXAMINING_VERBS, EXPORT_VERBS, DETERMINERS, IN_PLACE_EDITS, LIGHT_VERBS, FILE_TRANSFER, FIRST_PARTY, GETTER_OPENERS, HANDED_SECRETS, IMPORT_VERBS, INCLUSIONS, INTERNAL_MODIFIERS, LIST_PREPOSITIONS, LOCAL_MODIFIERS, NAME_ONLY_EXEC, NAME_ONLY_HTTP, NAME_ONLY_OBJECTS, NEGATION_BREAKS, NEGATIONS, NEUTRAL_PHRASES, NOT_OBJECTS, NOTIFIED_PARTICIPLES, OBJECT_PRONOUNS, OBJECTS, ON_PAGE, OPENING_SENDS, OPENING_VERBS, OUTSIDE_SERVICES, OWNED_PUBLIC, PLACING, POSSESSIVE_MODIFIERS, PRODUCT_STORE_PREPOSITIONS, PUBLISHED_WORKS, RELATIVE_PRONOUNS, REMARKS, REQUEST_HEADERS, SCHEMA_TERMS, SEARCH_VERBS, SELF_DESTINATIONS, SERVED_PERSON, SERVICE_RECORDS, SETUP_HEADS, SOURCE_PREPOSITIONS, SUITE_PREAMBLE, STANDALONE_EXEC, TEAM_WRITINGS, STANDALONE_HTTP, STANDALONE_SEND, STRONG_WRITE_VERBS, TRADITIONAL_CHARS, VERB_CUES, VERBS } from './vocabulary.js';
import type { ObjectClass, VerbRole } from './vocabulary.js';

/** Where a standalone term counts: anywhere, or only as part of a tool's name. */
type Scope = 'any' | 'name';

/** Everything the classifier knows of one surface form. */
export interface WordInfo {
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
  /** A verb that reads what it writes out (`EXPORT_VERBS`): an export, a copy, a fill of a form. */
  readonly exports?: boolean;
  /** A transformation that changes a stored object in place (`IN_PLACE_EDITS`): formatting cells. */
  readonly inPlace?: boolean;
  /** A transformation that examines what it is given (`EXAMINING_VERBS`): of a stored object, a read. */
  readonly examines?: boolean;
  /** A directory entry (`DIRECTORY_NOUNS`): private even in a shared workspace. */
  readonly directory?: boolean;
  /** A published work (`PUBLISHED_WORKS`): before a private noun, it says what kind that is. */
  readonly work?: boolean;
  /** A verb that acts only in a name or as a description's first word (`OPENING_VERBS`). */
  readonly opening?: boolean;
  /** A public listing or platform that is private when the user owns it (`OWNED_PUBLIC`). */
  readonly ownable?: boolean;
  /** A record a service keeps (`SERVICE_RECORDS`): a write to it acts outside unless said local. */
  readonly service?: boolean;
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

export interface Phrase {
  readonly words: readonly string[];
  /** The words joined by single spaces: the token a match makes. */
  readonly text: string;
  readonly info: WordInfo;
}

/** Han characters, as a character-class body: CJK Unified Ideographs, Extension A, Compatibility Ideographs. */
export const HAN = String.raw`\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff`;
export const CJK_CHAR = new RegExp(`[${HAN}]`);

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
  for (const t of IN_PLACE_EDITS) at(t).inPlace = true;
  for (const t of EXAMINING_VERBS) at(t).examines = true;
  for (const t of DIRECTORY_NOUNS) at(t).directory = true;
  for (const t of PUBLISHED_WORKS) at(t).work = true;
  for (const t of [...OPENING_VERBS, ...OPENING_SENDS]) at(t).opening = true;
  for (const t of SERVICE_RECORDS) at(t).service = true;
  for (const t of OWNED_PUBLIC.nouns) at(t).ownable = true;
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
export const LEXICON = new Map<string, WordInfo>();
/**
 * `LIGHT_VERBS` compiled: light verb → the noun of each act it makes (a word or its plural) → the
 * act's entry, a copy of the `as` verb's under the pair's own term ("place order").
 */
export const LIGHT_ACTS = new Map<string, ReadonlyMap<string, WordInfo>>();
/** First word of a phrase → its phrases, longest first. */
export const PHRASES = new Map<string, Phrase[]>();
/**
 * What a word is, in one lookup: its entry (`LEXICON`), the phrases it opens (`PHRASES`) and whether
 * it is a light verb (`LIGHT_ACTS`). Every word of those maps has one; the tokenizer asks this once
 * per word instead of each map in turn.
 */
export interface WordEntry {
  readonly info: WordInfo | undefined;
  readonly phrases: readonly Phrase[] | undefined;
  /** The word is a light verb (`LIGHT_ACTS`). */
  readonly light: boolean;
  /** The word's classes (`WORD_CLASSES`), bits. */
  readonly k: number;
}
export const WORDS = new Map<string, WordEntry>();
/** First character of a Chinese dictionary word → the words, longest first. */
export const CJK_WORDS = new Map<string, string[]>();

export const CONJ = new Set(CONJUNCTIONS);
export const LIST_PREPS = new Set(LIST_PREPOSITIONS);
/** `SETUP_HEADS` and their plurals in -s (a word in -y lists its plural itself: `policies`). */
export const SETUP = new Set(SETUP_HEADS.flatMap((w) => (/[a-z]$/.test(w) && !/[sy]$/.test(w) ? [w, `${w}s`] : [w])));
export const DESTINATION_PREPS = new Set(DESTINATION_PREPOSITIONS);
export const OBJ_PRONOUNS = new Set(OBJECT_PRONOUNS);
export const FROM = new Set(SOURCE_PREPOSITIONS);
export const CONTAINING = new Set(CONTAINING_PREPOSITIONS);
export const PARTICIPLES = new Set<string>(AUTHORSHIP.participles);
export const AUTHOR_LINKS = new Set<string>(AUTHORSHIP.links);
/** Author entries as words, longest first, so that `end users` wins over `users`. */
export const AUTHORS: readonly (readonly string[])[] = AUTHORSHIP.authors
  .map((a) => a.split(' '))
  .sort((a, b) => b.length - a.length || (a.join(' ') < b.join(' ') ? -1 : 1));
/** How far (in tokens, possessives free) past its link an author may stand: "by the public". */
export const AUTHOR_REACH = 3;
export const CUES = new Set(VERB_CUES);
export const BE = new Set(BE_FORMS);
export const SERVICES = {
  writes: new Set<string>(OUTSIDE_SERVICES.writes),
  sharedContent: new Set<string>(OUTSIDE_SERVICES.sharedContent),
};
export const DEMO = new Set(DEMO_MARKERS);
export const RELATIVE = new Set(RELATIVE_PRONOUNS);
export const DETS = new Set(DETERMINERS);
export const LINKS = new Set(COMPOUND_LINKS);
/** Words that end a noun phrase after a possessive (`POSSESSIVE_MODIFIERS`). */
export const MODIFIER_STOPS = new Set<string>([
  ...POSSESSIVE_MODIFIERS.stops, ...DETERMINERS, ...CONJUNCTIONS, ...BE_FORMS, ...RELATIVE_PRONOUNS,
  ...NEGATIONS, ...NEGATION_BREAKS, ...NOT_OBJECTS, ...PRODUCT_STORE_PREPOSITIONS,
]);
export const NEGATION = new Set(NEGATIONS);
export const NEGATION_BREAK = new Set(NEGATION_BREAKS);
/** How many tokens a negation reaches. */
export const NEGATION_REACH = 8;

/**
 * Every field of `WordInfo`, in one order: a field missing here, or one `WordInfo` does not have, fails
 * the type check.
 */
const WORD_FIELD_SET: { readonly [K in keyof Required<WordInfo>]: true } = {
  term: true, verb: true, obj: true, amb: true, strong: true, objNameOnly: true, exec: true, http: true,
  send: true, db: true, neutral: true, cjk: true, sForm: true, local: true, imports: true, authors: true,
  exports: true, inPlace: true, examines: true, directory: true, work: true, opening: true, ownable: true, service: true, search: true,
  transfer: true, placing: true, requestPart: true,
};
const WORD_FIELDS = Object.keys(WORD_FIELD_SET) as (keyof WordInfo)[];

/**
 * An entry with every field of `WordInfo` present, in one order: the classifier reads these fields
 * in its inner loops, and objects of one shape keep those reads monomorphic (entries built field by
 * field have dozens of shapes).
 */
function fullShape(e: MutableInfo): WordInfo {
  const out: Record<string, unknown> = {};
  for (const f of WORD_FIELDS) out[f] = e[f];
  return out as unknown as WordInfo;
}

function compile(): void {
  const entries = collectEntries();
  const inflected: [string, WordInfo][] = [];
  const phraseList: Phrase[] = [];
  const cjkWords = new Set<string>();
  for (const e of entries.values()) {
    const info: WordInfo = fullShape(e);
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
    for (const v of variants.values()) phraseList.push({ words: v, text: v.join(' '), info });
  }
  for (const [surface, info] of inflected) if (!LEXICON.has(surface)) LEXICON.set(surface, info);
  for (const [verb, { nouns, as }] of Object.entries(LIGHT_VERBS)) {
    const base = entries.get(as);
    if (base === undefined) throw new Error(`vocabulary: the light verb ${verb} acts as ${as}, which is no verb`);
    const acts = new Map<string, WordInfo>();
    for (const noun of nouns) {
      const info = fullShape({ ...base, term: `${verb} ${noun}` });
      acts.set(noun, info);
      acts.set(sFormOf(noun), info);
    }
    LIGHT_ACTS.set(verb, acts);
  }
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
  for (const w of new Set([...LEXICON.keys(), ...PHRASES.keys(), ...LIGHT_ACTS.keys()])) WORDS.set(w, { info: LEXICON.get(w), phrases: PHRASES.get(w), light: LIGHT_ACTS.has(w), k: 0 });
}
compile();

/** A schema term list with the traditional form of its Chinese terms. */
export function termSet(list: readonly string[]): Set<string> {
  const out = new Set<string>(list);
  for (const t of list) out.add(traditional(t));
  return out;
}

export const SCHEMA = {
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
  mediaFiles: termSet(SCHEMA_TERMS.mediaFiles),
  pathDestinations: termSet(SCHEMA_TERMS.pathDestinations),
  httpRequest: termSet(SCHEMA_TERMS.httpRequest),
  tenant: termSet(SCHEMA_TERMS.tenant),
};

/** `REMARKS`, as sets. */
export const REMARK = {
  nouns: new Set<string>(REMARKS.nouns),
  prepositions: new Set<string>(REMARKS.prepositions),
};

/** `ARRANGED_WITH`, as sets. */
export const ARRANGED = {
  nouns: new Set<string>(ARRANGED_WITH.nouns),
  parties: new Set<string>(ARRANGED_WITH.parties.flatMap((p) => [p, sFormOf(p)])),
};

/** File nouns an upload reads when they are local (`FILE_TRANSFER`). */
export const TRANSFER_FILES = termSet(FILE_TRANSFER.files);
export const PLACING_PREPS = new Set<string>(PLACING.prepositions);
export const LOCATIVES = new Set<string>(withTraditional(ON_PAGE.prepositions));
export const PAGES = termSet(ON_PAGE.pages);
export const REQUESTS = new Set<string>(REQUEST_HEADERS.requests);
export const NOTIFIED = new Set<string>(NOTIFIED_PARTICIPLES);
/** `HANDED_SECRETS`, as sets. */
export const HANDED = {
  openers: new Set<string>(HANDED_SECRETS.openers),
  participles: new Set<string>(HANDED_SECRETS.participles),
  reach: HANDED_SECRETS.reach,
};
export const CONTENT_SUBJECTS = new Set<string>(CONTENTS.subjects);
export const GETTER_OPENER = new Set(withTraditional(GETTER_OPENERS));
/** What makes a hand-over of a secret no hand-over ("Password fields are redacted"). */
export const REDACTED: ReadonlySet<string> = new Set(['redacted', 'masked', 'obfuscated', 'omitted', 'stripped', 'hidden', 'censored']);
/** `TEAM_WRITINGS`, as sets. */
export const TEAM_SPACES: ReadonlySet<string> = new Set(TEAM_WRITINGS.teamSpaces);
export const OWN_WRITINGS: ReadonlySet<string> = new Set(TEAM_WRITINGS.own);
export const OWNER_WORDS: ReadonlySet<string> = new Set(TEAM_WRITINGS.owners);


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

export function verbAloneBits(role: VerbRole): number {
  return role === 'send' ? NAT : role === 'webRead' ? EIT : 0;
}

export function pairBits(role: VerbRole, cls: ObjectClass): number {
  return verbAloneBits(role) || (PAIRS[role][cls] ?? 0);
}

/** Classes that are external because others write them: what the user wrote is private instead. */
export const THIRD_PARTY_CLASSES = new Set<ObjectClass>(['public', 'inbound', 'shared', 'submitted', 'transaction']);

/** Owners before a compound (`OWNED_PUBLIC`). */
export const OWNERS = {
  words: new Set<string>(OWNED_PUBLIC.words),
  possessors: new Set<string>(OWNED_PUBLIC.possessors),
};

/** Entries of `FIRST_PARTY`, as words. */
export const FP = {
  relatives: new Set<string>(FIRST_PARTY.relatives),
  authors: wordList(FIRST_PARTY.authors),
  auxiliaries: new Set<string>(FIRST_PARTY.auxiliaries),
  participles: wordList(FIRST_PARTY.participles),
};

/** Entries as words, longest first, and the set of their first words (a cheap first test). */
export interface WordList {
  readonly entries: readonly (readonly string[])[];
  readonly first: ReadonlySet<string>;
}

function wordList(entries: readonly string[]): WordList {
  const split = entries.map((e) => e.split(' ')).sort((a, b) => b.length - a.length);
  return { entries: split, first: new Set(split.map((w) => w[0] as string)) };
}

/** Entries of `INCLUSIONS`. */
export const INCLUSION_WORDS = wordList(INCLUSIONS.words);
export const INCLUSION_OWNERS = new Set<string>(INCLUSIONS.owners);

export const SELF = {
  people: wordList(SELF_DESTINATIONS.people),
  places: wordList(SELF_DESTINATIONS.places),
};

/** `SUITE_PREAMBLE`, as words. */
export const SUITE = {
  subjects: new Set<string>(SUITE_PREAMBLE.subjects),
  links: wordList(SUITE_PREAMBLE.links),
  sequels: wordList(SUITE_PREAMBLE.sequels),
  joins: new Set<string>(SUITE_PREAMBLE.joins),
  everyCall: new Set<string>(SUITE_PREAMBLE.everyCall),
  presenting: new Set<string>(SUITE_PREAMBLE.presenting),
  offerings: new Set<string>(SUITE_PREAMBLE.offerings),
  labels: wordList(SUITE_PREAMBLE.labels),
};

/** `SERVED_PERSON`, as words. */
export const SERVED = {
  determiners: new Set<string>(SERVED_PERSON.determiners),
  persons: wordList(SERVED_PERSON.persons),
  acting: new Set<string>(SERVED_PERSON.acting),
  addressing: new Set<string>(SERVED_PERSON.addressing),
};

export const LOCAL_WORDS = wordList(withTraditional(FILE_TRANSFER.local));
export const INTERNAL_WORDS = wordList(withTraditional(INTERNAL_MODIFIERS));
export const CONTENT_VERBS = wordList(CONTENTS.verbs.flatMap((v) => {
  const [first, ...rest] = v.split(' ');
  return [v, [sFormOf(first as string), ...rest].join(' ')];
}));

/**
 * Word classes that passes over every token of a text ask of each one, a bit each. A token carries
 * its word's classes (`Tok.k`), found with its vocabulary entry in the one lookup the tokenizer makes
 * per word: such a pass tests a bit where it would ask a set of strings. A class is its set, nothing
 * more: `(tok.k & K_NEGATION) !== 0` exactly when `NEGATION.has(tok.s)`.
 */
export const K_NEGATION = 1;
export const K_NEGATION_BREAK = 2;
export const K_PLACING_PREP = 4;
export const K_PARTICIPLE = 8;
export const K_REDACTED = 16;
export const K_HANDED_OPENER = 32;
export const K_OUTSIDE_SERVICE = 64;
export const K_SHARED_CONTENT = 128;
export const K_TEAM_SPACE = 256;
export const K_OWNER_WORD = 512;
export const K_OWN_WRITING = 1024;
export const K_SETUP = 2048;
export const K_OWNED = 4096;
export const K_HANDED_PARTICIPLE = 8192;
export const K_SERVED_DETERMINER = 16384;
/** Each class and its set (exported for the tests). */
export const WORD_CLASSES: readonly (readonly [number, ReadonlySet<string>])[] = [
  [K_NEGATION, NEGATION], [K_NEGATION_BREAK, NEGATION_BREAK], [K_PLACING_PREP, PLACING_PREPS],
  [K_PARTICIPLE, PARTICIPLES], [K_REDACTED, REDACTED], [K_HANDED_OPENER, HANDED.openers],
  [K_OUTSIDE_SERVICE, SERVICES.writes], [K_SHARED_CONTENT, SERVICES.sharedContent], [K_TEAM_SPACE, TEAM_SPACES],
  [K_OWNER_WORD, OWNER_WORDS], [K_OWN_WRITING, OWN_WRITINGS], [K_SETUP, SETUP], [K_OWNED, OWNERS.words],
  [K_HANDED_PARTICIPLE, HANDED.participles], [K_SERVED_DETERMINER, SERVED.determiners],
];
const CLASSES_OF = new Map<string, number>();
for (const [bit, set] of WORD_CLASSES) for (const w of set) CLASSES_OF.set(w, (CLASSES_OF.get(w) ?? 0) | bit);
for (const [w, k] of CLASSES_OF) {
  const e = WORDS.get(w);
  WORDS.set(w, { info: e?.info, phrases: e?.phrases, light: e?.light ?? false, k });
}
/** The classes (`K_…` bits) of a word or a phrase. */
export function wordClasses(s: string): number {
  return CLASSES_OF.get(s) ?? 0;
}
