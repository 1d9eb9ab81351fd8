/**
 * The product each MCP server fronts, read from its tools together: a word of the server's name that
 * the descriptions of its tools write as a proper name (`@shortcut/mcp` and "a Shortcut story",
 * `lunchmoney-mcp` and "your Lunch Money budget"), or that their names open with, written as a
 * proper name (`Gmail` and `GmailDeleteEmails`). A tool whose own text names no product keeps its
 * writes in the one its server fronts (docs/semantics.md "Shells, unknown tools and overrides"). Two signs
 * that agree, the name the host registered the server under and the words its tools are described
 * or named with, and no list of products: a server named for a category (`mcp:travel`) or for what it keeps
 * locally (`secure-filesystem-server`) fronts none unless its tools write that word as a name.
 */
import { nameLead, properNames, serverNameKeys } from './classifier-pairing.js';
import type { ServerRead, ServerWrite } from './types.js';

interface Server {
  readonly keys: ReadonlySet<string>;
  /** How many of the server's tools write each key as a proper name, or open their names with it (`nameLead`). */
  readonly counts: Map<string, number>;
  product: string | undefined;
}

/** The key most tools write; among as many, the shortest, then the first in code-point order. */
function pick(counts: ReadonlyMap<string, number>): string | undefined {
  let best: string | undefined;
  let most = 0;
  for (const [key, n] of counts) {
    if (n <= 0) continue;
    if (best === undefined || n > most || (n === most && (key.length < best.length || (key.length === best.length && key < best)))) {
      best = key;
      most = n;
    }
  }
  return best;
}

/**
 * The servers of the tools a guard knows, and the product each fronts. The answer depends on the set
 * of tools, never on the order they were registered in.
 */
export class ServerProducts {
  private readonly servers = new Map<string, Server>();

  /**
   * Count a tool's description and name for its server (`sign` 1), or take back one counted before
   * (-1: the tool was re-declared): the proper names the description writes, and the words the name
   * opens with before its verb (`nameLead`).
   * @returns whether the server's product changed
   */
  count(origin: unknown, tool: { readonly name?: unknown; readonly description?: unknown }, sign: 1 | -1): boolean {
    if (typeof origin !== 'string') return false;
    const { description } = tool;
    const lead = nameLead(tool.name);
    if ((typeof description !== 'string' || description === '') && lead === undefined) return false;
    let server = this.servers.get(origin);
    if (server === undefined) {
      const keys = serverNameKeys(origin);
      if (keys.size === 0) return false;
      server = { keys, counts: new Map(), product: undefined };
      this.servers.set(origin, server);
    }
    const seen = new Set<string>();
    const names = typeof description === 'string' ? properNames(description) : [];
    if (lead !== undefined) names.push(lead);
    for (const key of names) {
      if (!server.keys.has(key) || seen.has(key)) continue;
      seen.add(key);
      server.counts.set(key, (server.counts.get(key) ?? 0) + sign);
    }
    if (seen.size === 0) return false;
    const before = server.product;
    server.product = pick(server.counts);
    return server.product !== before;
  }

  /** The product the server of this origin fronts, if its tools name one. */
  product(origin: unknown): string | undefined {
    return typeof origin === 'string' ? this.servers.get(origin)?.product : undefined;
  }
}

/** How many of a server's reads must serve published content, at least, for the server to serve it. */
const MIN_PUBLISHED_READS = 2;

/** What a server serves, as its tools' reads say (`ServerReads`). */
export type ServerKind = 'published' | 'only-published' | undefined;

/**
 * What each MCP server serves, read from its tools' reads together (docs/semantics.md "What makes
 * content external"). A server serves published content when at least as many of the reads its
 * tools' words name return content written outside (EXTERNAL_INGESTION alone: posts, videos,
 * forecasts, places) as return anything of the user's (PRIVATE_ACCESS, alone or beside it), and at
 * least two do: a crawler of social sites, a literature search, a map service. Reads of remarks
 * (comments, reviews, issues) count with them only beside one read of content published outright. It serves only
 * published content when, besides, none of its reads returns the user's data alone. Reads whose words
 * name no known object, or name both kinds, take the server's kind (`onPublishedServer`). A server
 * keeps the user's own records when its reads say so (`ownRecords`): its reads of remarks are then
 * the user's shared workspace (`onSharedServer`). Like {@link ServerProducts}, the answer depends on
 * the set of tools, never on the order they were registered in.
 */
export class ServerReads {
  private readonly servers = new Map<string, { published: number; remarks: number; own: number; both: number }>();

  /**
   * Count what a tool's words say of its server (`sign` 1), or take back what was counted (-1).
   * @returns whether what the server serves changed
   */
  count(origin: unknown, read: ServerRead | undefined, sign: 1 | -1): boolean {
    if (typeof origin !== 'string' || read === undefined || read === 'unnamed') return false;
    const before = this.kind(origin);
    const ownBefore = this.ownRecords(origin);
    let server = this.servers.get(origin);
    if (server === undefined) {
      server = { published: 0, remarks: 0, own: 0, both: 0 };
      this.servers.set(origin, server);
    }
    server[read] += sign;
    return this.kind(origin) !== before || this.ownRecords(origin) !== ownBefore;
  }

  /**
   * Does the server of this origin keep the user's own records, as its counted reads say, for one of
   * its reads of remarks: at least two reads of the user's data alone, and more than the reads of
   * content written outside, the other reads of remarks counted with those (a read never counts for
   * the answer it takes).
   */
  ownRecords(origin: unknown): boolean {
    const server = typeof origin === 'string' ? this.servers.get(origin) : undefined;
    return server !== undefined && server.own >= MIN_PUBLISHED_READS && server.own > server.published + Math.max(0, server.remarks - 1);
  }

  /** What the server of this origin serves, as its counted reads say. */
  kind(origin: unknown): ServerKind {
    const server = typeof origin === 'string' ? this.servers.get(origin) : undefined;
    if (server === undefined) return undefined;
    // Reads of remarks are published content beside a read of content published outright (they
    // take no published kind: `ownRecords`). Alone they say nothing: comments are written on public
    // sites and in a team's workspace alike.
    const published = server.published + (server.published > 0 ? server.remarks : 0);
    if (published < MIN_PUBLISHED_READS || published < server.own + server.both) return undefined;
    return server.own === 0 ? 'only-published' : 'published';
  }
}

/** How many of a server's writes its words must place outside, at least, for its other writes to be kept there. */
const MIN_OUTSIDE_WRITES = 1;

/**
 * Where each MCP server keeps what its tools write, read from its tools' writes together
 * (docs/semantics.md "Shells, unknown tools and overrides"). A server keeps its writes outside when
 * one of its tools' writes, at least, is placed in a service by its words (an issue, a comment, a
 * product the text names) and none is kept local by its words (a local path, "local", closed-world
 * hints, one of the user's own stores): a hosted project tracker, a marketing platform. Its writes
 * of records no word places take that place (`onRemoteServer`). Like {@link ServerProducts}, the
 * answer depends on the set of tools, never on the order they were registered in.
 */
export class ServerWrites {
  private readonly servers = new Map<string, { outside: number; local: number }>();

  /**
   * Count what a tool's words say of where its server keeps its writes (`sign` 1), or take back what
   * was counted (-1).
   * @returns whether where the server keeps its writes changed
   */
  count(origin: unknown, write: ServerWrite | undefined, sign: 1 | -1): boolean {
    if (typeof origin !== 'string' || write === undefined || write === 'unplaced') return false;
    const before = this.outside(origin);
    let server = this.servers.get(origin);
    if (server === undefined) {
      server = { outside: 0, local: 0 };
      this.servers.set(origin, server);
    }
    server[write] += sign;
    return this.outside(origin) !== before;
  }

  /** Does the server of this origin keep its writes outside, as its counted writes say? */
  outside(origin: unknown): boolean {
    const server = typeof origin === 'string' ? this.servers.get(origin) : undefined;
    return server !== undefined && server.outside >= MIN_OUTSIDE_WRITES && server.local === 0;
  }
}
