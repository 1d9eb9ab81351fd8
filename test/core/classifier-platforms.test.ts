/**
 * A platform's own things: with no owner before it, a public platform noun that starts a compound
 * ("LinkedIn user profile", "TikTok user", "Instagram user profile") says the nouns after it are the
 * platform's, written by its users: reading them is EXTERNAL_INGESTION, not PRIVATE_ACCESS. The
 * name's same nouns are the platform's too. "The user's LinkedIn profile" is the user's own.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { describedCaps as caps } from './tools-fixture.js';


describe('a platform’s own things are public', () => {
  it('a user, a profile, a post after the platform', () => {
    expect(caps('Get LinkedIn user profile by username')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('Get TikTok user info and recent videos')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('Get Instagram user profile with recent posts')).toEqual(['EXTERNAL_INGESTION']);
  });

  it('two platforms in one compound, or a long run of them', () => {
    expect(caps('Get LinkedIn Instagram user profile')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps(`Get ${'LinkedIn '.repeat(200)}${'user profile '.repeat(100)}`)).toEqual(['EXTERNAL_INGESTION']);
  });

  it('someone else’s profile on the platform', () => {
    expect(caps('Get customer LinkedIn profile')).toEqual(['EXTERNAL_INGESTION']);
  });

  it('the name’s same nouns are the platform’s, as the description says', () => {
    expect(caps('Get LinkedIn user profile by username', 'linkedin_get_user')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('Get a user by username', 'linkedin_get_user')).toContain('PRIVATE_ACCESS');
  });

  it('the evidence names the platform and its thing as external', () => {
    const ev = classifyTool({ name: 'x_tool', description: 'Get LinkedIn user profile by username' }).evidence;
    expect(ev).toContainEqual({ capability: 'EXTERNAL_INGESTION', source: 'description', term: 'profile' });
    expect(ev.map((e) => e.capability)).not.toContain('PRIVATE_ACCESS');
  });
});

describe('look-alikes: the user’s own, or no platform before the thing', () => {
  it('an owner before the platform', () => {
    expect(caps("Get the user's LinkedIn profile")).toEqual(['PRIVATE_ACCESS']);
    expect(caps('Get my LinkedIn profile')).toEqual(['PRIVATE_ACCESS']);
  });

  it('a public noun that is no platform before the thing: an issue', () => {
    expect(caps('Get issue user details')).toEqual(['PRIVATE_ACCESS']);
  });

  it('only the platform’s records change: its API key is still a credential', () => {
    expect(caps('Get the Instagram API key')).toContain('CREDENTIAL_ACCESS');
  });

  it('the platform after the thing, or a thing no platform names', () => {
    expect(caps('Get user profile from LinkedIn')).toContain('PRIVATE_ACCESS');
    expect(caps('Get a user profile by username')).toEqual(['PRIVATE_ACCESS']);
  });
});
