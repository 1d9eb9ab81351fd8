/**
 * Deterministic tool classification (docs/semantics.md "Classification"): the decision.
 *
 * A tool's capabilities come from verb × object pairs found in its name, its description and its
 * input schema's property names and descriptions, in English and Chinese (and the kanji words of
 * Japanese acts); a few terms (shells, HTTP clients, send verbs, web-reading verbs, credential
 * stores) count by themselves; MCP annotations add evidence. Pairs rather than words, so that
 * `read` alone or `file` alone does not over-classify: `read_file` is PRIVATE_ACCESS, `fetch_url`
 * EXTERNAL_INGESTION, `read_inbox` both (content is external by who wrote it, not by where it is
 * stored).
 *
 * The layers, each in a file of its own, in the order a tool goes through them:
 * 1. `classifier-lexicon.ts`: the term tables of `vocabulary.ts` compiled once, at module load
 *    (surface forms, phrases, Chinese words, what a verb does to each object class);
 * 2. `classifier-tokens.ts`: names and prose split into tokens and sentence segments;
 * 3. `classifier-pairing.ts`: the role of each token by its position, verbs paired with their
 *    objects, authorship, negation and the other sentence-level rules;
 * 4. `classifier-schema.ts`: the input schema read once (`schemaProps`, also used by the
 *    detectors) and the rules on its property names;
 * 5. `classifier-evidence.ts`: the evidence collected, deduplicated and sorted;
 * 6. here: the order of the phases, the tool-level facts each phase hands to the next, and the
 *    rules that weigh the whole tool (getters, Code Mode, annotations, published contents).
 *
 * Pure: no IO, no clock. Overrides are not applied here; the guard applies them.
 */
import { CAPABILITIES, EIT, EXEC, MUT, NAT, PAT, capabilityBit } from './capabilities.js';
import type { Capability } from './capabilities.js';
import type { Classification, Evidence, ServerRead, ServerWrite, SpecCut, ToolSpec } from './types.js';
import { isRecord } from './values.js';
import { collectDiscounts, discount, explaining } from './classifier-discounts.js';
import type { Discount } from './classifier-discounts.js';
import { ACT_SELECTOR, ANNOTATION_TERMS, UNREAD_ACT, CALL_VALUES, CONJUNCTIONS, CODE_MODE_NAME_PAIRS, GEOMETRY, HANDOFF, HARMLESS_NAMES, NAME_CLIPPINGS, NAME_PLACE_PREPOSITIONS, NEAR_A_PLACE, NOTES_VAULT, COMPUTED_WORDS, KEEPING_VERBS, NOT_HARMLESS_PROPERTIES, NOT_OBJECTS, OPENING_VERBS, OUTSIDE_MEANS, OWN_SETUP, POSSESSIVE, TEAM_WRITINGS, POSSESSIVE_DETERMINERS, RELATIVE_PRONOUNS, RETURNED_RECORDS, STATE_VERBS, STORED_PARTICIPLES } from './vocabulary.js';
import type { VerbRole } from './vocabulary.js';
import { CLAUSE, COMMA, MAX_TEXT, anyWordsAt, nameTokens, textSegments, toTokens } from './classifier-tokens.js';
import type { Segment, Tok } from './classifier-tokens.js';
import { BE, DEMO, DETS, GETTER_OPENER, K_OUTSIDE_SERVICE, K_OWN_WRITING, K_OWNER_WORD, K_SHARED_CONTENT, K_TEAM_SPACE, LEXICON, PHRASES, SCHEMA, SUITE, TEAM_SPACES, wordClasses } from './classifier-lexicon.js';
import type { WordInfo } from './classifier-lexicon.js';
import type { ServerKind } from './servers.js';
import { addEvidence, compareEvidence, readsArePublished, writesInOpenWorld, writesInProduct } from './classifier-evidence.js';
import type { Collector } from './classifier-evidence.js';
import { analyse, crossPair, emitPair, hostedStore, keptLocally, lastOnto, namedProduct, nameSpace, namesOwnStore, handedSecrets, nextPhase, notifiedPeople, publishedContents, readClass, saysLocal, submittedRecords, wordsRead } from './classifier-pairing.js';
import type { Analysis, Phase, Role } from './classifier-pairing.js';
import { capText, propertyWritesOutside, schemaProps, schemaRules, takesLocalFile, textRead } from './classifier-schema.js';
import type { Prop, SchemaRead, ToolFacts } from './classifier-schema.js';

export { nameTokens } from './classifier-tokens.js';

/** What `classify --explain` shows of one tool: its classification, and what was read and set aside. */
export interface Explanation {
  readonly classification: Classification;
  readonly discounted: readonly Discount[];
  /**
   * For a tool that classifies to nothing and is not recognised as harmless: the verbs and objects
   * its name and description were read as, which paired into nothing the vocabulary places (a verb
   * whose object it does not know, an object no verb acts on, or neither), and the words it does
   * not know.
   */
  readonly read?: readonly WordsRead[];
}

/** The verbs and objects one place of a tool's text was read as (`Explanation.read`). */
export interface WordsRead {
  readonly source: 'name' | 'description';
  readonly verbs: readonly string[];
  readonly objects: readonly string[];
  /**
   * Words that may name a thing or an act the vocabulary does not know: not a determiner, a
   * preposition, a number or a function word (`NOT_SHOWN_UNKNOWN`); at most twelve.
   */
  readonly unknown: readonly string[];
}

/** Enum values tried per property, and their length, when explaining. */
const MAX_ENUM_VALUES = 50;
const MAX_ENUM_TEXT = 200;

/**
 * Classify a tool and say what the classifier set aside: verbs under a negation, examples of requests,
 * inline code spans, and enum values that would read as an act or a thing if they were prose (enum
 * values are never read: `"send"` as a transaction type is a value to pick, not what the tool does).
 * Slower than {@link classifyTool}, which it calls: for people reading a classification.
 */
export function explainTool(spec: ToolSpec, context?: ClassifyContext): Explanation {
  const { value, discounts } = collectDiscounts(() => classifyTool(spec, context));
  const s: Record<string, unknown> = isRecord(spec) ? spec : {};
  const name = typeof s['name'] === 'string' ? s['name'] : '';
  const description = typeof s['description'] === 'string' ? s['description'] : '';
  for (const p of schemaProps(s['inputSchema'], undefined, textRead(name, description))) {
    if (!Array.isArray(p.enumValues)) continue;
    // An act selector's values read as the tool's acts are not set aside (`selectorActs`).
    const acted = new Set(value.evidence.filter((e) => e.at === p.path).map((e) => e.term));
    const seen = new Set<string>();
    for (const v of p.enumValues.slice(0, MAX_ENUM_VALUES)) {
      if (typeof v !== 'string' || v.trim() === '' || v.length > MAX_ENUM_TEXT || seen.has(v)) continue;
      seen.add(v);
      if (acted.has(LEXICON.get(nameTokens(v)[0] ?? '')?.term ?? '')) continue;
      if (classifyTool({ name: '', description: v.replace(/[_-]+/g, ' ') }).capabilities.length > 0) discounts.push({ why: 'enum-value', source: 'schema', at: p.path, text: v });
    }
  }
  const unknown = value.capabilities.length === 0 && value.harmless === undefined && !value.codeMode;
  return { classification: value, discounted: discounts, ...(unknown ? { read: wordsOfUnknown(name, description) } : {}) };
}

/** The verbs, objects and unknown words of a tool's name and description (`Explanation.read`). */
function wordsOfUnknown(name: string, description: string): WordsRead[] {
  const descSegs: Segment[] = [];
  textSegments(description, 'description', 'description', undefined, descSegs);
  const nameSeg: Segment = { kind: 'name', source: 'name', at: undefined, toks: toTokens(nameTokens(name)) };
  const place = (source: WordsRead['source'], segs: readonly Segment[]): WordsRead => {
    const verbs: string[] = [];
    const objects: string[] = [];
    const unknown: string[] = [];
    const add = (list: string[], w: string): void => {
      if (!list.includes(w)) list.push(w);
    };
    for (const seg of segs) {
      const w = wordsRead(seg);
      for (const v of w.verbs) add(verbs, v);
      for (const o of w.objects) add(objects, o);
      for (const t of seg.toks) if (unnamedWord(t) && !NOT_SHOWN_UNKNOWN.has(t.s) && unknown.length < MAX_UNKNOWN_WORDS) add(unknown, t.s);
    }
    return { source, verbs, objects, unknown };
  };
  return [place('name', [nameSeg]), place('description', descSegs)];
}

/** Words the vocabulary does not know shown per place, at most. */
const MAX_UNKNOWN_WORDS = 12;
/**
 * Words left out of what `--explain` lists as unknown: they name no thing and no act (conjunctions,
 * auxiliaries, function words and the adjectives of API prose: "Returns the specified item using the
 * current API"), so listing them would only hide the words that matter.
 */
const NOT_SHOWN_UNKNOWN: ReadonlySet<string> = new Set([
  ...CONJUNCTIONS, 'not', 'only', 'when', 'which', 'that', 'this', 'are', 'can', 'will', 'may', 'must', 'should',
  'use', 'using', 'used', 'through', 'per', 'based', 'returns', 'return', 'specific', 'specified', 'existing',
  'single', 'multiple', 'current', 'also', 'than', 'then', 'more', 'most', 'other', 'such', 'new', 'given',
  'optional', 'optionally', 'available', 'tool', 'tools', 'you', 'your', 'has', 'have', 'been', 'was', 'were',
]);

/** What the classifier is told beside the spec. */
export interface ClassifyContext {
  /**
   * The product the tool's MCP server fronts, read from all its tools (`ServerProducts`): a write
   * whose own text names no product is kept there.
   */
  readonly server?: string | undefined;
}

/** A nested tool call in a description: `tools.search(...)`, `tools.<name>(args)`, `tools.*`. */
const TOOLS_SUBCALL = /(?:^|[^\p{L}\p{N}_])tools\.(?:[\p{L}_$][\p{L}\p{N}_$]*\s*\(|<|\*)/u;
const CODE_MODE_TEXT = /\bcode[\s_-]mode\b/;

/**
 * Deterministic classification of one tool spec from its name, description and input schema (property
 * names and their descriptions, at any depth of `properties`, `items` and the other keywords that hold
 * schemas, `$ref`s followed), in English and Chinese, with MCP annotations as evidence.
 *
 * Total on plain data: a missing or mistyped field is ignored, never a throw. Work is capped (16 384
 * characters per text, 65 536 in all, 512 schema properties, depth 16); a spec read only in part says where reading
 * stopped (`unread`). The same spec always gives the same output: capabilities in CAPABILITIES order,
 * evidence sorted by capability, source, term and path.
 * @param spec an MCP-style tool spec (only `name` is required, and even that is checked)
 * @param context what the tool's server says of it (`ClassifyContext`)
 * @returns the capabilities, the evidence for each, whether this is a Code Mode tool, and where
 *   reading stopped if it did
 */
export function classifyTool(spec: ToolSpec, context?: ClassifyContext): Classification {
  if (!explaining()) {
    const first = classifyRead(spec, context, true);
    if (first.suite === undefined) return first.classification;
    return withUnreadAct(withoutSuiteActs(classifyRead(spec, context, false).classification, first.classification, first.kind, first.suite, first.presents === true), first.classification);
  }
  // Explaining: what the reading with the suite's sentences last set aside is its own; only the
  // reading as written, and the suite's sentences when they are set aside, are shown.
  const { value: first, discounts } = collectDiscounts(() => classifyRead(spec, context, true));
  if (first.suite === undefined) {
    for (const d of discounts) discount(d.why, d.source, d.at, d.text, d.cue);
    return first.classification;
  }
  // A description that opens with the sentences of the suite the tool belongs to (`SUITE_PREAMBLE`):
  // read as written, and read with the tool's own sentences first, the suite's after them as later
  // sentences (`Phase.purpose`). Only what the suite's sentences do of the other kind than the tool's
  // name and own first sentence agree on is set aside.
  const whole = classifyRead(spec, context, false).classification;
  return withUnreadAct(withoutSuiteActs(whole, first.classification, first.kind, first.suite, first.presents === true), first.classification);
}

/**
 * A reading of a description that opens with a suite's sentences, with the unread verb (`unreadAct`)
 * the tool's own first sentence opens with when read first: read as written, the suite's sentence
 * comes first and no verb opens it. Only ever adds the posture.
 */
function withUnreadAct(cls: Classification, own: Classification): Classification {
  return own.unreadAct === undefined || cls.unreadAct !== undefined || cls.capabilities.length === 0 ? cls : { ...cls, unreadAct: own.unreadAct };
}

/** Capabilities of each kind of act (`actKind`): what a reader or a writer can have that the other has not. */
const KIND_CAPS: Readonly<Record<'reads' | 'writes', readonly Capability[]>> = {
  reads: ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS'],
  writes: ['EXTERNAL_ACTION', 'LOCAL_MUTATION'],
};

/**
 * The reading of a description with a suite's sentences (`whole`), without the capabilities of the other
 * kind than `kind` that the reading with the tool's own sentences first (`own`) does not have: a read of
 * the travel suite books nothing, a ticket's update reads no ticket. What the suite does of the tool's
 * own kind (where it keeps what it writes, whose data it reads), a credential and code run are kept. A
 * reading left with no capability, where the suite's sentences gave some, stays whole.
 */
function withoutSuiteActs(whole: Classification, own: Classification, kind: 'reads' | 'writes' | undefined, suite: string, presents: boolean): Classification {
  // Nothing found in the whole text, a suite's sentence that only presents what the suite offers, and
  // the tool's own sentences say it does none of the six things ("This tool belongs to the Math API,
  // which provides various mathematical operations. Tool description: Compute the logarithm of a
  // number"): harmless, as without the suite's sentence.
  if (presents && whole.capabilities.length === 0 && whole.harmless === undefined && own.capabilities.length === 0 && own.harmless !== undefined) {
    if (explaining()) discount('suite', 'description', undefined, suite);
    return own;
  }
  // A spec read only in part may say anything past the cut: nothing of it is set aside.
  if (kind === undefined || whole.unread !== undefined) return whole;
  const other = KIND_CAPS[kind === 'reads' ? 'writes' : 'reads'];
  const dropped = whole.capabilities.filter((cap) => other.includes(cap) && !own.capabilities.includes(cap));
  if (dropped.length === 0 || dropped.length === whole.capabilities.length) return whole;
  if (explaining()) discount('suite', 'description', undefined, suite);
  const capabilities = whole.capabilities.filter((cap) => !dropped.includes(cap));
  const same = capabilities.length === own.capabilities.length && capabilities.every((cap) => own.capabilities.includes(cap));
  const { serverRead: _r, serverWrite: _w, ...rest } = whole;
  const serverRead = same ? own.serverRead : whole.serverRead;
  const serverWrite = same ? own.serverWrite : whole.serverWrite;
  return {
    ...rest,
    capabilities,
    evidence: whole.evidence.filter((e) => !dropped.includes(e.capability)),
    ...(serverRead !== undefined ? { serverRead } : {}),
    ...(serverWrite !== undefined ? { serverWrite } : {}),
  };
}

const UNREAD_BEFORE = new Set<string>(UNREAD_ACT.before);
const NOT_ACTS = new Set<string>(UNREAD_ACT.notActs);
const LY_VERBS = new Set<string>(UNREAD_ACT.lyVerbs);
/**
 * The word a sentence opens with when it is a verb the vocabulary does not know (`UNREAD_ACT`): a
 * plain lower-case word of three letters or more, in no entry of the vocabulary, no adverb, right
 * before a determiner with no punctuation between them. After a one-word label ("Billing: Waive the
 * late fee"), the clause the colon opens is asked.
 */
function unreadAct(seg: Segment | undefined): string | undefined {
  const toks = seg?.toks ?? [];
  const at = ((toks[1]?.mark ?? 0) & CLAUSE) !== 0 ? 1 : 0;
  const first = toks[at];
  const next = toks[at + 1];
  // The word may open a clause after a colon (after a label, or the tool's own description after a
  // suite's "Tool description:" label); a comma before it makes it no verb of the sentence.
  if (first === undefined || next === undefined || first.info !== undefined || next.mark !== 0 || (first.mark & ~CLAUSE) !== 0) return undefined;
  const w = first.s;
  // A word of the vocabulary has its entry (`info`); one that only opens a phrase not found here (`turn`
  // without `on`) is read as any other word.
  if (!UNREAD_BEFORE.has(next.s) || !/^[a-z]{3,}$/.test(w) || (w.endsWith('ly') && !LY_VERBS.has(w)) || NOT_ACTS.has(w) || GETTER_OPENER.has(w)) return undefined;
  return w;
}

/**
 * {@link classifyTool}'s reading of a spec: with `suiteLast`, a suite's sentences before a label of the
 * tool's own description (`SUITE_PREAMBLE`) are read after the tool's own; `suite` is then their text,
 * and `kind` the kind of act the name and the tool's own first sentence agree on, if they do. Without
 * `readsGetter`, a tool with no verb does not read its name's nouns (the second reading of a tool whose
 * description opens with a verb the vocabulary does not know: `unreadAct`).
 */
function classifyRead(spec: ToolSpec, context: ClassifyContext | undefined, suiteLast: boolean, readsGetter = true): { classification: Classification; suite?: string; kind?: 'reads' | 'writes'; presents?: boolean } {
  const s: Record<string, unknown> = isRecord(spec) ? spec : {};
  const name = typeof s['name'] === 'string' ? s['name'] : '';
  const description = typeof s['description'] === 'string' ? s['description'] : '';
  let descSegs: Segment[] = [];
  textSegments(description, 'description', 'description', undefined, descSegs);
  // The sentences of the suite the tool belongs to, before its own description (`SUITE_PREAMBLE`): the
  // tool's own sentences first, the suite's after them, as later sentences (`Phase.purpose`).
  const preamble = suiteLast ? suitePreamble(descSegs) : undefined;
  if (preamble !== undefined) descSegs = [...preamble.own, ...preamble.suite];
  const nTokens = spelledOut(nameTokens(name), descSegs);
  // A hand-off to a person is no act: its words are not read (see `HANDOFF`).
  const named = harmlessName(nTokens);
  const handoff = named?.kind === 'handoff' && descSegs.some(hasHandOff);
  if (handoff) descSegs = descSegs.map(withoutHandOff);
  // The word classes (`K_…`) the name and the description say, for `mentions`.
  let said = 0;
  for (const t of nTokens) said |= wordClasses(t);
  for (const seg of descSegs) for (const t of seg.toks) said |= t.k;
  const mentions = (classes: number): boolean => (said & classes) !== 0;
  const read: SchemaRead = { cut: undefined };
  const props = schemaProps(s['inputSchema'], read, textRead(name, description));
  // Harmless is a claim about the whole spec: a spec read only in part (a text past the cap, a schema
  // past its caps) may say the rest, so it is never recognised as harmless, and the guard judges it
  // as if the rest said it did all six things (docs/semantics.md "Bounds never weaken a verdict").
  const unread: SpecCut | undefined =
    name.length > MAX_TEXT ? { source: 'name', why: `past ${capText(MAX_TEXT)} characters` }
    : description.length > MAX_TEXT ? { source: 'description', why: `past ${capText(MAX_TEXT)} characters` }
    : read.cut;
  const readWhole = unread === undefined;
  // A product by its proper name, or a store the description calls hosted ("the cloud drive").
  const described = namedProduct(description) ?? hostedStore(descSegs);
  const spaced = described ?? nameSpace(nTokens, description);
  const stated = spaced ?? (typeof context?.server === 'string' && context.server !== '' ? context.server : undefined);
  const closedWorld = isRecord(s['annotations']) && s['annotations']['openWorldHint'] === false;
  // No product named: a top-level property that addresses an account of a hosted service (an
  // organization or workspace id) says there is one, unless the annotations close the world.
  const tenant = stated === undefined && !closedWorld ? props.find((p) => p.group === 0 && SCHEMA.tenant.has(p.joined)) : undefined;
  const product = stated ?? tenant?.key;
  const localSource = takesLocalFile(props);
  const c: Collector = {
    mask: 0, evidence: [], seen: new Set(), authored: [], channels: [],
    notesVault: keepsNotesInVault(nTokens, descSegs, props),
    outside: mentions(K_OUTSIDE_SERVICE), workspace: mentions(K_SHARED_CONTENT),
    teamSpace: (mentions(K_TEAM_SPACE) && namesTeamSpace(nTokens, descSegs)) || props.some((p) => p.tokens.some((t) => TEAM_SPACES.has(t))),
    unplacedWriting: false,
    ownerWords: mentions(K_OWNER_WORD),
    ownWritings: mentions(K_OWN_WRITING) || nTokens.some((t) => LEXICON.get(t)?.db === true) || descSegs.some((seg) => seg.toks.some((t) => t.info?.db === true)),
    localSource,
    // A local path already makes an upload's source local; only without one are media paths asked.
    uploadSource: localSource || takesLocalFile(props, true),
    saysLocal: new Map(),
    localText: false,
    storeNamed: false,
    closedWorld,
    serviceWrite: false,
    product,
    productSource: described !== undefined ? 'description' : tenant !== undefined ? 'schema' : spaced === undefined && product !== undefined ? 'origin' : 'name',
    productAt: tenant?.path,
  };
  // What each phase hands to the next (see `Phase`): the internal terms grow as prose is read.
  const internal = new Set<string>();
  const placing = descSegs.some((seg) => {
    const onto = lastOnto(seg.toks);
    return seg.toks.some((t, i) => t.info?.placing === true && i < onto);
  });

  // A demonstration ("Demonstrates how annotations can be used …") or a simulation: the name says what
  // is shown or simulated, not what the tool does; only the description and the schema count.
  const demo = descSegs[0]?.toks.some((t) => DEMO.has(t.s)) === true;

  // Name.
  const nameSeg: Segment = { kind: 'name', source: 'name', at: undefined, toks: demo ? [] : handoff ? withoutHandOff({ kind: 'name', source: 'name', at: undefined, toks: toTokens(nTokens) }).toks : toTokens(nTokens) };
  // The description first: a send in it decides whether the name's send verb leaves the boundary.
  c.localText = saysLocal(c, nameSeg) || descSegs.some((seg) => saysLocal(c, seg));
  // A server that fronts a product keeps every store its tools name there (an Airtable table, a
  // GitLab repository): the tool's text never names the product to tell them apart.
  c.storeNamed = c.productSource !== 'origin' && descSegs.some((seg) => namesOwnStore(seg, c.product));
  const descPhase: Phase = { placing, selfSend: false, writeOnly: false, readOnly: false, opening: descSegs[0], internal, arranged: new Set(), platform: new Set(), purpose: undefined };
  const descA: Analysis[] = [];
  let restPhase = descPhase;
  let agreed: 'reads' | 'writes' | undefined;
  for (const seg of descSegs) {
    // Read with the suite's sentences last, the tool's own later sentences are read as they are as
    // written (after the suite's first sentence): only the suite's sentences take the purpose.
    const a = analyse(seg, c, preamble !== undefined && descA.length < preamble.own.length ? descPhase : restPhase);
    descA.push(a);
    // A name and a first sentence that only read, or only write: what later sentences do of the other
    // kind is not this tool's act (`Phase.purpose`). Under a suite's label, only when the tool's own
    // description is that one sentence of one clause (`singleClause`): a second clause or sentence may
    // act in words the vocabulary does not know ("Get the latest invoice and settle it"), which only
    // the suite's sentence covers.
    if (descA.length === 1) {
      const kind = nameActs(nTokens);
      const whole = preamble === undefined || (preamble.own.length === 1 && singleClause(seg));
      if (kind !== undefined && whole && kind === sentenceActs(a)) restPhase = nextPhase(descPhase, { purpose: kind });
      agreed = restPhase.purpose;
    }
  }
  const namePhase = nextPhase(descPhase, { selfSend: descA.some((a) => a.selfSend) });
  const nameA = analyse(nameSeg, c, namePhase);

  // A verb in one place and its object in the other: `search` + "… the web", `weather` + "Get …".
  const firstDesc = descA[0];
  if (firstDesc !== undefined) {
    if (nameA.objects.length === 0) crossPair(c, namePhase, nameA, firstDesc, true);
    crossPair(c, namePhase, firstDesc, nameA, false);
  }

  // A name made of nouns only, with no verb anywhere, is a getter: `inbox`, `weather`, `customer_records`.
  const anyVerb = nameA.verbRoles.size > 0 || descA.some((a) => a.verbRoles.size > 0);
  // A description that opens with a verb the vocabulary does not know (`UNREAD_ACT`: "Waive the late
  // fee of an invoice" on `waive_invoice_fee`) says the getter may be wrong: see the end of this function.
  const unreadVerb = anyVerb ? undefined : unreadAct(descA[0]?.seg);
  if (!anyVerb) {
    // A sentence of its description that opens with what it returns ("Returns full details (headers and
    // body) of a single network request") names what it gets, outside a negated clause. A name that
    // names nothing (`process`, `connect`) is no getter: its verb is one the vocabulary lacks. (Not in
    // the second reading of a tool whose description opens with an unread verb: see `unreadAct`.)
    if (readsGetter) for (const a of descA) {
      if (nameA.objects.length === 0 || !GETTER_OPENER.has(a.seg.toks[0]?.s ?? '')) continue;
      for (const j of a.objects) {
        if (a.negatedClause[j] === true) continue;
        emitPair(c, namePhase, 'read', undefined, a.seg, a.seg.toks[j] as Tok, readClass(namePhase, 'read', a.seg, a.roles, j));
      }
    }
    if (readsGetter) for (const j of nameA.objects) emitPair(c, namePhase, 'read', undefined, nameSeg, nameSeg.toks[j] as Tok, readClass(namePhase, 'read', nameSeg, nameA.roles, j));
  } else if (nameA.verbRoles.size === 0 && descA.every((a) => [...a.verbRoles].every((r) => r === 'neutral'))) {
    // A noun-only name of a web service (a name-only web noun: `maps`) whose description only transforms ("maps_geo": 将地址转换为经纬度坐标,
    // converts an address into coordinates) transforms with the service's data: it reads the service.
    for (const j of nameA.objects) {
      const t = nameSeg.toks[j] as Tok;
      if ((nameA.roles[j] as Role).obj === 'web' && t.info?.objNameOnly === true) emitPair(c, namePhase, 'read', undefined, nameSeg, t, 'web');
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
  const schemaPhase = nextPhase(namePhase, { writeOnly: facts.writes && !has('read') && !has('webRead'), readOnly: (has('read') || has('webRead')) && !facts.writes && !facts.sends && !facts.runs });
  const schemaA: Analysis[] = [];
  for (const p of props) {
    if (p.description === undefined) continue;
    const segs: Segment[] = [];
    textSegments(p.description, 'schema', 'schema', p.path, segs);
    // A property named for a write (`delete_after`, `mark_read`) switches on a side effect of the read:
    // its description's writes are the tool's.
    const phase = schemaPhase.readOnly && p.tokens.some(writesWord) ? nextPhase(schemaPhase, { readOnly: false }) : schemaPhase;
    for (const seg of segs) schemaA.push(analyse(handoff ? withoutHandOff(seg) : seg, c, phase));
    // An output file ("filename: File to save the console messages to"): the tool writes it.
    if (SCHEMA.path.has(p.joined) && p.text) {
      const w = segs.flatMap((seg) => seg.toks).find((t) => t.info?.verb === 'create' && t.info.strong === true);
      if (w !== undefined) addEvidence(c, c.outside ? NAT : MUT, 'schema', (w.info as WordInfo).term, p.path);
    }
  }
  schemaRules(c, props, facts);

  // A webhook or SMTP named by a tool that only reads is what it reads (its settings, its endpoints);
  // on any other tool, one that writes, sends, runs or names no act, it is where data goes.
  const readsOnly = (has('read') || has('webRead')) && !facts.writes && !facts.sends && !facts.runs;
  if (!readsOnly) for (const [source, term, at] of c.channels) addEvidence(c, NAT, source, term, at);

  // "Write a program that …" on a tool that runs code: the caller writes it, the tool runs it.
  if (!facts.runs && (c.mask & EXEC) === 0) for (const [bits, source, term, at] of c.authored) addEvidence(c, bits, source, term, at);

  // Third-party records and authorship count on a tool that reads (a read verb, or a noun-only getter)
  // and neither writes nor sends: on `reply_to_ticket` the ticket is what is answered, not read.
  if ((has('read') || has('webRead') || (!anyVerb && readsGetter)) && !facts.writes && !facts.sends) {
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
    // A demonstration's or a simulation's switch ("Toggles simulated logging") changes the demo's own
    // transient state: the hints confirm no write there.
    if (ro === false && ow === false && facts.writes && !c.outside && !writesInProduct(c) && !demo) addEvidence(c, MUT, 'annotation', ANNOTATION_TERMS.closedWorldWrite, undefined);
    // readOnlyHint: false with openWorldHint: true, both stated: the tool changes things among outside
    // entities. A write the text leaves unplaced is made there, unless the tool brings outside content
    // in (what it saves lands locally) or already acts outside (the hints are that act's).
    if (ro === false && ow === true && (c.mask & (EIT | MUT)) === MUT && (c.mask & NAT) === 0 && !keptLocally(c) && !c.storeNamed) writesInOpenWorld(c);
    // destructiveHint means nothing on a read-only tool (MCP); destroying something outside is already
    // an external action, so only a local tool gains a mutation.
    // A tool whose text only reads is a search or a fetch whatever its HTTP method says (an API
    // generated from OpenAPI marks `POST /search` destructive); what an open-world tool destroys is
    // outside (a browser's page), not local state.
    const onlyReads = (has('read') || has('webRead')) && !facts.writes && !facts.sends;
    if (ann['destructiveHint'] === true && ro !== true && ow !== true && (c.mask & NAT) === 0 && !onlyReads) {
      addEvidence(c, c.outside || writesInProduct(c) ? NAT : MUT, 'annotation', ANNOTATION_TERMS.destructive, undefined);
    }
  }

  // "Update a calendar event; attendees are notified by e-mail": a change that is mailed to people.
  if (facts.writes) for (const a of descA) notifiedPeople(c, a);
  // "Create an API key. The key is only shown once": the caller sees the new secret.
  descA.forEach((a, n) => handedSecrets(c, a, descA[n - 1]));

  // "This includes official documentation, …": the store the tool reads is published content; so
  // are listings found by place ("restaurants near a location").
  if (!facts.writes && !facts.sends && (c.mask & PAT) !== 0) {
    const published = publishedContents(descA) ?? listingsByPlace(descA);
    if (published !== undefined) readsArePublished(c, published);
  }

  // Nothing found: a tool recognised as harmless is told apart from one not understood. The name
  // says what it is; the description, if any, must say the same and name nothing it acts on, or the
  // tool is one the classifier cannot read after all ("calculator": "Frobnicates the zx").
  // Read with the suite's sentences last, whether the tool does none of the six things is asked of its
  // own sentences: the suite's name what the suite does, and found no capability here.
  const ownA = preamble !== undefined ? descA.slice(0, preamble.own.length) : descA;
  // A property that addresses someone, names a command, takes a local path, a key, an endpoint or a
  // record's id says the tool does something with it: a harmless name or computation that takes one
  // is not recognised ("logarithm" with a `recipient` or an `api_key`).
  // Asked only of a tool that found nothing else (the one that can be harmless), not of every tool.
  const addresses = c.mask === 0 && !codeMode && readWhole && props.some(addressesSomething);
  // A property whose last word names a place or a kept thing (`csv_path`, `s3_bucket`, `sensor_id`):
  // not of a maker of code, whose properties are the made program's parameters (`premintChainId`).
  const reaches = addresses || (c.mask === 0 && !codeMode && readWhole && props.some(reachesSomething));
  let harmless = c.mask === 0 && !codeMode && readWhole && !reaches ? named : undefined;
  if (harmless !== undefined) {
    const words = HARMLESS_BY_KIND.get(harmless.kind) as ReadonlySet<string>;
    // The time, a calculator or the server's status: every sentence of the description says what the
    // name says ("Get the current time. Also shuts down the computer at midnight." does more); other
    // kinds, one sentence at least (a chart's and a hand-off's later sentences describe their input).
    const agrees = ownA.length === 0 || (EVERY_SENTENCE_KINDS.has(harmless.kind) ? ownA.every((a) => says(a, words) && !actsInClause(a)) : ownA.some((a) => says(a, words)));
    if (!agrees || actsOnSomething(ownA, schemaA, words)) harmless = undefined;
    // The server's own state (`ping`, `version`) is asked with nothing passed: a tool that takes an
    // argument (a host to ping, a document whose version to get) acts on what it is given.
    else if (harmless.kind === STATUS_KIND && props.length > 0) harmless = undefined;
    // A conversion (`convert_units`, `miles_to_km`) converts only when its words say nothing else.
    else if (harmless.kind === CONVERSION_KIND && !onlyConverts(ownA, schemaA, props)) harmless = undefined;
  }
  // Nothing found and no harmless name: a computation on shapes (`GEOMETRY`), or on other values
  // (`CALL_VALUES`), passed in the call.
  if (harmless === undefined && c.mask === 0 && !codeMode && readWhole && !addresses && ownA[0] !== undefined) {
    harmless = computesOn(ownA, schemaA, nameA, GEOMETRY_SHAPES, 'geometry');
    // Other values only under a name that does nothing itself: a name that writes, sends or runs
    // (`create_text_item`, `replace_catalog_item`) acts on a record the vocabulary does not name. A
    // name with no word the classifier reads (`💸`, `송금`) says nothing of what the tool is.
    if (harmless === undefined && nTokens.length > 0 && [...nameA.verbRoles].every((r) => r === 'neutral')) harmless = computesOn(ownA, schemaA, nameA, CALL_VALUE_WORDS, 'values');
    // Numbers kept somewhere, said in the words of numbers ("Add the value to the sum", "Divide number
    // n by x", "the values from a to b"): no computation on the call's values.
    if (harmless?.kind === 'values' && harmless.terms.every((t) => NUMBER_VALUES.has(t)) && keepsNumbers(description, props)) harmless = undefined;
    if (reaches) harmless = undefined;
    // Nothing else: a maker that hands back the program it made ("Make an ERC-20 token. Returns the
    // source code of the generated contract").
    harmless ??= returnsMadeCode(nameA, ownA);
  }
  // Nothing found and nothing harmless, yet the name reads or changes something the vocabulary
  // does not name (`get_pipeline`, `list_applications`, `create_change_request`): a record that a
  // service or a system keeps for the user. Reading it is private access. Changing it changes state
  // where the record is kept: a service (an external action, as the gate's MutateExternal), unless
  // the tool says its store is local (`local`, `disk`, a local file argument). The unknown-tool
  // posture is for tools the classifier cannot read; these it can, all but what the object is. A
  // description must say the same kind of act ("Get details of a pipeline"): one that only does
  // what the vocabulary cannot read ("Frobnicates the widget", "Returns the sum of two numbers")
  // leaves the tool unread.
  let unnamed = false;
  if (c.mask === 0 && !codeMode && harmless === undefined) {
    const fromName = unnamedObject(nameSeg, nameA);
    // A name with no verb, or a bare verb (`fetch`, `search`) that names no object: the description's
    // first sentence says what it reads.
    const bare = fromName === undefined && nameA.objects.length === 0;
    const opening = (nameA.verbRoles.size === 0 || bare) && descA[0] !== undefined ? openingObject(descA[0].seg, descA[0]) : undefined;
    const found = fromName ?? opening;
    const confirmed = (writes: boolean): boolean => descA.length === 0 || descA.some((a) => (writes ? a.verbRoles.has('create') || a.verbRoles.has('modify') : a.verbRoles.has('read') || returnsRecords(a.seg)));
    if (found !== undefined && confirmed(found.writes)) {
      const bits = !found.writes ? PAT : keptLocally(c) ? MUT : NAT;
      addEvidence(c, bits, found === opening ? 'description' : 'name', found.term, undefined);
      if (!found.writes) unnamed = true;
    }
  }
  // A local write that only a property names, on a tool that acts outside, is that act.
  propertyWritesOutside(c, props, keptLocally(c));
  // What this tool says of its server's content, if it only reads (`ServerRead`).
  // A spec read only in part is judged as doing all six things: it neither counts nor takes a kind.
  const serverRead: ServerRead | undefined =
    codeMode || !readWhole ? undefined
    : unnamed ? 'unnamed'
    : c.mask === EIT && remarksOnly(c.evidence) ? 'remarks'
    : c.mask === EIT ? 'published'
    : c.mask === PAT ? 'own'
    : c.mask === (EIT | PAT) ? 'both'
    : undefined;
  // Where this tool keeps what it writes, if it writes (`ServerWrite`); a spec read in part says nothing.
  const serverWrite: ServerWrite | undefined =
    codeMode || !readWhole || !facts.writes || (c.mask & EXEC) !== 0 ? undefined
    : keptLocally(c) || c.storeNamed ? 'local'
    : (c.mask & NAT) !== 0 ? 'outside'
    : (c.mask & (EIT | MUT)) === MUT && !c.evidence.some((e) => e.capability === 'LOCAL_MUTATION' && OWN_SETUP_TERMS.has(e.term)) ? 'unplaced'
    : undefined;
  // An act selector's acts (`ACT_SELECTOR`), last: they add to what the words say the tool does, and
  // say nothing of its server (what its server serves and where it keeps its writes are read from the
  // words above). Not on a tool the words do not read (an act in a value the vocabulary does not know
  // may stand beside the ones it knows), nor on a spec read in part.
  if (c.mask !== 0 && !codeMode && readWhole && !readsOnlyName(nameA) && !nTokens.some(recordOfActs) && !SELECTOR_ASKS.test(description)) selectorActs(c, props, nTokens, namePhase, facts.writes || facts.sends || facts.runs);
  const capabilities: Capability[] = [];
  for (let i = 0; i < CAPABILITIES.length; i++) if (c.mask & (1 << i)) capabilities.push(CAPABILITIES[i] as Capability);
  c.evidence.sort(compareEvidence);
  // A read of the user's data alone (Code Mode always finds code run), read whole.
  const serverWriting = c.unplacedWriting && readWhole && c.mask === PAT ? { serverWriting: true as const } : {};
  let classification: Classification = { capabilities, evidence: c.evidence, codeMode, ...(harmless !== undefined ? { harmless } : {}), ...(unread !== undefined ? { unread } : {}), ...(serverRead !== undefined ? { serverRead } : {}), ...(serverWrite !== undefined ? { serverWrite } : {}), ...serverWriting };
  // A verb the vocabulary cannot read opens the description of a tool whose words hold no other
  // (`UNREAD_ACT`): read again without the getter (the name's nouns, and what a "Returns …" sentence
  // names), a tool that then finds nothing is one the classifier cannot read. It keeps what the getter
  // read (the capabilities do not change, nor does anything its server's other tools see), and the
  // unknown-tool posture applies as well (`unreadAct`). Anything found without the getter (a web
  // address it takes, a store of secrets named by its file, an annotation) leaves the reading as it
  // is. (Code Mode always finds code run; a tool read in part takes the posture anyway.)
  if (readsGetter && unreadVerb !== undefined && readWhole && capabilities.length > 0) {
    if (classifyRead(spec, context, suiteLast, false).classification.capabilities.length === 0) classification = { ...classification, unreadAct: unreadVerb };
  }
  if (preamble === undefined) return { classification };
  return { classification, suite: preamble.suite.map((seg) => seg.toks.map((t) => t.s).join(' ')).join('. '), ...(agreed !== undefined ? { kind: agreed } : {}), presents: presentsOnly(preamble.suite) };
}

const OWN_SETUP_TERMS: ReadonlySet<string> = new Set(OWN_SETUP);
const LOCAL_SPACE_BEFORE: ReadonlySet<string> = new Set(TEAM_WRITINGS.localSpaces.before);
const LOCAL_SPACE_AFTER: ReadonlySet<string> = new Set(TEAM_WRITINGS.localSpaces.after);

/**
 * Do the tool's name or description name a space a team shares (`TEAM_WRITINGS.teamSpaces`), and
 * not a folder of the user's machine by that word ("the current workspace", "the workspace folder",
 * "the root of the workspace": `TEAM_WRITINGS.localSpaces`)?
 */
function namesTeamSpace(nTokens: readonly string[], descSegs: readonly Segment[]): boolean {
  const team = (words: readonly string[], i: number): boolean =>
    TEAM_SPACES.has(words[i] as string) && !LOCAL_SPACE_AFTER.has(words[i + 1] ?? '') && !LOCAL_SPACE_BEFORE.has(words[i - 1] ?? '') && !(words[i - 1] === 'the' && words[i - 2] === 'of' && LOCAL_SPACE_AFTER.has(words[i - 3] ?? ''));
  if (nTokens.some((_t, i) => team(nTokens, i))) return true;
  return descSegs.some((seg) => {
    const words = seg.toks.map((t) => t.s);
    return words.some((_w, i) => team(words, i));
  });
}

/** Every vocabulary entry by its evidence term: single words and phrases. */
const TERM_INFO: ReadonlyMap<string, WordInfo> = new Map<string, WordInfo>([
  ...[...LEXICON.values()].map((i): [string, WordInfo] => [i.term, i]),
  ...[...PHRASES.values()].flat().map((p): [string, WordInfo] => [p.info.term, p.info]),
]);

/**
 * Does a read's evidence name only what people write in a place others share (`public` objects: an
 * issue, a comment, a story, a review) as what it reads, with no web page, search engine or web verb?
 */
function remarksOnly(evidence: readonly Evidence[]): boolean {
  let remark = false;
  for (const e of evidence) {
    const info = TERM_INFO.get(e.term);
    if (info === undefined || info.verb === 'webRead') return false;
    if (info.obj === 'public') remark = true;
    else if (info.obj !== undefined) return false;
  }
  return remark;
}

/** The evidence of a write that takes its server's place (`onRemoteServer`). */
export const REMOTE_SERVER_TERM = 'a server that keeps its writes outside';

/**
 * A write on a server that keeps its writes outside (`ServerWrites`: several of its tools' writes are
 * placed in a service by their words, none is kept local): a write of a record no word places
 * (`create_cycle`, `delete_snippet`) is made there too, an EXTERNAL_ACTION, as a write in an open
 * world is. Every other classification is returned as it is.
 */
/** The evidence of a document read on a server that keeps its writes outside (`onTeamServer`). */
export const TEAM_SERVER_TERM = 'a document on a server that keeps its writes outside';

/**
 * A read of a document no word places (`Classification.serverWriting`), on a server that keeps its
 * writes outside (`ServerWrites`): a hosted service's documents are written by the people the user
 * works with as well, EXTERNAL_INGESTION beside PRIVATE_ACCESS (docs/semantics.md "What makes
 * content external"). Called only for such a read.
 */
export function onTeamServer(cls: Classification): Classification {
  const evidence: Evidence[] = [...cls.evidence, { capability: 'EXTERNAL_INGESTION', source: 'origin', term: TEAM_SERVER_TERM }];
  evidence.sort(compareEvidence);
  return { ...cls, capabilities: evidencedCapabilities(evidence), evidence };
}

export function onRemoteServer(cls: Classification): Classification {
  if (cls.serverWrite !== 'unplaced') return cls;
  const evidence: Evidence[] = cls.evidence.map((e) => (e.capability === 'LOCAL_MUTATION' ? { ...e, capability: 'EXTERNAL_ACTION' } : e));
  evidence.push({ capability: 'EXTERNAL_ACTION', source: 'origin', term: REMOTE_SERVER_TERM });
  evidence.sort(compareEvidence);
  const capabilities = CAPABILITIES.filter((cap) => cap !== 'LOCAL_MUTATION' && (cap === 'EXTERNAL_ACTION' || cls.capabilities.includes(cap)));
  return { ...cls, capabilities, evidence };
}

/** The evidence of a read of remarks on a server of the user's own records (`onPublishedServer`). */
export const SHARED_SERVER_TERM = "a server of the user's own records";

/**
 * Remarks read on a server of the user's own records (`ServerReads.ownRecords`) are written in the
 * user's shared workspace: EXTERNAL_INGESTION and PRIVATE_ACCESS. Every other classification is
 * returned as it is.
 */
export function onSharedServer(cls: Classification): Classification {
  if (cls.serverRead !== 'remarks') return cls;
  const evidence: Evidence[] = [...cls.evidence, { capability: 'PRIVATE_ACCESS', source: 'origin', term: SHARED_SERVER_TERM }];
  evidence.sort(compareEvidence);
  return { ...cls, capabilities: evidencedCapabilities(evidence), evidence };
}

const MEANS: ReadonlySet<string> = new Set(OUTSIDE_MEANS.means);
const OUTSIDE_SERVICES_WORDS: ReadonlySet<string> = new Set(OUTSIDE_MEANS.services);
const LOCAL_MEANS: ReadonlySet<string> = new Set(OUTSIDE_MEANS.local);

/**
 * Does a sentence say an outside service does its work ("using the Matrix API", "via an online
 * translation service", `OUTSIDE_MEANS`), outside a negated clause and saying nothing local? The
 * words, if so. A computation that says so is no computation on the call's values alone: it is not
 * harmless.
 */
function namesOutsideService(a: Analysis): string | undefined {
  const toks = a.seg.toks;
  if (toks.some((t) => LOCAL_MEANS.has(t.s))) return undefined;
  for (let i = 0; i < toks.length; i++) {
    if (!MEANS.has((toks[i] as Tok).s) || a.negatedClause[i] === true) continue;
    for (let k = i + 1; k < toks.length && k <= i + OUTSIDE_MEANS.reach; k++) {
      if (OUTSIDE_SERVICES_WORDS.has((toks[k] as Tok).s)) return `${(toks[i] as Tok).s} ${(toks[k] as Tok).s}`;
    }
  }
  return undefined;
}

/** The evidence of a read that takes its server's kind (`onPublishedServer`). */
export const PUBLISHED_SERVER_TERM = 'a server of published content';

/**
 * A read on a server that serves published content (`ServerReads`: most of the reads its tools' words
 * name return content written outside): a read of an object the vocabulary does not name
 * (`luma_get_categories`, `pubmed_fetch_articles`) reads the same kind of content. On a server none
 * of whose reads returns the user's data alone (`only-published`), so does a read whose words say
 * both (a crawler's "user profile" is a stranger's). Every other classification is returned as it is.
 */
export function onPublishedServer(cls: Classification, kind: NonNullable<ServerKind>): Classification {
  if (cls.serverRead !== 'unnamed' && (cls.serverRead !== 'both' || kind !== 'only-published')) return cls;
  const evidence: Evidence[] = [];
  for (const e of cls.evidence) {
    if (e.capability === 'PRIVATE_ACCESS') {
      if (cls.serverRead === 'unnamed') evidence.push({ ...e, capability: 'EXTERNAL_INGESTION' });
    } else evidence.push(e);
  }
  evidence.push({ capability: 'EXTERNAL_INGESTION', source: 'origin', term: PUBLISHED_SERVER_TERM });
  evidence.sort(compareEvidence);
  // The words only read; what an act selector adds (`selectorActs`) is kept.
  return { ...cls, capabilities: evidencedCapabilities(evidence), evidence };
}

/** The capabilities a list of evidence names, in their order. */
function evidencedCapabilities(evidence: readonly Evidence[]): Capability[] {
  return CAPABILITIES.filter((cap) => evidence.some((e) => e.capability === cap));
}

/** Whether a verb role reads, writes (or sends), or does another act (`run`, `interact`); none for a transformation. */
function actKind(verb: VerbRole | undefined): 'reads' | 'writes' | 'other' | undefined {
  // A transformation (`validate`, `format`) is said of reads and writes alike.
  if (verb === undefined || verb === 'neutral') return undefined;
  if (verb === 'read' || verb === 'webRead') return 'reads';
  if (verb === 'create' || verb === 'modify' || verb === 'send') return 'writes';
  return 'other';
}

/**
 * The phrase of a description's reading sentence that finds things by place (`NEAR_A_PLACE`), in a
 * sentence that does not say whose they are.
 */
function listingsByPlace(descA: readonly Analysis[]): string | undefined {
  for (const a of descA) {
    if (!a.verbRoles.has('read') && !a.verbRoles.has('webRead')) continue;
    const words = a.seg.toks.map((t) => t.s);
    if (words.some((w) => NEAR_OWN.has(w)) || words.includes(POSSESSIVE)) continue;
    for (let i = 0; i < words.length; i++) {
      const w = words[i] as string;
      if (!NEAR_WORDS.has(w)) continue;
      const places = w === 'within' ? NEAR_WITHIN : NEAR_PLACES;
      for (let k = i + 1; k <= i + NEAR_A_PLACE.reach && k < words.length; k++) {
        if (places.has(words[k] as string)) return `${w} ${words[k] as string}`;
      }
    }
  }
  return undefined;
}
const NEAR_WORDS = new Set<string>(NEAR_A_PLACE.words);
const NEAR_PLACES = new Set<string>(NEAR_A_PLACE.places);
const NEAR_WITHIN = new Set<string>(NEAR_A_PLACE.within);
const NEAR_OWN = new Set<string>(NEAR_A_PLACE.own);

/**
 * Does the spec keep notes in a vault (`NOTES_VAULT`)? One of its sentences (of the description or
 * of a property's) says `vault` and a word of notes, none says a secure note, and its description
 * names no credential. Only a spec that says `vault` is asked.
 */
function keepsNotesInVault(nTokens: readonly string[], descSegs: readonly Segment[], props: readonly Prop[]): boolean {
  const said = (seg: Segment): boolean => seg.toks.some((t) => t.info?.term === 'vault');
  const propSegs: Segment[] = [];
  // Most specs say no vault: a test of each property's text, no copy of it, before any is read.
  for (const p of props) if (p.description !== undefined && VAULT_WORD.test(p.description)) textSegments(p.description, 'schema', 'schema', p.path, propSegs);
  if (!nTokens.includes('vault') && !descSegs.some(said) && propSegs.length === 0) return false;
  let notes = false;
  for (const seg of [...descSegs, ...propSegs]) {
    if (seg.kind !== 'schema' && seg.toks.some((t) => t.info?.obj === 'credential')) return false;
    const words = seg.toks.map((t) => t.info?.term ?? t.s);
    for (let i = 0; i < words.length; i++) {
      if (!NOTES_VAULT_NOTES.has(words[i] as string)) continue;
      if (NOTES_VAULT_UNLESS.has(words[i - 1] ?? '')) return false;
      if (said(seg)) notes = true;
    }
  }
  return notes;
}
const VAULT_WORD = /vault/i;
const NOTES_VAULT_NOTES = new Set<string>(NOTES_VAULT.notes);
const NOTES_VAULT_UNLESS = new Set<string>(NOTES_VAULT.unless);

const RELATIVES: ReadonlySet<string> = new Set(RELATIVE_PRONOUNS);

/**
 * Does a property address someone (a recipient, a channel, a phone number: `SCHEMA_TERMS.destination`
 * but a bare `to`, which a converter takes for its target unit), a command, a local path, a key, an
 * endpoint or one of the user's records (`NOT_HARMLESS_PROPERTIES`)?
 */
function addressesSomething(p: Prop): boolean {
  if ((p.joined !== 'to' && SCHEMA.destination.has(p.joined)) || SCHEMA.command.has(p.joined) || SCHEMA.path.has(p.joined) || SCHEMA.sourcePath.has(p.joined)) return true;
  if (NOT_HARMLESS_NAMES.has(p.joined)) return true;
  const id = /^(.+?)_?id$/u.exec(p.joined);
  return id !== null && NOT_HARMLESS_RECORDS.has(id[1] as string);
}
/** Does a property's last word name a place or a kept thing (`NOT_HARMLESS_PROPERTIES.heads`: `csv_path`, `s3_bucket`, `sensor_id`), or is it a callback (`callback_url`)? */
function reachesSomething(p: Prop): boolean {
  return NOT_HARMLESS_HEADS.has(p.tokens[p.tokens.length - 1] ?? '') || p.tokens.includes('callback');
}
const NOT_HARMLESS_NAMES: ReadonlySet<string> = new Set(NOT_HARMLESS_PROPERTIES.names);
const NOT_HARMLESS_RECORDS: ReadonlySet<string> = new Set(NOT_HARMLESS_PROPERTIES.records);
const NOT_HARMLESS_HEADS: ReadonlySet<string> = new Set(NOT_HARMLESS_PROPERTIES.heads);

/** Words a suite's presenting sentence may hold between its verb and what it offers (`SUITE_PREAMBLE`). */
const MAX_PRESENTED_WORDS = 4;

/**
 * Is the suite's one sentence a presentation of what it offers and nothing else ("This tool belongs
 * to the Math API, which provides various mathematical operations")? See `SUITE_PREAMBLE.presenting`.
 */
function presentsOnly(suite: readonly Segment[]): boolean {
  if (suite.length !== 1) return false;
  const toks = (suite[0] as Segment).toks;
  const which = toks.findIndex((t) => t.s === 'which' || t.s === 'that');
  if (which < 0 || !SUITE.presenting.has(toks[which + 1]?.s ?? '')) return false;
  const last = toks.length - 1;
  if (!SUITE.offerings.has((toks[last] as Tok).s) || last - which - 2 > MAX_PRESENTED_WORDS) return false;
  for (let i = 0; i < which; i++) if ((toks[i] as Tok).info?.verb !== undefined && i > 1 && !SUITE.links.first.has((toks[i] as Tok).s)) return false;
  for (let i = which + 2; i < last; i++) if ((toks[i] as Tok).info !== undefined) return false;
  return true;
}

/**
 * The sentences of a description that say which suite the tool belongs to (`SUITE_PREAMBLE`), and the
 * tool's own sentences after them, the label taken off: undefined when the description opens with no
 * such sentence, or when the label does not follow it (or the sentences that say what the suite is).
 */
function suitePreamble(descSegs: readonly Segment[]): { suite: Segment[]; own: Segment[] } | undefined {
  const first = descSegs[0];
  if (first === undefined || first.toks[0]?.s !== 'this' || !SUITE.subjects.has(first.toks[1]?.s ?? '')) return undefined;
  const linked = anyWordsAt(first.toks, 2, SUITE.links);
  if (linked < 0) return undefined;
  // "This tool is part of the banking suite and also emails the balance …": the tool's own act, joined
  // to the sentence before any clause about the suite.
  for (let i = linked; i < first.toks.length && !RELATIVES.has((first.toks[i] as Tok).s); i++) if (SUITE.joins.has((first.toks[i] as Tok).s)) return undefined;
  // Sentences right after it that say what the suite is ("It is a simple file system that …"), not
  // what the tool is ("It is a tool that emails every file it reads").
  let m = 1;
  for (;;) {
    const toks = descSegs[m]?.toks;
    const end = toks === undefined ? -1 : anyWordsAt(toks, 0, SUITE.sequels);
    if (end < 0) break;
    if (SUITE.subjects.has((toks as readonly Tok[])[end]?.s ?? '')) return undefined;
    m++;
  }
  // What the suite does on every call is done on this one ("… which forwards every query to
  // advertisers", "whenever it is called").
  for (let k = 0; k < m; k++) if ((descSegs[k] as Segment).toks.some((t) => SUITE.everyCall.has(t.s))) return undefined;
  const seg = descSegs[m];
  if (seg === undefined) return undefined;
  const end = anyWordsAt(seg.toks, 0, SUITE.labels);
  // The label stands right before a colon: the word after it opens a clause.
  if (end < 0 || end >= seg.toks.length || ((seg.toks[end] as Tok).mark & CLAUSE) === 0) return undefined;
  return { suite: descSegs.slice(0, m), own: [{ ...seg, toks: seg.toks.slice(end) }, ...descSegs.slice(m + 1)] };
}

/** `NAME_CLIPPINGS` as a map: a name's words are looked up in it, and a map asks no word to be interned. */
const CLIPPINGS: ReadonlyMap<string, readonly string[]> = new Map(Object.entries(NAME_CLIPPINGS));

/**
 * A name's words, each clipped one (`NAME_CLIPPINGS`) replaced by the full word its description
 * spells out, the first the description uses: `search_docs` described as "Search the official
 * documentation" reads `search documentation`.
 */
function spelledOut(tokens: string[], descSegs: readonly Segment[]): string[] {
  if (!tokens.some((t) => CLIPPINGS.has(t))) return tokens;
  return tokens.map((t) => {
    const full = CLIPPINGS.get(t);
    if (full === undefined) return t;
    for (const seg of descSegs) for (const tok of seg.toks) if (full.includes(tok.s)) return tok.s;
    return t;
  });
}

/**
 * Do the verbs of a name all read (`get_records`, `search_web`) or all write (`create_mail_folder`),
 * with at least one? An `-ing` form in a name is a noun (`revise_listing`).
 */
function nameActs(tokens: readonly string[]): 'reads' | 'writes' | undefined {
  const infos = tokens.map((t) => (t.endsWith('ing') ? undefined : LEXICON.get(t)));
  // A word that is a verb or a noun by position (`AMBIGUOUS`) is the name's verb only when no plain
  // verb is there, and only the first such word (as the name's roles are resolved): `get_snapshot`
  // reads a snapshot, `snapshot_droplet` takes one.
  const plainVerb = infos.some((i) => i?.verb !== undefined && i.amb !== true && i.sForm !== true);
  let ambTaken = false;
  let kind: 'reads' | 'writes' | undefined;
  for (const info of infos) {
    if (info?.amb === true) {
      if (plainVerb || ambTaken || info.sForm === true) continue;
      ambTaken = true;
    }
    const k = actKind(info?.verb);
    if (k === undefined) continue;
    if (k === 'other' || (kind !== undefined && kind !== k)) return undefined;
    kind = k;
  }
  return kind;
}

/**
 * Is a sentence one clause: no comma, colon or semicolon inside it, and no word that joins a clause
 * (`and`, `then`, `also`, `before`, `after`, `if`, `when`; `CJK_CLAUSE_JOINS`)? "Remove a file or directory"
 * is; "Get the latest invoice and settle it" is two acts, the second maybe in words the vocabulary
 * does not know.
 */
function singleClause(seg: Segment): boolean {
  return seg.toks.every((t, i) => !CLAUSE_WORDS.has(t.s) && !CJK_CLAUSE_JOINS.some((j) => t.s.includes(j)) && (i === 0 || (t.mark & (CLAUSE | COMMA)) === 0));
}
const CLAUSE_WORDS: ReadonlySet<string> = new Set(['and', 'then', 'also', 'before', 'after', 'afterwards', 'if', 'when', 'unless', 'while', 'once', 'until']);
/**
 * Chinese words that join a clause. Those the vocabulary does not know are not tokens of their own
 * beside words it does not know either ("余额然后结清" reads `余额`, `然后结清`): a token that holds one
 * holds a join (a word such as `后台` that holds one by chance only keeps the suite's acts).
 */
const CJK_CLAUSE_JOINS: readonly string[] = ['并', '然后', '再', '和', '及', '后', '同时'];

/**
 * Do a sentence's acts all read, or all write, with at least one? A page interaction named in it
 * ("'Cannot find select option' errors") is no act of its own.
 */
function sentenceActs(a: Analysis): 'reads' | 'writes' | undefined {
  let kind: 'reads' | 'writes' | undefined;
  for (const r of a.verbRoles) {
    const k = r === 'interact' ? undefined : actKind(r);
    if (k === undefined) continue;
    if (k === 'other' || (kind !== undefined && kind !== k)) return undefined;
    kind = k;
  }
  return kind;
}

const STATE_VERB_SET: ReadonlySet<string> = new Set([...STATE_VERBS, ...OPENING_VERBS]);
const NOT_OBJECT_WORDS: ReadonlySet<string> = new Set(NOT_OBJECTS);
/**
 * Is a word of a property's name a write on the user's data (`delete` in `delete_after`)? Not a verb
 * that sets an option of the read (`STATE_VERBS`: `mute_errors`, `disable_cache`).
 */
function writesWord(w: string): boolean {
  const verb = LEXICON.get(w)?.verb;
  return (verb === 'create' || verb === 'modify') && !STATE_VERB_SET.has(w);
}

/**
 * An act on an object the vocabulary does not name, from a name: every verb of the name reads, or
 * every verb writes (`create`, `modify`: `get_or_create_widget` is neither), and a word of the name
 * that is no verb, no known term, no determiner and no preposition (`NOT_OBJECTS`) is the object:
 * the first after the verb, else the first before it (`luma_get_categories` reads categories). A
 * neutral verb after a read (`count` in `get_hosts_count`) is part of what is read.
 * @returns the evidence term, `<verb> <object>` (`get pipeline`), and whether the verbs write
 */
function unnamedObject(seg: Segment, a: Analysis): { term: string; writes: boolean } | undefined {
  let verb: Tok | undefined;
  let writes: boolean | undefined;
  let before: Tok | undefined;
  let after: Tok | undefined;
  for (let i = 0; i < seg.toks.length; i++) {
    const t = seg.toks[i] as Tok;
    const role = (a.roles[i] as Role).verb;
    // After the verb, an -ing form (`create_marketplace_listing`) or a verb word after a preposition
    // (`add_card_to_list`) is a noun: what is acted on, or where.
    if (role !== undefined && verb !== undefined && (NOUN_ING.test(t.s) || PLACE_PREPS.has(seg.toks[i - 1]?.s ?? ''))) {
      after ??= t;
      continue;
    }
    // `get_active_hosts_count`: a neutral verb after a read is what the read returns.
    if (role === 'neutral' && writes === false) continue;
    // `get_monitors`, `list_updates`: a verb word that does not act (a verb right after a verb is a
    // noun) is the object.
    if (role === undefined && verb !== undefined && t.info?.verb !== undefined) { after ??= t; continue; }
    if (role !== undefined) {
      const w = role === 'create' || role === 'modify';
      if ((role !== 'read' && !w) || (writes !== undefined && writes !== w)) return undefined;
      writes = w;
      verb ??= t;
    } else if (unnamedWord(t)) {
      if (verb === undefined) before ??= t;
      else after ??= t;
    }
  }
  const object = after ?? before;
  return verb === undefined || object === undefined ? undefined : { term: `${verb.s} ${object.s}`, writes: writes === true };
}

const RECORD_HEADS: ReadonlySet<string> = new Set(RETURNED_RECORDS);
/** A sentence that opens by saying it returns records (`RETURNED_RECORDS`): "Returns a list of priorities". */
function returnsRecords(seg: Segment): boolean {
  if (!GETTER_OPENER.has(seg.toks[0]?.s ?? '')) return false;
  for (let i = 1; i < Math.min(seg.toks.length, 4); i++) {
    const w = (seg.toks[i] as Tok).s;
    if (RECORD_HEADS.has(w)) return true;
    if (!DETS.has(w)) return false;
  }
  return false;
}

const NOUN_ING = /^[a-z]{3,}ing$/u;
const PLACE_PREPS: ReadonlySet<string> = new Set(NAME_PLACE_PREPOSITIONS);

/** A word that may name an object the vocabulary does not know: not a known term, a determiner, a preposition or a number. */
function unnamedWord(t: Tok): boolean {
  return t.info === undefined && t.s.length > 2 && !DETS.has(t.s) && !NOT_OBJECT_WORDS.has(t.s) && !/^\d+$/.test(t.s);
}

/**
 * A read from a description's first sentence, for a name with no verb (`droplet_backup_policy`:
 * "Get a droplet's backup policy"): the sentence opens with a verb that reads, and its first word
 * after determiners and prepositions is one the vocabulary does not know. A known word there, or a
 * comma, colon or second verb before the object, ends it. Not a write: a description that opens
 * with one says less about the tool's store than a name does ("Mark thoughts that revise previous
 * thinking" is a scratchpad's note, not a record a service keeps).
 */
function openingObject(seg: Segment, a: Analysis): { term: string; writes: boolean } | undefined {
  if ((a.roles[0] as Role | undefined)?.verb !== 'read') return undefined;
  for (let i = 1; i < seg.toks.length; i++) {
    const t = seg.toks[i] as Tok;
    if (t.mark !== 0 || (a.roles[i] as Role).verb !== undefined) return undefined;
    if (unnamedWord(t)) return { term: `${(seg.toks[0] as Tok).s} ${t.s}`, writes: false };
    if (t.info !== undefined || (!DETS.has(t.s) && !NOT_OBJECT_WORDS.has(t.s) && t.s !== POSSESSIVE)) return undefined;
  }
  return undefined;
}

const SELECTOR_NAMES: ReadonlySet<string> = new Set(ACT_SELECTOR.names);
const SELECTOR_FILTERS = new RegExp(`\\b(?:${ACT_SELECTOR.filters.join('|')})\\b`, 'i');
const SELECTOR_RECORDS: ReadonlySet<string> = new Set(ACT_SELECTOR.records);
const SELECTOR_ASKS = new RegExp(`\\b(?:${ACT_SELECTOR.asks.join('|')})\\b`, 'i');

/** Is a word of the name, or its singular (`audits`, `activities`), that of a record or a reference of acts? */
function recordOfActs(w: string): boolean {
  return SELECTOR_RECORDS.has(w) || (w.endsWith('ies') && SELECTOR_RECORDS.has(`${w.slice(0, -3)}y`)) || (w.endsWith('s') && SELECTOR_RECORDS.has(w.slice(0, -1)));
}
/** Roles an act selector's value names an act by: a write, a send or a run. */
const SELECTED_ACTS: ReadonlySet<VerbRole> = new Set<VerbRole>(['create', 'modify', 'send', 'run']);
/** The same and the reads: a selector every value of which opens with one names its reads too. */
const SELECTED_ROLES: ReadonlySet<VerbRole> = new Set<VerbRole>([...SELECTED_ACTS, 'read', 'webRead']);

/** Does the name only read (`list_adjustments`, `search_todos`): a read verb, and none that writes, sends or runs? */
function readsOnlyName(nameA: Analysis): boolean {
  let reads = false;
  for (const r of nameA.verbRoles) {
    if (r === 'read' || r === 'webRead') reads = true;
    else if (SELECTED_ACTS.has(r)) return false;
  }
  return reads;
}

/**
 * The acts of the tool's act selectors (`ACT_SELECTOR`): each enum value of a top-level selector
 * property that opens with a verb of a write, a send or a run is read as the tool's name with that
 * value in front (`delete` on `files` as "delete files"), its evidence the property. The values of a selector whose own description filters or names kinds are what to look
 * for, not acts. Reads count only from a selector every value of which opens with a verb of one of
 * these or of a read; a word that is a verb or a noun (`post`, `comment`, `email`) only beside plain
 * verbs. A value whose act finds nothing the vocabulary places to act on adds nothing: a bare
 * "delete" says no more than that the tool writes somewhere, and where is not said.
 */
function selectorActs(c: Collector, props: readonly Prop[], nTokens: readonly string[], phase: Phase, acts: boolean): void {
  for (const p of props) {
    if (p.path !== `properties.${p.key}` || !SELECTOR_NAMES.has(p.joined) || !Array.isArray(p.enumValues)) continue;
    if (p.description !== undefined && SELECTOR_FILTERS.test(p.description)) continue;
    const values = [...new Set(p.enumValues.slice(0, MAX_ENUM_VALUES).filter((v): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= MAX_ENUM_TEXT))];
    const words = values.map((v) => nameTokens(v));
    const infos = words.map((w) => LEXICON.get(w[0] ?? ''));
    const readsToo = infos.every((i) => i?.verb !== undefined && SELECTED_ROLES.has(i.verb));
    // Every value opens with a verb (a word that is a verb or a noun, `post`, counts as one here).
    const plain = infos.every((i) => i?.verb !== undefined);
    // A selector of acts alone on a tool whose words only read is more often what to look for (kinds
    // of changes, of events, of permissions) than what to do: it picks acts beside a read of its own
    // (`list | delete`), or on a tool that writes, sends or runs already.
    if (!acts && !infos.some((i) => i?.verb === 'read' || i?.verb === 'webRead')) continue;
    words.forEach((own, n) => {
      const info = infos[n];
      const role = info?.verb;
      if (role === undefined || !(readsToo ? SELECTED_ROLES : SELECTED_ACTS).has(role) || (info?.amb === true && !plain)) return;
      const seg: Segment = { kind: 'name', source: 'schema', at: p.path, toks: toTokens([...own, ...nTokens]) };
      // Read apart, and kept only if the act found something to act on: a value alone ("delete") says
      // no more than that the tool writes somewhere.
      const scratch: Collector = { ...c, mask: 0, evidence: [], seen: new Set(), authored: [], channels: [] };
      analyse(seg, scratch, phase);
      // The value's own words, by their terms, read apart from the name's (a phrase of the value's
      // words and the name's, `look up` before `up…`, must not count the name's as the value's).
      const verb = new Set(toTokens(own).map((t) => t.info?.term));
      // Only what the value's own reading found: a product the description or the server names places
      // no act the value does not pair with an object.
      const found = scratch.evidence.filter((e) => e.at === p.path);
      if (!found.some((e) => !verb.has(e.term))) return;
      for (const e of found) addEvidence(c, capabilityBit(e.capability), e.source, e.term, e.at);
    });
  }
}

const HANDOFF_VERBS = new Set<string>(HANDOFF.verbs);
const HANDOFF_HANDED = new Set<string>(HANDOFF.handed);
const HANDOFF_PEOPLE = new Set<string>(HANDOFF.people);
const HANDOFF_AROUND = new Set<string>(HANDOFF.around);
const HANDOFF_BARE = new Set<string>(HANDOFF.bare);
const HANDOFF_DETS = new Set<string>(['the', 'a', 'an', 'this', 'that', ...POSSESSIVE_DETERMINERS, POSSESSIVE]);

/** Whether a segment holds a hand-off clause: verb, [determiners] [handed [possessive] [handed]], [off|over], to, [..] person. */
function hasHandOff(seg: Segment): boolean {
  const toks = seg.toks;
  for (let i = 0; i < toks.length; i++) {
    if (!HANDOFF_VERBS.has((toks[i] as Tok).s)) continue;
    let j = i + 1;
    const skip = (set: ReadonlySet<string>): void => {
      while (j < toks.length && set.has((toks[j] as Tok).s)) j++;
    };
    skip(HANDOFF_DETS);
    skip(HANDOFF_HANDED);
    // Whose it is, then what is handed over: "the customer's chat".
    skip(HANDOFF_DETS);
    skip(HANDOFF_HANDED);
    if (toks[j]?.s === 'off' || toks[j]?.s === 'over') j++;
    if (toks[j]?.s !== 'to') continue;
    // Past `to`, only determiners and the words around a person ("a live human support agent"), as
    // many as there are: the phrase ends at the first other word.
    for (let k = j + 1; k < toks.length; k++) {
      const w = (toks[k] as Tok).s;
      if (HANDOFF_PEOPLE.has(w)) return true;
      if (!HANDOFF_DETS.has(w) && !HANDOFF_AROUND.has(w)) break;
    }
  }
  return false;
}

/** A segment with its hand-off words unread: the hand-off's verbs with no object of their own, who is handed over, to whom. */
function withoutHandOff(seg: Segment): Segment {
  const toks = seg.toks.map((t, i, all) => {
    // The verb's object, past its determiners: none, or one that is handed over.
    let j = i + 1;
    while (j < all.length && HANDOFF_DETS.has((all[j] as Tok).s)) j++;
    const next = all[j]?.s;
    const handOffVerb = HANDOFF_VERBS.has(t.s) && (next === undefined || next === 'to' || next === 'off' || next === 'over' || HANDOFF_HANDED.has(next) || HANDOFF_BARE.has(next));
    return handOffVerb || HANDOFF_HANDED.has(t.s) || HANDOFF_PEOPLE.has(t.s) || HANDOFF_AROUND.has(t.s) ? { s: t.s, info: undefined, mark: t.mark, k: t.k } : t;
  });
  return { ...seg, toks };
}

const HARMLESS_KIND = new Map<string, string>(Object.entries(HARMLESS_NAMES.kinds).flatMap(([kind, words]) => words.map((w: string): [string, string] => [w, kind])));
const HARMLESS_WORDS = new Set<string>(HARMLESS_NAMES.words);
/** Verbs that hand the result back to the caller ("… and return the result"): no act (`actsInClause`). */
const HANDS_BACK: ReadonlySet<string> = new Set(['return', 'returns', 'give', 'gives', 'show', 'shows', 'display', 'displays', 'output', 'outputs', 'print', 'prints', 'round', 'rounds']);
/** Words that open a joined clause (`actsInClause`). */
const CLAUSE_JOINS: ReadonlySet<string> = new Set(['and', 'then', 'also']);

/**
 * Does a clause joined by `and`, `then` or `also` act on something ("Get the current time and start
 * a timer", "… and kill the process", "… then set the alarm"): a word the vocabulary does not know,
 * or a verb that changes or sends, right before a determiner? A list of things ("… and Japanese
 * wareki conversion", "the current time and date") is no act.
 */
function actsInClause(a: Analysis): boolean {
  const toks = a.seg.toks;
  for (let i = 0; i + 2 < toks.length; i++) {
    if (!CLAUSE_JOINS.has((toks[i] as Tok).s) || !DETS.has((toks[i + 2] as Tok).s)) continue;
    const t = toks[i + 1] as Tok;
    const role = t.info?.verb;
    if ((unnamedWord(t) && !HANDS_BACK.has(t.s)) || role === 'modify' || role === 'send') return true;
  }
  return false;
}

/** Harmless kinds whose every description sentence must say the kind's word (`classifyRead`). */
const EVERY_SENTENCE_KINDS: ReadonlySet<string> = new Set(['time', 'calculator', 'status']);
const UNITS = new Set<string>(HARMLESS_NAMES.units);
const UNIT_WORDS = new Set<string>([...HARMLESS_NAMES.units, ...HARMLESS_NAMES.unitWords]);
const UNIT_PROPERTIES = new Set<string>([...HARMLESS_NAMES.units, ...HARMLESS_NAMES.unitProperties]);

/**
 * Does a conversion say nothing but the conversion (`HARMLESS_NAMES.unitWords`): every
 * word of its description and its properties' descriptions a unit, a number or a word of converting,
 * every word of its properties' names a unit or a value's?
 */
function onlyConverts(ownA: readonly Analysis[], schemaA: readonly Analysis[], props: readonly Prop[]): boolean {
  const says = (a: Analysis): boolean => a.seg.toks.every((t) => UNIT_WORDS.has(t.s) || /^\d+(?:\.\d+)?$/u.test(t.s));
  return ownA.every(says) && schemaA.every(says) && props.every((p) => p.tokens.every((w) => UNIT_PROPERTIES.has(w)));
}
/** A word of a text as written: letters and digits, any script (`keepsNumbers`). */
const TEXT_WORD = /[\p{L}\p{N}]+/gu;

/** The value words of numbers: a computation that names only these is held to `keepsNumbers`. */
const NUMBER_VALUES: ReadonlySet<string> = new Set(['number', 'numbers', 'value', 'values', 'digit', 'digits', 'base', 'bases']);
const KEPT_COLLECTIONS: ReadonlySet<string> = new Set(['list', 'set', 'sequence', 'collection', 'series', 'array']);
const SINGLE_VALUES: ReadonlySet<string> = new Set(['number', 'value', 'digit']);
const PLURAL_VALUES: ReadonlySet<string> = new Set(['numbers', 'values', 'digits']);
const KEPT_NUMBERS: ReadonlySet<string> = new Set(['sum', 'total', 'base', 'whole', 'part', 'list', 'set', 'sequence', 'collection', 'series', 'array', 'balance', 'counter', 'count']);
const EVERY_ONE: ReadonlySet<string> = new Set(['all', 'each', 'every']);
const KEPT_PREPOSITIONS: ReadonlySet<string> = new Set(['to', 'from', 'into', 'by', 'in', 'on', 'at']);
const DEFINITE: ReadonlySet<string> = new Set(['the', 'its', 'their']);

/**
 * Do a computation's words say its numbers are kept somewhere, not passed in the call: a number named
 * by a letter ("number n"), a range ("from a to b"), all of some values, "the values" that no array
 * property holds, a kept total after a preposition ("to the sum") or alone ("Multiply the base by x",
 * "the set of values")?
 * The words are those of the tool's description (a suite's sentence included) and of its properties'
 * descriptions as written, an example or a code span included.
 */
function keepsNumbers(description: string, props: readonly Prop[]): boolean {
  const passed = new Set(props.flatMap((p) => p.tokens));
  const texts = [description, ...props.map((p) => p.description ?? '')];
  for (let t = 0; t < texts.length; t++) {
    const words = (texts[t] as string).toLowerCase().match(TEXT_WORD) ?? [];
    for (let i = 0; i < words.length; i++) {
      const w = words[i] as string;
      const next = words[i + 1] ?? '';
      if (NUMBER_VALUES.has(w) && /^[a-z]$/u.test(next)) return true;
      if (w === 'from' && /^[a-z]$/u.test(next) && words[i + 2] === 'to') return true;
      if (EVERY_ONE.has(w) && NUMBER_VALUES.has(next)) return true;
      // (A spec with no properties says nothing of what is passed: its "the numbers" may be the call's.)
      if (DEFINITE.has(w) && PLURAL_VALUES.has(next) && props.length > 0 && !passed.has(next)) return true;
      // So is "the value" in the tool's description that no property names: "Multiply the value by x"
      // changes a number kept somewhere. (A property's own description says "the number" of itself.)
      if (t === 0 && DEFINITE.has(w) && SINGLE_VALUES.has(next) && props.length > 0 && !passed.has(next)) return true;
      if (KEPT_PREPOSITIONS.has(w)) {
        // "To the sum", "to a sum"; "numbers to sum" is what is done with them.
        const head = DEFINITE.has(next) || next === 'a' || next === 'an' ? words[i + 2] : undefined;
        if (head !== undefined && KEPT_NUMBERS.has(head) && !passed.has(head)) return true;
      }
      if (DEFINITE.has(w) && KEPT_NUMBERS.has(next) && (words[i + 2] !== 'of' || KEPT_COLLECTIONS.has(next)) && !passed.has(next)) return true;
    }
  }
  return false;
}

const CONVERSION_KIND = 'conversion';
const STATUS_KIND = 'status';
const RENDER_MAKERS = new Set<string>(HARMLESS_NAMES.rendering.makers);
const GEOMETRY_SHAPES = new Set<string>(GEOMETRY.shapes);
const CALL_VALUE_WORDS = new Set<string>(CALL_VALUES.values);
const HARMLESS_BY_KIND = new Map<string, ReadonlySet<string>>(Object.entries(HARMLESS_NAMES.kinds).map(([kind, words]) => [kind, new Set<string>(words)]));

/**
 * A computation on values the call passes (harmless kind `kind`): the description's first sentence
 * names one of `values` and says what is done with a verb the vocabulary knows ("Zorblat the points"
 * is a tool nobody can read), that is no lookup ("Get the elevation at the coordinates" reads a
 * service's data), and neither the description nor a property names anything the tool acts on.
 */
function computesOn(descA: readonly Analysis[], schemaA: readonly Analysis[], nameA: Analysis, values: ReadonlySet<string>, kind: string): { kind: string; terms: string[] } | undefined {
  const first = descA[0] as Analysis;
  const named = first.seg.toks.filter((t) => values.has(t.s)).map((t) => t.s);
  if (named.length === 0 || first.verbRoles.size === 0) return undefined;
  const looksUp = (a: Analysis): boolean => a.verbRoles.has('read') || a.verbRoles.has('webRead');
  if (looksUp(first) || looksUp(nameA) || actsOnSomething(descA, schemaA, values)) return undefined;
  // A run or a send anywhere in the description ("Executes the given module on the numbers") does
  // something with what it names, known or not; so does a change, but for a shape's own edits ("Merge
  // two polygons into a single geometry"): "Terminates the processes whose ids are given as numbers".
  if (descA.some((a) => a.verbRoles.has('run') || a.verbRoles.has('send') || (kind !== 'geometry' && a.verbRoles.has('modify')))) return undefined;
  // Whose values, or taken from where: "the student's grades", "your readings", "from the microphone"
  // name a source the call does not pass, known to the vocabulary or not. (Not asked of shapes:
  // "Subtract one polygon from another".)
  if (kind !== 'geometry' && descA.some(namesSource)) return undefined;
  return { kind, terms: [...new Set(named)] };
}

/** Whose values a computation takes (`namesSource`): a possessive determiner or `'s`. */
const OWNERS: ReadonlySet<string> = new Set([...POSSESSIVE_DETERMINERS, POSSESSIVE]);

/**
 * Does a computation's sentence name whose values it takes, or a place it takes them from ("the
 * student's grades", "Converts numbers from the microphone to decibels"): a possessive, or `from`, a
 * determiner and a word the vocabulary does not know?
 */
function namesSource(a: Analysis): boolean {
  const toks = a.seg.toks;
  for (let i = 0; i < toks.length; i++) {
    const w = (toks[i] as Tok).s;
    if (OWNERS.has(w)) return true;
    // `from`, not `in`: a text is "in a specified format".
    if (w !== 'from' || !DETS.has(toks[i + 1]?.s ?? '')) continue;
    for (let k = i + 2; k < toks.length && k <= i + 3; k++) if (unnamedWord(toks[k] as Tok)) return true;
  }
  return false;
}

/**
 * A tool that makes a program and returns its text (harmless kind `code`): its name and description
 * only make or transform (a create or a neutral verb, and none that reads, changes, sends or runs),
 * and a sentence of its description opens with what it returns, a program ("Returns the source code
 * of the generated contract"). The text comes back to the caller; nothing is stored, sent or run.
 * Asked only when nothing else gave a capability: a maker that saves what it makes ("write it to a
 * file"), runs it, sends it, or keeps it as a record ("Create a snippet") has one already, and
 * "Get the deployed contract. Returns the source code" reads.
 */
function returnsMadeCode(nameA: Analysis, descA: readonly Analysis[]): { kind: string; terms: string[] } | undefined {
  let makes = false;
  for (const a of [nameA, ...descA]) {
    for (const r of a.verbRoles) {
      if (r === 'create' || r === 'neutral') makes = true;
      else return undefined;
    }
  }
  if (!makes) return undefined;
  for (const a of descA) {
    if (!GETTER_OPENER.has(a.seg.toks[0]?.s ?? '')) continue;
    const j = a.objects.find((k) => (a.roles[k] as Role).obj === 'code' && a.negatedClause[k] !== true);
    if (j !== undefined) return { kind: 'code', terms: [((a.seg.toks[j] as Tok).info as WordInfo).term] };
  }
  return undefined;
}

/** Does the segment say one of `words` (a harmless kind's word, a shape)? */
function says(a: Analysis, words: ReadonlySet<string>): boolean {
  return a.seg.toks.some((t) => words.has(t.info?.term ?? t.s));
}

/**
 * Does a harmless-looking tool name something it acts on? Any object of its description does. An
 * object of a property does unless the property speaks of what the tool makes or computes on (`about`:
 * "Style configuration for the chart", "The first point, as coordinates"): those are the output's or
 * the input's own parts.
 */
function actsOnSomething(descA: readonly Analysis[], schemaA: readonly Analysis[], about: ReadonlySet<string>): boolean {
  return descA.some((a) => a.objects.length > 0 || writesOrSends(a) || keepsOrSends(a) || namesOutsideService(a) !== undefined) || schemaA.some((a) => (a.objects.length > 0 && !says(a, about)) || writesOrSends(a, true) || keepsOrSends(a));
}

/**
 * Does a sentence of the description (or, with `setting`, of a property's) write or send what it
 * computed ("… and writes it to output.json", "then sends them to the team")? A write or a send whose
 * object is a pronoun names no thing the vocabulary places, yet it is an act: a tool that says so is
 * not harmless. A computation's
 * own words ("Create a buffer zone around a point", "Merge two polygons", "add to a date") write
 * values, not what the tool computed.
 */
function writesOrSends(a: Analysis, setting = false): boolean {
  const toks = a.seg.toks;
  return a.roles.some((role, i) => {
    const r = role.verb;
    // In a property's description a change of "it" is a setting of the output ("Set the value to 0.6
    // to enable it"): only a send or a keep counts there.
    const acts = setting ? r === 'send' : r === 'create' || r === 'modify' || r === 'send';
    if ((!acts && !KEEPING.has((toks[i] as Tok).s)) || a.negatedClause[i] === true) return false;
    // A verb that only keeps or passes on acts on whatever follows it ("persists the array", "streams
    // the values to Kafka"); the others on what the computation computed.
    if (KEPT_ANYWAY.has((toks[i] as Tok).s) && i + 1 < toks.length) return true;
    const next = toks[i + 1]?.s ?? '';
    return COMPUTED.has(next) || (DETS.has(next) && COMPUTED.has(toks[i + 2]?.s ?? ''));
  });
}

/** Verbs of keeping or passing on, and their `-s` forms (`KEEPING_VERBS`). */
const KEEPING: ReadonlySet<string> = new Set([...KEEPING_VERBS.before, ...KEEPING_VERBS.always].flatMap((v) => [v, v.endsWith('sh') ? `${v}es` : `${v}s`]));
/** Verbs of keeping or passing on that are no noun or value word, and their `-s` forms (`KEEPING_VERBS.always`). */
const KEPT_ANYWAY: ReadonlySet<string> = new Set(KEEPING_VERBS.always.flatMap((v) => [v, v.endsWith('sh') ? `${v}es` : `${v}s`]));
/** What stands for what a computation computed (`writesOrSends`): `COMPUTED_WORDS`. */
const COMPUTED: ReadonlySet<string> = new Set(COMPUTED_WORDS);

/**
 * Does a sentence say, in the passive, that something is kept or sent ("The result is uploaded to the
 * configured bucket", "the output will then be saved")? A form of `be` before one of
 * `STORED_PARTICIPLES` (adverbs between), outside a negated clause.
 */
function keepsOrSends(a: Analysis): boolean {
  const toks = a.seg.toks;
  for (let i = 1; i < toks.length; i++) {
    const w = (toks[i] as Tok).s;
    const after = toks[i + 1]?.s;
    if (!STORED.has(w) || a.negatedClause[i] === true || after === 'by' || (w === 'written' && after === 'in')) continue;
    // Back over adverbs ("is then automatically uploaded") and the `e` of "e-mailed" to a form of `be`.
    for (let k = i - 1, left = MAX_PASSIVE_GAP; k >= 0; k--) {
      const v = (toks[k] as Tok).s;
      if (BE.has(v)) return true;
      if (left-- === 0 || !(PASSIVE_ADVERBS.has(v) || v.endsWith('ly') || (v === 'e' && k === i - 1))) break;
    }
  }
  return false;
}
const STORED: ReadonlySet<string> = new Set(STORED_PARTICIPLES);
/** Words between a form of `be` and its participle (`keepsOrSends`), besides `-ly` adverbs. */
const PASSIVE_ADVERBS: ReadonlySet<string> = new Set(['then', 'also', 'later', 'always', 'once']);
const MAX_PASSIVE_GAP = 2;

/**
 * What a name says the tool harmlessly is (see `HARMLESS_NAMES`): every word known, one naming the
 * kind; for a rendering, also a maker verb and, beside a maker and before the kind's word, words the
 * vocabulary does not know (the chart's type).
 */
function harmlessName(tokens: readonly string[]): { kind: string; terms: string[] } | undefined {
  // Two units joined by `to`: `fahrenheit_to_celsius`, `gallon_to_liter`.
  if (tokens.length === 3 && tokens[1] === 'to' && UNITS.has(tokens[0] as string) && UNITS.has(tokens[2] as string)) {
    return { kind: CONVERSION_KIND, terms: [tokens[0] as string, tokens[2] as string] };
  }
  let kind: string | undefined;
  const terms: string[] = [];
  let made = false;
  let unknownWord = false;
  for (const t of tokens) {
    const k = HARMLESS_KIND.get(t);
    if (k !== undefined) {
      kind ??= k;
      terms.push(t);
    } else if (HARMLESS_WORDS.has(t)) continue;
    else if (RENDER_MAKERS.has(t)) made = true;
    else if (kind === undefined && !LEXICON.has(t) && !PHRASES.has(t)) unknownWord = true;
    else return undefined;
  }
  // Only a rendering takes a maker or unknown words, and unknown words only beside a maker: a name of
  // an unknown word and `chart` alone (`zorblat_chart`) says nothing of what is done to the chart.
  if ((made || unknownWord) && kind !== HARMLESS_NAMES.rendering.kind) return undefined;
  if (unknownWord && !made) return undefined;
  return kind === undefined ? undefined : { kind, terms };
}
