/**
 * A description whose first sentence is a title naming data and no act ("Liquidation data.",
 * "Hyperliquid whale data."), on a tool that found nothing else, says what the tool returns but not
 * whose it is. On a server that serves published content (two reads at least of content written
 * outside, as many as of the user's data) it reads that content, EXTERNAL_INGESTION; anywhere else
 * it stays unknown, as before.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { createGuard } from '../../src/core/guard.js';
import type { ToolOrigin, ToolSpec } from '../../src/core/types.js';
import { DATA_TITLE } from '../../src/core/vocabulary.js';

const ORIGIN: ToolOrigin = 'mcp:market-feed';
const tool = (name: string, description: string, origin: ToolOrigin = ORIGIN): ToolSpec => ({ name, description, origin });

/** Two reads of published content: the server serves it. */
const PUBLISHED: readonly ToolSpec[] = [
  tool('latest_news', 'Get the latest news headlines.'),
  tool('forecast', 'Get the weather forecast for a city.'),
];
/** Two reads of the user's own records: the server keeps them. */
const OWN: readonly ToolSpec[] = [
  tool('list_orders', "List the customer's orders."),
  tool('list_invoices', "Get the customer's invoices."),
];

const capsAmong = (tools: readonly ToolSpec[], name: string): readonly string[] => createGuard({ tools: [...tools] }).tool(name).capabilities;

describe('a title naming data reads published content on a server that serves it', () => {
  it.each([
    ['coin_liquidation', 'Liquidation data.\n• history — liquidation orders\n• map — liquidation heatmap'],
    ['whales', 'Hyperliquid whale data. Requires: coin'],
    ['open_interest', 'Aggregated open interest history.'],
    ['markets', 'Exchange/market data.\n• exchanges — all platforms, no params needed'],
    ['trader', 'Hyperliquid trader analytics.\n• list — the top traders'],
  ])('%s', (name, description) => {
    const tools = [...PUBLISHED, tool(name, description)];
    expect(capsAmong(tools, name)).toEqual(['EXTERNAL_INGESTION']);
    const evidence = createGuard({ tools }).tool(name).evidence;
    expect(evidence).toContainEqual({ capability: 'EXTERNAL_INGESTION', source: 'origin', term: 'a server of published content' });
    expect(evidence.some((e) => e.source === 'description')).toBe(true);
  });

  it('alone, with no server, and on a server of the user\'s records, it stays unknown', () => {
    const title = tool('coin_liquidation', 'Liquidation data.');
    expect(classifyTool(title).capabilities).toEqual([]);
    expect(classifyTool(title).serverRead).toBe('titled');
    expect(capsAmong([{ name: 'coin_liquidation', description: 'Liquidation data.' }], 'coin_liquidation')).toEqual([]);
    expect(capsAmong([...OWN, title], 'coin_liquidation')).toEqual([]);
    // Titles alone make no server one of published content: they say nothing of whose content it is.
    expect(capsAmong([title, tool('coin_funding', 'Funding data.'), tool('coin_depth', 'Depth data.')], 'coin_liquidation')).toEqual([]);
  });

  it("titles do not count for their server's kind", () => {
    // One published read and three titles: still no server of published content.
    const tools = [PUBLISHED[0] as ToolSpec, tool('a', 'Liquidation data.'), tool('b', 'Funding data.'), tool('c', 'Whale data.')];
    expect(capsAmong(tools, 'a')).toEqual([]);
  });
});

describe('look-alikes that stay what they were, on a server of published content', () => {
  const among = (name: string, description: string): readonly string[] => capsAmong([...PUBLISHED, tool(name, description)], name);

  it('a sentence of the description that writes, sends or runs: the title is no read', () => {
    expect(among('signals', 'Signal data.\n• delete — remove an alert')).toEqual(classifyTool({ name: 'signals', description: 'Signal data.\n• delete — remove an alert' }).capabilities);
    expect(among('alerts', 'Alert data.\n• send — sends the alert to a webhook')).toContain('EXTERNAL_ACTION');
  });

  it('a name that acts', () => {
    expect(among('delete_liquidations', 'Liquidation data.')).not.toEqual(['EXTERNAL_INGESTION']);
  });

  it("a title that names the user's own records is no title of data", () => {
    expect(classifyTool({ name: 'accounts', description: 'Account data.' }).serverRead).not.toBe('titled');
    expect(classifyTool({ name: 'orders', description: 'Customer order history.' }).serverRead).not.toBe('titled');
  });

  it('a title that names no data, or says more than a title does', () => {
    expect(among('depth', 'Order book depth.')).toEqual([]);
    expect(among('fills', 'Hyperliquid trade fills.')).toEqual([]);
    expect(among('long', 'Zorp quux blah frob wibble wobble data.')).toEqual([]);
  });
});

describe('every word of the vocabulary, one case each (a word dropped from the list fails its case)', () => {
  it.each(DATA_TITLE.heads.map((h) => [h]))('Zorp %s.', (head) => {
    expect(capsAmong([...PUBLISHED, tool('zorp', `Zorp ${head}.`)], 'zorp')).toEqual(['EXTERNAL_INGESTION']);
  });

  it.each(['and', 'or'])('two kinds joined by %s', (join) => {
    expect(capsAmong([...PUBLISHED, tool('zorp', `Zorp ${join} quux data.`)], 'zorp')).toEqual(['EXTERNAL_INGESTION']);
  });

  it(`a title of ${DATA_TITLE.maxWords} words, and no more`, () => {
    const words = (n: number): string => Array.from({ length: n - 1 }, (_, i) => `zorp${'q'.repeat(i)}`).join(' ');
    expect(capsAmong([...PUBLISHED, tool('zorp', `${words(DATA_TITLE.maxWords)} data.`)], 'zorp')).toEqual(['EXTERNAL_INGESTION']);
    expect(capsAmong([...PUBLISHED, tool('zorp', `${words(DATA_TITLE.maxWords + 1)} data.`)], 'zorp')).toEqual([]);
  });
});
