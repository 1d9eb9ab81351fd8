/**
 * The listings of hotels, restaurants, accommodations and car rentals are what their businesses
 * publish (EXTERNAL_INGESTION), as a video or an airport's details are. Before one of the user's
 * own things or arrangements the word only says what kind it is: "a hotel booking" is the user's
 * booking, "restaurant notes" are notes.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const caps = (name: string, description: string): readonly string[] => classifyTool({ name, description, inputSchema: { type: 'object', properties: {} } }).capabilities;

describe('hotels, restaurants, accommodations and car rentals are published listings', () => {
  it('a city\'s hotels, a restaurant\'s hours, an accommodation search and a rental company\'s prices read outside content', () => {
    expect(caps('get_all_hotels_in_city', 'Get all hotels in the given city.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('check_restaurant_opening_hours', 'Get the opening hours of the given restaurants.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('search_accommodations', 'Search for available accommodations based on city and dates.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('get_car_price_per_day', 'Get the price per day of the given car rental companies.')).toEqual(['EXTERNAL_INGESTION']);
  });

  it('before the user\'s own arrangement or thing, the word only says what kind it is', () => {
    expect(caps('get_booking', 'Get a hotel booking by confirmation number.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_reservation', 'Get a restaurant reservation by its id.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('read_notes', 'Read the restaurant notes in a local folder.')).toEqual(['PRIVATE_ACCESS']);
  });
});
