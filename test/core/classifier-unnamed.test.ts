/**
 * A tool whose name reads or changes a record the vocabulary does not name (`get_pipeline`,
 * `create_change_request`) is read, not unknown: reading is PRIVATE_ACCESS; changing is an external
 * action, or a local mutation when the tool says its store is local. Everything else keeps the
 * unknown-tool posture: a name with no verb, a verb that neither reads nor writes, verbs of both
 * kinds, an object that is only a determiner or a number, a description that does not say the same
 * kind of act, a harmless name, a tool that already classifies to something.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { createGuard } from '../../src/core/guard.js';

const caps = (name: string, description = '', inputSchema?: unknown): readonly string[] => classifyTool({ name, description, ...(inputSchema !== undefined ? { inputSchema } : {}) }).capabilities;
const evidence = (name: string, description = ''): unknown => classifyTool({ name, description }).evidence;

describe('a read of an unnamed record is private access', () => {
  it('every read verb, the object after it or before it', () => {
    expect(caps('get_pipeline', 'Get details of a specific pipeline')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list-applications', 'List applications in an organization with pagination')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('describeCluster')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('luma_get_categories')).toEqual(['PRIVATE_ACCESS']);
  });

  it('says which words it read, from the name', () => {
    expect(evidence('get_pipeline')).toEqual([{ capability: 'PRIVATE_ACCESS', source: 'name', term: 'get pipeline' }]);
    // The first word after the verb, not the one before it.
    expect(evidence('luma_get_categories')).toEqual([{ capability: 'PRIVATE_ACCESS', source: 'name', term: 'get categories' }]);
    // With nothing after the verb, the first word before it.
    expect(evidence('pipeline_get')).toEqual([{ capability: 'PRIVATE_ACCESS', source: 'name', term: 'get pipeline' }]);
  });
});

describe('a change of an unnamed record acts where the record is kept', () => {
  it('a service by default: an external action', () => {
    expect(caps('create_change_request', 'Create a change request')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('create_orchestration')).toEqual(['EXTERNAL_ACTION']);
    expect(evidence('create_widget')).toEqual([{ capability: 'EXTERNAL_ACTION', source: 'name', term: 'create widget' }]);
  });

  it('local state when the tool says its store is local', () => {
    expect(caps('create_widget', 'Create a widget in the local store')).toEqual(['LOCAL_MUTATION']);
    expect(caps('local_create_widget')).toEqual(['LOCAL_MUTATION']);
    expect(caps('create_widget', 'Create a widget', { type: 'object', properties: { path: { type: 'string', description: 'Absolute path of the local file to read it from' } } })).toContain('LOCAL_MUTATION');
  });
});

describe('look-alikes keep the unknown-tool posture', () => {
  it('no verb, a verb of another kind, or read and write verbs together', () => {
    expect(caps('build_number', 'The build number of the current pipeline')).toEqual([]);
    expect(caps('frobnicate_widget', 'Frobnicates the widget')).toEqual([]);
    expect(caps('get_or_create_widget')).toEqual([]);
    expect(caps('list_or_add_gizmos')).toEqual([]);
  });

  it('a description that does not say the same kind of act: what the tool does is unread', () => {
    // The name reads, the description does something the vocabulary cannot read.
    expect(caps('get_widget', 'Frobnicates the widget and ships it off')).toEqual([]);
    expect(caps('create_widget', 'Yeets the widget')).toEqual([]);
    // Computing, not reading: `returns` names what comes back, not an act.
    expect(caps('get_sum', 'Returns the sum of two numbers')).toEqual([]);
    // A description of the other kind of act does not confirm it either.
    expect(caps('get_widget', 'Create a widget')).not.toContain('PRIVATE_ACCESS');
    // The same kind of act, in other words, confirms it.
    expect(caps('get_widget', 'Fetch one widget by its id')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('create_widget', 'Add a widget')).toEqual(['EXTERNAL_ACTION']);
  });

  it('no object of its own: a determiner, a number, a short word, or nothing', () => {
    expect(caps('get_the')).toEqual([]);
    expect(caps('list_42')).toEqual([]);
    expect(caps('get_id')).toEqual([]);
    expect(caps('get')).toEqual([]);
    expect(caps('create')).toEqual([]);
  });

  it('a harmless name stays harmless, and a known object keeps its own reading', () => {
    expect(classifyTool({ name: 'get_current_time' }).harmless?.kind).toBe('time');
    expect(caps('get_current_time')).toEqual([]);
    // `file` is a word the vocabulary knows: its own pairing decides, with its own evidence.
    expect(evidence('read_file')).not.toContainEqual(expect.objectContaining({ term: 'read file', source: 'name' }));
    expect(caps('fetch_url')).toEqual(['EXTERNAL_INGESTION']);
  });

  it('a tool that already classifies to something gains nothing from the rule', () => {
    // Property: appending unknown words to a name the vocabulary reads never adds the rule's evidence.
    const known = ['read_file', 'send_email', 'fetch_url', 'run_shell', 'delete_file', 'read_inbox'];
    fc.assert(
      fc.property(fc.constantFrom(...known), fc.stringMatching(/^[qxz][a-z]{3,8}$/), (name, noun) => {
        const before = classifyTool({ name }).capabilities;
        const after = classifyTool({ name: `${name}_${noun}` }).capabilities;
        return before.length > 0 && after.join() === before.join();
      }),
      { seed: 1616, numRuns: 200 },
    );
  });
});

describe('in the guard', () => {
  it('an unnamed read is allowed where the unknown-tool posture denies; an unreadable tool is still denied', () => {
    const guard = createGuard({ salt: 's', unknownTool: 'deny', tools: [{ name: 'get_pipeline', description: 'Get details of a specific pipeline' }, { name: 'frobnicate_widget', description: 'Frobnicates the widget' }] });
    const s = guard.session('a');
    const read = s.decide({ tool: 'get_pipeline', args: {}, turn: 0 });
    expect([read.verdict, read.capabilities]).toEqual(['allow', ['PRIVATE_ACCESS']]);
    const unknown = s.decide({ tool: 'frobnicate_widget', args: {}, turn: 1 });
    expect([unknown.verdict, unknown.rules.map((r) => r.id)]).toEqual(['deny', ['classify.unknown-tool']]);
  });
});

describe('prepositions, verbs used as nouns and neutral verbs in a name', () => {
  it('a preposition or a quantifier is no object: the object is the word after it', () => {
    expect(evidence('list_all_pipelines')).toEqual([{ capability: 'PRIVATE_ACCESS', source: 'name', term: 'list pipelines' }]);
    expect(evidence('search_for_gizmos')).toEqual([{ capability: 'PRIVATE_ACCESS', source: 'name', term: 'search gizmos' }]);
    // Nothing but a preposition after the verb: no object.
    expect(caps('search_for')).toEqual([]);
    expect(caps('get_all')).toEqual([]);
  });

  it('a verb right after the verb is a noun, the object (`get_monitors`)', () => {
    expect(evidence('get_monitors')).toEqual([{ capability: 'PRIVATE_ACCESS', source: 'name', term: 'get monitors' }]);
    // The same word acting as the verb, with no other word: no object.
    expect(caps('monitors')).toEqual([]);
  });

  it('a neutral verb after a read is what the read returns; before it, or alone, it is no read', () => {
    expect(evidence('get_active_hosts_count')).toEqual([{ capability: 'PRIVATE_ACCESS', source: 'name', term: 'get active' }]);
    expect(caps('count_hosts')).toEqual([]);
    expect(caps('count_then_get_hosts')).toEqual([]);
  });
});

describe('a name with no verb: the act from the opening of the description', () => {
  it('the first sentence opens with a read, and its first word is one the vocabulary lacks', () => {
    expect(evidence('droplet_backup_policy', "Get a droplet's backup policy")).toEqual([{ capability: 'PRIVATE_ACCESS', source: 'description', term: 'get droplet' }]);
    expect(evidence('hotspots', 'Search for security hotspots with filtering options')).toEqual([{ capability: 'PRIVATE_ACCESS', source: 'description', term: 'search security' }]);
    // A word the vocabulary knows keeps its own reading: settings are the user's.
    expect(caps('gizmo_settings', 'Update the settings of a gizmo')).toEqual(['LOCAL_MUTATION']);
    // A write from the description's opening is not read: the name says more of the store than
    // a description's first verb ("Mark thoughts that revise previous thinking").
    expect(caps('gizmo_frobs', 'Add a frob to the gizmo')).toEqual([]);
    expect(caps('sequential_thinking', 'Mark thoughts that revise previous thinking or branch into new paths')).toEqual([]);
  });

  it('look-alikes: a known word first, no verb first, punctuation or a second verb before the object', () => {
    // `connection` is a word the vocabulary knows: its own pairing decides, and it names nothing here.
    expect(caps('disconnect', 'Close a MongoDB connection and revoke its connectionId.')).toEqual([]);
    expect(caps('totals', 'Returns the sum of two numbers')).toEqual([]);
    expect(caps('widget', 'Frobnicates the widget')).toEqual([]);
    expect(caps('gizmo', 'Get, then frobnicate, a gizmo')).toEqual([]);
    expect(caps('gizmo', 'Get: a gizmo')).toEqual([]);
    expect(caps('gizmo', 'Get frobnicated gizmos')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('gizmo', 'Get to the gizmo')).toEqual([]);
    // Only the first sentence: a later one says what else the tool does, not what it is.
    expect(caps('gizmo', 'Frobnicates gizmos. Get gizmo data.')).toEqual([]);
  });

  it('a name with a verb of its own is read from the name, not from the description', () => {
    expect(caps('frobnicate_widget', 'Get a gizmo')).toEqual(['PRIVATE_ACCESS']);
    expect(evidence('create_widget', 'Get a gizmo')).toEqual([]);
  });
});
