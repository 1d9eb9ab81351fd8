/**
 * Published works and reference data (`PUBLISHED_WORKS`: a video, a recipe, a publication's
 * citation, an airport's details) are written by their authors and publishers: reading them is
 * EXTERNAL_INGESTION, as reading a web page is. Before one of the user's own things they only say
 * what kind it is ("video files", "recipe notes").
 */
import { describe, expect, it } from 'vitest';
import { capsOf as caps } from './tools-fixture.js';

describe('published works', () => {
  it('are read as published content', () => {
    expect(caps('search_videos', 'Search videos on the video platform.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('get_recipe', 'Get a recipe by its id.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('get_airport', "Get an airport's details by its IATA code.")).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('get_airline', 'Get an airline by its code.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('lookup_citation', 'Look up a citation for a publication.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('get_podcast', 'Get a podcast episode.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('get_movie', 'Get a movie by its title.')).toEqual(['EXTERNAL_INGESTION']);
  });

  it("before the user's own things they say what kind those are", () => {
    expect(caps('list_files', 'List the video files in a local folder.')).toEqual(['PRIVATE_ACCESS']);
    // The description alone says it, under a name that names nothing.
    expect(caps('lookup', 'List the video files in a local folder.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('lookup', 'List the recipe notes the user saved.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_notes', 'List the recipe notes the user saved in the local notes app.')).toEqual(['PRIVATE_ACCESS']);
    // A folder of the user's home named Videos is no video.
    expect(caps('save_in_videos', 'Save a note in the Videos folder.')).toEqual(['LOCAL_MUTATION']);
  });
});
