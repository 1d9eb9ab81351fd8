/**
 * The product each MCP server fronts, read from its tools together: a word of the server's name that
 * the descriptions of its tools write as a proper name (`@shortcut/mcp` and "a Shortcut story",
 * `lunchmoney-mcp` and "your Lunch Money budget"). A tool whose own text names no product keeps its
 * writes in the one its server fronts (docs/semantics.md "Shells, unknown tools and overrides"). Two signs
 * that agree, the name the host registered the server under and the words its tools are described
 * with, and no list of products: a server named for a category (`mcp:travel`) or for what it keeps
 * locally (`secure-filesystem-server`) fronts none unless its tools write that word as a name.
 */
import { properNames, serverNameKeys } from './classifier-pairing.js';

interface Server {
  readonly keys: ReadonlySet<string>;
  /** How many of the server's tools write each key as a proper name. */
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
   * Count a tool's description for its server (`sign` 1), or take back one counted before (-1: the
   * tool was re-declared).
   * @returns whether the server's product changed
   */
  count(origin: unknown, description: unknown, sign: 1 | -1): boolean {
    if (typeof origin !== 'string' || typeof description !== 'string' || description === '') return false;
    let server = this.servers.get(origin);
    if (server === undefined) {
      const keys = serverNameKeys(origin);
      if (keys.size === 0) return false;
      server = { keys, counts: new Map(), product: undefined };
      this.servers.set(origin, server);
    }
    const seen = new Set<string>();
    for (const name of properNames(description)) {
      if (!server.keys.has(name) || seen.has(name)) continue;
      seen.add(name);
      server.counts.set(name, (server.counts.get(name) ?? 0) + sign);
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
