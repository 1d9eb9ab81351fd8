/**
 * The classifier's evidence: capability bits with the term and the place that gave them, collected
 * once per (capability, source, term, place) and sorted into one stable order at the end.
 */
import { CAPABILITIES, EIT, MUT, NAT, PAT, capabilityBit } from './capabilities.js';
import { ANNOTATION_TERMS } from './vocabulary.js';
import type { Capability } from './capabilities.js';
import type { Evidence, EvidenceSource } from './types.js';
import type { Segment } from './classifier-tokens.js';

/**
 * The evidence of one tool as it is collected, with the facts about the tool that every phase reads
 * and none changes (what one phase found for another travels in a `Phase`, classifier-pairing.ts).
 */
export interface Collector {
  mask: number;
  /**
   * The spec keeps notes in a vault (`NOTES_VAULT`: an Obsidian vault), so its `vault` is a folder of
   * the user's notes, not a store of secrets.
   */
  readonly notesVault?: boolean;
  readonly evidence: Evidence[];
  readonly seen: Set<string>;
  /**
   * Evidence of writing or loading a program ("Write a TypeScript program that …", "Load code from the
   * file"), held back: on a tool that runs code it is the program the tool runs, not a mutation or a
   * read of the user's data (see `classifyTool`).
   */
  readonly authored: [number, EvidenceSource, string, string | undefined][];
  /**
   * Outbound channels (`STANDALONE_SEND`: a webhook, SMTP) named by the name or the description,
   * not as where something goes ("to the webhook"), held back until the whole tool is read: on a
   * tool that only reads, such a channel is what it reads ("List the webhook endpoints"), not where
   * it sends (see `classifyTool`). A property description's channel is never held back.
   */
  readonly channels: [EvidenceSource, string, string | undefined][];
  /** The tool works in an outside service others read (`OUTSIDE_SERVICES.writes`): its writes act outside. */
  readonly outside: boolean;
  /** The tool reads a shared workspace (`OUTSIDE_SERVICES.sharedContent`): its content is others' writing too. */
  readonly workspace: boolean;
  /**
   * The tool's words place what it reads in a space a team shares (`TEAM_WRITINGS.teamSpaces`: a
   * team, a workspace, a board, a wiki) or it takes such a space's id: a document read there is the
   * team's writing too (`teamWriting`).
   */
  readonly teamSpace: boolean;
  /**
   * The tool's words call what it keeps the user's own or a database's records (`TEAM_WRITINGS.own`:
   * personal, a journal, a collection; or a word of a database, `db` in the vocabulary): no document
   * of it is a team's (`teamWriting`).
   */
  readonly ownWritings: boolean;
  /**
   * The tool's name or description speak of the user's own account (`TEAM_WRITINGS.owners`: "my
   * documents"): a document no word places is the user's, whatever its server (`teamWriting`).
   */
  readonly ownerWords: boolean;
  /**
   * A document no word places was read (`teamWriting`): the tool's documents take where its server
   * keeps its writes (`Classification.serverWriting`).
   */
  unplacedWriting: boolean;
  /** The tool takes a local file by its path, with no content beside it (`SCHEMA_TERMS.sourcePath`). */
  readonly localSource: boolean;
  /**
   * The tool takes a local file by its path ({@link localSource}), or the path of a media file
   * (`image_path`, `SCHEMA_TERMS.mediaFiles`): what an upload sends is then a local file. Only an
   * upload asks this: a media path alone does not make a tool's writes local.
   */
  readonly uploadSource: boolean;
  /** Segments already asked whether they call their files local (`FILE_TRANSFER.local`). */
  readonly saysLocal: Map<Segment, boolean>;
  /** The name or the description calls what the tool works on local (`FILE_TRANSFER.local`). */
  localText: boolean;
  /** The description names one of the user's own stores (`OWN_STORES`): the name's records are kept there. */
  storeNamed: boolean;
  /** The description writes a record a service keeps: the name's write is the same act. */
  serviceWrite: boolean;
  /**
   * A product or service the description names (`namedProduct`: "a Miro board"), the name is
   * namespaced under (`nameSpace`: `linear_archiveProject`), the tool's server fronts, or, failing
   * those, the tenant property that addresses an account of one (`SCHEMA_TERMS.tenant`:
   * `organizationId`): its writes are kept there.
   */
  readonly product: string | undefined;
  /** Where the product is named: the evidence of a write kept there points at it. */
  readonly productSource: 'name' | 'description' | 'origin' | 'schema';
  /** The tenant property's path, when the product is one (`productSource` `schema`). */
  readonly productAt: string | undefined;
  /** The tool's annotations say it reaches no open world (`openWorldHint: false`): its writes stay local. */
  readonly closedWorld: boolean;
}

/**
 * Does the tool name a product (`namedProduct`, "in Xero") and keep its writes there: it calls
 * nothing local and names none of the user's own stores outside the product?
 */
export function writesInProduct(c: Collector): boolean {
  return c.product !== undefined && !c.localText && !c.localSource && !c.storeNamed;
}

export function addEvidence(c: Collector, bits: number, source: EvidenceSource, term: string, at: string | undefined): void {
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
  origin: 4,
  override: 5,
  command: 6,
};

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareEvidence(a: Evidence, b: Evidence): number {
  return (
    CAPABILITIES.indexOf(a.capability) - CAPABILITIES.indexOf(b.capability) ||
    SOURCE_ORDER[a.source] - SOURCE_ORDER[b.source] ||
    compareStrings(a.term, b.term) ||
    compareStrings(a.at ?? '', b.at ?? '')
  );
}

/** Every piece of evidence for capability bit `from` becomes evidence for `to`, and `from` is cleared. */
function moveEvidence(c: Collector, from: number, to: number): void {
  const evidence = c.evidence.splice(0);
  c.seen.clear();
  c.mask &= ~from;
  for (const e of evidence) {
    const bit = capabilityBit(e.capability);
    addEvidence(c, bit === from ? to : bit, e.source, e.term, e.at);
  }
}

/**
 * Every local write (LOCAL_MUTATION), each named by a property's description only, is the tool's own
 * write outside (EXTERNAL_ACTION): a property says what the tool does with its argument, not where a
 * second store is (`propertyWritesOutside`, classifier-schema.ts).
 */
export function propertyWritesAreTheTools(c: Collector): void {
  moveEvidence(c, MUT, NAT);
}

/** Every local write (LOCAL_MUTATION) is a change in an outside service (EXTERNAL_ACTION), by the annotations. */
export function writesInOpenWorld(c: Collector): void {
  moveEvidence(c, MUT, NAT);
  addEvidence(c, NAT, 'annotation', ANNOTATION_TERMS.openWorldWrite, undefined);
}

/** Every read of the user's data (PRIVATE_ACCESS) is a read of published content (EXTERNAL_INGESTION). */
export function readsArePublished(c: Collector, term: string): void {
  moveEvidence(c, PAT, EIT);
  addEvidence(c, EIT, 'description', term, undefined);
}
