/**
 * A tool whose words hold no verb the vocabulary knows is read as a getter of what its name names
 * (`inbox`, `customer_records`). A description that opens with a word the vocabulary does not know,
 * right before an article or another determiner ("Waive the late fee of an invoice", "Comp a
 * booking"), opens with a verb: the tool acts on what its name names, in a way nobody has read. When
 * its capabilities come only from the getter, such a tool keeps them (nothing its server's other
 * tools see changes, and its calls count in chains as before) and the unknown-tool posture applies
 * as well (`unreadAct`): the rule only ever turns an allowed call into a question.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { LEXICON, PHRASES, WORDS } from '../../src/core/classifier-lexicon.js';
import { createGuard } from '../../src/core/guard.js';
import type { ToolSpec } from '../../src/core/types.js';
import { GETTER_OPENERS, UNREAD_ACT } from '../../src/core/vocabulary.js';

const caps = (spec: ToolSpec): readonly string[] => classifyTool(spec).capabilities;
const unreadAct = (spec: ToolSpec): string | undefined => classifyTool(spec).unreadAct;

describe('a verb the vocabulary cannot read makes a getter a tool the classifier cannot read', () => {
  it.each<[string, string, string, readonly string[]]>([
    ['waive_invoice_fee', 'Waive the late fee of an unpaid invoice. The customer no longer owes it.', 'waive', ['PRIVATE_ACCESS']],
    ['comp_booking', 'Comp a booking for a guest.', 'comp', ['PRIVATE_ACCESS']],
    // A verb that ends in -ly, which otherwise marks an adverb.
    ['supply_order', 'Supply an order to a store.', 'supply', ['PRIVATE_ACCESS']],
    ['rate_release_in_user_collection', "Rate a release in a user's collection.", 'rate', ['PRIVATE_ACCESS']],
    ['sync_collection_with_spec', 'Syncs a collection generated from an API specification.', 'syncs', ['PRIVATE_ACCESS']],
    ['mobile_release_remote_device', 'Release a device previously reserved back to the remote fleet.', 'release', ['PRIVATE_ACCESS']],
    ['concat_secrets', 'Concatenate the secrets', 'concatenate', ['CREDENTIAL_ACCESS']],
    // Others' writing a getter reads (an issue, reviews): outside content, and the verb unread.
    ['triage_issue', 'Triage a SonarQube issue', 'triage', ['EXTERNAL_INGESTION']],
    ['moderate_reviews', 'Moderate the customer reviews.', 'moderate', ['EXTERNAL_INGESTION']],
  ])('%s: what its nouns read as, and an unread verb', (name, description, verb, capabilities) => {
    const c = classifyTool({ name, description });
    expect(c.capabilities).toEqual(capabilities);
    expect(c.unreadAct).toBe(verb);
  });

  it('is the unknown-tool posture at the guard: asked by default, denied under `unknownTool: deny`, and the read is recorded', () => {
    const tools: ToolSpec[] = [{ name: 'waive_invoice_fee', description: 'Waive the late fee of an unpaid invoice.' }];
    const guard = createGuard({ tools });
    expect(guard.tool('waive_invoice_fee')).toMatchObject({ capabilities: ['PRIVATE_ACCESS'], unreadAct: 'waive', harmless: false });
    const asked = guard.session('s').decide({ tool: 'waive_invoice_fee', args: { invoice_id: 'in_1' } });
    expect(asked.verdict).toBe('ask');
    expect(asked.capabilities).toEqual(['PRIVATE_ACCESS']);
    expect(asked.rules.map((r) => r.id)).toEqual(['classify.unknown-tool']);
    expect(asked.rules[0]?.reason).toContain('`waive`');
    expect(createGuard({ tools, unknownTool: 'deny' }).session('s').decide({ tool: 'waive_invoice_fee', args: {} }).verdict).toBe('deny');
    expect(createGuard({ tools, unknownTool: 'allow' }).session('s').decide({ tool: 'waive_invoice_fee', args: {} }).verdict).toBe('allow');
    // An override says what the tool does: no posture.
    expect(createGuard({ tools, overrides: { waive_invoice_fee: ['EXTERNAL_ACTION'] } }).session('s').decide({ tool: 'waive_invoice_fee', args: {} }).verdict).toBe('allow');
    // Once run, its read counts in a chain as a read does: after a web page, a send is case B.
    const chain = createGuard({
      tools: [
        { name: 'fetch_url', description: 'Fetch a web page by URL.' },
        ...tools,
        { name: 'send_email', description: 'Send an email to a recipient.' },
      ],
    }).session('s');
    chain.record(chain.decide({ tool: 'fetch_url', turn: 1, args: { url: 'https://news.example/' } }), { result: 'page' });
    chain.record(chain.decide({ tool: 'waive_invoice_fee', turn: 2, args: { invoice_id: 'in_1' } }), { result: { id: 'in_1', fee: 0 } });
    expect(chain.decide({ tool: 'send_email', turn: 3, args: { to: 'a@example.com', body: 'done' } }).rules.map((r) => r.id)).toContain('chain.eit-pat-nat');
  });

  it('keeps the getter where the first word is known, says what a thing is or gives, or opens no act', () => {
    const plain = (spec: ToolSpec, capabilities: readonly string[]): void => {
      expect(caps(spec)).toEqual(capabilities);
      expect(unreadAct(spec)).toBeUndefined();
    };
    plain({ name: 'get_invoice', description: 'Get an invoice by id.' }, ['PRIVATE_ACCESS']);
    // A verb the vocabulary knows only as a description's first word or in a name: no getter at all.
    plain({ name: 'void_invoice', description: 'Void an unpaid invoice.' }, ['EXTERNAL_ACTION']);
    // A getter's openers, and verbs that say what a thing is or what a reader gives.
    plain({ name: 'invoice_list', description: 'Returns the list of invoices.' }, ['PRIVATE_ACCESS']);
    // What a getter's opener returns need not be read: the opener is no act all the same.
    plain({ name: 'invoice_total', description: 'Returns the sum of the amounts.' }, ['PRIVATE_ACCESS']);
    plain({ name: 'excel_tables', description: 'Represents a collection of tables in the workbook.' }, ['PRIVATE_ACCESS']);
    plain({ name: 'postgres_explain', description: 'Explain a statement on Postgres and return the plan.' }, ['PRIVATE_ACCESS']);
    plain({ name: 'weather_forecast', description: 'Provides a weather forecast for a location.' }, ['EXTERNAL_INGESTION']);
    expect(unreadAct({ name: 'inbox', description: 'See your unread messages and recent threads.' })).toBeUndefined();
    // Small words before a determiner: no verb.
    plain({ name: 'invoice_summary', description: 'Only the invoices of the current month.' }, ['PRIVATE_ACCESS']);
    plain({ name: 'invoice_summary', description: 'For each customer, the invoices due.' }, ['PRIVATE_ACCESS']);
    // `that` after a noun opens a relative clause; an adverb is no verb.
    plain({ name: 'invoices', description: 'Invoices that are overdue.' }, ['PRIVATE_ACCESS']);
    plain({ name: 'invoices', description: 'Currently the overdue invoices.' }, ['PRIVATE_ACCESS']);
  });

  it('keeps the getter where punctuation stands between the word and the determiner, or the word is not first', () => {
    const plain = (description?: string): void => {
      const spec: ToolSpec = { name: 'invoice_summary', ...(description !== undefined ? { description } : {}) };
      expect(caps(spec)).toEqual(['PRIVATE_ACCESS']);
      expect(unreadAct(spec)).toBeUndefined();
    };
    // A label before a colon, a comma after or before it: the word is no verb of the sentence.
    plain('Zorblat: the invoices due this month.');
    plain('Zorblat, the invoices due this month.');
    plain(', zorblat the invoices due this month.');
    plain('Monthly zorblat the invoices.');
    // A word that is not a determiner after it.
    plain('Zorblat invoices of the month.');
    // Nothing after the word, or no description at all.
    plain('Zorblat.');
    plain();
  });

  it("counts what a \"Returns …\" sentence names as the getter's: the tool keeps it and is asked about", () => {
    const join: ToolSpec = { name: 'join_channel', description: "Join a Slack channel. Returns the channel's last 50 messages." };
    expect(caps(join)).toContain('EXTERNAL_INGESTION');
    expect(unreadAct(join)).toBe('join');
    const debit: ToolSpec = { name: 'customer_credits_debit_account', description: 'Debit an account. Returns the resulting transaction.' };
    expect(caps(debit)).toContain('PRIVATE_ACCESS');
    expect(unreadAct(debit)).toBe('debit');
  });

  it("reads the tool's own first sentence after a suite's \"Tool description:\" label", () => {
    const fund: ToolSpec = { name: 'fund_account', description: 'This tool belongs to the trading bot, which lets users trade stocks. Tool description: Fund the account with the given amount.' };
    expect(caps(fund)).toEqual(['PRIVATE_ACCESS']);
    expect(unreadAct(fund)).toBe('fund');
    // A word after a comma opens no sentence of its own.
    expect(unreadAct({ name: 'account_balance', description: 'This tool belongs to the trading bot. Tool description: Balance, the account of the user.' })).toBeUndefined();
  });

  it('reads the clause after a one-word label', () => {
    const labelled: ToolSpec = { name: 'waive_invoice_fee', description: 'Billing: Waive the late fee of an invoice.' };
    expect(caps(labelled)).toEqual(['PRIVATE_ACCESS']);
    expect(unreadAct(labelled)).toBe('waive');
    // The clause opens with a noun phrase: a plain getter.
    expect(unreadAct({ name: 'invoice_summary', description: 'Billing: the invoices due this month.' })).toBeUndefined();
  });

  it('is not given to a spec read only in part: the posture applies to it anyway, as a tool read in part', () => {
    const cut: ToolSpec = { name: 'waive_invoice_fee', description: `Waive the late fee of an invoice.${' '.repeat(16_384)}` };
    const c = classifyTool(cut);
    expect(c.unread?.source).toBe('description');
    expect(c.unreadAct).toBeUndefined();
    expect(createGuard({ tools: [cut] }).session('s').decide({ tool: cut.name, args: {} }).rules.map((r) => r.id)).toContain('classify.unknown-tool');
  });

  it('leaves the reading as it is where the spec reads something without the getter', () => {
    // A web address it takes.
    const audit: ToolSpec = { name: 'audit_live', description: 'Audit a live URL via CDP.', inputSchema: { type: 'object', properties: { url: { type: 'string', format: 'uri', description: 'URL to audit.' } } } };
    expect(caps(audit)).toEqual(['EXTERNAL_INGESTION']);
    expect(unreadAct(audit)).toBeUndefined();
    // A send read in a later sentence: no getter at all.
    const sends: ToolSpec = { name: 'waive_invoice_fee', description: 'Waive the late fee of an invoice. Emails the customer a notice.' };
    expect(caps(sends)).toContain('EXTERNAL_ACTION');
    expect(unreadAct(sends)).toBeUndefined();
    // A verb the vocabulary knows in the name.
    expect(unreadAct({ name: 'delete_invoice', description: 'Waive the late fee of an unpaid invoice.' })).toBeUndefined();
    // Nothing read at all: a tool that is simply unknown names no verb.
    const nothing: ToolSpec = { name: 'frob_zorps', description: 'Frob the zorps.' };
    expect(caps(nothing)).toEqual([]);
    expect(unreadAct(nothing)).toBeUndefined();
  });

  it("changes nothing its server's other tools see: on a server of published content it reads as its siblings make it", () => {
    const origin = 'mcp:feeds';
    const published: ToolSpec[] = [
      { name: 'latest_news', description: 'Get the latest news headlines.', origin },
      { name: 'search_videos', description: 'Search YouTube videos by keyword.', origin },
    ];
    const zorp: ToolSpec = { name: 'zorp_videos', description: 'Zorp the trending videos.', origin };
    const asGetter: ToolSpec = { ...zorp, description: 'The trending videos.' };
    const guard = createGuard({ tools: [...published, zorp] });
    const plain = createGuard({ tools: [...published, asGetter] });
    expect(guard.tool('zorp_videos').unreadAct).toBe('zorp');
    expect(guard.tool('zorp_videos').capabilities).toEqual(plain.tool('zorp_videos').capabilities);
    for (const t of published) expect(guard.tool(t.name).capabilities).toEqual(plain.tool(t.name).capabilities);
  });
});

/** Object nouns of the vocabulary: a name of one of them alone is a getter. */
const NOUNS = [...LEXICON.entries()].filter(([w, i]) => i.obj !== undefined && i.verb === undefined && /^[a-z]{4,}$/.test(w)).map(([w]) => w).sort();
const NOT_ACTS: ReadonlySet<string> = new Set([...UNREAD_ACT.notActs, ...GETTER_OPENERS]);
/** Made-up words the vocabulary cannot read, that stand for verbs it does not know. */
const madeUpVerb = fc.stringMatching(/^[a-z]{4,9}$/).filter((w) => !WORDS.has(w) && !LEXICON.has(w) && !PHRASES.has(w) && !NOT_ACTS.has(w) && !w.endsWith('ly'));
const SEED = 20261207;

describe('property: a getter whose description opens with a verb nobody reads (fast-check)', () => {
  it(`keeps its nouns' reading and takes the unknown-tool posture, whatever noun it names (seed ${SEED})`, () => {
    fc.assert(
      fc.property(madeUpVerb, fc.constantFrom(...NOUNS), fc.constantFrom(...UNREAD_ACT.before), (verb, noun, det) => {
        // As a getter the same tool only reads (a noun of a secret would add CREDENTIAL_ACCESS, and
        // a store of secrets named by its file is read without the getter: both are left out here).
        const getter = classifyTool({ name: `${noun}s`, description: `The ${noun}s.` }).capabilities;
        fc.pre(getter.length > 0 && getter.every((c) => c === 'EXTERNAL_INGESTION' || c === 'PRIVATE_ACCESS'));
        const spec: ToolSpec = { name: `${verb}_${noun}`, description: `${verb[0]?.toUpperCase()}${verb.slice(1)} ${det} ${noun}.` };
        expect(classifyTool(spec).unreadAct).toBe(verb);
        const d = createGuard({ tools: [spec] }).session('s').decide({ tool: spec.name, args: {} });
        expect(d.verdict).toBe('ask');
        expect(d.rules.map((r) => r.id)).toContain('classify.unknown-tool');
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
