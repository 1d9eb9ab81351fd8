/**
 * A write in a product the description names by its proper name ("a Miro board", "in Xero", "a
 * monday.com board") is kept where that product keeps it: an EXTERNAL_ACTION, not a LOCAL_MUTATION.
 * Each rule has its look-alikes: a capital that opens a sentence, a clause or a bracket, an acronym,
 * a camelCase identifier, a language or format, a program or folder of the user's machine, a store
 * the tool calls local, one of the user's own stores, and a read, which keep what they were. A
 * tool's name namespaced under a service (`linear_archiveProject`) names the product the same way.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { nameSpace, namedProduct } from '../../src/core/classifier-pairing.js';
import { MAX_TEXT, nameTokens } from '../../src/core/classifier-tokens.js';
import { NOT_PRODUCTS } from '../../src/core/vocabulary.js';

const caps = (name: string, description = '', more: Record<string, unknown> = {}): readonly string[] => classifyTool({ name, description, ...more }).capabilities;

describe('namedProduct: a proper name inside a phrase', () => {
  it('after a word in lower case, capitalised or after one small letter', () => {
    expect(namedProduct('Delete a specific tag from a Miro board')).toBe('Miro');
    expect(namedProduct('Create a new project in Infisical')).toBe('Infisical');
    expect(namedProduct('Bulk update keyword through the eBay Marketing API.')).toBe('eBay');
    expect(namedProduct("Update the contact's address in QuickBooks's ledger")).toBe('QuickBooks');
  });

  it('after a number (1Password), but not an ordinal or an acronym with a number', () => {
    expect(namedProduct('Create a login item in a 1Password vault')).toBe('1Password');
    expect(namedProduct('Move it to the 3rd column')).toBeUndefined();
    expect(namedProduct('Send the 2FA code again')).toBeUndefined();
    expect(namedProduct('Resize it to 4K resolution')).toBeUndefined();
  });

  it('after the opening verb of its phrase, and as a domain name', () => {
    expect(namedProduct('Delete Jira resources by key.')).toBe('Jira');
    expect(namedProduct('Create a new column in a monday.com board')).toBe('monday.com');
  });

  it('not at the start of a sentence, a clause, a bracket or a quotation, nor after another capital', () => {
    expect(namedProduct('Stripe charges are listed.')).toBeUndefined();
    expect(namedProduct('Returns the rows. Miro is not involved')).toBeUndefined();
    expect(namedProduct('Note: Xero must be connected first')).toBeUndefined();
    expect(namedProduct('[Project Management] Update a work item.')).toBeUndefined();
    expect(namedProduct('Updates the "Weekly Report" item')).toBeUndefined();
    expect(namedProduct('Deletes the item - Archive first')).toBeUndefined();
    expect(namedProduct('Render it with `Handlebars` templates')).toBeUndefined();
  });

  it('a domain name of each top-level domain the rule knows', () => {
    for (const tld of ['com', 'io', 'ai', 'app', 'dev', 'net', 'org', 'co', 'so', 'cloud']) {
      expect(namedProduct(`Create a column on a zorblat.${tld} board`)).toBe(`zorblat.${tld}`);
    }
    expect(namedProduct('Create a column on a zorblat.xyz board')).toBeUndefined();
  });

  it('a new line, a colon and a semicolon end the phrase; a word touching a bracket or a quote is no name', () => {
    expect(namedProduct('Lists the items\nZorblat keeps them')).toBeUndefined();
    expect(namedProduct('Lists the items; Zorblat keeps them')).toBeUndefined();
    expect(namedProduct('Lists the items (Zorblat keeps them)')).toBeUndefined();
    expect(namedProduct('Lists the items "Zorblat" keeps')).toBeUndefined();
    // Inside one phrase the same name is found.
    expect(namedProduct('Lists the items Zorblat keeps')).toBe('Zorblat');
  });

  it('only the first MAX_TEXT characters are read, from the first', () => {
    const pad = ' and more'.repeat(Math.ceil(MAX_TEXT / 9));
    expect(namedProduct(`Returns Zorblat data${pad}`)).toBeUndefined();
    expect(namedProduct(`Returns the data of Zorblat${pad}`)).toBe('Zorblat');
    expect(namedProduct(`Returns the data${pad} of Zorblat`)).toBeUndefined();
  });

  it('not an acronym, a camelCase identifier, a known word or an example domain', () => {
    expect(namedProduct('Send the payload through the REST API')).toBeUndefined();
    expect(namedProduct('Drop a trigger: operation="drop" with triggerName and tableName')).toBeUndefined();
    expect(namedProduct('Update the Contact in the address book')).toBeUndefined();
    expect(namedProduct('Post it to example.com for a test')).toBeUndefined();
    expect(namedProduct('Archive it in the All Mail folder')).toBeUndefined();
  });

  // Written out, not read from the vocabulary: a word dropped from the list must fail here.
  const WORDS = [
    'markdown', 'node', 'unicode', 'ascii', 'graphql', 'regex', 'vcard', 'icalendar', 'fhir', 'english',
    'chinese', 'boolean', 'true', 'false', 'null',
    'linux', 'windows', 'unix', 'posix', 'chrome', 'chromium', 'firefox', 'safari', 'git', 'vim',
    'emacs', 'obsidian', 'apple', 'playwright', 'puppeteer', 'selenium', 'docker', 'browser',
    'desktop', 'pictures', 'music', 'movies', 'videos', 'home', 'all', 'junk', 'items',
    'admin',
    'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'january', 'february',
    'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
  ];

  it('the list of capitalised words that name no product is the one these tests cover', () => {
    expect([...NOT_PRODUCTS]).toEqual(WORDS);
  });

  it('no word of the list names a product, and the same sentence with an unknown name does', () => {
    expect(namedProduct('Save the note in Zorblat')).toBe('Zorblat');
    for (const w of WORDS) {
      const cap = `${(w[0] as string).toUpperCase()}${w.slice(1)}`;
      const found = namedProduct(`Save the note in ${cap}`);
      if (found !== undefined) expect.fail(`${cap}: named as a product`);
    }
  });
});

describe('a write in a named product is an external action', () => {
  it('a create, an update, a delete: in the product', () => {
    expect(caps('delete_tag', 'Delete a specific tag from a Miro board')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('create_project', 'Create a new project in Infisical')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('update_contact', 'Update a contact in Xero.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('create_column', 'Create a new column in a monday.com board')).toEqual(['EXTERNAL_ACTION']);
  });

  it('the evidence names the product', () => {
    const r = classifyTool({ name: 'delete_tag', description: 'Delete a specific tag from a Miro board' });
    expect(r.evidence).toContainEqual({ capability: 'EXTERNAL_ACTION', source: 'description', term: 'Miro' });
  });

  it('a write that acts outside by itself does not name the product as its reason', () => {
    const r = classifyTool({ name: 'cancel_booking', description: 'Cancel a booking in Zorblat' });
    expect(r.capabilities).toEqual(['EXTERNAL_ACTION']);
    expect(r.evidence.map((e) => e.term)).not.toContain('Zorblat');
  });

  it("a store right after the product's name, or in, on, of or from the product, is the product's", () => {
    for (const text of [
      'Delete a row from a Zorblat table',
      'Delete a row from a table in Zorblat',
      'Delete a row from a table on Zorblat',
      'Delete a row from the table of the Zorblat',
      'Delete a branch from a Zorblat repository',
      'Delete a row from a zorblat.io table',
      'Delete a row from a table on zorblat.io',
    ]) {
      const c = caps('delete_row', text);
      if (c.length !== 1 || c[0] !== 'EXTERNAL_ACTION') expect.fail(`${text}: ${c.join(', ')}`);
    }
    // A table with the product's name elsewhere in the sentence is the user's own.
    expect(caps('delete_row', 'Delete a row from the table with the totals Zorblat sent')).toEqual(['LOCAL_MUTATION']);
    expect(caps('delete_row', 'Delete a row from a table near Zorblat')).toEqual(['LOCAL_MUTATION']);
  });

  it("a store the product names is the product's, not the user's", () => {
    expect(caps('update_file', 'Update an existing file in a Codeup repository', {
      inputSchema: { type: 'object', properties: { filePath: { type: 'string' }, content: { type: 'string' } } },
    })).toEqual(['EXTERNAL_ACTION']);
  });

  it('a closed world is the product’s: `openWorldHint: false` keeps the write in it', () => {
    expect(caps('create_roadmap', 'Create a new roadmap in Linear', { annotations: { readOnlyHint: false, openWorldHint: false } })).toEqual(['EXTERNAL_ACTION']);
    // Without a product, the annotation keeps it local.
    expect(caps('create_roadmap', 'Create a new roadmap', { annotations: { readOnlyHint: false, openWorldHint: false } })).toEqual(['LOCAL_MUTATION']);
  });

  it('a destructive annotation acts in the product', () => {
    expect(caps('purge', 'Purges what Zorblat holds for the workspace', { annotations: { destructiveHint: true } })).toEqual(['EXTERNAL_ACTION']);
    expect(caps('purge', 'Purges what it holds for the workspace', { annotations: { destructiveHint: true } })).toEqual(['LOCAL_MUTATION']);
  });
});

describe('look-alikes that stay what they were', () => {
  it('the tool says its store is local, or takes a local file', () => {
    expect(caps('delete_tag', 'Delete a tag from the Miro board export kept on local disk')).toEqual(['LOCAL_MUTATION']);
  });

  it('one of the user’s own stores, away from the product', () => {
    expect(caps('save_invoice', 'Save the Stripe invoice numbers into the reporting database table.')).toEqual(['LOCAL_MUTATION']);
  });

  it('a language, a format, a program or a folder of the machine', () => {
    expect(caps('write_text', 'Writes Markdown text to the given target.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('update_note', 'Update the text of a note in Apple Notes.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('keep_image', "Save a base64 image in the user's Pictures folder.")).toEqual(['LOCAL_MUTATION']);
  });

  it('a read in a product is still a read', () => {
    expect(caps('get_board', 'Get a board from Miro by its ID')).toEqual(['PRIVATE_ACCESS']);
  });

  it('a send to the user herself stays in her mailbox', () => {
    expect(caps('email_me', 'Email a copy of the Miro board summary to the user herself.')).toEqual(['LOCAL_MUTATION']);
  });
});

describe('nameSpace: the service a name is namespaced under', () => {
  const ns = (name: string, description = ''): string | undefined => nameSpace(nameTokens(name), description);

  it('the first word before a verb and its object, in snake, camel and kebab case, after an `mcp` prefix', () => {
    expect(ns('linear_archiveProject')).toBe('linear');
    expect(ns('ebay_delete_offer', 'Delete an offer')).toBe('ebay');
    expect(ns('basecamp-archive-project')).toBe('basecamp');
    expect(ns('mcp__basecamp__archive_project')).toBe('basecamp');
  });

  it('not a word of two letters, nor one with no verb and object after it', () => {
    expect(ns('pl_archive_project')).toBeUndefined();
    expect(ns('basecamp_archive')).toBeUndefined();
    expect(ns('basecamp_project_archive')).toBeUndefined();
    expect(ns('mcp__archive_project')).toBeUndefined();
  });

  it('not a word the vocabulary knows or one that names no service, in any of the lists', () => {
    for (const name of ['notes_create_entry', 'api_create_token', 'my_create_note', 'obsidian_create_note', 'admin_create_user', 'fhir_create_observation']) {
      if (ns(name) !== undefined) expect.fail(`${name}: namespaced under ${String(ns(name))}`);
    }
  });

  it('not a word the description writes in lower case as a word of its own', () => {
    expect(ns('album_remove_photo', 'Remove a photo from the album.')).toBeUndefined();
    expect(ns('album_remove_photo', 'Remove a photo from the Album app.')).toBe('album');
    expect(ns('album_remove_photo', 'Remove a photo from the albums.')).toBe('album');
    expect(ns('album_remove_photo', 'Remove a photo (album-wide).')).toBeUndefined();
    // From the description's first character, up to the first MAX_TEXT.
    expect(ns('album_remove_photo', 'album photos: remove one.')).toBeUndefined();
    expect(ns('album_remove_photo', `Remove a photo${' and more'.repeat(Math.ceil(MAX_TEXT / 9))} from the album.`)).toBe('album');
  });

  it("a write under the namespace is an external action, with the name's first word as evidence", () => {
    const r = classifyTool({ name: 'basecamp_archive_project', description: 'Archive a project.' });
    expect(r.capabilities).toEqual(['EXTERNAL_ACTION']);
    expect(r.evidence).toContainEqual({ capability: 'EXTERNAL_ACTION', source: 'name', term: 'basecamp' });
    expect(caps('archive_project', 'Archive a project.')).toEqual(['LOCAL_MUTATION']);
  });

  it('a product the description names wins over the namespace, and a local store keeps the write local', () => {
    const r = classifyTool({ name: 'basecamp_archive_project', description: 'Archive a project in Zorblat.' });
    expect(r.evidence).toContainEqual({ capability: 'EXTERNAL_ACTION', source: 'description', term: 'Zorblat' });
    expect(caps('basecamp_archive_project', 'Archive a project kept on local disk.')).toEqual(['LOCAL_MUTATION']);
  });
});
