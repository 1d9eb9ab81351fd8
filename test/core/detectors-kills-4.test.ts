import { describe, expect, it } from 'vitest';
import { scanArgs, schemaDestinationFields } from '../../src/core/detectors.js';

const found = (text: string): string[] => scanArgs({ body: text }).map((f) => f.detector);

describe('detectors: card issuer ranges end where the issuer\'s range ends', () => {
  it('the 5-series Mastercard range is 51-55: a Luhn-valid 16-digit number starting 56 is no Mastercard', () => {
    expect(found('Reference 5600 0000 0000 0003')).toEqual([]);
    expect(found('Reference 5500 0000 0000 0004')).toEqual(['pii.card']);
  });
});

describe('schemaDestinationFields: the first 200 properties are read', () => {
  const schemaWith = (fillers: number): { properties: Record<string, unknown> } => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < fillers; i++) properties[`note_${i}`] = { type: 'string', description: 'Free text' };
    properties['invitee_email'] = { type: 'string', description: 'E-mail address of the person to invite' };
    return { properties };
  };
  it('reads the 200th property', () => {
    expect([...schemaDestinationFields(schemaWith(199))]).toEqual(['inviteeemail']);
  });
  it('stops before the 201st', () => {
    expect([...schemaDestinationFields(schemaWith(200))]).toEqual([]);
  });
});
