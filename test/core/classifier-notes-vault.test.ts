/**
 * `vault` names a store of secrets (CREDENTIAL_ACCESS), and a notes app's vault is the folder its
 * notes live in: a spec that keeps notes in its vault (a sentence of its description or of a
 * property's says both) and names no credential reads its vault as the user's folder. Look-alikes
 * keep the secrets: a secret or a key in the vault, a password manager's secure note, a vault that
 * holds no notes.
 */
import { describe, expect, it } from 'vitest';
import { capsOf as caps } from './tools-fixture.js';
import { classifyTool } from '../../src/core/classifier.js';

describe('a vault of notes', () => {
  it('is a folder of the user\'s notes', () => {
    expect(caps('read_note', 'Read the content of an existing note in the vault.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('create_note', 'Create a new note in the specified vault with markdown content.')).toEqual(['LOCAL_MUTATION']);
    // The vault is named only by a property that holds the notes.
    const tags = classifyTool({
      name: 'add_tags',
      description: 'Add tags to notes in frontmatter and/or content.',
      inputSchema: { type: 'object', properties: { vault: { type: 'string', description: 'Name of the vault containing the notes' }, files: { type: 'array', items: { type: 'string' } } } },
    });
    expect(tags.capabilities).not.toContain('CREDENTIAL_ACCESS');
  });

  it('a vault of secrets stays one', () => {
    expect(caps('read_secret', 'Read a secret from the vault.')).toEqual(['CREDENTIAL_ACCESS']);
    expect(caps('note_create', 'Create a Secure Note item in a 1Password vault.')).toContain('CREDENTIAL_ACCESS');
    expect(caps('store_key', "Store the API key in the vault, next to the team's notes.")).toContain('CREDENTIAL_ACCESS');
    expect(caps('list_vaults', 'List the vaults of the account.')).toEqual(['CREDENTIAL_ACCESS']);
    expect(caps('vault_read', 'Read a value at a path in Vault.')).toEqual(['CREDENTIAL_ACCESS']);
  });
});
