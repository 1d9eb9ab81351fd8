/**
 * `explainTool`: what the classifier sets aside (a negated verb, an example of a request, an inline code
 * span, an enum value, a later sentence's act that is not the tool's) is reported beside the classification, which explaining never changes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyTool, explainTool } from '../../src/core/classifier.js';
import { explaining } from '../../src/core/classifier-discounts.js';

const SEED = 6161;
const WORDS = ['send', 'delete', 'read', 'the', 'email', 'file', 'not', 'never', 'e.g.', 'for example', '`send_email`', 'invoice', 'web', 'page', 'but', 'notified', 'are', 'run', 'command', '.', ',', '(', ')', '发送', '不'];

describe('explainTool', () => {
  it(`classifies exactly as classifyTool does, and leaves no collector behind (seed ${SEED})`, () => {
    const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 30 }).map((w) => w.join(' '));
    const spec = fc.record({
      name: fc.constantFrom('search_notes', 'send_email', 'get_weather', 'manage_files', 'tx'),
      description: text,
      inputSchema: fc.record({ type: fc.constant('object'), properties: fc.dictionary(fc.constantFrom('kind', 'to', 'body', 'path', 'mode'), fc.record({ type: fc.constant('string'), description: text, enum: fc.array(fc.constantFrom(...WORDS), { maxLength: 4 }) })) }),
    });
    fc.assert(
      fc.property(spec, (s) => {
        const e = explainTool(s);
        expect(e.classification).toEqual(classifyTool(s));
        expect(explaining()).toBe(false);
        // Each discount once.
        expect(new Set(e.discounted.map((d) => JSON.stringify(d))).size).toBe(e.discounted.length);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("names a later sentence's act that is not the tool's, both ways, and not the tool's own", () => {
    expect(explainTool({ name: 'list_segments', description: 'List the contact segments. Pick one before you send a campaign with the campaign tool.' }).discounted).toEqual([
      { why: 'usage', source: 'description', text: 'send' },
    ]);
    expect(explainTool({ name: 'delete_rule', description: 'Delete the message rule. Get the folder id from the folders tool first.' }).discounted).toEqual([
      { why: 'usage', source: 'description', text: 'get' },
    ]);
    // "Deletes …" opening a later sentence is the tool's own act: nothing is set aside.
    expect(explainTool({ name: 'list_notes', description: 'List the notes. Deletes the notes it lists.' }).discounted).toEqual([]);
  });

  it('names a negated verb with its negation, and only a negated one', () => {
    const d = explainTool({ name: 'archive_thread', description: 'Archive a thread. It does not delete any message and will never notify the participants.' }).discounted;
    expect(d).toEqual([
      { why: 'negation', source: 'description', text: 'delete', cue: 'not' },
      { why: 'negation', source: 'description', text: 'notify', cue: 'never' },
    ]);
    // A negation cut off by `but` reaches no further: "send" is done, and not set aside.
    const digest = explainTool({ name: 'post_digest', description: 'Does not delete drafts, but sends the digest to the channel.' });
    expect(digest.discounted).toEqual([{ why: 'negation', source: 'description', text: 'delete', cue: 'not' }]);
    expect(digest.classification.capabilities).toContain('EXTERNAL_ACTION');
  });

  it('a negation reaches eight words: a verb past them is the tool\'s again', () => {
    const caps = (filler: number): readonly string[] => classifyTool({ name: 'tool', description: `It does not ${'zorb '.repeat(filler)}delete the file.` }).capabilities;
    expect(caps(7)).toEqual([]);
    expect(caps(8)).toEqual(['LOCAL_MUTATION']);
  });

  it('names the negation of a passive notification, found before the participle', () => {
    const d = explainTool({ name: 'move_meeting', description: 'Move a meeting to another room. The attendees will not be notified.' }).discounted;
    expect(d).toContainEqual({ why: 'negation', source: 'description', text: 'be notified', cue: 'not' });
  });

  it('names an example of a request, and not an example of things (which is read)', () => {
    expect(explainTool({ name: 'search_notes', description: 'Search notes by keyword (e.g. delete old drafts).' }).discounted).toEqual([{ why: 'example', source: 'description', text: 'e.g. delete old drafts' }]);
    expect(explainTool({ name: 'search_notes', description: 'Search notes, for example invoices or receipts.' }).discounted).toEqual([]);
  });

  it('names an example and a code span in a property description, with its path', () => {
    const d = explainTool({
      name: 'find_rules',
      description: 'Find mail rules.',
      inputSchema: { type: 'object', properties: { q: { type: 'string', description: 'Words to match, for instance forward to my phone. See `send_email`.' } } },
    }).discounted;
    expect(d).toEqual([
      { why: 'code-span', source: 'schema', at: 'properties.q', text: '`send_email`' },
      { why: 'example', source: 'schema', at: 'properties.q', text: 'for instance forward to my phone' },
    ]);
  });

  it('names enum values that would read as an act or a thing, and no others', () => {
    const d = explainTool({
      name: 'list_transactions',
      description: 'List the transactions of an account.',
      inputSchema: { type: 'object', properties: { type: { type: 'string', enum: ['send', 'request', 'refund', 'all', 'pending', 42, 'send'] } } },
    });
    // `request` alone reads as nothing; `send` is listed once.
    expect(d.discounted.map((x) => x.text)).toEqual(['send', 'refund']);
    expect(d.discounted.every((x) => x.why === 'enum-value' && x.at === 'properties.type')).toBe(true);
    // And the values took nothing from the classification.
    expect(d.classification.capabilities).not.toContain('EXTERNAL_ACTION');
  });

  it('reads enum values of up to 200 characters, and leaves longer ones out', () => {
    const act = 'send the invoice by email';
    const of = (n: number): string => `${act}${'.'.repeat(n - act.length)}`;
    const d = explainTool({
      name: 'list_invoices',
      description: 'List the invoices of an account.',
      inputSchema: { type: 'object', properties: { next: { type: 'string', enum: [of(200), of(201)] } } },
    });
    expect(d.discounted.map((x) => x.text.length)).toEqual([200]);
  });
});
