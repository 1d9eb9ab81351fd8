/**
 * How far a list of objects goes on after a read's first object, past items the vocabulary does not
 * know: a comma goes on with the list when a conjunction closes it later ("the deal and the stage,
 * owner name, and the latest emails"), also past a colon that opens the items ("its fields: stage,
 * owner and the latest emails"); an adverb takes no room ("and optionally the latest emails"). Each
 * used to end the list early, so the e-mails named last were never read. And a word of how often is
 * an adjective before its noun ("its weekly emails" are read, not sent).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const caps = (description: string, name = 'get_deal'): readonly string[] => classifyTool({ name, description }).capabilities;

describe('a list of objects after a read', () => {
  it.each([
    // A comma a conjunction closes, in a list a conjunction opened.
    'Get the deal and the stage, owner name, and the latest emails',
    'Get the deal and the stage, the latest emails and the owner',
    // A comma list of seven items before its conjunction (fourteen words from the first comma).
    'Get the deal, the plum, the pear, the fig, the kiwi, the lime, the sloe, the quince and the latest emails',
    // The items after a colon.
    'Get the deal and its fields: stage, owner and the latest emails',
    'Get the deal and owner: name, stage, and the latest emails',
    // An adverb before an item: a word of the adverb list, and one in -ly.
    'Get the deal and also the latest emails',
    'Get the deal and usually the latest emails',
    'Get the deal and optionally the latest emails',
  ])('"%s" reads the e-mails', (description) => {
    expect(caps(description)).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
  });

  it.each([
    // No conjunction after the comma: what follows is no item of the list.
    'Get the deal and its stage, not the emails',
    'Get the deal and its stage, owner name, without the emails',
    // A verb before the conjunction: a participle's phrase, not items ("filtered by status and email").
    'Get the deal and its stage, sorted by owner name and the latest emails',
    // Past the reach with no comma or conjunction between.
    'Get the deal and the stage owner name the latest emails',
    // The conjunction sixteen words after the first comma: too far to close the list (the bound keeps
    // a padded list's reading linear).
    'Get the deal, the plum, the pear, the fig, the kiwi, the lime, the sloe, the quince, the yuzu and the latest emails',
  ])('"%s" reads no e-mails', (description) => {
    expect(caps(description)).toEqual(['PRIVATE_ACCESS']);
  });

  it('a determiner with no comma before it opens no item past an unknown word: "site including its settings, …" reads what it includes', () => {
    // `including` is a word the vocabulary does not know as a head; the list goes on from it, not past it.
    expect(caps('Get detailed information about a specific site including its settings, domains, and publishing status.', 'sites_get')).toContain('PRIVATE_ACCESS');
  });

  it('a word in -ly the vocabulary knows is no adverb: "and reply" is the reply', () => {
    // `reply` is a thing read here, other people's writing; as an adverb it would be passed over.
    expect(caps('Get the ticket and the reply', 'get_ticket')).toContain('EXTERNAL_INGESTION');
  });

  const SEED = 20261210;
  // A comma right after the first object, before an item with no determiner, may open an apposition
  // ("the user's notes, meeting minutes or to-do lists"): the list here opens with a conjunction.
  it(`unknown items between the first object and the last, each after a comma or a conjunction, never hide the last (seed ${SEED})`, () => {
    const unknown = ['stage', 'owner name', 'pipeline stage', 'amount', 'due date'];
    const joins = [', ', ', and ', ' and ', ', or ', ' or '];
    fc.assert(
      fc.property(
        fc.constantFrom(' and ', ' or '),
        fc.constantFrom(...unknown),
        fc.array(fc.tuple(fc.constantFrom(...joins), fc.constantFrom(...unknown)), { maxLength: 4 }),
        fc.constantFrom(' and ', ', and ', ' or '),
        (open, first, middle, last) => {
          const description = `Get the deal${open}${first}${middle.map(([j, w]) => `${j}${w}`).join('')}${last}the latest emails`;
          expect(caps(description), description).toContain('EXTERNAL_INGESTION');
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });
});

describe('a word of how often before a word that is a verb or a noun', () => {
  it.each([
    'Get the deal and its weekly emails',
    'Get the deal and weekly emails',
    'Get the deal and the daily emails to the team',
  ])('"%s" reads the e-mails and sends nothing', (description) => {
    expect(caps(description)).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
  });

  it.each(['hourly', 'daily', 'nightly', 'weekly', 'biweekly', 'fortnightly', 'monthly', 'bimonthly', 'quarterly', 'yearly'])(
    '"Get the deal and its %s emails" reads e-mails',
    (often) => {
      expect(caps(`Get the deal and its ${often} emails`)).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
    },
  );

  it.each([
    // A determiner, an object pronoun or a destination after the word: an act that happens that often.
    ['Daily posts a summary to Slack', 'daily_digest'],
    ['Read the inbox and weekly emails them to the owner', 'inbox_digest'],
    ['Fetch the news and daily posts to the channel', 'news_digest'],
    // An adverb in -ly that says how, not how often.
    ['Get the deal and automatically emails the owner', 'get_deal'],
  ])('"%s" sends', (description, name) => {
    expect(caps(description, name)).toContain('EXTERNAL_ACTION');
  });
});
