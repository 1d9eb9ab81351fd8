/**
 * In a name, after its verb, an `-ing` form (`create_marketplace_listing`) or a verb word after a
 * preposition (`add_card_to_list`) is a noun: what is acted on, or where. Such a name acts on a record
 * the vocabulary does not name, as any other. Look-alikes: a read stays a read (`get_widget_from_list`),
 * and names whose verbs the vocabulary already pairs (`create_listing`, `get_listing`) are read as before.
 */
import { describe, expect, it } from 'vitest';
import { capsOf as caps } from './tools-fixture.js';

describe('verb words after the verb of a name', () => {
  it('an -ing form or a word after a preposition is a noun', () => {
    expect(caps('create_marketplace_listing', '')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('create_marketplace_listing', 'Create a new marketplace listing')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('add_card_to_list', '')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('add_card_to_list', 'Add a new card to a specified list on a specific board')).toEqual(['EXTERNAL_ACTION']);
  });

  it('a read stays a read, and a pair the vocabulary knows is read as before', () => {
    expect(caps('get_widget_from_list', '')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('create_listing', 'Create a listing.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('get_listing', 'Get a listing.')).toEqual(['PRIVATE_ACCESS']);
  });
});
