/**
 * Common verbs of API operations (docs/semantics.md "Classification"): assigning, reopening,
 * renewing, subscribing, following, liking, responding. They act in a tool's name and as its
 * description's first word; the sends among them (`OPENING_SENDS`) act nowhere else in its prose,
 * and a word that is a verb or a noun by position is a noun after a plain verb of the name.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import type { ToolSpec } from '../../src/core/types.js';

const caps = (spec: ToolSpec): readonly string[] => classifyTool(spec).capabilities;
const capital = (w: string): string => `${w[0]?.toUpperCase() ?? ''}${w.slice(1)}`;

describe('common verbs of API operations', () => {
  it.each([
    ['follow_account', 'Follow an account on the network.'],
    ['like_photo', "Like a photo in the user's feed."],
    ['renew_domain', 'Renew a domain registration for one more year.'],
    ['reopen_issue', 'Reopen a closed issue in the repository.'],
    ['respond_to_invitation', 'Respond to a meeting invitation: accept, decline or tentative.'],
    ['assign_ticket', 'Assign a support ticket to an agent of the help desk.'],
    ['upvote_answer', 'Upvote an answer on the forum.'],
    ['sell_listing', 'Sell an item on the marketplace.'],
    ['retweet', 'Retweet a tweet for the authenticated user.'],
    ['repost_status', 'Repost a status to the account\'s followers.'],
    ['reblog_post', 'Reblog a post.'],
    ['unretweet', 'Unretweet a tweet the account retweeted.'],
  ])('%s acts outside', (name, description) => {
    expect(caps({ name, description })).toEqual(['EXTERNAL_ACTION']);
  });

  it('a state verb on a thing the vocabulary does not name changes it: never unknown, never a read (seed 7401)', () => {
    const verbs = fc.constantFrom('assign', 'unassign', 'reassign', 'toggle', 'reopen', 'upgrade', 'downgrade', 'renew', 'reschedule', 'unsubscribe', 'enroll', 'unregister', 'restart', 'undelete', 'unpublish');
    const things = fc.constantFrom('widget', 'gizmo', 'droplet', 'runner', 'cycle', 'seat');
    fc.assert(
      fc.property(verbs, things, (verb, thing) => {
        const got = caps({ name: `${verb}_${thing}`, description: `${capital(verb)} a ${thing}.` });
        expect(got.length).toBeGreaterThan(0);
        expect(got).not.toContain('PRIVATE_ACCESS');
        expect(got.some((c) => c === 'EXTERNAL_ACTION' || c === 'LOCAL_MUTATION')).toBe(true);
      }),
      { seed: 7401, numRuns: 200 },
    );
  });

  it("an opening send later in a reader's prose or in a property acts on nothing (seed 7402)", () => {
    const sends = fc.constantFrom('follow', 'unfollow', 'like', 'unlike', 'respond', 'retweet', 'repost', 'reblog');
    const lead = fc.constantFrom('Whether to', 'Set to true to', 'Use it to', 'It can', 'Then');
    const objects = fc.constantFrom('records', 'notes', 'invoices', 'tasks');
    fc.assert(
      fc.property(sends, lead, objects, (send, before, object) => {
        const base: ToolSpec = { name: `list_${object}`, description: `List the ${object} of the account.` };
        const alone = caps(base);
        expect(caps({ ...base, description: `${base.description} ${before} ${send} the links it returns.` })).toEqual(alone);
        expect(caps({ ...base, inputSchema: { type: 'object', properties: { option: { type: 'boolean', description: `${before} ${send} the links.` } } } })).toEqual(alone);
      }),
      { seed: 7402, numRuns: 200 },
    );
  });

  it("after a plain verb of the name, a word that may be a verb is what is read: a later sentence's setting adds nothing (seed 7403)", () => {
    const words = fc.constantFrom('snapshot', 'message', 'post', 'comment', 'block', 'claim', 'star', 'favorite', 'view', 'draft');
    const reads = fc.constantFrom('get', 'list', 'fetch');
    fc.assert(
      fc.property(reads, words, (read, word) => {
        const name = `${read}_${word}`;
        const first = `${capital(read)} the ${word} of the account.`;
        expect(caps({ name, description: `${first} Set unread=true to keep only new ones.` })).toEqual(caps({ name, description: first }));
      }),
      { seed: 7403, numRuns: 200 },
    );
  });

  it.each([
    ['fetch_page', 'Fetch a web page.', { follow_redirects: { type: 'boolean', description: 'Follow redirects when the server answers with one.' } }, ['EXTERNAL_INGESTION']],
    ['list_exports', "Lists the user's exported files, in formats like JSON or CSV.", {}, ['PRIVATE_ACCESS']],
    ['get_profile', "Get the user's profile. The API responds with the profile's fields.", {}, ['PRIVATE_ACCESS']],
    ['list_follow_requests', 'List the pending follow requests of the account.', {}, ['PRIVATE_ACCESS']],
    ['search_tweets', 'Search recent tweets; set exclude to drop retweets and reposts.', {}, ['EXTERNAL_INGESTION']],
  ])('%s: the verb is said of something else', (name, description, properties, expected) => {
    expect(caps({ name, description, inputSchema: { type: 'object', properties } })).toEqual(expected);
  });

  it("a simulation's switch changes the demo's own state; the same switch of a real setting is a local write", () => {
    const annotations = { readOnlyHint: false, openWorldHint: false };
    expect(caps({ name: 'toggle-simulated-logging', description: 'Toggles simulated, random-leveled logging on or off.', annotations })).toEqual([]);
    expect(caps({ name: 'toggle-debug-logging', description: 'Toggles debug logging on or off.', annotations })).toEqual(['LOCAL_MUTATION']);
  });
});
