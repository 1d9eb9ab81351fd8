import { describe, expect, it } from 'vitest';
import { BUILTIN_DETECTORS, scanArgs, schemaDestinationFields } from '../../src/core/detectors.js';

const found = (text: string): string[] => scanArgs({ body: text }).map((f) => f.detector);

describe('detectors: short token values are found by their own prefix', () => {
  it.each([
    ['sk-Zq4vN7tR2xK9mB3wL8pD5sH1cF6gJ0yT', 'secret.well-known-token'],
    ['sk_live_Zq4vN7tR2xK9mB3wL8pD5sH1', 'secret.well-known-token'],
    ['rk_live_Zq4vN7tR2xK9mB3wL8pD5sH1', 'secret.well-known-token'],
    ['AIzaSyZq4vN7tR2xK9mB3wL8pD5sH1cF6gJ0yTq', 'secret.well-known-token'],
    ['npm_Zq4vN7tR2xK9mB3wL8pD5sH1cF6gJ0yTqE7u', 'secret.well-known-token'],
    ['glpat-Zq4vN7tR2xK9mB3wL8pD', 'secret.well-known-token'],
    ['ghp_Zq4vN7tR2xK9mB3wL8pD5sH1cF6gJ0yTqE7u', 'secret.github-token'],
    ['github_pat_11AZQ4VN70rT2xK9mB3wL8_pD5sH1cF6gJ0yTqE7uW2nR4kM8vB', 'secret.github-token'],
  ])('finds %s given alone, shorter than the long-text pre-check', (token, detector) => {
    expect(token.length).toBeLessThan(64);
    expect(found(token)).toEqual([detector]);
  });
});

describe('detectors: a JWT needs a header that decodes', () => {
  const rest = '.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  it('does not report a token whose header segment is not valid base64url', () => {
    // `eyJhbGciO` is 9 characters: no base64 length, so the header cannot be decoded.
    expect(found(`token eyJhbGciO${rest}`)).toEqual([]);
  });
  it('reports the same token with a header that decodes to {"alg": …}', () => {
    expect(found(`token eyJhbGciOiJIUzI1NiJ9${rest}`)).toEqual(['secret.jwt']);
  });
});

describe('detectors: a Chinese mobile number spans its country code', () => {
  const phone = BUILTIN_DETECTORS.find((d) => d.id === 'pii.phone');
  it('reports the whole `+86 …` number from the Chinese mobile pattern as from the E.164 one', () => {
    expect(phone?.scan('Call +86 138 0013 8000 today', undefined)).toEqual([
      { start: 5, end: 22 },
      { start: 5, end: 22 },
    ]);
  });
  it('reports the whole `0086 …` number, which only the Chinese mobile pattern reads', () => {
    expect(phone?.scan('Call 0086 138 0013 8000 today', undefined)).toEqual([{ start: 5, end: 23 }]);
  });
});

describe('schemaDestinationFields: descriptions that name who the data goes to', () => {
  const declared = (description: string): string[] =>
    [...schemaDestinationFields({ properties: { target: { type: 'string', description } } })];
  it.each([
    "The recipient's phone number",
    'An email address of the invitee',
    'A person to notify',
    'Phone number of the recipient',
    'Mobile number of the recipient',
    'Account ID of the payee',
    'Bank account of the payee',
    'Email addresses of the invitees',
    'Number of the recipient',
    'IBAN of the payee',
    'ID for the recipient',
    'Handle of the addressee',
    'Usernames of each invitee',
    'Accounts of the payees',
    'Email address for the recipient',
    'Email address of each recipient',
    'Recipients of the digest',
    'People to notify',
    'Person to invite',
    'Users to add',
    'Members to share with',
    'Contacts to send it to',
    'Contacts to send this to',
    'Person who receives the file',
    'Member who gets the link',
    '收件人邮箱',
    '接收人',
    '被邀请人的邮箱',
  ])('reads "%s" as a destination', (description) => {
    expect(declared(description)).toEqual(['target']);
  });
  it('does not read a description that only mentions a recipient later', () => {
    expect(declared('Subject line the recipient sees')).toEqual([]);
  });
});
