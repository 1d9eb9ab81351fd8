/**
 * A name that is a bare verb (`fetch`, `search`, `query`) names no object: the description's first
 * sentence says what it reads, as it does for a name with no verb ("Fetch a specific inventory item
 * by SKU": the user's records, PRIVATE_ACCESS). Look-alikes: a name that names its own object keeps
 * it as the evidence; a first sentence that opens with no read verb, or with a known object, is read
 * as before; a name with a verb and an object the description does not confirm stays unread.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { capsOf as caps } from './tools-fixture.js';

const terms = (name: string, description: string): string[] => classifyTool({ name, description }).evidence.map((e) => `${e.capability}:${e.source}:${e.term}`);

describe('a bare verb as the name', () => {
  it('reads what its description opens with', () => {
    expect(caps('fetch', 'Fetch a specific inventory item by SKU')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('search', 'Search for inventory items')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('query', 'Query widgets.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('lookup', 'Look up a widget by its id.')).toEqual(['PRIVATE_ACCESS']);
    expect(terms('fetch', 'Fetch an item')).toEqual(['PRIVATE_ACCESS:description:fetch item']);
  });

  it('a name with its own object keeps it', () => {
    expect(terms('get_thing', 'Fetch an item')).toEqual(['PRIVATE_ACCESS:name:get thing']);
  });

  it('a first sentence with a known object, or that opens with no read, is read as before', () => {
    expect(caps('search', 'Search the web for pages.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('fetch', 'Fetch a web page and return its text.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('fetch', 'Creates a widget.')).toEqual([]);
    expect(caps('fetch', 'Fetches, caches and returns widgets.')).toEqual([]);
    expect(caps('run', 'Run a widget.')).toEqual([]);
  });
});
