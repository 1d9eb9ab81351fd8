/**
 * The classifier's sentence rules: which role each token plays by its position (`resolveRoles`),
 * which objects a verb acts on (`objectsOf`), and what each verb × object pair gives (`emitPair`),
 * with the rules that change it: first- and third-party authorship, negated clauses, sends to the
 * user herself, internal sources, local files handed over, code run on a page.
 *
 * `analyse` reads one segment. What it needs to know of the rest of the tool comes in a
 * {@link Phase} (the description's findings, when the name is read; the tool's facts, when a
 * property description is); what the segment found comes back in its {@link Analysis}.
 */
import { CRED, EIT, EXEC, MUT, NAT, PAT } from './capabilities.js';
import { AGGREGATE_NOUNS, TEAM_WRITINGS, ATTACH_VERBS, CALENDAR_NAMES, FINAL_STATE, HOSTED_STORES, NOT_PRODUCTS, OWN_STORES, PERIOD_ADJECTIVES, POSSESSIVE, POSSESSIVE_MODIFIERS, PRODUCT_STORE_PREPOSITIONS, RUNTIMES } from './vocabulary.js';
import type { ObjectClass, VerbRole } from './vocabulary.js';
import { ARRANGED, AUTHORS, AUTHOR_LINKS, AUTHOR_REACH, BE, CJK_CHAR, CONJ, CONTAINING, CONTENT_SUBJECTS, CONTENT_VERBS, CUES, DESTINATION_PREPS, DETS, FP, FROM, HANDED, INCLUSION_OWNERS, INCLUSION_WORDS, INTERNAL_WORDS, K_HANDED_OPENER, K_NEGATION, K_NEGATION_BREAK, K_PARTICIPLE, K_PLACING_PREP, K_HANDED_PARTICIPLE, K_OWNED, K_REDACTED, K_SERVED_DETERMINER, K_SETUP, LEXICON, LINKS, LIST_PREPS, LOCAL_WORDS, LOCATIVES, MODIFIER_STOPS, NEGATION, NEGATION_REACH, NOTIFIED, OBJ_PRONOUNS, OWNERS, PAGES, PHRASES, RELATIVE, REMARK, REQUESTS, SELF, SERVED, THIRD_PARTY_CLASSES, TRANSFER_FILES, pairBits, verbAloneBits } from './classifier-lexicon.js';
import type { WordInfo } from './classifier-lexicon.js';
import { CLAUSE, CODE_SPAN, COMMA, MAX_TEXT, anyWordsAt, nameTokens } from './classifier-tokens.js';
import type { Segment, Tok } from './classifier-tokens.js';
import { addEvidence } from './classifier-evidence.js';
import { discount, explaining } from './classifier-discounts.js';
import type { Collector } from './classifier-evidence.js';

/** How far (in tokens) a verb looks for its object. */
const WINDOW = 8;
/** How far past `and`/`or`/`from` an object list continues. */
const LIST_REACH = 3;


/** The role a token plays in its segment after position rules. */
export interface Role {
  readonly verb: VerbRole | undefined;
  readonly obj: ObjectClass | undefined;
  /** A noun that makes its compound a local record (`LOCAL_MODIFIERS`). */
  readonly local: boolean;
  /**
   * The person the agent works for as the subject or addressee of a clause (`SERVED_PERSON`): no
   * object, and a verb after it does not look back past it for one.
   */
  readonly served: boolean;
}

/**
 * A role. Every role is built here or by {@link withObj}, with every field in the same order, so that
 * the passes that read roles meet one shape of object and read it at one speed.
 */
function role(verb: VerbRole | undefined, obj: ObjectClass | undefined, local = false, served = false): Role {
  return { verb, obj, local, served };
}

/** `r` as another class of object. */
function withObj(r: Role, obj: ObjectClass): Role {
  return role(r.verb, obj, r.local, r.served);
}

const NO_ROLE: Role = role(undefined, undefined);
const SERVED_ROLE: Role = role(undefined, undefined, false, true);

export interface Analysis {
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
  /** The segment sends to the user herself (`sendsToSelf`). */
  selfSend: boolean;
}

/**
 * What reading a segment needs to know of the rest of the tool: findings of the phases before it,
 * handed over explicitly (classifier.ts runs the phases in order: description, name, the two
 * paired with each other, property descriptions).
 */
export interface Phase {
  /** The description drops something onto a target (`PLACING`): the name's placing verb is a drag and drop. */
  readonly placing: boolean;
  /** The description sends to the user herself ("Send a digest to the user"): so does the name's send verb. */
  readonly selfSend: boolean;
  /** Name and description write and do not read: a property description adds no reads. */
  readonly writeOnly: boolean;
  /**
   * Name and description only read: a property description says how to fill its argument and adds no
   * writes ("Only set it if …"), unless the property is named for one (`delete_after`).
   */
  readonly readOnly: boolean;
  /** The description's first sentence, whose first word may be an opening verb (`OPENING_VERBS`). */
  readonly opening: Segment | undefined;
  /**
   * Terms of public or web objects read from an internal source (`INTERNAL_MODIFIERS`) so far: the
   * name's same terms are private. Reading prose adds to it.
   */
  readonly internal: Set<string>;
  /**
   * Terms of appointments made with a party outside (`ARRANGED_WITH`) in prose read so far: the
   * name's same terms are those arrangements (`schedule_appointment`: "Schedule an appointment with
   * a doctor").
   */
  readonly arranged: Set<string>;
  /**
   * Terms prose read so far found to be a platform's own (`platformCompounds`: the user profile of
   * "LinkedIn user profile"): in the name, those terms are the platform's too.
   */
  readonly platform: Set<string>;
  /**
   * What a later sentence of the description can add, when the name's verbs and the first sentence
   * agree on one kind of act: `reads` (both only read), so a later write or send says what the results
   * are for or what another tool does ("Use the attributes when you create records"); `writes` (both
   * only write or send), so a later read says where the caller finds an input ("get the folder id from
   * list-mail-folders"). Either way it is not this tool's act, unless its verb opens its sentence.
   */
  readonly purpose: 'reads' | 'writes' | undefined;
}

/**
 * `base` with some of its findings changed. Every phase is built here, with every field in the same
 * order, so that the analyses that read one meet a single shape of object (a spread with an added
 * field makes another shape at each call site, and every read of a phase slower).
 */
export function nextPhase(base: Phase, change: { readonly selfSend?: boolean; readonly writeOnly?: boolean; readonly readOnly?: boolean; readonly purpose?: 'reads' | 'writes' }): Phase {
  return {
    placing: base.placing,
    selfSend: change.selfSend ?? base.selfSend,
    writeOnly: change.writeOnly ?? base.writeOnly,
    readOnly: change.readOnly ?? base.readOnly,
    opening: base.opening,
    internal: base.internal,
    arranged: base.arranged,
    platform: base.platform,
    purpose: change.purpose ?? base.purpose,
  };
}

/**
 * A word that is a verb or a noun by position, joined to its sentence by a conjunction or a cue, before a
 * determiner whose short phrase goes on to a destination or ends the sentence: "Fetches the page and
 * posts the text to the channel", "Get the deal and email the owner". A phrase with a noun and a verb
 * after it may be a clause the word's noun opens ("the profile and posts the user wrote", "comments
 * and posts the user liked"): no verb then.
 */
function actsOnPhrase(toks: readonly Tok[], i: number): boolean {
  const det = toks[i + 1];
  // A determiner after a comma opens another phrase ("by ID or email, the whole record").
  if (det === undefined || !DETS.has(det.s) || det.s === 'that' || det.s === 'no' || (det.mark & (COMMA | CLAUSE)) !== 0) return false;
  const prev = toks[i - 1]?.s ?? '';
  if (!CONJ.has(prev) && !CUES.has(prev)) return false;
  for (let m = i + 2; m <= i + 1 + PHRASE_REACH; m++) {
    const t = toks[m];
    if (t === undefined) return m > i + 2;
    if ((t.mark & (COMMA | CLAUSE)) !== 0) return false;
    // "to the channel" is where it goes, and "this to the owner" sends this; "to catch up" is what it
    // is for.
    if (DESTINATION_PREPS.has(t.s)) return !purposeVerb(toks[m + 1]);
    // A past form after the phrase's first word opens a clause ("her team sent", "the user wrote"), and
    // so does a verb right after a noun ("the user likes"); a verb right after the determiner or a
    // modifier is the noun itself ("the latest update").
    if (m > i + 2 && (PAST_FORM.test(t.s) || PAST_FORMS.has(t.s))) return false;
    if (t.info?.verb !== undefined && t.info.obj === undefined && (toks[m - 1] as Tok).info?.obj !== undefined) return false;
    // What goes on with a send after its object: what it is about, when, a second object right after
    // a first of a word or two ("emails the customer about the delay", "messages the team if the SLA
    // is breached", "emails the requester a survey", "posts this with photos of the team"; not "the
    // emails the rep logs against the deal").
    if (SEND_COMPLEMENTS.has(t.s) || (DETS.has(t.s) && m <= i + 4)) return true;
  }
  return false;
}
/**
 * A verb after `to` that makes it an infinitive ("to review them"), not a destination: one the
 * vocabulary reads as a verb and never as a thing.
 */
function purposeVerb(t: Tok | undefined): boolean {
  return t?.info?.verb !== undefined && t.info.obj === undefined;
}
/**
 * How far after the determiner the phrase's end or its destination may stand (`actsOnPhrase`): a noun
 * and up to two modifiers come first ("the weekly sales summary to the owner").
 */
const PHRASE_REACH = 4;
const PAST_FORM = /^\p{L}{2,}ed$/u;
/** Words after a send's object that go on with the send (`actsOnPhrase`). */
const SEND_COMPLEMENTS: ReadonlySet<string> = new Set(['about', 'regarding', 'with', 'for', 'when', 'whenever', 'if', 'once', 'after', 'until', 'and', 'or']);
/** Past forms that do not end in -ed, which open a clause after a noun ("the posts the user wrote"). */
const PAST_FORMS = new Set(['wrote', 'sent', 'made', 'got', 'took', 'gave', 'left', 'put', 'saw', 'kept', 'found', 'bought', 'sold', 'built', 'ran', 'won', 'lost', 'read', 'said', 'told', 'paid', 'held', 'did', 'had']);
/**
 * Is the word at `i`, a verb or a noun by position, a verb with an object pronoun right after it, joined
 * to the sentence by a conjunction or a cue ("Read a file and email it to the administrator", "then
 * message them")? A noun is not followed by "it" or "them"; after a determiner the pronoun opens a
 * clause of its own ("the email it received").
 */
function actsOnPronoun(toks: readonly Tok[], i: number): boolean {
  if (i === 0 || !PRONOUN_OBJECTS.has(toks[i + 1]?.s ?? '')) return false;
  const prev = (toks[i - 1] as Tok).s;
  if (!CONJ.has(prev) && !CUES.has(prev)) return false;
  // What follows the pronoun goes on with a verb's phrase ("… it to the administrator", "… them a
  // digest", the sentence's end), not with a clause the pronoun opens ("comments it has", "emails her
  // team sent").
  const next = toks[i + 2]?.s;
  return next === undefined || PRONOUN_FOLLOWERS.has(next) || DETS.has(next) || CONJ.has(next);
}

/** Object pronouns after which a verb or noun word is the verb (`actsOnPronoun`): not "everyone". */
const PRONOUN_OBJECTS: ReadonlySet<string> = new Set(['it', 'them', 'him', 'her', 'us', 'me']);
/** Prepositions that go on with a verb's phrase after its pronoun object (`actsOnPronoun`). */
const PRONOUN_FOLLOWERS: ReadonlySet<string> = new Set(['to', 'into', 'onto', 'via', 'through', 'over', 'with', 'about', 'at', 'on', 'as']);

/** Is position `i` one where a verb can stand in a sentence (start, after a cue, an adverb, or `verb and`)? */
function verbPosition(toks: readonly Tok[], roles: readonly Role[], i: number): boolean {
  if (i === 0 || ((toks[i] as Tok).mark & CLAUSE) !== 0) return true;
  const prev = (toks[i - 1] as Tok).s;
  if (CUES.has(prev) || (lyAdverb(prev) && !periodAdjective(toks, roles, i - 1))) return true;
  if (!CONJ.has(prev)) return false;
  if (listAfterPreposition(toks, roles, i)) return false;
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

/**
 * Is the word at `i`, after a conjunction, one more item of a list that a preposition opens ("by ID
 * or email", "with name, phone and email")? Not when a pronoun, a determiner or an object follows
 * it, up to two words ahead ("find contacts by tag and email them", "from Reddit and drafts
 * internal notes"), nor when a verb stands between the preposition and it.
 */
function listAfterPreposition(toks: readonly Tok[], roles: readonly Role[], i: number): boolean {
  // What follows, up to two modifiers ahead ("… and drafts internal notes"), before a comma.
  for (let k = i + 1; k < toks.length && k <= i + 3; k++) {
    const t = toks[k] as Tok;
    if ((t.mark & (COMMA | CLAUSE)) !== 0 || CONJ.has(t.s) || LIST_PREPS.has(t.s)) break;
    if (DETS.has(t.s) || OBJ_PRONOUNS.has(t.s) || t.info?.obj !== undefined) return false;
  }
  for (let k = i - 2; k >= 0 && k >= i - 5; k--) {
    if ((roles[k] as Role).verb !== undefined) return false;
    if (LIST_PREPS.has((toks[k] as Tok).s)) return true;
  }
  return false;
}

/**
 * Does a destination preposition stand before the noun at `i`, past at most three words that
 * modify it ("to the configured webhook", "through your SMTP server")? Another noun or a verb in
 * between ends the look.
 */
function sentTo(toks: readonly Tok[], i: number): boolean {
  for (let k = i - 1; k >= 0 && k >= i - 4; k--) {
    const t = toks[k] as Tok;
    if (DESTINATION_PREPS.has(t.s)) return true;
    if (t.info?.verb !== undefined || t.info?.obj !== undefined) return false;
  }
  return false;
}

/** The index of the last placing preposition (`onto`) of a segment, or -1: a placing verb before it is a drag and drop. */
export function lastOnto(toks: readonly Tok[]): number {
  for (let k = toks.length - 1; k >= 0; k--) if (((toks[k] as Tok).k & K_PLACING_PREP) !== 0) return k;
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
const ATTACHES: ReadonlySet<string> = new Set(ATTACH_VERBS);
const RUNTIME_WORDS: ReadonlySet<string> = new Set(RUNTIMES);
const CONNECTS_TO: ReadonlySet<string> = new Set(['to', 'from']);

/** "able to" opens an ability: its verbs, up to {@link ABILITY_REACH} tokens on, are not done by the call. */
const ABLE = 'able';
const ABILITY_REACH = 8;

function resolveRoles(seg: Segment, placing: boolean, opening: boolean): Role[] {
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
  let negatedBy = -1;
  /** The last token of an ability's reach ("holders will be able to destroy their tokens"). */
  let ableUntil = -1;
  for (let i = 0; i < toks.length; i++) {
    const info = (toks[i] as Tok).info;
    if (kind !== 'name') {
      const s = (toks[i] as Tok).s;
      const classes = (toks[i] as Tok).k;
      if ((classes & K_NEGATION) !== 0) {
        negatedUntil = i + NEGATION_REACH;
        negatedBy = i;
      } else if ((classes & K_NEGATION_BREAK) !== 0) {
        negatedUntil = -1;
        ableUntil = -1;
      } else if (s === ABLE && toks[i + 1]?.s === 'to') ableUntil = i + ABILITY_REACH;
    }
    if (info === undefined || info.neutral) { roles.push(NO_ROLE); continue; }
    let verb = info.verb;
    // "Retry a failed job" opens a description; "retry after a rate limit" later in it is said of a read.
    if (info.opening === true && kind !== 'name' && !(opening && i === 0)) verb = undefined;
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
        isVerb = i === 0 || (i > 0 && (toks[i - 1] as Tok).s !== 'to' && verbPosition(toks, roles, i)) || actsOnPronoun(toks, i) || actsOnPhrase(toks, i);
      } else {
        isVerb = verbPosition(toks, roles, i) || actsOnPronoun(toks, i) || actsOnPhrase(toks, i);
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
      } else if (kind === 'name' && verb === 'run' && i > 0 && (toks[i - 1] as Tok).info === undefined) {
        // `get_pipeline_run`, `list_job_runs`: after a word the vocabulary does not know, a run is a
        // noun, one run of that thing.
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
        // "Create a test run in …", "Delete a user list": after a determiner and a singular noun that
        // a verb makes, changes, reads or sends, a plain verb with no object of its own is the head of
        // a compound noun (`compoundHead`).
        else if (compoundHead(toks, roles, i)) verb = undefined;
        // "the requester and every CC on the ticket receive it by e-mail": the first verb of a sentence
        // that opens with a noun phrase is what that subject does, not what the tool does.
        else if (subjectFirst && !verbSeen && ((toks[i] as Tok).mark & COMMA) === 0 && !verbPosition(toks, roles, i)) verb = undefined;
      }
    }
    // "Attach to an interactive shell", `kubectl_attach`: with no object between the verb and `to`,
    // or none after it in a name, it joins nothing to anything.
    if (verb !== undefined && ATTACHES.has(info.term) && (kind === 'name' ? i === toks.length - 1 : CONNECTS_TO.has(toks[i + 1]?.s ?? ''))) verb = undefined;
    // "Fill in the link" in a property description tells the caller what to pass.
    if (kind === 'schema' && verb === 'interact') verb = undefined;
    // A negated verb is not done, but it is still a verb (it keeps a noun-only name from being a getter).
    if (verb !== undefined && i <= negatedUntil) {
      if (verb !== 'neutral' && explaining()) discount('negation', seg.source, seg.at, (toks[i] as Tok).s, (toks[negatedBy] as Tok).s);
      verb = 'neutral';
    }
    // What someone will be able to do once the call is made is no act of the call: "whether token
    // holders will be able to destroy their tokens" configures a contract, it destroys nothing.
    if (verb !== undefined && verb !== 'neutral' && i <= ableUntil) {
      if (explaining()) discount('ability', seg.source, seg.at, (toks[i] as Tok).s);
      verb = 'neutral';
    }
    if (verb !== undefined && !info.amb) plainVerbSeen = true;
    if (verb !== undefined) verbSeen = true;
    if (verb === undefined && obj === undefined) roles.push(NO_ROLE);
    else roles.push(role(verb, obj, obj !== undefined && verb === undefined && info.local === true));
  }
  return roles;
}

/**
 * The words of a segment that its positions make verbs and objects, by their vocabulary terms, each
 * once, in order: what `classify --explain` shows of a tool that classifies to nothing (a verb whose
 * object the vocabulary does not know, an object no verb acts on). Neutral verbs are left out.
 */
export function wordsRead(seg: Segment): { readonly verbs: string[]; readonly objects: string[] } {
  const roles = resolveRoles(seg, false, true);
  const verbs: string[] = [];
  const objects: string[] = [];
  for (let i = 0; i < seg.toks.length; i++) {
    const info = (seg.toks[i] as Tok).info;
    const role = roles[i] as Role;
    if (info === undefined) continue;
    if (role.verb !== undefined && role.verb !== 'neutral' && !verbs.includes(info.term)) verbs.push(info.term);
    if (role.obj !== undefined && !objects.includes(info.term)) objects.push(info.term);
  }
  return { verbs, objects };
}

/**
 * Is the `terminal` at `i` the adjective of a final state, not a shell (`FINAL_STATE`): before a
 * state's noun ("a terminal status", "terminal steps"), after a form of `be` or `non` ("`failed` is
 * terminal", "non-terminal"), or an edge's end ("the source terminal")?
 */
function finalState(toks: readonly Tok[], i: number): boolean {
  if ((toks[i] as Tok).s !== FINAL_STATE.word) return false;
  const prev = toks[i - 1]?.s ?? '';
  return FINAL_STATE_NOUNS.has(toks[i + 1]?.s ?? '') || BE.has(prev) || FINAL_STATE_BEFORE.has(prev);
}
const FINAL_STATE_NOUNS: ReadonlySet<string> = new Set(FINAL_STATE.nouns);
const FINAL_STATE_BEFORE: ReadonlySet<string> = new Set(FINAL_STATE.before);

/**
 * In prose, is the verb at `i` the head of a compound noun: right after a determiner and a singular
 * noun the vocabulary reads as an object ("a test run", "a user list"), the determiner right after a
 * verb that makes, changes, reads or sends it ("Create a test run"), and followed by neither a
 * determiner nor an object of its own? A singular noun does not take a plain verb as its subject
 * ("the tests run" does, and keeps its verb), and "let the bot send a message" keeps its send, which
 * has an object.
 */
function compoundHead(toks: readonly Tok[], roles: readonly Role[], i: number): boolean {
  if (i < 3) return false;
  const noun = toks[i - 1] as Tok;
  const role = roles[i - 1] as Role;
  // A comma or a colon before the verb starts another clause: "Read the ticket, summarize it".
  if ((toks[i] as Tok).mark !== 0 || role.obj === undefined || role.verb !== undefined || noun.s.endsWith('s') || !DETS.has((toks[i - 2] as Tok).s)) return false;
  // The compound is the object of a verb that makes, changes, reads or sends a thing. Run, performed,
  // triggered or requested, the act it names is done: "Run a database delete" deletes.
  const governing = (roles[i - 3] as Role).verb;
  if (governing === undefined || !RECORD_VERBS.has(governing)) return false;
  const next = toks[i + 1];
  return next === undefined || (!DETS.has(next.s) && next.info?.obj === undefined);
}

/** Verbs whose object is a thing, not an act to do (`compoundHead`). */
const RECORD_VERBS: ReadonlySet<VerbRole> = new Set<VerbRole>(['read', 'webRead', 'create', 'modify', 'send']);

/**
 * Objects of a run starting at `j`: consecutive nouns form a compound, `and`/`or`/`from` continue the
 * list. In a compound that mixes classes the private nouns are modifiers or containers ("user
 * reviews" are reviews, "customer email" is mail, "the .env file" is a credential store), so they
 * are dropped.
 */
function objectRun(toks: readonly Tok[], roles: readonly Role[], j: number, out: number[], reads = false, listed = false): void {
  let k = j;
  /** Inside a list of what a read returns besides its object ("including feedback, notes and …"). */
  let listing = listed;
  for (;;) {
    const run: number[] = [];
    for (;;) {
      // A comma ends a compound: "notes, meeting minutes" are two things; so does a colon ("the
      // project: tasks, …").
      while (k < toks.length && isObject(roles[k]) && (run.length === 0 || ((toks[k] as Tok).mark & (COMMA | CLAUSE)) === 0)) run.push(k++);
      // `user's calendar`, `账户的转账记录`: a link between two nouns keeps the compound going.
      if (k + 1 < toks.length && LINKS.has((toks[k] as Tok).s) && isObject(roles[k + 1])) { k++; continue; }
      // `the user's recent transactions`: words the vocabulary does not know, after a possessive, modify
      // the noun that follows (`POSSESSIVE_MODIFIERS`).
      if (toks[k]?.s === POSSESSIVE) {
        let m = k + 1;
        while (m < toks.length && m - k <= POSSESSIVE_MODIFIERS.reach && modifierWord(toks[m] as Tok)) m++;
        // (Without a modifier the link rule above has taken the noun already.)
        if (isObject(roles[m])) { k = m; continue; }
      }
      // `账户最近的交易流水` (the account's recent transactions): one modifier may stand before 的.
      if (k + 2 < toks.length && cjkFiller(toks[k] as Tok) && (toks[k + 1] as Tok).s === '的' && isObject(roles[k + 2])) { k += 2; continue; }
      break;
    }
    pushHeads(run, roles, out, toks);
    if (k >= toks.length) return;
    // "the deal pipeline and the latest emails": a compound whose head the vocabulary does not know
    // ends in that head; a conjunction right after it still adds the next object to the list.
    k = pastUnknownHead(toks, roles, k);
    const s = (toks[k] as Tok).s;
    // Where the next object may start: after `and`/`or`/`from`; after the words that add what a read
    // returns besides its object (`INCLUSIONS`); in such a list, after a comma too.
    let from: number;
    const inclusion = reads ? inclusionAt(toks, k) : -1;
    // "files in the cloud drive": a read of what a shared store holds reads the store too
    // (`CONTAINING_PREPOSITIONS`), as after `from`; any other store is only where its object is.
    const within = reads && CONTAINING.has(s);
    if (CONJ.has(s) || FROM.has(s) || within) from = k + 1;
    else if (inclusion > k) {
      from = inclusion;
      listing = true;
    } else if (reads && ((toks[k] as Tok).mark & CLAUSE) !== 0 && conjunctionCloses(toks, k)) {
      // "Get the deal: stage, owner and the latest emails": after a read's object, a colon opens a
      // list of what the read returns, as `including` does (a list: a conjunction closes it; "Get the
      // deal: the emails are fetched separately" lists nothing).
      from = k;
      listing = true;
    } else if ((listing || closedList(toks, k)) && ((toks[k] as Tok).mark & (COMMA | CLAUSE)) === COMMA) from = k;
    else return;
    // An item the vocabulary does not know ("the deal stage, the owner, and the recent emails", "the
    // deal stage and owner, and …", "its fields: stage, owner and the latest emails") is passed over:
    // a conjunction starts the next item, and so does a comma that a conjunction closes, in a list of
    // items (a comma list, what a read includes, the items after a colon) or before a determiner.
    // Other words after a comma may leave things out ("its stage, excluding comments and emails").
    let items = listing || from === k;
    let next = -1;
    let spent = 0;
    for (let m = from; m < toks.length; m++) {
      const t = toks[m] as Tok;
      if (CONJ.has(t.s)) {
        spent = 0;
        continue;
      }
      if ((t.mark & CLAUSE) !== 0 && conjunctionCloses(toks, m)) {
        items = true;
        spent = 0;
      }
      if ((t.mark & COMMA) !== 0 && (items || DETS.has(t.s)) && conjunctionCloses(toks, m)) spent = 0;
      // "and optionally the latest emails": an adverb uses no reach.
      if (listAdverb(t)) continue;
      if (!possessiveSlot(toks, m) && ++spent > LIST_REACH) break;
      const r = roles[m] as Role;
      if (r.verb !== undefined) break;
      if (r.obj !== undefined) { next = m; break; }
    }
    if (next < 0 || (within && (roles[next] as Role).obj !== 'shared')) return;
    k = next;
  }
}

/** An adverb the vocabulary does not know: `also`, `then`, `optionally`, a word in -ly. */
function listAdverb(t: Tok): boolean {
  return t.info === undefined && (SENTENCE_ADVERBS.has(t.s) || lyAdverb(t.s));
}
/** A word in -ly, as adverbs are ("automatically", "weekly"). */
function lyAdverb(w: string): boolean {
  return w.length > 3 && w.endsWith('ly');
}
const PERIODIC: ReadonlySet<string> = new Set(PERIOD_ADJECTIVES);
/**
 * Is the word of how often at `p` an adjective of the noun after it: right after a determiner or a
 * possessive ("its weekly emails", "the contact's weekly emails"; not `that`, which opens a clause: "a
 * digest that daily posts to #general") or a verb ("Lists daily posts from the subreddit")? Elsewhere
 * it says when an act happens ("and weekly emails subscribers").
 */
function periodAdjective(toks: readonly Tok[], roles: readonly Role[], p: number): boolean {
  const before = toks[p - 1]?.s ?? '';
  return PERIODIC.has((toks[p] as Tok).s) && ((DETS.has(before) && before !== 'that') || before === POSSESSIVE || roles[p - 1]?.verb !== undefined);
}

/**
 * The end of the words at `k` that add to a read's object what it returns besides (`INCLUSIONS`):
 * "an order including its reviews", "the ticket along with its comments", "a task with its
 * comments" (`with` only before a possessive: "users with an email address" filters); -1 if none.
 */
function inclusionAt(toks: readonly Tok[], k: number): number {
  const end = anyWordsAt(toks, k, INCLUSION_WORDS);
  if (end >= 0) return end;
  return toks[k]?.s === 'with' && INCLUSION_OWNERS.has(toks[k + 1]?.s ?? '') ? k + 1 : -1;
}

/**
 * Where a list of objects goes on after a run of known nouns that stops at `k`: past up
 * to {@link UNKNOWN_HEAD_REACH} words the vocabulary does not know ("the message filter", "the account
 * overview"), when a conjunction follows them in the same clause, or the comma of a list a conjunction
 * closes (`closedList`); `k` itself otherwise.
 * The head's words pair with nothing (they are unknown); only the list goes on.
 */
function pastUnknownHead(toks: readonly Tok[], roles: readonly Role[], k: number): number {
  let m = k;
  while (m < toks.length && m - k < UNKNOWN_HEAD_REACH && headWord(toks[m] as Tok, roles[m] as Role)) m++;
  if (m >= toks.length || ((toks[m] as Tok).mark & CLAUSE) !== 0) return k;
  const next = toks[m] as Tok;
  // Only a comma's determiner: "site including its settings, domains, and …" keeps `including`.
  return CONJ.has(next.s) || ((next.mark & COMMA) !== 0 && closedList(toks, m)) ? m : k;
}
/**
 * May the word at `k`, after a comma (the caller asks for it), open an item of a list a conjunction
 * closes later ("the deal, the contact and the latest emails")? When it is a determiner: without one
 * the words after a comma are as likely an apposition ("notes, meeting minutes or to-do lists") or a
 * participle's phrase ("customers, filtered by status and email").
 */
function closedList(toks: readonly Tok[], k: number): boolean {
  return DETS.has((toks[k] as Tok).s) && conjunctionCloses(toks, k);
}
/**
 * Does a conjunction follow `k` within {@link CLOSED_LIST_REACH} words ("…, the owner, and the latest
 * emails"; not "…, not the emails")? A verb before it needs no test here: the list's search stops at
 * any verb it reaches.
 */
function conjunctionCloses(toks: readonly Tok[], k: number): boolean {
  for (let m = k; m < toks.length && m - k < CLOSED_LIST_REACH; m++) if (CONJ.has((toks[m] as Tok).s)) return true;
  return false;
}
/** Words between a list's first comma and the conjunction that closes it: a few items of a few words. */
const CLOSED_LIST_REACH = 16;
/** Words a compound's unknown head may have ("pipeline", "roadmap"): no more than two. */
const UNKNOWN_HEAD_REACH = 2;
function headWord(t: Tok, r: Role): boolean {
  return r.verb === undefined && r.obj === undefined && (t.mark & (COMMA | CLAUSE)) === 0 && modifierWord(t) && !DETS.has(t.s) && !CONJ.has(t.s) && !RELATIVE.has(t.s) && /^\p{Ll}+$/u.test(t.s);
}
/** A word that may modify a noun after a possessive: one the vocabulary does not know, and no small word that ends a noun phrase. */
function modifierWord(t: Tok): boolean {
  return t.info === undefined && t.s !== POSSESSIVE && !MODIFIER_STOPS.has(t.s);
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

/**
 * Is what the in-place edit at `i` acts on stored data: its direct object, past determiners and
 * words the vocabulary does not know ("Resize the rows", "Format a spreadsheet"), a noun
 * of its compound ("the sheet's cells", "the script file"), or the whole that object is part of,
 * after `of` ("the cells of a spreadsheet")? A preposition (`EDIT_STOPS`) or a comma ends the look:
 * "Format the results as a table", "Format a date in the user's locale" and "Format numbers, tables
 * and lists as Markdown" change nothing stored.
 */
function editsStored(toks: readonly Tok[], roles: readonly Role[], i: number): boolean {
  let k = i + 1;
  for (let part = 0; part < 2; part++) {
    // The object's head, past determiners and unknown modifiers.
    for (; k < toks.length; k++) {
      const t = toks[k] as Tok;
      if ((t.mark & (COMMA | CLAUSE)) !== 0) return false;
      if (isObject(roles[k])) break;
      if (!DETS.has(t.s) && (t.info !== undefined || EDIT_STOPS.has(t.s))) return false;
    }
    // The compound it heads ("the sheet's cells", "spreadsheet rows").
    for (; k < toks.length && isObject(roles[k]); k++) if (isStored((roles[k] as Role).obj)) return true;
    if (toks[k]?.s !== 'of') return false;
    k++;
  }
  return false;
}
/** Words that end an in-place edit's object: what follows them is no part of what is edited. */
const EDIT_STOPS: ReadonlySet<string> = new Set(['as', 'in', 'into', 'to', 'for', 'with', 'from', 'by', 'on', 'at', 'within', 'using', 'via', 'against']);

/** An object kept somewhere, that an in-place edit changes (`IN_PLACE_EDITS`): the user's own or shared data. */
function isStored(cls: ObjectClass | undefined): boolean {
  return cls === 'private' || cls === 'shared';
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
  // "video files", "recipe notes": a published work before one of the user's own things says what
  // kind of thing it is, and so does a listing before an arrangement ("a hotel booking", "flight
  // reservations"); the thing is the head.
  const head = last === undefined ? undefined : (roles[last] as Role).obj;
  const kindOnly = (j: number): boolean => toks[j]?.info?.work === true || (head === 'commitment' && toks[j]?.info?.ownable === true);
  if (last !== undefined && run.length > 1 && (head === 'private' || head === 'commitment') && run.every((j) => j === last || kindOnly(j))) {
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
  const role = (roles[i] as Role).verb;
  const reads = role === 'read' || role === 'webRead';
  // "Get the application details including stage history, feedback and …": the first object stands in
  // a list of what the read returns.
  let listed = false;
  for (let j = i + 1; j < toks.length; j++) {
    if (!possessiveSlot(toks, j) && ++spent > WINDOW) break;
    const r = roles[j] as Role;
    if (r.verb !== undefined) {
      // "read and write files": coordinated verbs share the object.
      if (onlyConj) continue;
      break;
    }
    if (r.obj !== undefined) {
      objectRun(toks, roles, j, out, reads, listed);
      return out;
    }
    if (reads && !listed && inclusionAt(toks, j) > j) listed = true;
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
    if (r.verb !== undefined || r.served === true) break;
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

/**
 * A secret moved is a secret read: sharing, sending (to the user too), exporting, copying or filling
 * in a password or a key hands its value on, so the tool reads it. A store named as the place of a
 * send (a "Bitwarden Send") is where something goes, not a secret that leaves.
 */
function movesSecret(role: VerbRole, cls: ObjectClass | undefined, verb: WordInfo | undefined): boolean {
  return cls === 'credential' && (role === 'send' || ((role === 'create' || role === 'interact') && verb?.exports === true));
}

export function emitPair(c: Collector, phase: Phase, role: VerbRole, verb: { seg: Segment; tok: Tok } | undefined, objSeg: Segment, objTok: Tok, cls: ObjectClass, program = false): void {
  // Running a query on a database ("execute SQL against the warehouse") reads it. Not in a property
  // description: "SQL query to execute" is said of write tools too (the schema rules weigh that).
  const dbRun = role === 'run' && objTok.info?.db === true && objSeg.kind !== 'schema';
  // "List Docker containers", "Stop the sandbox": a place code runs is read and changed as the user's own.
  const runtime = cls === 'interpreter' && role !== 'run' && verb !== undefined && verb.seg === objSeg && RUNTIME_WORDS.has(objTok.info?.term ?? '');
  let bits = dbRun ? PAT : pairBits(role, runtime ? 'private' : cls);
  // "Create a page in the Confluence space": a page written in an outside service, or in the product
  // the tool names, is a write there, as a record a service keeps is. A page made with no such place
  // named pairs with nothing, as before.
  if (bits === 0 && cls === 'web' && (role === 'create' || role === 'modify') && PAGES.has(objTok.info?.term ?? '') && (c.outside || c.product !== undefined)) bits = NAT;
  if (movesSecret(role, cls, verb?.tok.info)) bits |= CRED;
  // An upload into the browser or a page (`browser_file_upload`) is an interaction with the page: the
  // site answers with its page. An upload from a URL reads what is there.
  if (role === 'send' && cls === 'web' && verb?.tok.info?.transfer === true) bits |= pairBits('interact', 'web');
  // A search across an outside service's index returns strangers' repositories, code and profiles,
  // whatever they are about ("Search GitHub for Python projects").
  const outsideSearch = c.outside && role === 'read' && verb?.tok.info?.search === true;
  if (bits === 0 && outsideSearch) bits = EIT;
  if (bits === 0) return;
  // "Get the unread message count", "email statistics": numbers about others' writing kept in the
  // user's account, not the writing (`AGGREGATE_NOUNS`).
  // Asked only where the answer is used below: a read of both, a shared workspace's read, a team's document.
  const aggregate = role === 'read' && ((bits & (EIT | PAT)) === (EIT | PAT) || c.workspace || WRITING_TERMS.has(objTok.info?.term ?? '')) && aggregateOf(objSeg, objTok, verb?.tok);
  if (aggregate && (bits & (EIT | PAT)) === (EIT | PAT)) bits &= ~EIT;
  // "List comments on a record", "Get the stories of a task": people's remarks on one of the user's
  // own records are others' writing kept in the user's account: read, they are both.
  if (role === 'read' && remarksOnOwnRecord(objSeg, objTok)) bits |= PAT;
  // A write in an outside service (a GitHub repository, a Notion page) changes what other people read;
  // a record a service keeps (a customer, a task, an order), and anything written in a product the
  // description names ("a Miro board"), changes where it is kept, unless the tool says its store is
  // local. A property's write on a tool whose description writes such a record is that same act.
  // Asked of writes only: a read pairs far more often, and the record's place changes nothing there.
  const writes = role === 'create' || role === 'modify';
  // "ID of the page to read or update" on an update tool says how the page is found, not what is read;
  // "Set how many entries are returned" on a read says how to fill the argument, not what is written.
  if (role === 'read' && objSeg.kind === 'schema' && phase.writeOnly) return;
  if (writes && objSeg.kind === 'schema' && phase.readOnly) return;
  const record = serviceRecord(objSeg, objTok) || (objSeg.kind !== 'description' && c.serviceWrite);
  const service = writes && !phase.selfSend && (record || c.product !== undefined) && keptOutside(c, objSeg);
  if (service && objSeg.kind === 'description') c.serviceWrite = true;
  const acted = c.outside || service;
  if (acted && writes && (bits & MUT) !== 0) {
    bits = (bits & ~MUT) | NAT;
    if (!c.outside && !record) addEvidence(c, NAT, c.productSource, c.product as string, c.productAt);
  }
  if (outsideSearch) bits = objTok.info?.directory === true ? (bits & ~PAT) | EIT : bits | EIT;
  // In a shared workspace (Notion, Lark) colleagues and guests write the content; the directory is data.
  if (c.workspace && role === 'read' && (bits & (EIT | PAT)) !== 0 && objTok.info?.directory !== true) bits = aggregate ? PAT : bits | EIT | PAT;
  // A document of a team's space or an outside service (Linear's, a Google Doc) is written by
  // the people the user works with as well: read, it is theirs and the user's (`teamWriting`). A count
  // of them is numbers, as above.
  if (role === 'read' && !aggregate && (bits & PAT) !== 0 && teamWriting(c, objSeg, objTok)) bits |= EIT;
  if (verb !== undefined && (program || (cls === 'code' && verb.tok.info?.authors === true))) {
    c.authored.push([bits, verb.seg.source, (verb.tok.info as WordInfo).term, verb.seg.at], [bits, objSeg.source, (objTok.info as WordInfo).term, objSeg.at]);
    return;
  }
  if (verb !== undefined) addEvidence(c, bits, verb.seg.source, (verb.tok.info as WordInfo).term, verb.seg.at);
  addEvidence(c, bits, objSeg.source, (objTok.info as WordInfo).term, objSeg.at);
}

const PLACED_WRITINGS: ReadonlySet<string> = new Set(TEAM_WRITINGS.placed);
const HOSTED_WRITINGS: ReadonlySet<string> = new Set(TEAM_WRITINGS.hosted);
const WRITING_CONTENTS: ReadonlySet<string> = new Set(TEAM_WRITINGS.contents);
const WRITING_TERMS: ReadonlySet<string> = new Set([...TEAM_WRITINGS.placed, ...TEAM_WRITINGS.hosted]);
/** How far before a document `of` or a preposition of place makes it whose part, or where, something else is read. */
const DOCUMENT_PLACE_REACH = 3;

/**
 * Is `tok` a document a team writes (`TEAM_WRITINGS`), read as a whole (`wholeWriting`)? A Google
 * Doc, or a document or doc of a tool that works in an outside service or names a space a team
 * shares, and keeps it off the user's machine; none of a tool whose words call what it keeps the
 * user's own or a database's records (`Collector.ownWritings`: "the user's personal notebook", "a
 * document in a collection", "the team database"). A document its words place nowhere is marked
 * (`Collector.unplacedWriting`) for its server to place (`onTeamServer`), unless a property's words
 * alone name it or the tool speaks of the user's own account ("List my documents").
 */
function teamWriting(c: Collector, seg: Segment, tok: Tok): boolean {
  const term = tok.info?.term ?? '';
  if (c.ownWritings || (!HOSTED_WRITINGS.has(term) && !(PLACED_WRITINGS.has(term) && !keptLocally(c)))) return false;
  if (!wholeWriting(seg, tok)) return false;
  if (HOSTED_WRITINGS.has(term) || c.outside || c.teamSpace) return true;
  if (seg.kind !== 'schema' && !c.ownerWords) c.unplacedWriting = true;
  return false;
}

/**
 * Is the document at `tok` what is read, whole? Not a word that modifies a noun after it ("the
 * document ID", "the document's tags", `get_document_type`), nor a document of which or for which
 * something else is read ("the status of a document", "the score for a document"; "the text of a
 * document" is its content), nor one in which it is ("the tabs in a Google Doc").
 */
function wholeWriting(seg: Segment, tok: Tok): boolean {
  const toks = seg.toks;
  const i = toks.indexOf(tok);
  const next = toks[i + 1];
  if (next !== undefined && (next.mark & (COMMA | CLAUSE)) === 0 && (next.s === POSSESSIVE || ((modifierWord(next) || next.info?.obj !== undefined) && /^\p{Ll}+$/u.test(next.s)))) return false;
  for (let k = Math.max(0, i - DOCUMENT_PLACE_REACH); k < i; k++) {
    const w = (toks[k] as Tok).s;
    if (LOCATIVES.has(w) || ((w === 'of' || w === 'for') && !WRITING_CONTENTS.has(toks[k - 1]?.s ?? ''))) return false;
  }
  return true;
}

const AGGREGATES: ReadonlySet<string> = new Set(AGGREGATE_NOUNS);
/** How far an aggregate's noun may stand after its object ("message count", "email delivery stats"). */
const AGGREGATE_AFTER = 2;
/** How far before its object "number of" or "count of" may stand ("the number of unread messages"). */
const AGGREGATE_BEFORE = 3;

/**
 * Is the read of `tok` an aggregate of it (`AGGREGATE_NOUNS`): its verb counts ("Count the issues"),
 * an aggregate's noun follows it closely ("message count"), or one stands before it with `of` ("the
 * number of messages")?
 */
function aggregateOf(seg: Segment, tok: Tok, verb: Tok | undefined): boolean {
  if (verb?.info?.term === 'count') return true;
  const i = seg.toks.indexOf(tok);
  if (i < 0) return false;
  for (let k = i + 1; k <= i + AGGREGATE_AFTER && k < seg.toks.length; k++) if (AGGREGATES.has((seg.toks[k] as Tok).s)) return true;
  for (let k = Math.max(0, i - AGGREGATE_BEFORE); k < i; k++) if (AGGREGATES.has((seg.toks[k] as Tok).s) && seg.toks[k + 1]?.s === 'of') return true;
  return false;
}

/**
 * Is the remark at `tok` (`REMARKS`: "comments", "replies", "stories") said of one of the user's
 * own records: right after it a preposition, then, past determiners and at most two other words, a
 * private object ("on a record", "for a specific older record", "of the task")? Other things said
 * of a record (its issues, its news) are not remarks on it.
 */
function remarksOnOwnRecord(seg: Segment, tok: Tok): boolean {
  if (!REMARK.nouns.has(tok.info?.term ?? '')) return false;
  const toks = seg.toks;
  let k = toks.indexOf(tok) + 1;
  if (!REMARK.prepositions.has(toks[k]?.s ?? '')) return false;
  k++;
  while (DETS.has(toks[k]?.s ?? '')) k++;
  for (let spent = 0; k < toks.length && spent <= 2; k++, spent++) {
    const obj = (toks[k] as Tok).info?.obj;
    if (obj !== undefined) return obj === 'private';
  }
  return false;
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
      if (r.obj !== undefined && THIRD_PARTY_CLASSES.has(r.obj)) roles[k] = withObj(r, 'private');
    }
    j = end - 1;
  }
}

/**
 * A third party's content named as the modifier of how it is set up ("notification configuration",
 * "email campaign", `get_message_quota`: `SETUP_HEADS`) is the user's setup, not that content.
 * Rewrites `roles` in place.
 */
function setupHeads(toks: readonly Tok[], roles: Role[]): void {
  for (let i = 1; i < toks.length; i++) {
    if (((toks[i] as Tok).k & K_SETUP) === 0) continue;
    for (let k = i - 1; k >= 0 && isObject(roles[k]) && THIRD_PARTY_CLASSES.has((roles[k] as Role).obj as ObjectClass); k--) {
      roles[k] = withObj((roles[k] as Role), 'private');
    }
  }
}

/** Words that may stand before a verb that opens its sentence ("Also deletes …", "Then marks …"). */
const SENTENCE_ADVERBS: ReadonlySet<string> = new Set(['also', 'then', 'additionally', 'optionally']);

/**
 * Does the verb at `i` state the tool's own act: it opens its sentence, past one adverb, in the third
 * person ("Deletes the snippets it finds.", "Also sends …"), or in Chinese, which does not inflect?
 * An imperative there ("Find the notebook with the search tool first") tells the caller what to do.
 */
function ownAct(toks: readonly Tok[], i: number): boolean {
  if (!(i === 0 || (i === 1 && SENTENCE_ADVERBS.has((toks[0] as Tok).s)))) return false;
  const t = toks[i] as Tok;
  return CJK_CHAR.test(t.s) || (t.s.endsWith('s') && t.s !== t.info?.term);
}

/**
 * The person the agent works for, acting ("when the user asks …") or spoken to ("ask the user for
 * …"), is no object (`SERVED_PERSON`), and what a verb after it does is not done to what stands
 * before it ("On the settings page, the user can choose …"). Rewrites `roles` in place.
 */
function servedPersons(toks: readonly Tok[], roles: Role[]): void {
  for (let i = 1; i < toks.length; i++) {
    if (((toks[i - 1] as Tok).k & K_SERVED_DETERMINER) === 0) continue;
    const end = anyWordsAt(toks, i, SERVED.persons);
    // A first-party clause ("reviews the user has written") has already made its words no roles.
    if (end < 0 || !isObject(roles[i])) continue;
    const next = toks[end]?.s;
    // "Show the user's files": what the user owns is read, whoever is spoken to.
    if (next === POSSESSIVE) continue;
    // An adverb counts only before an act ("the user explicitly confirms"): "the user family
    // details" names the user's data, however its next word ends.
    const after = toks[end + 1];
    const adverb = next !== undefined && lyAdverb(next) && after !== undefined && (SERVED.acting.has(after.s) || after.info?.verb !== undefined);
    const acts = next !== undefined && (SERVED.acting.has(next) || adverb);
    const spokenTo = i >= 2 && SERVED.addressing.has((toks[i - 2] as Tok).s);
    if (acts || spokenTo) for (let k = i; k < end; k++) roles[k] = SERVED_ROLE;
  }
}

/** Words the vocabulary does not know that may stand between an owner and its compound ("my upcoming flight"). */
const OWNER_REACH = 2;

/**
 * The user's own listings (`OWNED_PUBLIC`): in a compound right after an owner ("my", "the user's",
 * "the user's own"), with at most `OWNER_REACH` unknown words between them, an ownable public noun
 * is the user's arrangement with the party outside, a `commitment`: reading "my upcoming flight" or
 * "the user's LinkedIn profile" reads the user's data, and cancelling the flight or editing the
 * profile acts outside. Rewrites `roles` in place.
 */
function ownedCompounds(toks: readonly Tok[], roles: Role[]): void {
  for (let i = 0; i < toks.length; i++) {
    const s = (toks[i] as Tok).s;
    if (((toks[i] as Tok).k & K_OWNED) === 0 && !(s === POSSESSIVE && OWNERS.possessors.has(toks[i - 1]?.s ?? ''))) continue;
    let k = i + 1;
    for (let spent = 0; k < toks.length && spent < OWNER_REACH && (toks[k] as Tok).info === undefined; spent++) k++;
    for (; k < toks.length && isObject(roles[k]); k++) {
      const r = roles[k] as Role;
      if ((toks[k] as Tok).info?.ownable === true) roles[k] = withObj(r, 'commitment');
    }
  }
}

/**
 * A platform's own things: with no owner before it, an ownable public noun in a compound ("LinkedIn
 * user profile", "TikTok user", "a customer LinkedIn profile") says whose the nouns after it are:
 * the platform's, written by its users, so they are public too. "The user's LinkedIn profile" is the
 * user's (`ownedCompounds`). In a name, the terms prose found so (`platform`) are the platform's:
 * `linkedin_get_user` with "Get LinkedIn user profile by username". Rewrites `roles` in place, and
 * adds the prose's terms to `platform`.
 */
function platformCompounds(toks: readonly Tok[], roles: Role[], name: boolean, platform: Set<string>): void {
  if (name) {
    for (let j = 0; j < toks.length; j++) {
      const r = roles[j] as Role;
      if (isObject(r) && r.obj === 'private' && platform.has((toks[j] as Tok).info?.term ?? '')) roles[j] = withObj(r, 'public');
    }
    return;
  }
  for (let i = 0; i + 1 < toks.length; i++) {
    const r = roles[i] as Role;
    if (!isObject(r) || r.obj !== 'public' || (toks[i] as Tok).info?.ownable !== true) continue;
    let k = i + 1;
    for (; k < toks.length && isObject(roles[k]); k++) {
      const rk = roles[k] as Role;
      if (rk.obj !== 'private') continue;
      roles[k] = withObj(rk, 'public');
      platform.add((toks[k] as Tok).info?.term ?? '');
    }
    // The rest of the compound is done: a second platform in it ("LinkedIn Instagram profile")
    // would make the same nouns public again, and rescanning them would make a long run quadratic.
    i = k - 1;
  }
}

/**
 * Appointments made with a party outside (`ARRANGED_WITH`): "an appointment with a doctor", "the
 * appointments with my doctor", "the appointment with the user's lawyer" are the user's
 * arrangements with that party, each a `commitment`. In a name, the terms prose found so arranged
 * (`arranged`) are. Rewrites `roles` in place, and adds the prose's terms to `arranged`.
 */
function arrangedWith(toks: readonly Tok[], roles: Role[], name: boolean, arranged: Set<string>): void {
  for (let j = 0; j < toks.length; j++) {
    const r = roles[j] as Role;
    const term = (toks[j] as Tok).info?.term ?? '';
    if (!isObject(r) || !ARRANGED.nouns.has(term)) continue;
    if (name) {
      if (arranged.has(term)) roles[j] = withObj(r, 'commitment');
      continue;
    }
    if (toks[j + 1]?.s !== 'with') continue;
    let k = j + 2;
    // Past determiners and up to two other words: "my doctor", "the user's lawyer", "the team doctor".
    while (k < toks.length && DETS.has((toks[k] as Tok).s)) k++;
    for (let spent = 0; k < toks.length && spent < 2 && !ARRANGED.parties.has((toks[k] as Tok).s); spent++) k++;
    if (!ARRANGED.parties.has(toks[k]?.s ?? '')) continue;
    roles[j] = withObj(r, 'commitment');
    arranged.add(term);
  }
}

const OWN_STORE_WORDS: ReadonlySet<string> = new Set(OWN_STORES);

/**
 * A record a service keeps (`SERVICE_RECORDS`, or what people submit to a desk: a support ticket), or
 * one a service word modifies ("CRM records").
 */
function serviceRecord(seg: Segment, tok: Tok): boolean {
  if (tok.info?.service === true || tok.info?.obj === 'submitted') return true;
  const i = seg.toks.indexOf(tok);
  return i > 0 && (seg.toks[i - 1] as Tok).info?.service === true;
}

/**
 * Does the tool say that what it writes is kept locally: it takes a local file, its name or
 * description calls it local, or its annotations close the world (`openWorldHint: false`) and it
 * names no product: with a product named (`namedProduct`, "in Linear"), a closed world is that
 * product's, not the machine's.
 */
export function keptLocally(c: Collector): boolean {
  return c.localText || c.localSource || (c.closedWorld && c.product === undefined);
}

const NOT_PRODUCT_WORDS: ReadonlySet<string> = new Set(NOT_PRODUCTS);
const CALENDAR_WORDS: ReadonlySet<string> = new Set(CALENDAR_NAMES);
/** A word (in lower case) the vocabulary knows, or one of `NOT_PRODUCTS`: it names no product or service. */
function namesNoService(word: string): boolean {
  return LEXICON.has(word) || PHRASES.has(word) || DETS.has(word) || NOT_PRODUCT_WORDS.has(word);
}
/**
 * Where a phrase ends for `namedProduct`: a sentence, a clause after a colon or a semicolon, a line.
 * Brackets, quotes and dashes need no break: a word they touch is no proper name, and a word after
 * one follows no word in lower case.
 */
const PRODUCT_BREAK = /[.!?;:](?:\s|$)|\n/;
/**
 * A proper name: capitalised (Miro, QuickBooks), after one small letter (eBay, iCloud) or after a
 * number (1Password), with digits at its end or not (Auth0, Web3); not an acronym (2FA), not a
 * camelCase identifier, not an ordinal (3rd).
 */
const PROPER = /^(?:[A-Z][a-z][A-Za-z]*|[a-z][A-Z][a-z][A-Za-z]*|\d+[A-Z][a-z][A-Za-z]*)\d*$/;

/** A namespace: a word of three letters or more (a name's tokens hold no digits). */
const NAMESPACE = /^[a-z]{3,}$/;

const WORD_SEPARATOR = /[\s,]/;
/** What every candidate of `nameCandidates` holds: a capital (`PROPER`) or a dot (`DOMAIN`). */
const CANDIDATE_CHAR = /[A-Z.]/g;

/** A service by its domain name, outside a URL ("a monday.com board"); `example.com` names none. */
const DOMAIN = /^(?!example\.)[a-z][a-z0-9-]*\.(?:com|io|ai|app|dev|net|org|co|so|cloud)$/;

/**
 * The product or service a description names by its proper name ("Update a text item on a Miro
 * board", "Create a new project in Infisical", "through the eBay Marketing API", "a monday.com
 * board"): inside one phrase of a sentence, a word written with a capital after a word in lower
 * case or after the phrase's opening verb ("Delete Jira resources"), that the vocabulary does not
 * know and that names no language, format or program of the user's machine (`NOT_PRODUCTS`); or a
 * domain name. What the tool writes is kept there. A capital that opens a sentence, a clause or a
 * bracket, or that follows another capitalised word ("Project Management"), says nothing.
 */
export function namedProduct(description: string): string | undefined {
  for (const { word, domain } of nameCandidates(description)) {
    if (domain || !namesNoService(word.toLowerCase())) return word;
  }
  return undefined;
}

const HOSTED_STORE_NOUNS: ReadonlySet<string> = new Set(HOSTED_STORES.stores);
const HOSTED_PLACES: ReadonlySet<string> = new Set(HOSTED_STORES.places);
const HOSTED_DENIALS: ReadonlySet<string> = new Set(HOSTED_STORES.denials);
const HOSTED_SHAPES: ReadonlySet<string> = new Set(HOSTED_STORES.shapes);

/**
 * A store the description calls hosted (`HOSTED_STORES`: "Delete a file from the cloud drive", "kept
 * in the cloud"), named as a product is: what the tool writes is kept there. Its word counts where a
 * noun phrase opens (first in a sentence or a clause, after a determiner, a possessive, a preposition
 * or a verb), before a store noun, or as "the cloud" after a preposition of place with no noun after
 * it; not after a negation in its sentence, and not in a text that writes the word as a shape.
 */
export function hostedStore(segs: readonly Segment[]): string | undefined {
  let found: string | undefined;
  for (const seg of segs) {
    const toks = seg.toks;
    // A negation or a denial before the word in its sentence denies it, unless `but` came after. Only
    // before it, unlike a mention's negated clause (`negatedClauses`): "in the cloud, not on this
    // machine" denies the machine.
    let denied = false;
    for (let i = 0; i < toks.length; i++) {
      const s = (toks[i] as Tok).s;
      const classes = (toks[i] as Tok).k;
      if ((classes & K_NEGATION_BREAK) !== 0) denied = false;
      else if ((classes & K_NEGATION) !== 0 || HOSTED_DENIALS.has(s)) denied = true;
      if (s !== HOSTED_STORES.word) continue;
      const prev = toks[i - 1];
      // "a point cloud", "the word cloud": the text's cloud is a shape, wherever else it says the word.
      if (prev !== undefined && HOSTED_SHAPES.has(prev.s)) return undefined;
      if (found !== undefined || denied) continue;
      const next = toks[i + 1];
      if (prev !== undefined && prev.s === 'the' && HOSTED_PLACES.has(toks[i - 2]?.s ?? '')) {
        // "in the cloud", "to the cloud, then …", "in the cloud drive"; not "in the cloud map".
        if (next === undefined || (next.mark & (COMMA | CLAUSE)) !== 0 || HOSTED_STORE_NOUNS.has(next.s) || LIST_PREPS.has(next.s) || CONJ.has(next.s) || next.info?.verb !== undefined) found = HOSTED_STORES.word;
        continue;
      }
      const opens = prev === undefined || ((toks[i] as Tok).mark & CLAUSE) !== 0 || DETS.has(prev.s) || prev.s === POSSESSIVE || HOSTED_PLACES.has(prev.s) || LIST_PREPS.has(prev.s) || prev.info?.verb !== undefined;
      if (opens && HOSTED_STORE_NOUNS.has(next?.s ?? '')) found = HOSTED_STORES.word;
    }
  }
  return found;
}

/** Does the word hold an ASCII capital or a dot, as every `PROPER` and `DOMAIN` word does? */
function mayName(w: string): boolean {
  for (let k = 0; k < w.length; k++) {
    const c = w.charCodeAt(k);
    if ((c >= 65 && c <= 90) || c === 46) return true;
  }
  return false;
}

/**
 * The words of a description that may name a product, in order (`namedProduct`): inside one phrase,
 * a domain name, or a proper name after a word in lower case or after the phrase's opening verb;
 * with the phrase's words and where the word stands, for a caller that reads on.
 */
function* nameCandidates(description: string): Generator<{ word: string; domain: boolean; words: readonly string[]; at: number }> {
  const text = (description.length > MAX_TEXT ? description.slice(0, MAX_TEXT) : description).replace(CODE_SPAN, ' ');
  for (const phrase of text.split(PRODUCT_BREAK)) {
    // A candidate holds a capital (`PROPER`) or a dot (`DOMAIN`) and is no phrase's first word: a
    // phrase with neither after its first separator has none, and is not split.
    const first = phrase.search(WORD_SEPARATOR);
    if (first < 0) continue;
    CANDIDATE_CHAR.lastIndex = first;
    if (!CANDIDATE_CHAR.test(phrase)) continue;
    const words = phrase.split(/[\s,]+/).filter((w) => w !== '');
    for (let i = 1; i < words.length; i++) {
      // Only a word with a capital (`PROPER`) or a dot (`DOMAIN`) can be one: most words are asked no more.
      if (!mayName(words[i] as string)) continue;
      const word = (words[i] as string).replace(/['’]s$/, '');
      if (DOMAIN.test(word)) {
        yield { word, domain: true, words, at: i };
        continue;
      }
      const prev = words[i - 1] as string;
      if (PROPER.test(word) && (/^[a-z]/.test(prev) || (i === 1 && LEXICON.get(prev.toLowerCase())?.verb !== undefined))) yield { word, domain: false, words, at: i };
    }
  }
}

/**
 * The service a tool's name is namespaced under (`linear_createCycle`, `ebay_delete_offer`,
 * `mcp__asana__create_task`): the name's first word (after an `mcp` prefix), of three letters or
 * more (`pg_`, `fs_`), when a verb and at least one more word follow it (not `release_notes_delete`,
 * `kubectl_delete`), that the vocabulary does not know and that names no language, format or
 * program of the user's machine (`NOT_PRODUCTS`), unless the description writes it in lower case as
 * a word ("album_remove_photo: Remove a photo from the album" names a thing, not a service). What
 * the tool writes is kept there, as with a product the description names (`namedProduct`).
 */
export function nameSpace(nTokens: readonly string[], description: string): string | undefined {
  const at = nTokens[0] === 'mcp' ? 1 : 0;
  const ns = nTokens[at];
  if (ns === undefined || nTokens.length < at + 3 || !NAMESPACE.test(ns)) return undefined;
  if (LEXICON.get(nTokens[at + 1] as string)?.verb === undefined) return undefined;
  if (namesNoService(ns)) return undefined;
  return description.slice(0, MAX_TEXT).split(/[^\p{L}\p{N}]+/u).includes(ns) ? undefined : ns;
}

/**
 * The words a tool's name opens with before its verb, joined (`GmailDeleteEmails` → `gmail`,
 * `EvernoteManagerCreateNote` → `evernotemanager`), when the name is written as a proper name and a
 * verb and its object follow them: what the name may be namespaced under. `ServerProducts` counts
 * it for the tool's server when the server's name holds the same words, the second sign beside a
 * description's proper names. Not one: a name in lower case, a name that opens with its verb
 * (`CreateIssue`), words that open with a determiner, and words any of which, or all of them
 * together, name a language, a program or a store of the user's machine (`NOT_PRODUCTS` but the
 * calendar's names; the user's own stores: `WebBrowser`, `GitRepo`, `FileSystem`, `SqliteDatabase`).
 */
export function nameLead(name: unknown): string | undefined {
  // Written as a proper name: a name in lower case (`fast_extract_archive`, `bash_write_file`) often
  // opens with a word of its server's name that names no product.
  if (typeof name !== 'string' || !PROPER_NAME_START.test(name)) return undefined;
  const toks = nameTokens(name);
  let verb = -1;
  for (let i = 1; i < toks.length - 1 && i <= MAX_NAME_RUN; i++) {
    if (LEXICON.get(toks[i] as string)?.verb !== undefined) {
      verb = i;
      break;
    }
  }
  if (verb < 0) return undefined;
  const lead = toks.slice(0, verb);
  const first = lead[0] as string;
  const joined = lead.join('');
  // The words before the first verb found after the first word: only that first word can be a verb.
  if (DETS.has(first) || LEXICON.get(first)?.verb !== undefined) return undefined;
  if (joined.length < 3) return undefined;
  // Words of the user's machine, in any place: a language, a program or a store of it (`WebBrowser`,
  // `GitRepo`, `FileSystem`, `SqliteDatabase`, `ClipboardManager`). A month may name a product
  // (`AugustSmartLock`).
  const local = (w: string): boolean => (NOT_PRODUCT_WORDS.has(w) && !CALENDAR_WORDS.has(w)) || LEXICON.get(w)?.obj === 'private';
  if (lead.some(local) || local(joined)) return undefined;
  return joined;
}

/** A name that opens with a capital and a small letter (`GmailDeleteEmails`, not `URLFetch`). */
const PROPER_NAME_START = /^[A-Z][a-z]/;

/** Words of a server's name joined into one key at most (`launch` + `darkly`, `lunch` + `money`). */
const MAX_NAME_RUN = 4;

/** Words of a server's name that say it is an MCP server, not what it fronts (`mcp-server-circleci`, `Stripe-MCP-Server`). */
const SERVER_WORDS: ReadonlySet<string> = new Set(['mcp', 'server', 'servers', 'model', 'context', 'protocol', 'api', 'gateway', 'sdk', 'opendata', 'cloud', 'buddy']);

/**
 * What an MCP server's name may call the product it fronts, from a tool's origin (`mcp:@shortcut/mcp@0.25.0`,
 * `mcp:lunchmoney-mcp@3.0.0`, `mcp:LaunchDarkly@0.6.2`, `mcp:google-drive-mcp@2.10.0`): in lower case,
 * each word of the name past its version (split at separators and where a small letter meets a
 * capital) and each run of up to four words written together, without the words that only say it
 * is a server.
 * Nothing for an origin that is no MCP server's.
 */
export function serverNameKeys(origin: unknown): ReadonlySet<string> {
  const keys = new Set<string>();
  if (typeof origin !== 'string' || !origin.startsWith('mcp:')) return keys;
  const name = origin.slice(4, 4 + 200).replace(/@[^@/]*$/, '');
  for (const part of name.split(/[^A-Za-z0-9.]+|\.(?![a-z]{2,5}$)/)) {
    const words = part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(' ').filter((w) => w !== '');
    for (let i = 0; i < words.length; i++) {
      let run = '';
      for (let j = i; j < words.length && j < i + MAX_NAME_RUN; j++) {
        run += words[j] as string;
        if (run.length >= 3 && !SERVER_WORDS.has(run)) keys.add(run.replace(/\./g, ''));
      }
    }
  }
  return keys;
}

/**
 * The proper names a description writes (`PROPER`, or a domain name), each joined with the capitalised
 * words that follow it ("Lunch Money" → `lunchmoney`, "monday.com" → `mondaycom`), in lower case:
 * where `namedProduct` looks for a product, without asking the vocabulary, since a server's name
 * that agrees with them is the evidence (`ServerProducts`). None are words that name a language, a
 * format or a program of the user's machine (`NOT_PRODUCTS`: "Git", "Chrome"), one of the user's own
 * stores ("MongoDB", "Kubernetes") or an act ("Search").
 */
export function properNames(description: string): string[] {
  const out: string[] = [];
  for (const { word, domain, words, at } of nameCandidates(description)) {
    const first = word.toLowerCase().replace(/\./g, '');
    const known = LEXICON.get(first);
    if (NOT_PRODUCT_WORDS.has(first) || known?.obj === 'private' || known?.verb !== undefined) continue;
    out.push(first);
    let joined = first;
    for (let j = at + 1; !domain && j < words.length; j++) {
      const next = (words[j] as string).replace(/['’]s$/, '');
      if (!PROPER.test(next)) break;
      joined += next.toLowerCase();
      out.push(joined);
    }
  }
  return out;
}

/**
 * Is a write the segment names kept where a service keeps it? Not when the tool says its store is
 * local (`keptLocally`), nor when the segment names one of the user's own stores that is not the
 * product's ("in the database", but not "a file in a Codeup repository"; the name asks the
 * description). Every store of a product the tool's server fronts is the product's.
 */
function keptOutside(c: Collector, seg: Segment): boolean {
  return !keptLocally(c) && !(seg.kind === 'name' || c.productSource === 'origin' ? c.storeNamed : namesOwnStore(seg, c.product));
}

const STORE_PREPS: ReadonlySet<string> = new Set(PRODUCT_STORE_PREPOSITIONS);

/**
 * Is the store at `i` the product's: the product's name right before it ("a Codeup repository", "a
 * zorblat.io table", whose `.` leaves `io` before the store), or after it behind a preposition and a
 * determiner ("a file in a Codeup repository", "the database of Zorblat")?
 */
function productsStore(toks: readonly Tok[], i: number, keys: readonly string[]): boolean {
  if (i > 0 && keys.includes((toks[i - 1] as Tok).s)) return true;
  let j = i + 1;
  if (!STORE_PREPS.has(toks[j]?.s ?? '')) return false;
  j++;
  if (DETS.has(toks[j]?.s ?? '')) j++;
  return keys.includes(toks[j]?.s ?? '');
}

/**
 * Does the segment name one of the user's own stores (`OWN_STORES`: "the order records in the
 * database")? A store of the named product (`productsStore`) is not one.
 */
export function namesOwnStore(seg: Segment, product?: string): boolean {
  const keys = product === undefined ? [] : product.toLowerCase().split('.');
  return seg.toks.some((t, i) => OWN_STORE_WORDS.has(t.info?.term ?? t.s) && !productsStore(seg.toks, i, keys));
}

/** Does the segment call its files local ("本地文件", "local files", "absolute paths")? Asked once per segment. */
export function saysLocal(c: Collector, seg: Segment): boolean {
  let local = c.saysLocal.get(seg);
  if (local === undefined) {
    local = false;
    for (let k = 0; k < seg.toks.length && !local; k++) local = anyWordsAt(seg.toks, k, LOCAL_WORDS) >= 0;
    c.saysLocal.set(seg, local);
  }
  return local;
}

/**
 * A file that any send hands over (an upload, a post, an e-mail) or a drop places (`FILE_TRANSFER`)
 * is read as well as sent when it is local: the tool takes its path, or the sentence says so
 * ("本地文件", "local files", "Post a local file to a channel").
 */
function transferPair(c: Collector, role: VerbRole, verbSeg: Segment, verbTok: Tok, objSeg: Segment, objTok: Tok): void {
  const info = verbTok.info;
  if (info === undefined || !(role === 'send' || (role === 'interact' && info.placing === true))) return;
  const term = objTok.info?.term;
  if (term === undefined || !TRANSFER_FILES.has(term)) return;
  if (!c.uploadSource && !saysLocal(c, verbSeg) && !saysLocal(c, objSeg)) return;
  addEvidence(c, PAT | NAT, verbSeg.source, info.term, verbSeg.at);
  addEvidence(c, PAT | NAT, objSeg.source, term, objSeg.at);
}

/** A page a locative names (`pageOf`): the page noun and where its locative stands. */
interface PagePhrase {
  readonly at: number;
  readonly term: string;
}

/**
 * The pages a sentence names after a locative (`ON_PAGE`): a locative, then its object, a page noun
 * as the object's last word. The object runs over plain and neutral words ("on the currently open
 * page") and ends at a conjunction ("on page or element" → `page`), at another known word, or where
 * the sentence ends. A page noun followed by a plain word of the same phrase only modifies it: "in
 * Node for page rendering" names no page; "on the website that is open" does (a relative pronoun),
 * as does "on the page the browser shows" (a determiner opens the clause that describes it), and so
 * does a page noun before any Chinese word ("在网页中": Chinese puts the locative's postposition
 * there). One pass over the sentence, whatever its padding.
 */
function pageOf(toks: readonly Tok[]): PagePhrase[] {
  const out: PagePhrase[] = [];
  for (let k = 0; k < toks.length; k++) {
    if (!LOCATIVES.has((toks[k] as Tok).s)) continue;
    let m = k + 1;
    for (; m < toks.length; m++) {
      const t = toks[m] as Tok;
      const term = t.info?.term;
      if (term !== undefined && PAGES.has(term)) {
        // Followed by a plain word of its own sentence, the page noun only modifies it.
        const next = toks[m + 1];
        if (next === undefined || next.info !== undefined || CONJ.has(next.s) || RELATIVE.has(next.s) || DETS.has(next.s) || CJK_CHAR.test(next.s)) {
          out.push({ at: k, term });
        }
        break;
      }
      if (CONJ.has(t.s) || (t.info !== undefined && !t.info.neutral)) break;
    }
    // A locative among the words just scanned would scan the same words to the same end: go on
    // from the word the scan stopped at (itself perhaps a locative), so a padded sentence stays linear.
    k = m - 1;
  }
  return out;
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
export function readClass(phase: Phase, role: VerbRole, seg: Segment, roles: readonly Role[], j: number): ObjectClass {
  const cls = (roles[j] as Role).obj as ObjectClass;
  if (role !== 'read' || (cls !== 'public' && cls !== 'web')) return cls;
  const term = (seg.toks[j] as Tok).info?.term ?? '';
  if (seg.kind === 'name') return phase.internal.has(term) ? 'private' : cls;
  if (!internalSource(seg.toks, roles, j)) return cls;
  phase.internal.add(term);
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

export function analyse(seg: Segment, c: Collector, phase: Phase): Analysis {
  const { toks, kind } = seg;
  const roles = resolveRoles(seg, phase.placing, seg === phase.opening);
  // A vault of notes is a folder of the user's files (`NOTES_VAULT`), not a store of secrets.
  if (c.notesVault === true) toks.forEach((t, j) => { if (t.info?.term === 'vault' && (roles[j] as Role).obj === 'credentialStore') roles[j] = withObj((roles[j] as Role), 'private'); });
  if (kind !== 'name') {
    firstPartyClauses(toks, roles);
    servedPersons(toks, roles);
  }
  setupHeads(toks, roles);
  ownedCompounds(toks, roles);
  platformCompounds(toks, roles, kind === 'name', phase.platform);
  arrangedWith(toks, roles, kind === 'name', phase.arranged);
  const a: Analysis = {
    seg, roles, lonelyVerbs: [], objects: [], writtenObjects: new Set(), actedObjects: new Set(), authorship: [],
    negatedClause: negatedClauses(seg), verbRoles: new Set(), selfSend: false,
  };
  // A shell word in a clause that does something else and runs nothing is a mention, not a shell:
  // `get_terminal_size`, `python_package_search`, "Read the output of the terminal".
  let otherVerb = false;
  let runVerb = false;
  /** The last act of the segment that is no read: an interpreter word after it modifies a noun (below). */
  let lastAct = -1;
  roles.forEach((r, k) => {
    if (r.verb === 'run') runVerb = true;
    else if (r.verb !== undefined && r.verb !== 'neutral') otherVerb = true;
    if (r.verb !== undefined && r.verb !== 'read') lastAct = k;
  });
  const shellMentionOnly = otherVerb && !runVerb;
  /** The pages the segment names (`pageOf`), looked for at its first run verb. */
  let pages: PagePhrase[] | undefined;
  for (let i = 0; i < toks.length; i++) {
    const tok = toks[i] as Tok;
    const info = tok.info;
    const r = roles[i] as Role;
    // What `attach` joins is not what it changes ("Attach a local file", to a message or a card): it
    // pairs with nothing, and changes what it joins the thing to.
    const objs = r.verb === undefined || (info !== undefined && ATTACHES.has(info.term)) ? [] : objectsOf(toks, roles, i);
    // "Format the cells of a sheet", "Resize the disk": a transformation of a stored thing changes it
    // (`IN_PLACE_EDITS`); of a value passed in, as a noun ("in the mongodb:// format") or in a negated
    // clause it stays a transformation.
    // "Analyze a drum rack file", "Compare two versions of a project": examining a stored thing reads
    // it (`EXAMINING_VERBS`). A negated examination ("Does not analyze files") emits nothing, as any
    // negated pair does.
    const examined = r.verb === 'neutral' && info?.examines === true && (kind === 'name' || verbPosition(toks, roles, i)) && editsStored(toks, roles, i);
    const role = r.verb === 'neutral' && info?.inPlace === true && a.negatedClause[i] !== true && (kind === 'name' || verbPosition(toks, roles, i)) && editsStored(toks, roles, i) ? 'modify' : examined ? 'read' : r.verb;
    if (info !== undefined) {
      // A name-only interpreter word before another noun of the name modifies it (`sandbox_metrics`,
      // `python_version`): the tool is about that noun, and runs nothing by this word. Not before a
      // program (`python_script`) or another interpreter word, nor in a name that acts otherwise.
      const modifiesNoun = info.exec === 'name' && kind === 'name' && i + 1 < toks.length && i >= lastAct && toks[i + 1]?.info?.exec === undefined && !isProgram((roles[i + 1] as Role).obj);
      const execScoped = info.exec === 'any' || (info.exec === 'name' && kind === 'name' && !modifiesNoun);
      // `exec_sql`, `eval` of a query: running a non-program is not a shell.
      const ranOther = role === 'run' && objs.length > 0 && objs.every((j) => !isProgram((roles[j] as Role).obj));
      if (execScoped && !shellMentionOnly && !ranOther && !(kind !== 'name' && finalState(toks, i))) addEvidence(c, EXEC, seg.source, info.term, seg.at);
      if (info.http === 'any' || (info.http === 'name' && kind === 'name')) addEvidence(c, EIT | NAT, seg.source, info.term, seg.at);
      if (info.send) {
        // "… to the configured webhook", or a property that takes a webhook: where data goes, whatever
        // else the tool does.
        if (kind === 'schema' || (kind !== 'name' && sentTo(toks, i))) addEvidence(c, NAT, seg.source, info.term, seg.at);
        else c.channels.push([seg.source, info.term, seg.at]);
      }
    }
    if (r.obj !== undefined) a.objects.push(i);
    if (role === undefined || info === undefined) continue;
    if (phase.purpose !== undefined && kind === 'description' && seg !== phase.opening && !ownAct(toks, i)) {
      const writes = role === 'create' || role === 'modify' || role === 'send';
      if (phase.purpose === 'reads' ? writes : role === 'read' || role === 'webRead') {
        if (explaining()) discount('usage', seg.source, seg.at, tok.s);
        continue;
      }
    }
    if (role === 'send' && (kind === 'name' ? phase.selfSend : sendsToSelf(toks, i))) {
      // "Send a digest to the user": it lands in the user's own mailbox, a local write. The name's send
      // verb (`email_digest`) is the description's.
      if (kind !== 'name') a.selfSend = true;
      a.verbRoles.add('create');
      addEvidence(c, MUT, seg.source, info.term, seg.at);
      // A secret mailed to the user is still a secret read: it leaves its store.
      for (const j of objs) if (movesSecret(role, (roles[j] as Role).obj, info)) addEvidence(c, CRED, seg.source, ((toks[j] as Tok).info as WordInfo).term, seg.at);
      continue;
    }
    a.verbRoles.add(role);
    addEvidence(c, verbAloneBits(role), seg.source, info.term, seg.at);
    if (objs.length === 0) {
      a.lonelyVerbs.push(i);
      // An upload that takes a local path and names nothing it knows ("Upload your avatar" with
      // `file_path`) reads that file and sends it.
      if (role === 'send' && info.transfer === true && c.uploadSource) addEvidence(c, PAT | NAT, seg.source, info.term, seg.at);
      // An object-less "Delete it." mutates; "use X to modify them" only mentions a mutation.
      const imperative = kind === 'name' || i === 0 || (toks[i - 1] as Tok).s.endsWith('ly');
      if (info.strong && (role === 'create' || role === 'modify') && imperative) {
        const product = c.product !== undefined && !phase.selfSend && keptOutside(c, seg);
        addEvidence(c, c.outside || product ? NAT : MUT, seg.source, info.term, seg.at);
        if (product && !c.outside) addEvidence(c, NAT, c.productSource, c.product as string, c.productAt);
      }
      continue;
    }
    // "Load code from the specified file" loads the program a code tool runs: held back like authoring.
    const program = role === 'read' && objs.some((j) => (roles[j] as Role).obj === 'code');
    for (const j of objs) {
      emitPair(c, phase, role, { seg, tok }, seg, toks[j] as Tok, readClass(phase, role, seg, roles, j), program);
      transferPair(c, role, seg, tok, seg, toks[j] as Tok);
      if (role === 'create' || role === 'modify') a.writtenObjects.add(j);
      if (role !== 'read' && role !== 'webRead') a.actedObjects.add(j);
    }
    // What is run on a web page (a script, an audit, a test) comes back with what the page holds
    // and computes.
    // The pages are those after the verb ("Run the script on the page"), or before it in Chinese,
    // whose locative phrase precedes its verb ("在网页中执行"). A page in another clause before the
    // verb ("created in the Console page — the workflow defines which steps run") is not run on. A
    // later run verb's pages are among the first one's: one look serves every run verb.
    if (role === 'run' && pages === undefined) {
      pages = pageOf(toks);
      for (const p of pages) if (p.at > i || CJK_CHAR.test((toks[p.at] as Tok).s)) addEvidence(c, EIT, seg.source, p.term, seg.at);
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

/** The negation of the clause around token `i` (for `classify --explain`). */
function negationIn(toks: readonly Tok[], i: number): string | undefined {
  for (let k = i; k >= 0 && ((toks[k] as Tok).k & K_NEGATION_BREAK) === 0; k--) if (((toks[k] as Tok).k & K_NEGATION) !== 0) return (toks[k] as Tok).s;
  for (let k = i + 1; k < toks.length && ((toks[k] as Tok).k & K_NEGATION_BREAK) === 0; k++) if (((toks[k] as Tok).k & K_NEGATION) !== 0) return (toks[k] as Tok).s;
  return undefined;
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
    if (i < seg.toks.length && ((seg.toks[i] as Tok).k & K_NEGATION_BREAK) === 0) continue;
    let negated = false;
    for (let k = start; k < i; k++) if (((seg.toks[k] as Tok).k & K_NEGATION) !== 0) negated = true;
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
    if (((toks[i] as Tok).k & K_PARTICIPLE) === 0 || negated[i] === true) continue;
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
export function submittedRecords(c: Collector, analyses: readonly Analysis[]): void {
  for (const a of analyses) {
    for (const j of a.objects) {
      if ((a.roles[j] as Role).obj !== 'submitted' || a.actedObjects.has(j) || a.negatedClause[j] === true) continue;
      addEvidence(c, EIT | PAT, a.seg.source, ((a.seg.toks[j] as Tok).info as WordInfo).term, a.seg.at);
    }
    for (const term of a.authorship) addEvidence(c, EIT, a.seg.source, term, a.seg.at);
  }
}

/** Pair verbs that found no object in one segment with the objects of another (name ↔ description). */
export function crossPair(c: Collector, phase: Phase, verbs: Analysis, objects: Analysis, firstOnly: boolean): void {
  if (verbs.lonelyVerbs.length === 0 || objects.objects.length === 0) return;
  let objs: number[] = objects.objects;
  if (firstOnly) {
    objs = [];
    objectRun(objects.seg.toks, objects.roles, objects.objects[0] as number, objs);
  }
  for (const i of verbs.lonelyVerbs) {
    const role = (verbs.roles[i] as Role).verb as VerbRole;
    for (const j of objs) {
      const cls = readClass(phase, role, objects.seg, objects.roles, j);
      emitPair(c, phase, role, { seg: verbs.seg, tok: verbs.seg.toks[i] as Tok }, objects.seg, objects.seg.toks[j] as Tok, cls);
      transferPair(c, role, verbs.seg, verbs.seg.toks[i] as Tok, objects.seg, objects.seg.toks[j] as Tok);
    }
  }
}


/**
 * A passive send to people in a description (`NOTIFIED_PARTICIPLES`): "attendees are notified", "guests
 * will be invited". Not in a negated clause, and not when the one notified is the user.
 */
export function notifiedPeople(c: Collector, a: Analysis): void {
  const toks = a.seg.toks;
  for (let i = 1; i < toks.length; i++) {
    const t = toks[i] as Tok;
    if (!NOTIFIED.has(t.s)) continue;
    if (!BE.has((toks[i - 1] as Tok).s)) {
      // "attendees are not notified": no passive send, and worth saying why.
      if (i >= 2 && NEGATION.has((toks[i - 1] as Tok).s) && BE.has((toks[i - 2] as Tok).s) && explaining()) discount('negation', a.seg.source, a.seg.at, t.s, (toks[i - 1] as Tok).s);
      continue;
    }
    if (a.negatedClause[i] === true) {
      if (explaining()) discount('negation', a.seg.source, a.seg.at, `${(toks[i - 1] as Tok).s} ${t.s}`, negationIn(toks, i));
      continue;
    }
    // The one notified ends right before the `be` ("the user is notified", "the user will be notified").
    let self = false;
    for (let k = Math.max(0, i - 6); k < i - 1 && !self; k++) {
      const end = anyWordsAt(toks, k, SELF.people);
      self = end === i - 1 || end === i - 2;
    }
    if (!self) addEvidence(c, NAT, a.seg.source, t.s, a.seg.at);
  }
}

/** Prepositions whose object is no thing handed back ("… for the user", "… with the bearer token"). */
const HANDED_PREPOSITIONS: ReadonlySet<string> = new Set(['for', 'in', 'of', 'to', 'from', 'on', 'into', 'at', 'with', 'using', 'via', 'by', 'scoped']);

/** Does a preposition stand before token `k`, past at most two determiners or modifiers? */
function afterPreposition(toks: readonly Tok[], roles: readonly Role[], k: number): boolean {
  for (let b = k - 1; b >= 0 && b >= k - 3; b--) {
    if (HANDED_PREPOSITIONS.has((toks[b] as Tok).s)) return true;
    if ((roles[b] as Role).verb !== undefined || (roles[b] as Role).obj !== undefined) return false;
  }
  return false;
}

/** The role of the nearest verb before token `k`. */
function verbBefore(roles: readonly Role[], k: number): VerbRole | undefined {
  for (let b = k - 1; b >= 0; b--) if ((roles[b] as Role).verb !== undefined) return (roles[b] as Role).verb;
  return undefined;
}

/** Pronouns that stand for what was named before a hand-over ("… and return it"). */
const HANDED_PRONOUNS: ReadonlySet<string> = new Set(['it', 'them', '它', '它们', '它們']);
/** Does a Chinese word right before a hand-over's verb negate it ("不返回", "但不返回", "没有输出")? */
function cjkNegated(w: string): boolean {
  return /[不未无無]$/u.test(w) || /[没沒]有$/u.test(w) || /不[会會]$/u.test(w);
}
/** Words that say a secret is not shown, in a sentence that hands back "it" or "them". */

/**
 * Secrets a description says the tool hands back (`HANDED_SECRETS`): "Returns the new secret", "The
 * API key is only shown once", "Create an API key and return it". Each is CREDENTIAL_ACCESS, outside
 * a negated clause; inside one ("is never returned", "do not return it") it is reported as set aside.
 */
export function handedSecrets(c: Collector, a: Analysis, previous?: Analysis): void {
  const toks = a.seg.toks;
  const roles = a.roles;
  const secret = (k: number): boolean => (roles[k] as Role).obj === 'credential';
  // A hand-over of secret `k` said at `i`: evidence, or, negated ("is never returned"), set aside.
  const handed = (i: number, k: number): void => {
    const term = ((toks[k] as Tok).info as WordInfo).term;
    if (a.negatedClause[i] !== true) addEvidence(c, CRED, a.seg.source, term, a.seg.at);
    else if (explaining()) discount('negation', a.seg.source, a.seg.at, `${term} ${(toks[i] as Tok).s}`, negationIn(toks, i));
  };
  // "Password fields are redacted if the server returns them": what is redacted is not handed.
  const redacted = toks.some((t) => (t.k & K_REDACTED) !== 0);
  // A sentence that opens with a pronoun for what the sentence before named ("Creates a new API key.
  // Returns it in the response.", "It is returned only once."): that sentence's last thing named, if it
  // is a secret made, not transformed. Evidence, or set aside, as a hand-over in one sentence is.
  const handedBefore = (i: number): void => {
    if (previous === undefined || redacted || previous.seg.toks.some((t) => (t.k & K_REDACTED) !== 0)) return;
    const k = lastNamed(previous);
    if (k === undefined || previous.roles[k]?.obj !== 'credential' || verbBefore(previous.roles, k) === 'neutral') return;
    const term = ((previous.seg.toks[k] as Tok).info as WordInfo).term;
    if (a.negatedClause[i] !== true) addEvidence(c, CRED, a.seg.source, term, a.seg.at);
    else if (explaining()) discount('negation', a.seg.source, a.seg.at, `${term} ${(toks[i] as Tok).s}`, negationIn(toks, i));
  };
  // Kept as the loop goes, so that a text of many hand-overs is read in one pass: the last thing
  // named before token `i` that no preposition opens (`lastNamed`), the role of the nearest verb
  // before that thing (`verbBefore`), and the role of the nearest verb so far.
  let named: number | undefined;
  let namedVerb: VerbRole | undefined;
  let verb: VerbRole | undefined;
  for (let i = 0; i < toks.length; i++) {
    if (i > 0) {
      const r = roles[i - 1] as Role;
      if (r.obj !== undefined && !afterPreposition(toks, roles, i - 1)) {
        named = i - 1;
        namedVerb = verb;
      }
      if (r.verb !== undefined) verb = r.verb;
    }
    const classes = (toks[i] as Tok).k;
    // "不返回连接凭据" (does not return the credentials): a Chinese negation right before the opener.
    const opener = (classes & K_HANDED_OPENER) !== 0;
    if (opener && i > 0 && cjkNegated((toks[i - 1] as Tok).s)) continue;
    if (opener) {
      // "Create an API key and return it": a pronoun right after the opener stands for the nearest
      // object before it in the sentence.
      if (HANDED_PRONOUNS.has(toks[i + 1]?.s ?? '')) {
        if (redacted) continue;
        // A secret transformed ("Hash the password and return it") hands back what was made of it.
        if (named !== undefined) {
          if (secret(named) && namedVerb !== 'neutral') handed(i, named);
        } else if (i === 0) handedBefore(i);
        continue;
      }
      // "Returns the new one-time secret": the first noun after the opener, within reach.
      for (let k = i + 1; k < toks.length && k <= i + HANDED.reach; k++) {
        if ((toks[k] as Tok).mark & (COMMA | CLAUSE)) break;
        if ((roles[k] as Role).obj === undefined) continue;
        if (secret(k)) handed(i, k);
        break;
      }
    }
    if ((classes & K_HANDED_PARTICIPLE) === 0 || i < 2) continue;
    // "The API key is (only) shown (once)": a form of be, at most two words before the participle,
    // and the secret right before it.
    for (let b = i - 1; b >= 1 && b >= i - 3; b--) {
      if (!BE.has((toks[b] as Tok).s)) continue;
      if (secret(b - 1)) handed(i, b - 1);
      // "It is returned only once": the sentence's subject stands for what the sentence before named.
      else if (b === 1 && SUBJECT_PRONOUNS.has((toks[0] as Tok).s)) handedBefore(i);
      break;
    }
  }
}

/** Pronouns that open a sentence about what the sentence before named ("It is returned only once"). */
const SUBJECT_PRONOUNS: ReadonlySet<string> = new Set(['it', 'they']);

/**
 * The last thing a sentence names that no preposition opens ("an API key for the given project",
 * "with your API key": the key): what a pronoun in the sentence after it stands for.
 */
function lastNamed(a: Analysis): number | undefined {
  for (let k = a.seg.toks.length - 1; k >= 0; k--) {
    if ((a.roles[k] as Role).obj === undefined) continue;
    if (afterPreposition(a.seg.toks, a.roles, k)) continue;
    return k;
  }
  return undefined;
}

/**
 * The published content a contents statement names (`CONTENTS`): "This includes official
 * documentation, curated expert guidance, and other resources provided by Acme" → `official
 * documentation`. Undefined when there is none, or when it also names anything else. The list ends at
 * an authorship clause ("provided by Acme": Acme wrote it, it is not content).
 */
export function publishedContents(descA: readonly Analysis[]): string | undefined {
  for (const a of descA) {
    const toks = a.seg.toks;
    if (!CONTENT_SUBJECTS.has(toks[0]?.s ?? '')) continue;
    const start = anyWordsAt(toks, 1, CONTENT_VERBS);
    if (start < 0) continue;
    let found: string | undefined;
    let other = false;
    for (let k = start; k < toks.length; k++) {
      if (((toks[k] as Tok).k & K_PARTICIPLE) !== 0 && AUTHOR_LINKS.has(toks[k + 1]?.s ?? '')) break;
      const r = a.roles[k] as Role;
      if (r.obj === undefined || a.negatedClause[k] === true) continue;
      if (r.obj === 'web' || r.obj === 'public') found ??= ((toks[k] as Tok).info as WordInfo).term;
      else other = true;
    }
    if (found !== undefined && !other) return found;
  }
  return undefined;
}
