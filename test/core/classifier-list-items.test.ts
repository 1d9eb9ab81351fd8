/**
 * How far a list of objects goes on after a read's first object, past items the vocabulary does not
 * know: a comma before a determiner goes on with the list when a conjunction closes it later ("the
 * deal and the stage, the owner, and the latest emails"), and so does any such comma past a colon
 * that opens the items ("its fields: stage, owner and the latest emails"); an adverb takes no room ("and optionally the latest emails"). Each
 * used to end the list early, so the e-mails named last were never read. And a word of how often is
 * an adjective after a determiner, a possessive or a verb ("its weekly emails" are read, not sent),
 * and says when an act happens elsewhere ("and weekly emails subscribers").
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const caps = (description: string, name = 'get_deal'): readonly string[] => classifyTool({ name, description }).capabilities;

describe('a list of objects after a read', () => {
  it.each([
    // A comma a conjunction closes, in a list a conjunction opened, before a determiner.
    'Get the deal and the stage, the owner name, and the latest emails',
    'Get the deal and the stage, the latest emails and the owner',
    // A comma list of seven items before its conjunction (fourteen words from the first comma).
    'Get the deal, the plum, the pear, the fig, the kiwi, the lime, the sloe, the quince and the latest emails',
    // The items after a colon.
    'Get the deal and its fields: stage, owner and the latest emails',
    'Get the deal and owner: name, stage, and the latest emails',
    // A colon after words the vocabulary does not know starts the items afresh, and each comma after
    // it starts one, with a determiner or not.
    'Get the deal and its extra bits: stage, owner and the latest emails',
    'Get the deal and its extras: stage, owner name, amount and the latest emails',
    'Get the deal and its extra bits: the latest emails and the owner',
    // In what a read includes, and in a comma list, a comma starts an item with or without a determiner.
    'Get the deal including its stage, owner name, and the latest emails',
    'Get the deal, the stage, owner name and the latest emails',
    // A colon right after the read's object opens a list of what it returns, also when the first
    // item is a thing the vocabulary knows (the colon ends the compound: "project tasks" are not one).
    'Get the deal: stage, owner and the latest emails',
    'Get the project: tasks, assignees, due dates, and comments',
    'Get the deal: stage, owner, or the latest emails',
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
    // In a list a conjunction opened, the words after a comma with no determiner may leave things out,
    // or say what the read is for; the list ends there (and so does "…, owner name, and the latest
    // emails", a list this reading gives up).
    'Get the deal and its stage, excluding comments and emails',
    'Get the deal and its stage, omitting any emails and messages',
    'Get the deal and the stage, useful for forecasting and customer reviews',
    'Get the deal and the stage, owner name, and the latest emails',
    // A verb before the conjunction: a participle's phrase, not items ("filtered by status and email").
    'Get the deal and its stage, sorted by owner name and the latest emails',
    // After a colon, words no conjunction closes are no list: a sentence about the e-mails.
    'Get the deal: the emails are fetched separately',
    // Past the reach with no comma or conjunction between.
    'Get the deal and the stage owner name the latest emails',
    // The conjunction sixteen words after the first comma: too far to close the list (the bound keeps
    // a padded list's reading linear).
    'Get the deal, the plum, the pear, the fig, the kiwi, the lime, the sloe, the quince, the yuzu and the latest emails',
  ])('"%s" reads no e-mails', (description) => {
    expect(caps(description)).toEqual(['PRIVATE_ACCESS']);
  });

  it('after a write\'s object, a colon\'s list is what it writes, and adds nothing: "Update the deal: stage, owner and the latest emails"', () => {
    expect(caps('Update the deal: stage, owner and the latest emails', 'update_deal')).toEqual(caps('Update the deal', 'update_deal'));
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
  // ("the user's notes, meeting minutes or to-do lists"): the list here opens with a conjunction, and
  // each comma's item with a determiner.
  it(`unknown items between the first object and the last, each after a comma or a conjunction, never hide the last (seed ${SEED})`, () => {
    const unknown = ['stage', 'owner name', 'pipeline stage', 'amount', 'due date'];
    // After a bare comma an item opens with a determiner (see the look-alikes above).
    const joins = [', the ', ', its ', ', and ', ' and ', ', or ', ' or '];
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
    // After a determiner or a possessive: an adjective of the noun.
    'Get the deal and its weekly emails',
    'Get the deal and the daily emails to the team',
    "Get the contact's weekly emails",
  ])('"%s" reads the e-mails and sends nothing', (description) => {
    expect(caps(description)).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
  });

  it('right after a verb: an adjective of the verb\'s object ("Lists daily posts the community upvoted" reads posts)', () => {
    expect(caps('Lists daily posts the community upvoted', 'list_posts')).toEqual(['EXTERNAL_INGESTION']);
  });

  it.each(['hourly', 'daily', 'nightly', 'weekly', 'biweekly', 'fortnightly', 'monthly', 'bimonthly', 'quarterly', 'yearly'])(
    '"Get the deal and its %s emails" reads e-mails',
    (often) => {
      expect(caps(`Get the deal and its ${often} emails`)).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
    },
  );

  it.each([
    // Elsewhere the word says when an act happens: at the sentence's start, after a conjunction, after
    // `that` (a clause's subject, not a determiner).
    ['Daily posts a summary to Slack', 'daily_digest'],
    ['Read the inbox and weekly emails them to the owner', 'inbox_digest'],
    ['Fetch the news and daily posts to the channel', 'news_digest'],
    ['Computes KPIs and quarterly emails investors', 'kpi_report'],
    ['Builds the sales report and weekly emails subscribers', 'sales_report'],
    ['Schedules a digest that daily posts to #general', 'schedule_digest'],
    ['Registers a status bot that weekly messages project members', 'register_bot'],
    // An adverb in -ly that says how, not how often.
    ['Get the deal and automatically emails the owner', 'get_deal'],
  ])('"%s" sends', (description, name) => {
    expect(caps(description, name)).toContain('EXTERNAL_ACTION');
  });
});
