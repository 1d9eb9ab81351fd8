/**
 * A map service's answers (a geocoding, directions, points of interest) come from its map data,
 * written by businesses and the public: reading them is EXTERNAL_INGESTION, in English and Chinese.
 * The words elsewhere: a sort direction, the user's own saved note.
 */
import { describe, expect, it } from 'vitest';
import { capsOf as caps } from './tools-fixture.js';

describe('map services', () => {
  it('a geocoding, directions and POIs are the service’s map data', () => {
    expect(caps('geocode', 'Geocode an address into coordinates.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('reverse_geocode', 'Turn coordinates into the nearest street address.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('lookup', 'Get the geocoding of an address.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('get_directions', 'Get driving directions between two places.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('search_poi', 'Search POI near a point.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('lookup', '获取地理编码')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('lookup', '获取逆地理编码结果')).toEqual(['EXTERNAL_INGESTION']);
  });

  it('the words elsewhere', () => {
    // A sort order is no map data, and a direction (singular) is no answer of a map service.
    expect(caps('list_files', 'List files in a folder, sorted in one of two directions (ascending or descending).')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('set_direction', 'Set the sort direction of the local task list.')).not.toContain('EXTERNAL_INGESTION');
    // Without a map word the same kind of tool names nothing it reads.
    expect(caps('lookup', 'Get the zorblat of an address.')).not.toContain('EXTERNAL_INGESTION');
  });
});
