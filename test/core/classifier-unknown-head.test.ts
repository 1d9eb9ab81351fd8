/**
 * A list of objects goes on past a compound whose head the vocabulary does not know: in "Get the deal
 * pipeline and the latest emails", `pipeline` is no word of the vocabulary, and the list used to end
 * there, so the e-mails were never read (the tool read only the deal, as PRIVATE_ACCESS). The head's
 * words still pair with nothing; only the list goes on to the object after the conjunction. A comma
 * list that a conjunction closes goes on the same way ("Get the deal, the owner and the latest
 * emails"), when each item after a comma opens with a determiner; in a list, each conjunction (and
 * each comma of a comma list) starts the next item until the clause ends.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { LEXICON, PHRASES, WORDS } from '../../src/core/classifier-lexicon.js';
import type { ToolSpec } from '../../src/core/types.js';

const caps = (spec: ToolSpec): readonly string[] => classifyTool(spec).capabilities;

describe('a compound with an unknown head does not end a list of objects', () => {
  it.each<[string, string, readonly string[]]>([
    ['get_deal_overview', 'Get the deal pipeline and the latest emails', ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']],
    ['get_account_overview', 'Get the account overview and the recent messages for the dashboard.', ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']],
    ['get_project_roadmap', 'Get the project roadmap and its reviews', ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']],
    // A head of two unknown words, and the list's comma before `and`.
    ['get_deal_summary', 'Fetch the deal health summary, and the recent emails', ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']],
    // A head the vocabulary knows as setup ("message filter", `SETUP_HEADS`) makes its modifier the
    // user's own; the messages after `and` are still read as what they are.
    ['get_message_filter', 'Get the message filter and the messages it matched', ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']],
    ['get_review_template', 'Get the review template and the reviews', ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']],
    // Items separated by commas, the list closed by a conjunction.
    ['get_deal_context', 'Get the deal, the contact and the latest emails', ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']],
    ['get_deal_context', 'Get the deal stage, the owner, and the recent emails', ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']],
    ['list_activity', 'List the invoices, the payments and the latest customer messages.', ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']],
    // Unknown items, one after each comma and one after the conjunction, each start afresh.
    ['get_deal_context', 'Get the deal, the owner, the stage and the latest emails', ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']],
    ['get_deal_context', 'Get the deal stage and owner, and the recent emails', ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']],
  ])('%s reads every object of its list', (name, description, capabilities) => {
    expect(caps({ name, description })).toEqual(capabilities);
  });

  it.each<[string, string, readonly string[]]>([
    // The setup alone stays the user's own: nothing follows the head.
    ['get_message_filter', 'Get the message filter', ['PRIVATE_ACCESS']],
    ['get_review_template', 'Get the review template for the store.', ['PRIVATE_ACCESS']],
    // A new clause, not the list: what the second clause does is read as its own verb says.
    ['get_account_overview', 'Get the account overview; and cache it for later.', ['PRIVATE_ACCESS']],
    // A word of the head after punctuation is no head: "overview. And …" starts a sentence.
    ['get_deal_pipeline', 'Get the deal pipeline. And nothing else.', ['PRIVATE_ACCESS']],
    ['get_deal_pipeline', 'Get the deal pipeline; and the emails are kept elsewhere.', ['PRIVATE_ACCESS']],
    // A word after a comma is no head of the compound before it, and the item it opens has no determiner.
    ['get_deal', 'Get the deal, owner and the latest emails', ['PRIVATE_ACCESS']],
    // A clause break before the conjunction: no list the conjunction closes.
    ['get_deal', 'Get the deal, the owner; and the emails are archived', ['PRIVATE_ACCESS']],
    // After a clause break no conjunction starts another item.
    ['get_deal', 'Get the deal stage and owner; and then the latest reviews', ['PRIVATE_ACCESS']],
    // A comma that no conjunction closes as a list ends it: "the emails are not included" is a clause.
    ['get_deal', 'Get the deal, the emails are not included', ['PRIVATE_ACCESS']],
    // An item after the comma without a determiner may be an apposition or a participle's phrase: no list.
    ['read_notes', "Read the user's notes, meeting minutes or to-do lists.", ['PRIVATE_ACCESS']],
    ['list_customers', 'List customers, filtered by status and email.', ['PRIVATE_ACCESS']],
    // A verb after the comma starts another act, paired with its own objects.
    ['read_file_and_send', 'Read the file, and send the summary to the team', ['PRIVATE_ACCESS', 'EXTERNAL_ACTION']],
  ])('%s: the look-alike keeps its reading', (name, description, capabilities) => {
    expect(caps({ name, description })).toEqual(capabilities);
  });

  it('reads past no more than two unknown words', () => {
    // Three unknown words are no compound's head but a clause the vocabulary cannot read.
    expect(caps({ name: 'get_deal', description: 'Get the deal zorp blag quux and the emails' })).toEqual(['PRIVATE_ACCESS']);
  });

  const SEED = 20261208;
  /** Nouns of the vocabulary (no verb reading) that a read pairs with. */
  const NOUNS = [...LEXICON.entries()].filter(([w, i]) => i.obj !== undefined && i.verb === undefined && /^[a-z]{4,}$/.test(w)).map(([w]) => w).sort();
  const madeUpHead = fc.stringMatching(/^[a-z]{4,9}$/).filter((w) => !WORDS.has(w) && !LEXICON.has(w) && !PHRASES.has(w) && !w.endsWith('ly'));

  it(`reads the object after the head as it reads that object alone (seed ${SEED})`, () => {
    fc.assert(
      fc.property(fc.constantFrom(...NOUNS), madeUpHead, fc.constantFrom(...NOUNS), (first, head, second) => {
        const alone = caps({ name: 'lookup', description: `Get the ${second}` });
        const listed = caps({ name: 'lookup', description: `Get the ${first} ${head} and the ${second}` });
        for (const c of alone) expect(listed, `"Get the ${first} ${head} and the ${second}" lacks ${c} of "Get the ${second}"`).toContain(c);
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it(`reads a comma list a conjunction closes at least as the same list joined by conjunctions (seed ${SEED})`, () => {
    fc.assert(
      fc.property(fc.constantFrom(...NOUNS), fc.constantFrom(...NOUNS), fc.constantFrom(...NOUNS), fc.constantFrom('and', 'or'), (a, b, c, conj) => {
        const commas = `Get the ${a}, the ${b} ${conj} the ${c}`;
        const conjunctions = `Get the ${a} ${conj} the ${b} ${conj} the ${c}`;
        const read = caps({ name: 'lookup', description: commas });
        for (const cap of caps({ name: 'lookup', description: conjunctions })) expect(read, `"${commas}" lacks ${cap} of "${conjunctions}"`).toContain(cap);
      }),
      { seed: SEED, numRuns: 400 },
    );
  });
});
