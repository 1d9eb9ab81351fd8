import { describe, expect, it } from 'vitest';
import { scanArgs, schemaDestinationFields } from '../../src/core/detectors.js';

const found = (text: string): string[] => scanArgs({ body: text }).map((f) => f.detector);

describe('detectors: shapes that are not the format', () => {
  it('refuses an address whose local part ends with a dot', () => {
    expect(found('bounced: jane.@acme-mail.example')).toEqual([]);
    expect(found('bounced: jane@acme-mail.example')).toEqual(['pii.email']);
  });
});

describe('schemaDestinationFields', () => {
  it('skips a property that is null', () => {
    expect([...schemaDestinationFields({ properties: { a: null, to_whom: { description: 'The recipient' } } })]).toEqual(['towhom']);
  });

  it('reads only the first 400 characters of a description', () => {
    const late = { description: `${' '.repeat(392)}recipient` };
    const early = { description: `${' '.repeat(391)}recipient` };
    expect([...schemaDestinationFields({ properties: { late, early } })]).toEqual(['early']);
  });
});
