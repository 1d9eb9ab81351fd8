/**
 * Public listings and platforms (a flight, a page on LinkedIn, Instagram, Facebook, Twitter, TikTok,
 * a Trustpilot listing) are written by the airline, the member, the business: reading one is
 * EXTERNAL_INGESTION. The user's own ("my upcoming flight", "the user's LinkedIn profile") is an
 * arrangement the user has with that party: reading it is PRIVATE_ACCESS, changing it acts outside.
 * What others write even in the user's own view (a timeline, mentions, an inbox) stays theirs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { capsOf as caps } from './tools-fixture.js';

const NOUNS = ['flight', 'LinkedIn', 'Instagram', 'Facebook', 'Twitter', 'TikTok', 'Trustpilot'] as const;

describe('a public listing or platform', () => {
  it('is external content when nobody owns it', () => {
    expect(caps('flight_status', 'Get the live status of a flight by its number')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('search_flights', 'Search flights between two airports')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('company_page', 'Get a company page on LinkedIn')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('business_reviews', 'Get a business on Trustpilot')).toEqual(['EXTERNAL_INGESTION']);
    for (const n of NOUNS) expect(caps('lookup', `Get a ${n} profile by its address`), n).toEqual(['EXTERNAL_INGESTION']);
  });

  it("is the user's data after an owner", () => {
    expect(caps('my_flight', 'Show my upcoming flight')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_booking', "Get the details of the user's flight booking")).toEqual(['PRIVATE_ACCESS']);
    expect(caps('profile', "Get the user's own LinkedIn profile")).toEqual(['PRIVATE_ACCESS']);
    expect(caps('account', 'Get your Instagram business account')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('account', 'Show our TikTok account')).toEqual(['PRIVATE_ACCESS']);
    for (const n of NOUNS) expect(caps('lookup', `Get my ${n} profile`), n).toEqual(['PRIVATE_ACCESS']);
  });

  it('acts outside when the user changes their own', () => {
    expect(caps('cancel_my_flight', "Cancel the user's flight reservation")).toEqual(['EXTERNAL_ACTION']);
    expect(caps('update_linkedin', 'Update my LinkedIn profile')).toEqual(['EXTERNAL_ACTION']);
  });

  it('owns from the first word of a name or a sentence', () => {
    expect(caps('my_flights', '')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list', 'My flights are listed here.')).toEqual(['PRIVATE_ACCESS']);
  });

  it('owns only across up to two unknown words', () => {
    expect(caps('my_flight', 'Show my next upcoming flight')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('my_flight', 'Show my zorb blarg quux flight')).toEqual(['EXTERNAL_INGESTION']);
  });

  it("another party's possessive owns nothing", () => {
    expect(caps('pilot_flight', "Show the pilot's upcoming flight")).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('friend_profile', "Get a friend's Instagram profile")).toEqual(['EXTERNAL_INGESTION']);
  });
});

describe('what others write stays theirs in the user\'s own view', () => {
  it('a timeline, mentions, an inbox and posts are read as others wrote them', () => {
    expect(caps('home_timeline', 'Read my home timeline')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('my_mentions', 'List my mentions')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('my_inbox', 'Read my inbox')).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
    // The platform is owned, the timeline on it is not.
    expect(caps('twitter_timeline', "Read the timeline of the user's Twitter account")).toEqual(['EXTERNAL_INGESTION']);
  });

  it('an owner never removes EXTERNAL_INGESTION from content others write (seed 1901)', () => {
    const content = fc.constantFrom('timeline', 'mentions', 'reviews', 'comments', 'inbox', 'messages', 'web page');
    const owner = fc.constantFrom('my', 'your', 'our', "the user's", "the user's latest", 'the');
    fc.assert(
      fc.property(owner, fc.constantFrom(...NOUNS, 'upcoming'), content, (o, platform, what) => {
        expect(caps('read_it', `Read ${o} ${platform} ${what}`)).toContain('EXTERNAL_INGESTION');
      }),
      { seed: 1901 },
    );
  });
});

describe('a possessive and the noun it owns', () => {
  it('words the vocabulary does not know between them modify the noun', () => {
    // The transactions are read, not the user: their subjects are written by whoever paid.
    expect(caps('recent_transactions', "Get the user's recent transactions")).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
    expect(caps('latest_reviews', "Read the customer's latest reviews")).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('timeline', "Read the user's most recent timeline")).toEqual(['EXTERNAL_INGESTION']);
  });

  it('a conjunction after a modifier ends the noun phrase: the possessor is read', () => {
    expect(caps('x', "Get the user's name and email address")).toEqual(['PRIVATE_ACCESS']);
  });

  it('at most two of them, and no small word that ends the noun phrase', () => {
    expect(caps('x', "Get the user's zorb blarg quux reviews")).toEqual(['PRIVATE_ACCESS']);
    expect(caps('x', "Get the user's data in reviews")).toEqual(['PRIVATE_ACCESS']);
  });

  it("`own` keeps a store the user's: the user's own drive is no shared one", () => {
    expect(caps('drive_get_file', "Get a file from the user's own drive by id")).toEqual(['PRIVATE_ACCESS']);
    expect(caps('drive_get_file', "Get a file from the user's drive by id")).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
  });

  it('a comma ends a compound: a list names several things', () => {
    expect(caps('read_notes', "Read the user's saved notes, for example meeting minutes")).toEqual(['PRIVATE_ACCESS']);
    expect(caps('read_notes', "Read the user's saved notes or meeting invitations")).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
  });
});

describe('the owner and possessive rules look ahead', () => {
  it('and never read past the end, wherever a text stops (seed 1902)', () => {
    // A possessive, an owner or a modifier as the last word once threw (caught as an internal error).
    const words = fc.constantFrom("'s", "user's", 'my', 'your', 'own', 'the', 'user', 'recent', 'zorb', 'flight', 'linkedin', 'reviews', 'drive', ',', 'and', 'to', 'get', 'read', 'cancel', '的');
    fc.assert(
      fc.property(fc.array(words, { maxLength: 12 }), fc.array(words, { maxLength: 6 }), (d, n) => {
        expect(() => classifyTool({ name: n.join('_'), description: d.join(' ') })).not.toThrow();
      }),
      { seed: 1902, numRuns: 3000 },
    );
  });
});
