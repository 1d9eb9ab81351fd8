/**
 * A tool that gathers several operations under one name picks its act with a property
 * (`operation: list | read | delete | write`, `action: create | delete`): the values of such an act
 * selector that open with a verb of a write, a send or a run, and find something the vocabulary
 * places to act on, are the tool's acts too. Each is read as the tool's name with that value in
 * front. Only added to a tool its words already read as doing something, and only ever added: an
 * unknown tool stays unknown (a value the vocabulary cannot read may stand beside those it can), and
 * what the tool's server serves or keeps is read from the words alone.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { createGuard } from '../../src/core/guard.js';
import type { ToolSpec } from '../../src/core/types.js';
import { ACT_SELECTOR } from '../../src/core/vocabulary.js';

const FILES = 'List files in the workspace.';
const selected = (name: string, description: string, property: string, values: readonly string[], about?: string): ToolSpec => ({
  name,
  description,
  inputSchema: { type: 'object', properties: { [property]: { type: 'string', enum: [...values], ...(about !== undefined ? { description: about } : {}) } } },
});
const caps = (spec: ToolSpec): readonly string[] => classifyTool(spec).capabilities;
/** The evidence the selector (`property`) gave. */
const fromSelector = (spec: ToolSpec, property = 'operation'): readonly unknown[] => classifyTool(spec).evidence.filter((e) => e.at === `properties.${property}`);

describe("an act selector's values are the tool's acts", () => {
  it('a delete and a write among the operations of a file tool: a local change besides the read', () => {
    expect(caps(selected('files', FILES, 'operation', ['list', 'read', 'delete', 'write']))).toEqual(['PRIVATE_ACCESS', 'LOCAL_MUTATION']);
    // Without the enum, the words only read.
    expect(caps({ name: 'files', description: FILES, inputSchema: { type: 'object', properties: { operation: { type: 'string' } } } })).toEqual(['PRIVATE_ACCESS']);
  });

  it('a send among the actions of an inbox tool', () => {
    expect(caps(selected('inbox', 'Read messages.', 'action', ['read', 'send']))).toContain('EXTERNAL_ACTION');
    expect(caps(selected('inbox', 'Read messages.', 'action', ['read', 'archive']))).not.toContain('EXTERNAL_ACTION');
  });

  it('the evidence is the property', () => {
    const c = classifyTool(selected('files', FILES, 'operation', ['list', 'delete']));
    expect(c.evidence).toContainEqual({ capability: 'LOCAL_MUTATION', source: 'schema', at: 'properties.operation', term: 'delete' });
    expect(c.evidence).toContainEqual({ capability: 'LOCAL_MUTATION', source: 'schema', at: 'properties.operation', term: 'file' });
  });

  it("what the tool's server serves is read from its words: a selector's write is kept beside it", () => {
    const origin = 'mcp:feeds' as const;
    const tools: ToolSpec[] = [
      { name: 'latest_news', description: 'Get the latest news headlines.', origin },
      { name: 'forecast', description: 'Get the weather forecast for a city.', origin },
      { ...selected('zorp_items', 'Get zorp items.', 'action', ['get', 'delete']), origin },
    ];
    // `get zorp items` is an unnamed read, published content on this server; the delete finds nothing
    // it places and adds nothing, as before.
    expect(createGuard({ tools }).tool('zorp_items').capabilities).toEqual(['EXTERNAL_INGESTION']);
    const files = { ...selected('files', FILES, 'operation', ['list', 'delete']), origin };
    expect(createGuard({ tools: [...tools, files] }).tool('files').capabilities).toEqual(['PRIVATE_ACCESS', 'LOCAL_MUTATION']);
  });

  it("a server's reading of the words keeps the selector's acts", () => {
    const origin = 'mcp:feeds' as const;
    const published: ToolSpec[] = [
      { name: 'latest_news', description: 'Get the latest news headlines.', origin },
      { name: 'forecast', description: 'Get the weather forecast for a city.', origin },
    ];
    // On a server of published content only, a read of both kinds is published content: its acts stay.
    const messages = { ...selected('channel_messages', 'List the messages in the channel.', 'action', ['list', 'delete', 'post']), origin };
    expect(createGuard({ tools: [...published, messages] }).tool('channel_messages').capabilities).toEqual(['EXTERNAL_INGESTION', 'EXTERNAL_ACTION', 'LOCAL_MUTATION']);
    // On a server of the user's records, remarks are the workspace's: its acts stay.
    const tracker = 'mcp:tracker' as const;
    const comments = { ...selected('issue_comments', 'List the comments of an issue.', 'action', ['list', 'delete_file']), origin: tracker };
    const own: ToolSpec[] = [
      { name: 'list_orders', description: 'List the customer orders.', origin: tracker },
      { name: 'list_invoices', description: 'List the customer invoices.', origin: tracker },
    ];
    expect(createGuard({ tools: [...own, comments] }).tool('issue_comments').capabilities).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS', 'EXTERNAL_ACTION']);
  });
});

describe('which values count', () => {
  const terms = (spec: ToolSpec, property = 'operation'): string[] => classifyTool(spec).evidence.filter((e) => e.at === `properties.${property}`).map((e) => `${e.capability}:${e.term}`);

  it('a run, and a read that goes to the network (`download`), are acts of a selector too', () => {
    expect(terms(selected('scripts', 'List the scripts in the workspace.', 'operation', ['list', 'run']))).toContain('CODE_EXECUTION:run');
    expect(terms(selected('files', FILES, 'operation', ['download', 'delete']))).toContain('EXTERNAL_INGESTION:download');
  });

  it('reads count when every value is a verb; a blank, a number or an over-long value is no value', () => {
    for (const extra of ['', 'x'.repeat(201)]) expect(terms(selected('files', FILES, 'operation', ['list', 'delete', extra]))).toContain('PRIVATE_ACCESS:list');
    expect(terms({ name: 'files', description: FILES, inputSchema: { type: 'object', properties: { operation: { enum: [1, 'list', 'delete'] } } } })).toContain('PRIVATE_ACCESS:list');
    // Beside a value that is no verb, the reads do not count; the acts still do.
    const beside = terms(selected('files', FILES, 'operation', ['list', 'delete', 'zorp']));
    expect(beside).not.toContain('PRIVATE_ACCESS:list');
    expect(beside).toContain('LOCAL_MUTATION:delete');
  });

  it('a word that is a verb or a noun counts beside verbs only', () => {
    expect(terms(selected('messages', 'List messages in the channel.', 'action', ['list', 'delete', 'post']), 'action')).toContain('EXTERNAL_ACTION:post');
    expect(terms(selected('messages', 'List messages in the channel.', 'action', ['list', 'post', 'story']), 'action')).not.toContain('EXTERNAL_ACTION:post');
  });

  it(`a value of ${200} characters is a value, one longer is not`, () => {
    expect(terms(selected('files', FILES, 'operation', ['list', 'delete', 'x'.repeat(200)]))).not.toContain('PRIVATE_ACCESS:list');
  });

  it('a bare value, in any form of its verb, adds nothing', () => {
    expect(terms(selected('zorp_items', 'Get zorp items.', 'action', ['get', 'deletes']), 'action')).toEqual([]);
  });

  it('a name that reads and writes is no reader only; a name that reads from the network is', () => {
    expect(terms(selected('fetch_and_delete_files', FILES, 'operation', ['list', 'delete']))).toContain('LOCAL_MUTATION:delete');
    expect(terms(selected('download_files', FILES, 'operation', ['list', 'delete']))).toEqual([]);
  });

  it('on a tool whose words read outside content only, and on one whose words only send', () => {
    expect(terms(selected('news', 'Fetch the news headlines.', 'action', ['list', 'send']), 'action')).toContain('EXTERNAL_ACTION:send');
    // Acts alone (no read among the values) on a tool that sends already.
    expect(terms(selected('messages', 'Send a message to the channel.', 'action', ['delete', 'archive']), 'action')).toContain('LOCAL_MUTATION:delete');
  });

  it('a name word that ends in -ies or -s and is no record keeps the selector', () => {
    expect(terms(selected('file_entries', FILES, 'operation', ['list', 'delete']))).toContain('LOCAL_MUTATION:delete');
  });

  it('a read that goes to the network is a read of the selector\'s own: its acts count on a reading tool', () => {
    expect(terms(selected('files', FILES, 'operation', ['browse', 'delete']))).toContain('LOCAL_MUTATION:delete');
  });
});

describe('look-alikes that stay what they were', () => {
  it('an unknown tool stays unknown: its acts may lie in values the vocabulary cannot read', () => {
    expect(caps(selected('zorp', 'Zorp records.', 'action', ['create', 'delete', 'tip']))).toEqual([]);
    expect(caps(selected('wallet', 'Wallet.', 'action', ['list_files', 'pay', 'stake']))).toEqual([]);
  });

  it('a value that finds nothing to act on adds nothing', () => {
    expect(caps(selected('zorp_items', 'Get zorp items.', 'action', ['get', 'delete']))).toEqual(['PRIVATE_ACCESS']);
  });

  it('a name that only reads: the selector is a filter', () => {
    expect(caps(selected('list_files', FILES, 'operation', ['delete', 'write']))).toEqual(['PRIVATE_ACCESS']);
  });

  it('`type`, `kind`, `mode`, `method` and a selector below the top level are values to pick', () => {
    for (const property of ['type', 'kind', 'mode', 'method']) expect(caps(selected('files', FILES, property, ['delete', 'write']))).toEqual(['PRIVATE_ACCESS']);
    expect(caps({ name: 'files', description: FILES, inputSchema: { type: 'object', properties: { options: { type: 'object', properties: { action: { type: 'string', enum: ['list', 'delete'] } } } } } })).toEqual(['PRIVATE_ACCESS']);
  });

  it('a selector of acts alone on a tool whose words only read picks what to look for', () => {
    expect(caps(selected('file_changes', 'Get the files changed in the workspace since a checkpoint.', 'action', ['create', 'delete']))).not.toContain('LOCAL_MUTATION');
    // Beside a read of its own, or on a tool that writes already, its acts count.
    expect(caps(selected('files', FILES, 'action', ['list', 'delete']))).toContain('LOCAL_MUTATION');
    expect(caps(selected('notes', 'Create a note in the notebook.', 'action', ['create', 'send']))).toContain('EXTERNAL_ACTION');
  });

  it('a product the description names places no bare act', () => {
    expect(caps(selected('icons', 'Find the icon for a UI action in the Zorblat icon set.', 'action', ['find', 'add', 'delete', 'send']))).not.toContain('EXTERNAL_ACTION');
  });

  it('a word that is a verb or a noun is an act only beside plain verbs', () => {
    expect(caps(selected('files', FILES, 'operation', ['post', 'comment']))).toEqual(['PRIVATE_ACCESS']);
  });
});

describe('every word of the vocabulary, one case each (a word dropped from a list fails its case)', () => {
  it("the lists are the vocabulary's", () => {
    expect([ACT_SELECTOR.names.length, ACT_SELECTOR.filters.length, ACT_SELECTOR.records.length, ACT_SELECTOR.asks.length]).toEqual([8, 18, 41, 5]);
  });

  it.each(['action', 'operation', 'op', 'command', 'cmd', 'verb', 'action_type', 'operation_type'])('the selector %s', (property) => {
    // (A `command` or `cmd` property is a shell's besides: CODE_EXECUTION either way.)
    expect(caps(selected('files', FILES, property, ['list', 'delete']))).toContain('LOCAL_MUTATION');
    expect(fromSelector(selected('files', FILES, property, ['list', 'delete']), property)).not.toEqual([]);
  });

  it.each(['filter', 'filters', 'filtered', 'only', 'limit', 'restrict', 'kind', 'kinds', 'type', 'types', 'event', 'events', 'refers', 'explain', 'describe', 'document', 'aggregate', 'look up'])('a selector described with "%s" filters', (word) => {
    expect(fromSelector(selected('files', FILES, 'operation', ['list', 'delete'], `The ${word} of the files`))).toEqual([]);
  });

  it.each([
    'log', 'audit', 'auditlog', 'eventlog', 'logbook', 'history', 'activity', 'changelog', 'change', 'timeline', 'trail', 'report',
    'usage', 'metric', 'doc', 'documentation', 'help', 'manual', 'syntax', 'reference', 'info', 'spec', 'cheatsheet', 'guide',
    'tutorial', 'example', 'palette', 'setting', 'preference', 'notification', 'policy', 'protection', 'scope', 'fee', 'estimate',
    'quote', '日志', '记录', '历史', '审计', '权限',
  ])('a tool named for a record or a reference of acts, %s', (word) => {
    expect(fromSelector(selected(`files_${word}`, FILES, 'operation', ['list', 'delete']))).toEqual([]);
  });

  it.each([['audits'], ['activities'], ['histories'], ['changes']])('and its plural, %s', (word) => {
    expect(fromSelector(selected(`files_${word}`, FILES, 'operation', ['list', 'delete']))).toEqual([]);
  });

  it.each(['whether', 'allowed', 'permitted', 'authorized', 'authorised'])('a tool that asks %s the user may act', (word) => {
    expect(fromSelector(selected('files', `List files in the workspace and say ${word} the user acts on them.`, 'operation', ['list', 'delete']))).toEqual([]);
  });
});
