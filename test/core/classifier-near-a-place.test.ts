/**
 * Things found by place ("events near a location", "events within a city") are what businesses and
 * the public list there: a read of them is EXTERNAL_INGESTION, not the user's records. Look-alikes
 * stay the user's: a sentence that says whose they are, a filter by city, a time span after
 * `within`, a location found from nearby Wi-Fi, and a write.
 */
import { describe, expect, it } from 'vitest';
import { capsOf as caps } from './tools-fixture.js';

describe('listings found by place', () => {
  it('are outside content', () => {
    expect(caps('search_events', 'Search for events near a location by latitude and longitude.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('search_events_city', 'Search events by keyword within a city.')).toEqual(['EXTERNAL_INGESTION']);
  });

  it('the user\'s own things, a filter, a time span and a write are not', () => {
    expect(caps('list_saved_places', 'List my saved places near me.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('find_contacts', "Find the user's contacts near a location.")).toEqual(['PRIVATE_ACCESS']);
    expect(caps('search_customers', 'Search customers by city.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_events', 'Get events within 24 hours.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('locate_laptop', 'Get the geolocation of the laptop from nearby Wi-Fi.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('create_event', "Create an event near a location in the user's calendar.")).toEqual(['LOCAL_MUTATION']);
  });
});
