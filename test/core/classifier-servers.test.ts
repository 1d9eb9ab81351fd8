/**
 * A write whose own text names no product is kept in the product its MCP server fronts: a word of
 * the server's name (the tool's origin) that a description of one of the server's tools writes as a
 * proper name. Both signs must agree; a server named for a category or for a local store, a word
 * only in lower case, one of the user's own stores and an act front nothing. A read whose object the
 * vocabulary does not name takes the kind of content its server serves, read from the server's
 * other reads, and a write of a record no word places takes the place where its server keeps its
 * other writes. The answer depends on the set of tools the guard knows, not on the order they were
 * registered in.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { properNames, serverNameKeys } from '../../src/core/classifier-pairing.js';
import { createGuard } from '../../src/core/guard.js';
import { ServerProducts, ServerReads, ServerWrites } from '../../src/core/servers.js';
import type { ToolOrigin, ToolSpec } from '../../src/core/types.js';

const tool = (name: string, description: string, origin: ToolOrigin): ToolSpec => ({ name, description, origin });

/**
 * A guard given `tools` classifies `name` as `before`; registering `added` makes it `after`, and
 * re-declaring that tool as `undo` brings `before` back.
 */
function registeringFlips(tools: readonly ToolSpec[], name: string, added: ToolSpec, undo: ToolSpec, before: readonly string[], after: readonly string[]): void {
  const guard = createGuard({ tools: [...tools] });
  expect(guard.tool(name).capabilities).toEqual(before);
  guard.registerTool(added);
  expect(guard.tool(name).capabilities).toEqual(after);
  guard.registerTool(undo);
  expect(guard.tool(name).capabilities).toEqual(before);
}

/** The capabilities of `name` once every tool of `tools` is registered. */
function capsAmong(tools: readonly ToolSpec[], name: string): readonly string[] {
  return createGuard({ tools: [...tools] }).tool(name).capabilities;
}

/**
 * Among `tools`, `name` classifies as `capabilities`, and says with `origin:` evidence that its
 * server gave it `capability` (`term` names why).
 */
function takesFromServer(tools: readonly ToolSpec[], name: string, capabilities: readonly string[], capability: string, term: string): void {
  const info = createGuard({ tools: [...tools] }).tool(name);
  expect(info.capabilities).toEqual(capabilities);
  expect(info.evidence).toContainEqual({ capability, source: 'origin', term });
}

describe('serverNameKeys: what a server name may call its product', () => {
  it('each word past the scope and the version, words written together joined, server words left out', () => {
    expect([...serverNameKeys('mcp:@shortcut/mcp@0.25.0')]).toEqual(['shortcut']);
    expect([...serverNameKeys('mcp:lunchmoney-mcp@3.0.0')]).toEqual(['lunchmoney']);
    expect([...serverNameKeys('mcp:LaunchDarkly@0.6.2')]).toEqual(['launch', 'launchdarkly', 'darkly']);
    expect([...serverNameKeys('mcp:google-drive-mcp@2.10.0')]).toEqual(['google', 'drive']);
    expect([...serverNameKeys('mcp:monday.com@1.0.0')]).toEqual(['mondaycom']);
  });

  it('nothing for an origin that is no MCP server, or a name of server words only', () => {
    expect(serverNameKeys('builtin').size).toBe(0);
    expect(serverNameKeys('connector:drive').size).toBe(0);
    expect(serverNameKeys('mcp:MCP-Server@0.0.1').size).toBe(0);
    expect(serverNameKeys(42).size).toBe(0);
  });
});

describe('properNames: the proper names a description writes', () => {
  it('a capital inside a phrase, joined with the capitals after it', () => {
    expect(properNames('Delete a story in a Shortcut workspace')).toEqual(['shortcut']);
    expect(properNames('Create a budget in your Lunch Money account')).toEqual(['lunch', 'lunchmoney']);
    expect(properNames('Add a tab to a Google Doc')).toEqual(['google', 'googledoc']);
  });

  it('with digits at its end: Auth0, Web3; not an acronym, an ordinal or a number', () => {
    expect(properNames('Create a new action in your Auth0 tenant')).toEqual(['auth0']);
    expect(properNames('Sign the message with a Web3 wallet')).toEqual(['web3']);
    expect(properNames('Turn on 2FA for the 3rd user of 2024')).toEqual([]);
  });

  it('not at the start of a sentence, not one of the user own stores, an act or a program of the machine', () => {
    expect(properNames('Shortcut stories are listed.')).toEqual([]);
    expect(properNames('Update documents in a MongoDB collection')).toEqual([]);
    expect(properNames('Run a query on the Kubernetes cluster')).toEqual([]);
    expect(properNames('Find pages with the Search box')).toEqual([]);
    expect(properNames('Click the button with Playwright')).toEqual([]);
  });
});

describe('a server named for a product with digits at its end', () => {
  it('auth0: its writes are kept in Auth0', () => {
    const origin: ToolOrigin = 'mcp:auth0@0.1.0';
    const tools = [tool('update_resource_server', 'Update a resource server.', origin), tool('list_tenants', 'List the tenants of your Auth0 account.', origin)];
    takesFromServer(tools, 'update_resource_server', ['EXTERNAL_ACTION'], 'EXTERNAL_ACTION', 'auth0');
    expect(capsAmong(tools.slice(0, 1), 'update_resource_server')).toEqual(['LOCAL_MUTATION']);
  });
});

describe('a server named for a product its tools name fronts it', () => {
  const origin: ToolOrigin = 'mcp:@zorblat/mcp@1.0.0';
  const deleteEpic = tool('delete_epic', 'Delete an epic.', origin);
  const search = tool('search_stories', 'Search the stories of a Zorblat workspace.', origin);

  it("a write that names no product is kept in the server's product (EXTERNAL_ACTION, evidence origin:)", () => {
    takesFromServer([deleteEpic, search], 'delete_epic', ['EXTERNAL_ACTION'], 'EXTERNAL_ACTION', 'zorblat');
  });

  it('alone, or beside tools that write the word only in lower case, the write stays local', () => {
    expect(capsAmong([deleteEpic], 'delete_epic')).toEqual(['LOCAL_MUTATION']);
    expect(capsAmong([deleteEpic, tool('search_stories', 'Search the stories of a zorblat workspace.', origin)], 'delete_epic')).toEqual(['LOCAL_MUTATION']);
  });

  it("a proper name that is not the server's, or a server named for a category, fronts nothing", () => {
    expect(capsAmong([deleteEpic, tool('search_stories', 'Search the stories of a Quux workspace.', origin)], 'delete_epic')).toEqual(['LOCAL_MUTATION']);
    const travel: ToolOrigin = 'mcp:travel';
    expect(capsAmong([tool('delete_epic', 'Delete an epic.', travel), tool('search_trips', 'Search trips in the Travel section.', travel)], 'delete_epic')).toEqual(['EXTERNAL_ACTION']);
    expect(capsAmong([tool('delete_epic', 'Delete an epic.', travel), tool('search_trips', 'Search trips in the travel section.', travel)], 'delete_epic')).toEqual(['LOCAL_MUTATION']);
  });

  it('a server named for a store of the user keeps its writes local even when its tools name it', () => {
    const mongo: ToolOrigin = 'mcp:MongoDB-MCP-Server@3.0.4';
    expect(capsAmong([tool('rename_field', 'Rename a field.', mongo), tool('find', 'Find documents in a MongoDB collection.', mongo)], 'rename_field')).toEqual(['LOCAL_MUTATION']);
  });

  it("a tool that says its store is local, or names one of the user's own stores, keeps it local", () => {
    expect(capsAmong([tool('delete_cache', 'Delete the local cache.', origin), search], 'delete_cache')).toEqual(['LOCAL_MUTATION']);
  });

  it("a store the tool names (a table, a repository) is the product's when the server fronts it", () => {
    const createRecord = tool('create_record', 'Create a record in a table.', origin);
    expect(capsAmong([createRecord], 'create_record')).toEqual(['LOCAL_MUTATION']);
    expect(capsAmong([createRecord, search], 'create_record')).toEqual(['EXTERNAL_ACTION']);
    // A product the description names keeps telling its own stores from the user's.
    expect(capsAmong([tool('export_rows', 'Export the Zorblat rows into the reporting database.', origin)], 'export_rows')).not.toContain('EXTERNAL_ACTION');
  });

  it('a read is what its object makes it', () => {
    expect(capsAmong([tool('list_epics', 'List the epics.', origin), search], 'list_epics')).toEqual(['PRIVATE_ACCESS']);
  });

  it('a tool registered later classifies its siblings again, and a re-declaration that drops the name undoes it', () => {
    registeringFlips([deleteEpic], 'delete_epic', search, tool('search_stories', 'Search the stories.', origin), ['LOCAL_MUTATION'], ['EXTERNAL_ACTION']);
  });

  it('a program of the user\'s machine is no product: a Docker server keeps its writes local', () => {
    const servers = new ServerProducts();
    const docker: ToolOrigin = 'mcp:docker-mcp-server@1.0.0';
    servers.count(docker, { description: 'Stop Docker containers' }, 1);
    servers.count(docker, { description: 'Remove unused Docker objects (images, containers, networks, volumes)' }, 1);
    expect(servers.product(docker)).toBeUndefined();
  });

  it('the word most tools write wins; among as many, the shorter', () => {
    const servers = new ServerProducts();
    const both: ToolOrigin = 'mcp:acme-zorblat@1.0.0';
    servers.count(both, { description: 'Lists the boards of an Acme account' }, 1);
    expect(servers.product(both)).toBe('acme');
    servers.count(both, { description: 'Lists the boards of a Zorblat account' }, 1);
    expect(servers.product(both)).toBe('acme');
    servers.count(both, { description: 'Moves a card on a Zorblat board' }, 1);
    expect(servers.product(both)).toBe('zorblat');
    servers.count(both, { description: 'Moves a card on a Zorblat board' }, -1);
    servers.count(both, { description: 'Moves a card on a Zorblat board' }, -1);
    expect(servers.product(both)).toBe('acme');
  });

  it('among words as many tools write and as long, the first in code-point order, whatever came first', () => {
    const pair: ToolOrigin = 'mcp:wxyz-abcd@1.0.0';
    for (const order of [['an Abcd board', 'a Wxyz board'], ['a Wxyz board', 'an Abcd board']]) {
      const servers = new ServerProducts();
      for (const text of order) servers.count(pair, { description: `Lists the cards of ${text}` }, 1);
      expect(servers.product(pair)).toBe('abcd');
    }
  });
});

describe('a server that serves published content', () => {
  const crawler: ToolOrigin = 'mcp:crawlr@1.0.0';
  const videos = tool('get_videos', 'Get the trending videos of a YouTube channel.', crawler);
  const news = tool('search_news', 'Search news headlines.', crawler);
  const company = tool('get_company', 'Get company details.', crawler);
  const profile = tool('get_profile', 'Get a Reddit user profile.', crawler);
  const balance = tool('get_balance', 'Get the account balance.', crawler);

  it('a read of an object the vocabulary does not name reads what the server publishes (EXTERNAL_INGESTION, evidence origin:)', () => {
    expect(capsAmong([videos, news, company], 'get_company')).toEqual(['EXTERNAL_INGESTION']);
    expect(createGuard({ tools: [videos, news, company] }).tool('get_company').evidence).toEqual([
      { capability: 'EXTERNAL_INGESTION', source: 'name', term: 'get company' },
      { capability: 'EXTERNAL_INGESTION', source: 'origin', term: 'a server of published content' },
    ]);
  });

  it("alone, beside one published read only, or on a server whose reads are mostly the user's, it reads the user's data", () => {
    expect(capsAmong([company], 'get_company')).toEqual(['PRIVATE_ACCESS']);
    expect(capsAmong([videos, company], 'get_company')).toEqual(['PRIVATE_ACCESS']);
    const own = [tool('read_file', 'Read a file from the local disk.', crawler), tool('list_orders', 'List my orders.', crawler), balance];
    expect(capsAmong([videos, news, ...own, company], 'get_company')).toEqual(['PRIVATE_ACCESS']);
    // The same tools under another origin count for their own server, not this one.
    expect(capsAmong([tool('get_videos', videos.description as string, 'mcp:other@1.0.0'), tool('search_news', news.description as string, 'mcp:other@1.0.0'), company], 'get_company')).toEqual(['PRIVATE_ACCESS']);
  });

  it("a read whose words name both kinds is the published kind only where no read of the server is the user's data alone", () => {
    expect(capsAmong([videos, news, profile], 'get_profile')).toEqual(['EXTERNAL_INGESTION']);
    expect(capsAmong([videos, news, tool('get_posts', 'Get the latest posts of a subreddit.', crawler), profile, balance], 'get_profile')).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
    // A read of the user's data alone, or anything else, is what its words make it.
    expect(capsAmong([videos, news, balance], 'get_balance')).toEqual(['PRIVATE_ACCESS']);
    expect(capsAmong([videos, news, tool('delete_company', 'Delete a company.', crawler)], 'delete_company')).not.toContain('EXTERNAL_INGESTION');
  });

  it('a tool registered later changes what the server serves and classifies its reads again; a re-declaration undoes it', () => {
    registeringFlips([videos, company], 'get_company', news, tool('search_news', 'Search the notes in my notebook.', crawler), ['PRIVATE_ACCESS'], ['EXTERNAL_INGESTION']);
  });

  it('a spec read only in part neither counts for its server nor takes its kind: all six, no published evidence', () => {
    const padded = tool('get_company', `Get company details. ${'Filler words. '.repeat(1300)}`, crawler);
    const info = createGuard({ tools: [videos, news, padded] }).tool('get_company');
    expect(info.capabilities).toHaveLength(6);
    expect(info.evidence.some((e) => e.term === 'a server of published content')).toBe(false);
    // Nor does a padded published read make the server one that publishes.
    const paddedNews = tool('search_news', `Search news headlines. ${'Filler words. '.repeat(1300)}`, crawler);
    expect(capsAmong([videos, paddedNews, company], 'get_company')).toEqual(['PRIVATE_ACCESS']);
  });

  it("remarks alone do not make a server one of published content; beside a read of published content they count", () => {
    const remarks = [tool('get_comments', 'Get the comments of an entry.', crawler), tool('get_single_comment', 'Get a comment by its id.', crawler)];
    const space = tool('get_space', 'Get details of a space.', crawler);
    expect(capsAmong([...remarks, space], 'get_space')).toEqual(['PRIVATE_ACCESS']);
    takesFromServer([...remarks, news, space], 'get_space', ['EXTERNAL_INGESTION'], 'EXTERNAL_INGESTION', 'a server of published content');
  });

  it('ServerReads: at least two published reads, at least as many as the others; only published without a read of the user alone', () => {
    const reads = new ServerReads();
    expect(reads.kind(crawler)).toBeUndefined();
    expect(reads.count(crawler, 'published', 1)).toBe(false);
    expect(reads.count(crawler, 'published', 1)).toBe(true);
    expect(reads.kind(crawler)).toBe('only-published');
    expect(reads.count(crawler, 'unnamed', 1)).toBe(false);
    expect(reads.count(crawler, 'both', 1)).toBe(false);
    expect(reads.kind(crawler)).toBe('only-published');
    // Two published reads against one of each other kind: still published, no longer only that.
    expect(reads.count(crawler, 'own', 1)).toBe(true);
    expect(reads.kind(crawler)).toBe('published');
    expect(reads.count(crawler, 'own', 1)).toBe(true);
    expect(reads.kind(crawler)).toBeUndefined();
    expect(reads.count(crawler, 'published', 1)).toBe(true);
    expect(reads.kind(crawler)).toBe('published');
    expect(reads.count(crawler, 'own', -1)).toBe(false);
    expect(reads.count(crawler, 'own', -1)).toBe(true);
    expect(reads.kind(crawler)).toBe('only-published');
    expect(reads.count(undefined, 'published', 1)).toBe(false);
    expect(reads.kind(42)).toBeUndefined();
  });
});

describe("a server of the user's own records", () => {
  const tracker: ToolOrigin = 'mcp:trackr@1.0.0';
  const projects = tool('list_projects', 'List the projects of the workspace.', tracker);
  const members = tool('list_members', 'List the members of the team.', tracker);
  const comments = tool('get_issue_comments', 'Get the comments of an issue.', tracker);

  it("a read of remarks reads the user's shared workspace (EXTERNAL_INGESTION and PRIVATE_ACCESS, evidence origin:)", () => {
    takesFromServer([projects, members, comments], 'get_issue_comments', ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS'], 'PRIVATE_ACCESS', "a server of the user's own records");
  });

  it('alone, beside one read of the user, on a server of as many published reads, or a web read: outside writing only', () => {
    expect(capsAmong([comments], 'get_issue_comments')).toEqual(['EXTERNAL_INGESTION']);
    expect(capsAmong([projects, comments], 'get_issue_comments')).toEqual(['EXTERNAL_INGESTION']);
    const published = [tool('get_videos', 'Get the trending videos of a YouTube channel.', tracker), tool('search_news', 'Search news headlines.', tracker)];
    expect(capsAmong([projects, members, ...published, comments], 'get_issue_comments')).toEqual(['EXTERNAL_INGESTION']);
    expect(capsAmong([projects, members, tool('fetch_page', 'Fetch a web page.', tracker)], 'fetch_page')).toEqual(['EXTERNAL_INGESTION']);
  });

  it("a tool registered later makes the server one of the user's records and classifies its remarks again; a re-declaration undoes it", () => {
    registeringFlips([projects, comments], 'get_issue_comments', members, tool('list_members', 'Search news headlines.', tracker), ['EXTERNAL_INGESTION'], ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
  });

  it("ServerReads.ownRecords: at least two reads of the user's own, more than the published ones and the other remarks", () => {
    const reads = new ServerReads();
    expect(reads.count(tracker, 'own', 1)).toBe(false);
    expect(reads.ownRecords(tracker)).toBe(false);
    expect(reads.count(tracker, 'own', 1)).toBe(true);
    expect(reads.ownRecords(tracker)).toBe(true);
    // A read of remarks is not counted against itself: two of the user's beat one other remark.
    // Remarks alone make no published kind: comments are written on public sites and in a team's
    // workspace alike.
    expect(reads.count(tracker, 'remarks', 1)).toBe(false);
    expect(reads.count(tracker, 'remarks', 1)).toBe(false);
    expect(reads.kind(tracker)).toBeUndefined();
    expect(reads.ownRecords(tracker)).toBe(true);
    // One published read more: the remarks count with it (three published reads against the user's
    // two), and the user's reads are as many as the published one beside the other remark.
    expect(reads.count(tracker, 'published', 1)).toBe(true);
    expect(reads.kind(tracker)).toBe('published');
    expect(reads.ownRecords(tracker)).toBe(false);
    expect(reads.count(tracker, 'published', -1)).toBe(true);
    expect(reads.ownRecords(tracker)).toBe(true);
    expect(reads.ownRecords(undefined)).toBe(false);
    // With no other remark, one published read is all the user's reads must outnumber.
    const fresh = new ServerReads();
    fresh.count(tracker, 'own', 1);
    fresh.count(tracker, 'own', 1);
    fresh.count(tracker, 'published', 1);
    expect(fresh.ownRecords(tracker)).toBe(true);
  });
});

describe('a server that keeps its writes outside', () => {
  const tracker: ToolOrigin = 'mcp:trackr@1.0.0';
  const issue = tool('create_issue', 'Create an issue in a project.', tracker);
  const comment = tool('add_comment', 'Add a comment to an issue.', tracker);
  const cycle = tool('create_cycle', 'Create a cycle in a project.', tracker);

  it('a write of a record no word places is made where the server keeps its writes (EXTERNAL_ACTION, evidence origin:)', () => {
    takesFromServer([issue, comment, cycle], 'create_cycle', ['EXTERNAL_ACTION'], 'EXTERNAL_ACTION', 'a server that keeps its writes outside');
    expect(capsAmong([issue, comment, tool('delete_label', 'Delete a label of a project.', tracker)], 'delete_label')).toEqual(['EXTERNAL_ACTION']);
    // One write placed outside is enough.
    expect(capsAmong([issue, cycle], 'create_cycle')).toEqual(['EXTERNAL_ACTION']);
  });

  it('alone, beside writes no word places, or on a server one of whose writes is kept local, it stays local', () => {
    expect(capsAmong([cycle], 'create_cycle')).toEqual(['LOCAL_MUTATION']);
    expect(capsAmong([tool('create_milestone', 'Create a milestone in a project.', tracker), tool('get_issue', 'Get an issue of a project.', tracker), cycle], 'create_cycle')).toEqual(['LOCAL_MUTATION']);
    expect(capsAmong([issue, comment, tool('save_note', 'Save a note to the local disk.', tracker), cycle], 'create_cycle')).toEqual(['LOCAL_MUTATION']);
    expect(capsAmong([issue, comment, tool('update_row', 'Update a row of a database table.', tracker), cycle], 'create_cycle')).toEqual(['LOCAL_MUTATION']);
    // The same tools under another origin count for their own server, not this one.
    expect(capsAmong([tool('create_issue', issue.description as string, 'mcp:other@1.0.0'), tool('add_comment', comment.description as string, 'mcp:other@1.0.0'), cycle], 'create_cycle')).toEqual(['LOCAL_MUTATION']);
  });

  it("a write of the server's own setup (a log level, settings) stays local; a read is what its words make it", () => {
    expect(capsAmong([issue, comment, tool('set_log_level', 'Set the logging level.', tracker)], 'set_log_level')).toEqual(['LOCAL_MUTATION']);
    expect(capsAmong([issue, comment, tool('get_cycle', 'Get a cycle of a project.', tracker)], 'get_cycle')).toEqual(['PRIVATE_ACCESS']);
  });

  it('a tool registered later changes where the server keeps its writes and classifies its writes again; a re-declaration undoes it', () => {
    registeringFlips([tool('create_milestone', 'Create a milestone in a project.', tracker), cycle], 'create_cycle', comment, tool('add_comment', 'Add a comment to a note on the local disk.', tracker), ['LOCAL_MUTATION'], ['EXTERNAL_ACTION']);
  });

  it('a spec read only in part neither counts for its server nor takes its place: all six, no origin evidence', () => {
    const padded = tool('create_cycle', `Create a cycle in a project. ${'Filler words. '.repeat(1300)}`, tracker);
    const info = createGuard({ tools: [issue, comment, padded] }).tool('create_cycle');
    expect(info.capabilities).toHaveLength(6);
    expect(info.evidence.some((e) => e.term === 'a server that keeps its writes outside')).toBe(false);
    const paddedIssue = tool('create_issue', `Create an issue in a project. ${'Filler words. '.repeat(1300)}`, tracker);
    expect(capsAmong([paddedIssue, cycle], 'create_cycle')).toEqual(['LOCAL_MUTATION']);
  });

  it('ServerWrites: one write placed outside, at least, and none kept local', () => {
    const writes = new ServerWrites();
    expect(writes.outside(tracker)).toBe(false);
    // Writes no word places say nothing of where the server keeps them.
    expect(writes.count(tracker, 'unplaced', 1)).toBe(false);
    expect(writes.outside(tracker)).toBe(false);
    expect(writes.count(tracker, 'outside', 1)).toBe(true);
    expect(writes.outside(tracker)).toBe(true);
    expect(writes.count(tracker, 'local', 1)).toBe(true);
    expect(writes.outside(tracker)).toBe(false);
    expect(writes.count(tracker, 'outside', 1)).toBe(false);
    expect(writes.count(tracker, 'local', -1)).toBe(true);
    expect(writes.outside(tracker)).toBe(true);
    // Taken back one at a time: outside while one is left.
    expect(writes.count(tracker, 'outside', -1)).toBe(false);
    expect(writes.count(tracker, 'outside', -1)).toBe(true);
    expect(writes.outside(tracker)).toBe(false);
    expect(writes.count(undefined, 'outside', 1)).toBe(false);
    expect(writes.outside(42)).toBe(false);
  });
});

describe("a catalog's reads stay the user's records beside a tool that buys", () => {
  // A rule that read a shop's products, meals and offers as the seller's listings (EXTERNAL_INGESTION)
  // on a server with a cart or a checkout and no product writes was tried and withdrawn after a
  // review: merchants' servers buy too (a checkout session, a shipping label, a purchase order), and
  // shoppers' own items ("the meals in my box", "listings I posted") are theirs.
  const seller: ToolOrigin = 'mcp:seller-tools@1.0.0';
  it("a merchant's or a seller's own items, and a shopper's own, are PRIVATE_ACCESS", () => {
    expect(capsAmong([tool('purchase_shipping_label', 'Purchase a shipping label for an order.', seller), tool('get_my_listings', 'Get my active listings.', seller)], 'get_my_listings')).toEqual(['PRIVATE_ACCESS']);
    expect(capsAmong([tool('create_checkout', 'Create a checkout for a customer.', seller), tool('list_products', 'List products in my catalog.', seller)], 'list_products')).toEqual(['PRIVATE_ACCESS']);
    expect(capsAmong([tool('create_purchase_order', 'Create a purchase order for a supplier.', seller), tool('list_products', 'List products in inventory.', seller)], 'list_products')).toEqual(['PRIVATE_ACCESS']);
    const shop: ToolOrigin = 'mcp:mealkit@1.0.0';
    expect(capsAmong([tool('add_meal_to_cart', 'Add a meal to the cart.', shop), tool('get_meals', 'Get the meals in my box.', shop)], 'get_meals')).toEqual(['PRIVATE_ACCESS']);
  });
});

describe('the classification depends on the tools, not on the order they came in', () => {
  const a: ToolOrigin = 'mcp:zorblat-mcp@1.0.0';
  const b: ToolOrigin = 'mcp:quux@2.0.0';
  const c: ToolOrigin = 'mcp:crawlr@1.0.0';
  const specs: readonly ToolSpec[] = [
    tool('delete_epic', 'Delete an epic.', a),
    tool('create_label', 'Create a label.', a),
    tool('search_stories', 'Search the stories of a Zorblat workspace.', a),
    tool('search_stories', 'Search the stories.', a),
    tool('list_epics', 'List the epics.', a),
    tool('archive_board', 'Archive a board.', b),
    tool('list_boards', 'List the boards of a Quux team.', b),
    tool('list_boards', 'List the boards of a Zorblat team.', b),
    tool('update_card', 'Update a card on the local disk.', b),
    tool('list_projects', 'List the projects of the workspace.', b),
    tool('list_members', 'List the members of the team.', b),
    tool('get_issue_comments', 'Get the comments of an issue.', b),
    tool('search_news', 'Search news headlines.', b),
    // What a server serves: published reads, reads of the user's data, and reads that take the kind.
    tool('get_videos', 'Get the trending videos of a YouTube channel.', c),
    tool('search_news', 'Search news headlines.', c),
    tool('search_news', 'Search the notes in my notebook.', c),
    tool('get_company', 'Get company details.', c),
    tool('get_profile', 'Get a Reddit user profile.', c),
    tool('get_balance', 'Get the account balance.', c),
    tool('get_forecast', 'Get the weather forecast for a city.', c),
    tool('get_forecast', 'Get the weather forecast for a city.', b),
    // Where a server keeps its writes: writes placed outside, one kept local, and writes that take the place.
    tool('create_issue', 'Create an issue in a project.', c),
    tool('add_comment', 'Add a comment to an issue.', c),
    tool('add_comment', 'Add a comment to a note on the local disk.', c),
    tool('create_cycle', 'Create a cycle in a project.', c),
    tool('delete_label', 'Delete a label of a project.', c),
    // A document no word places takes where its server keeps its writes.
    tool('get_document', 'Get a document by its ID.', c),
    tool('get_document', 'Get a document by its ID.', b),
  ];
  const names = [...new Set(specs.map((s) => s.name))];

  it('any sequence of registrations and re-declarations, one by one or given at once, ends as a guard given the last of each (seed 4901)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...specs), { minLength: 1, maxLength: 24 }), (sequence) => {
        const guard = createGuard();
        for (const spec of sequence) guard.registerTool(spec);
        const last = new Map(sequence.map((s) => [s.name, s]));
        const fresh = createGuard({ tools: [...last.values()] });
        // The whole sequence given at once, names declared again included, ends the same way.
        const given = createGuard({ tools: sequence });
        for (const name of names) {
          expect(guard.tool(name).capabilities).toEqual(fresh.tool(name).capabilities);
          expect(guard.tool(name).evidence).toEqual(fresh.tool(name).evidence);
          expect(given.tool(name).evidence).toEqual(fresh.tool(name).evidence);
        }
      }),
      { seed: 4901, numRuns: 300 },
    );
  });

  it('tools given at construction and read only when first looked up end the same, looked up early, late or never (seed 4902)', () => {
    const op = fc.oneof(
      fc.constantFrom(...specs).map((spec) => ({ register: spec })),
      fc.constantFrom(...names).map((name) => ({ look: name })),
    );
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...specs), { selector: (s) => s.name, maxLength: names.length }), fc.array(op, { maxLength: 16 }), (given, ops) => {
        const guard = createGuard({ tools: given });
        for (const o of ops) {
          if ('register' in o) guard.registerTool(o.register);
          else guard.tool(o.look);
        }
        const last = new Map([...given, ...ops.flatMap((o) => ('register' in o ? [o.register] : []))].map((s) => [s.name, s]));
        const fresh = createGuard({ tools: [...last.values()] });
        for (const name of names) expect(guard.tool(name)).toEqual(fresh.tool(name));
      }),
      { seed: 4902, numRuns: 300 },
    );
  });
});
