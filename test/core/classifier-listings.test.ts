/**
 * The listings of hotels, restaurants, accommodations and car rentals are what their businesses
 * publish (EXTERNAL_INGESTION), unless the text says they are the user's own ("my restaurants",
 * "the user's saved hotels"), as a flight is. Before one of the user's arrangements the word only
 * says what kind it is: "a hotel booking" is the user's booking. A write of one is still a write.
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

  it('before the user\'s own arrangement, the word only says what kind it is', () => {
    expect(caps('get_booking', 'Get a hotel booking by confirmation number.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_reservation', 'Get a restaurant reservation by its id.')).toEqual(['PRIVATE_ACCESS']);
  });

  it('the user\'s own hotels and restaurants are the user\'s data too, and a write of one stays a write', () => {
    expect(caps('get_my_restaurants', 'Get my restaurants.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_saved_hotels', "List the user's saved hotels.")).toContain('PRIVATE_ACCESS');
    expect(caps('create_hotel', 'Create a new hotel listing.')).toContain('EXTERNAL_ACTION');
    expect(caps('delete_hotel', 'Delete a hotel.')).toContain('EXTERNAL_ACTION');
  });
});
