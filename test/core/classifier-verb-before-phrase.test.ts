/**
 * A word that is a verb or a noun by position (`post`, `email`, `message`), joined to its sentence by a
 * conjunction, is a verb before a determiner whose short phrase goes on to a destination or ends the
 * sentence: "Fetches the page and posts the text to the channel" sends the text. It used to be read as
 * the noun ("posts": other people's writing), so the tool only read a page. A noun followed by a verb
 * after the determiner opens a clause the word's noun heads ("the posts the user wrote"): no verb.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const caps = (name: string, description: string): readonly string[] => classifyTool({ name, description }).capabilities;

describe('a verb-or-noun word before a determiner and its phrase', () => {
  it.each<[string, string, string]>([
    ['page_to_channel', 'Fetches the page and posts the text to the channel', 'EXTERNAL_ACTION'],
    ['page_to_channel', 'Fetch the page and posts a summary to Slack', 'EXTERNAL_ACTION'],
    ['status_update', 'Get the user and posts the latest update to the team channel', 'EXTERNAL_ACTION'],
    ['deal_owner_mail', 'Get the deal and email the owner', 'EXTERNAL_ACTION'],
    ['deal_owner_message', 'Get the deal and messages the owner', 'EXTERNAL_ACTION'],
    // A determiner that stands alone before the destination is the object itself.
    ['deal_to_owner', 'Get the deal and emails this to the owner', 'EXTERNAL_ACTION'],
    ['notes_to_channel', 'Read the notes and posts these to the channel', 'EXTERNAL_ACTION'],
    // Three words after the determiner, at the sentence's end or before a destination.
    ['deal_summary', 'Get the deal and emails the weekly sales summary', 'EXTERNAL_ACTION'],
    ['deal_summary', 'Get the deal and emails the weekly sales summary to the owner', 'EXTERNAL_ACTION'],
  ])('%s: "%s" acts', (name, description, capability) => {
    expect(caps(name, description)).toContain(capability);
  });

  it.each<[string, string, readonly string[]]>([
    // A noun and a verb after the determiner: a clause about the posts, which are read.
    ['get_likes', 'List the comments and posts the user liked', ['EXTERNAL_INGESTION']],
    // No determiner after the word: a list of nouns, as before.
    ['view', 'Read the post and comments', ['EXTERNAL_INGESTION']],
    ['view', 'List the posts and the comments', ['EXTERNAL_INGESTION']],
    // `to` and a verb say what the reading is for, not where something goes.
    ['get_feed', 'Get the profile and posts this week to read later', ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']],
    // `that` after the word opens a clause about it.
    ['search_feed', 'Search the feed and posts that mention the brand', ['EXTERNAL_INGESTION']],
  ])('%s: "%s" stays a read', (name, description, capabilities) => {
    expect(caps(name, description)).toEqual(capabilities);
  });

  it.each<[string, string]>([
    // No conjunction or cue before the word: a noun after a noun ("channel posts").
    ['view', 'Read the latest channel posts the night before'],
    // `no` and `that` after the word are no determiner of its object.
    ['get_deal', 'Get the deal and emails no one.'],
    ['get_deal', 'Get the deal and emails that day.'],
    // The sentence ends at the determiner: no phrase.
    ['get_deal', 'Get the deal and emails the'],
    // A comma after the phrase's first word ends it before any destination.
    ['get_deal', 'Get the deal and emails the owner, too'],
    // A verb right after a noun opens a clause ("the user creates").
    ['get_profile', 'Get the profile and posts the user creates'],
    // A phrase longer than three words with no destination.
    ['get_deal', 'Get the deal and emails the very long summary text'],
  ])('%s: "%s" sends nothing', (name, description) => {
    expect(caps(name, description)).not.toContain('EXTERNAL_ACTION');
  });

  it('a past form right after the determiner is the phrase\'s modifier, not a clause: "posts the sent ones to the archive" sends', () => {
    expect(caps('get_deal', 'Get the deal and posts the sent ones to the archive')).toContain('EXTERNAL_ACTION');
  });

  // After the send's object, a word that goes on with the send: what it is about, when, another object.
  // Each phrase runs past the reach, so only the word itself decides.
  it.each([
    'about delays in shipping', 'regarding delays in shipping', 'with details of refunds', 'for approval of refunds',
    'when tickets change state', 'whenever tickets change state', 'if tickets change state', 'once tickets change state',
    'after tickets change state', 'until tickets change state', 'and managers in charge', 'or managers in charge',
  ])('"Reads the ticket and emails the customer %s" reads the ticket and sends', (rest) => {
    expect(caps('read_ticket', `Reads the ticket and emails the customer ${rest}`)).toEqual(['PRIVATE_ACCESS', 'EXTERNAL_ACTION']);
  });
  it('a determiner alone as the object, then what the send goes on with: "posts this with photos of the team" sends', () => {
    expect(caps('get_profile', 'Get the profile and posts this with photos of the team')).toContain('EXTERNAL_ACTION');
  });
  it.each([
    'Reads the ticket and emails the requester a satisfaction survey',
    'Get the contact and emails the contact owner a reminder',
  ])('a second object right after the first: "%s" sends', (description) => {
    expect(caps('tool', description)).toContain('EXTERNAL_ACTION');
  });
  it.each([
    // A determiner further on belongs to the clause the noun opens ("the emails the rep logs").
    'Get the contact and emails the rep logs against the deal',
    // A past form comes first: a clause about the posts, whatever follows it.
    'List the comments and posts the user liked about the product',
  ])('"%s" sends nothing', (description) => {
    expect(caps('tool', description)).not.toContain('EXTERNAL_ACTION');
  });

  // Each past form that does not end in -ed, after a word the vocabulary does not know: a clause, so
  // the posts are other people's writing, read.
  it.each(['wrote', 'sent', 'made', 'got', 'took', 'gave', 'left', 'put', 'saw', 'kept', 'found', 'bought', 'sold', 'built', 'ran', 'won', 'lost', 'read', 'said', 'told', 'paid', 'held', 'did', 'had'])(
    '"Get the profile and posts the bot %s" reads the posts',
    (past) => {
      expect(caps('get_profile', `Get the profile and posts the bot ${past}`)).toContain('EXTERNAL_INGESTION');
    },
  );
  it('a word that is no past form there leaves a verb: "posts the bot answers" sends', () => {
    expect(caps('get_profile', 'Get the profile and posts the bot answers')).toEqual(['PRIVATE_ACCESS', 'EXTERNAL_ACTION']);
  });

  const SEED = 20261209;
  it(`never drops what the sentence read before the conjunction (seed ${SEED})`, () => {
    const reads = ['the page', 'the inbox', 'the ticket', 'the customer record', 'the file'];
    const words = ['posts', 'post', 'emails', 'email', 'messages', 'message'];
    const phrases = ['the text', 'a summary', 'the latest update', 'the owner', 'the digest'];
    const ends = ['', ' to the channel', ' to the team', ' to Slack'];
    fc.assert(
      fc.property(fc.constantFrom(...reads), fc.constantFrom(...words), fc.constantFrom(...phrases), fc.constantFrom(...ends), (read, word, phrase, end) => {
        const alone = caps('tool', `Get ${read}`);
        const joined = caps('tool', `Get ${read} and ${word} ${phrase}${end}`);
        for (const c of alone) expect(joined, `"Get ${read} and ${word} ${phrase}${end}" lacks ${c}`).toContain(c);
        expect(joined, `"Get ${read} and ${word} ${phrase}${end}" sends nothing`).toContain('EXTERNAL_ACTION');
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});
