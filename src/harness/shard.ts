/**
 * Sharding: split the loaded scenarios into `n` parts that separate jobs run on their own, and
 * whose `results.json` files `merge.ts` puts back together into what one unsharded run writes.
 *
 * The rule. A scenario's *shard key* is its tension pair id (`pair:`) when it has one, else its
 * own id. Its shard is `1 + (h(key) mod n)`, where `h` is FNV-1a (32-bit, over the key's UTF-8
 * bytes) passed through MurmurHash3's 32-bit finaliser (`fmix32`). So:
 *
 * - every scenario is in exactly one shard (the shard is a function of the scenario);
 * - the twins of a tension pair share a key, hence a shard, and are scored together;
 * - a scenario's shard depends only on its key and `n`: adding, removing or editing other
 *   scenarios never moves it, and neither does the order in which files are loaded;
 * - shards are balanced in expectation (a well-mixed hash of distinct keys), not exactly: with
 *   few scenarios and many shards, some shards may be empty. A pair weighs two scenarios and a
 *   scenario run in three modes three runs, so run counts vary a little more than key counts.
 *
 * The hash is defined here rather than borrowed, so that the split never changes with code that
 * serves another purpose; the rule is simple enough to reproduce outside this project.
 *
 * Pure: no IO, no clock.
 */
import type { Scenario } from './model.js';

/** One shard of `count`: `index` is 1-based, as written (`2/3` is index 2 of count 3). */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** The most shards a run may be split into. */
export const MAX_SHARDS = 1000;

/** A malformed shard spec (`--shard`); the message says what was expected. */
export class ShardSpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShardSpecError';
  }
}

/**
 * Parse `i/n`: shard `i` of `n`, 1 ≤ i ≤ n ≤ {@link MAX_SHARDS}, decimal without sign or
 * leading zeros (surrounding blanks are ignored).
 * @throws ShardSpecError with a one-line message naming the problem
 */
export function parseShard(text: string): Shard {
  const t = text.trim();
  const m = /^([0-9]+)\/([0-9]+)$/.exec(t);
  if (m === null) throw new ShardSpecError(`expected \`i/n\` (shard i of n, e.g. \`2/3\`), got \`${text}\``);
  const [i, n] = [m[1] as string, m[2] as string];
  if (/^0[0-9]/.test(i) || /^0[0-9]/.test(n)) throw new ShardSpecError(`expected \`i/n\` without leading zeros, got \`${text}\``);
  if (n.length > 4 || Number(n) > MAX_SHARDS) throw new ShardSpecError(`at most ${MAX_SHARDS} shards, got \`${text}\``);
  const count = Number(n);
  if (count === 0) throw new ShardSpecError(`the shard count must be at least 1, got \`${text}\``);
  const index = i.length > 4 ? Infinity : Number(i);
  if (index < 1 || index > count) throw new ShardSpecError(`shards are numbered 1 to ${count}, got \`${text}\``);
  return { index, count };
}

/** The shard key of a scenario: its pair id when it has one (twins stay together), else its id. */
export function shardKey(scenario: Pick<Scenario, 'id' | 'pair'>): string {
  return scenario.pair ?? scenario.id;
}

const UTF8 = new TextEncoder();

/** FNV-1a, 32-bit, over the UTF-8 bytes of `s`, then MurmurHash3's `fmix32`. Unsigned. */
export function shardHash(s: string): number {
  let h = 0x811c9dc5;
  // ASCII is its own UTF-8 (the fast path); anything else is encoded first.
  const bytes = /[\u0080-\uffff]/.test(s) ? UTF8.encode(s) : undefined;
  const n = bytes?.length ?? s.length;
  for (let i = 0; i < n; i++) {
    h ^= bytes ? (bytes[i] as number) : s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The 1-based shard of `count` that a scenario belongs to. */
export function shardOf(scenario: Pick<Scenario, 'id' | 'pair'>, count: number): number {
  return 1 + (shardHash(shardKey(scenario)) % count);
}

/**
 * The scenarios of one shard, in their given order (the runner's order is the load order, which
 * `merge.ts` relies on to put shard results back together).
 * @throws RangeError for a shard outside 1 ≤ index ≤ count ≤ {@link MAX_SHARDS} (a programming error: parse with {@link parseShard})
 */
export function selectShard<S extends Pick<Scenario, 'id' | 'pair'>>(scenarios: readonly S[], shard: Shard): S[] {
  const { index, count } = shard;
  if (!Number.isInteger(count) || !Number.isInteger(index) || count < 1 || count > MAX_SHARDS || index < 1 || index > count) {
    throw new RangeError(`not a shard: ${String(index)}/${String(count)}`);
  }
  return scenarios.filter((s) => shardOf(s, count) === index);
}
