/**
 * `promote`, `logout`, `clean`, `pull`, `end`, `unmerge`, `endorse` and `deny` change something
 * where a tool says what it does: in its name, or as the first word of its description
 * (`OPENING_VERBS`). Look-alikes: a noun of the same stem ("a promotional code", "the promotions",
 * "the endorsements", "the end date"), the verb later in the prose ("Call logout when done", "Pull
 * the rest with a cursor", "Campaigns end on their end date"), an adjective ("clean data") and a
 * pull request, which is a thing that is read. `watch` is not one: watching a folder reads it.
 */
import { describe, expect, it } from 'vitest';
import { capsOf as caps } from './tools-fixture.js';

describe('promote, logout, clean, pull, end, unmerge, endorse and deny', () => {
  it('change state in a name or as the first word of a description', () => {
    expect(caps('promote_release', 'Promote a release to production.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('docker_logout', 'Log out from a Docker registry.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('docker_clean', 'Clean up unused Docker images and stopped containers.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('git_pull', 'Pull changes from the remote repository into the local branch.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('end_campaign', 'End a campaign.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('unmerge_cells', 'Unmerge the merged cells of a range.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('endorse_agent', 'Endorse an agent.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('deny_join_request', 'Deny a pending request to join the organization.')).toEqual(['EXTERNAL_ACTION']);
    // With an object the vocabulary does not name, as any other write verb of a name.
    for (const verb of ['promote', 'clean', 'pull', 'end', 'unmerge', 'endorse', 'deny']) expect(caps(`${verb}_zorblat`, ''), verb).toEqual(['EXTERNAL_ACTION']);
  });

  it('said of something else, they change nothing', () => {
    expect(caps('apply_coupon', 'Apply a promotional code to the cart.')).toEqual([]);
    expect(caps('get_promotions', 'List the promotions of a store.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_session', 'Returns the session. Call logout when done.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_data', 'Returns clean data for a table.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('fetch_rows', 'Fetch rows. Pull the rest with a cursor.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_end_date', 'Get the end date of a campaign.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_campaign', 'Get a campaign. Campaigns end on their end date.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_endorsements', 'List the endorsements of an agent.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_policy', 'Get the policy. Requests that match are denied.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_denied', 'List denied requests.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('watch_folder', 'Watch a folder for changes and return the events.')).toEqual(['PRIVATE_ACCESS']);
  });

  it('a pull request is read, not pulled', () => {
    expect(caps('list_pull_requests', 'List the pull requests of a repository.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('get_pull_request', 'Get a pull request.')).toEqual(['EXTERNAL_INGESTION']);
  });
});
