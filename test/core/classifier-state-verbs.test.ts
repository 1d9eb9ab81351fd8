/**
 * Verbs that change a thing's state (`STATE_VERBS`): a tool whose only act is one of them changes
 * something; the same words as nouns or adjectives ("the star rating", "available upgrades",
 * "adjusted close prices") name no act.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { capsOf as caps } from './tools-fixture.js';

describe('state verbs', () => {
  it('each is a change of the thing it names, in a name and in a description', () => {
    const cases: [string, string][] = [
      ['ungroup_layers', 'Ungroup the layers of a local design file.'],
      ['abort_operation', 'Abort the operation in progress in the local repository.'],
      ['migrate_table', 'Migrate a table of the local SQLite database to the new schema.'],
      ['git_cherry_pick', 'Cherry-pick a commit onto the current branch of the local repository.'],
      ['git_rebase', 'Rebase the current branch of the local repository onto another branch.'],
      ['adjust_stock', 'Adjust the stock quantity of a product in the local inventory database.'],
      ['unskip_test', 'Unskip a test in the local test suite.'],
    ];
    for (const [name, description] of cases) {
      expect(caps(name, description), name).toEqual(['LOCAL_MUTATION']);
    }
    // The verb alone decides: a name of it and a word of no class, with no description, writes (a
    // record the vocabulary does not name is kept where a service keeps it: EXTERNAL_ACTION).
    for (const verb of ['ungroup', 'abort', 'migrate', 'relist', 'cherry_pick', 'rebase', 'adjust', 'unskip']) {
      expect(caps(`${verb}_zorblat`, ''), verb).toEqual(['EXTERNAL_ACTION']);
    }
  });

  it('as nouns and adjectives they name no act', () => {
    expect(caps('get_restaurant', 'Get the star rating and reviews of a restaurant.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('list_upgrades', "List available upgrades for the project's local packages.")).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_migration_status', 'Get the status of a database migration.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_rebase_status', 'Show whether a rebase is in progress in the local repository.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_prices', 'Get adjusted close prices for a ticker.')).toEqual(['EXTERNAL_INGESTION']);
  });

  it('retry, skip, unskip, stop, resume, confirm, accept, decline: an act in a name or as a description\'s first word', () => {
    for (const verb of ['retry', 'skip', 'unskip', 'stop', 'resume', 'confirm', 'accept', 'decline']) {
      // In a name, with no description.
      expect(caps(`${verb}_zorblat`, ''), verb).toEqual(['EXTERNAL_ACTION']);
      // The description says the same act with its first word: the name's act is confirmed. Said later
      // in the prose, the verb is not read, and the description does not say what the tool does.
      expect(caps(`${verb}_zorblat`, `${verb[0]?.toUpperCase()}${verb.slice(1)} a zorblat.`), `${verb}, opening`).toEqual(['EXTERNAL_ACTION']);
      expect(caps(`${verb}_zorblat`, `Use this when a zorblat is due; then ${verb} it.`), `${verb}, later`).toEqual([]);
    }
    expect(caps('retry_pipeline_job', 'Retry a failed pipeline job in the local runner.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('skip_delivery', 'Skip a delivery week.')).not.toEqual([]);
  });

  it('retry, skip, stop, resume, confirm later in the prose are said of reads', () => {
    expect(caps('get_member', 'Get a workspace member. On a rate limit, retry after the given delay.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_rows', 'List the rows of a table. The offset is how many rows to skip.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_rows', 'List the rows of a table and stop at the first empty one.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_order', 'Get an order. Always confirm the order id with the user first.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_order', 'Get an order. Accept the default currency unless told otherwise.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_event', 'Get an event. Decline to guess a missing id.')).toEqual(['PRIVATE_ACCESS']);
    // A description that opens on what the tool accepts says what it takes, not an act.
    expect(caps('convert_ids', 'Accepts up to 50 IDs of one type per request.')).toEqual([]);
    expect(caps('list_accepted_invitations', 'List the accepted invitations.')).not.toContain('LOCAL_MUTATION');
    expect(caps('list_candidates', 'List the candidates, each with a resume.')).not.toContain('LOCAL_MUTATION');
    // As a property's name of a read tool they set an option of the read.
    expect(classifyTool({ name: 'list_rows', description: 'List the rows of a table.', inputSchema: { type: 'object', properties: { skip: { type: 'integer' } } } }).capabilities).toEqual(['PRIVATE_ACCESS']);
  });

  it('words read as instructions or nouns: refuse, tag, and assign, star, upgrade where they do not open', () => {
    // "Refuse paths outside the workspace" tells the model what not to do; a résumé is a document;
    // "retry after a rate limit", "stop at the first failure", "rows to skip", "confirm with the user",
    // "filter by tag" and "users to assign" are said of reads.
    expect(caps('read_file', 'Read a file. Refuse paths outside the workspace.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_job_applications', 'List job applications with each resume and cover letter.')).not.toContain('LOCAL_MUTATION');
    expect(caps('get_member', 'Get a workspace member. On a rate limit, retry after the given delay.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_rows', 'List the rows of a table. The offset is how many rows to skip.')).not.toContain('LOCAL_MUTATION');
    expect(caps('get_transactions', 'Retrieve transactions, filtered by tag or account.')).not.toContain('LOCAL_MUTATION');
    // A list item that opens with a noun: "- Star ratings (1-5 stars)" is a filter of a search.
    const hotels = caps('find_hotels', 'Search for hotels. Filters:\n- Star ratings (1-5 stars)\n- Amenities (pool, spa)');
    expect(hotels).not.toContain('LOCAL_MUTATION');
    expect(hotels).not.toContain('EXTERNAL_ACTION');
    expect(caps('guide', 'Setup guides. Actions: api_key (get an API key), upgrade (tier comparison)')).not.toContain('LOCAL_MUTATION');
    expect(caps('list_users', 'List users to assign to a task.')).toEqual(['PRIVATE_ACCESS']);
  });
});
