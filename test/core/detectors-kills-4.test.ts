import { describe, expect, it } from 'vitest';
import { MAX_PROPERTIES } from '../../src/core/classifier-schema.js';
import { scanArgs, schemaDestinationFields } from '../../src/core/detectors.js';

const found = (text: string): string[] => scanArgs({ body: text }).map((f) => f.detector);

describe('detectors: card issuer ranges end where the issuer\'s range ends', () => {
  it('the 5-series Mastercard range is 51-55: a Luhn-valid 16-digit number starting 56 is no Mastercard', () => {
    expect(found('Reference 5600 0000 0000 0003')).toEqual([]);
    expect(found('Reference 5500 0000 0000 0004')).toEqual(['pii.card']);
  });
});

describe('schemaDestinationFields: the first MAX_PROPERTIES properties are read, in key order', () => {
  const schemaWith = (fillers: number): { properties: Record<string, unknown> } => {
    const properties: Record<string, unknown> = {};
    // Keys are read sorted: the destination sorts after every filler, whatever order it is given in.
    properties['zz_invitee_email'] = { type: 'string', description: 'E-mail address of the person to invite' };
    for (let i = 0; i < fillers; i++) properties[`note_${String(i).padStart(4, '0')}`] = { type: 'string', description: 'Free text' };
    return { properties };
  };
  it('reads the last property within the cap', () => {
    expect([...schemaDestinationFields(schemaWith(MAX_PROPERTIES - 1))]).toEqual(['zzinviteeemail']);
  });
  it('stops before the one past it', () => {
    expect([...schemaDestinationFields(schemaWith(MAX_PROPERTIES))]).toEqual([]);
  });
  it('reads nested properties, as the classifier does', () => {
    const nested = { properties: { reminder: { type: 'object', properties: { recipient: { type: 'object', properties: { phone: { type: 'string', description: 'Phone number of the recipient' }, note: { type: 'string', description: 'What to say' } } } } } } };
    expect([...schemaDestinationFields(nested)]).toEqual(['phone']);
    // A mention of the recipient is not a destination, at any depth.
    expect([...schemaDestinationFields({ properties: { msg: { type: 'object', properties: { subject: { type: 'string', description: 'Subject line the recipient sees' } } } } })]).toEqual([]);
  });
});
