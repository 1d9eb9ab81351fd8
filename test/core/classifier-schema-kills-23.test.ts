/**
 * The schema reader's caps: how many properties are read, and how much of a long property name.
 */
import { describe, expect, it } from 'vitest';
import { schemaProps } from '../../src/core/classifier-schema.js';

const flat = (n: number): Record<string, unknown> => ({
  type: 'object',
  properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${String(i).padStart(3, '0')}`, { type: 'string' }])),
});

describe('schemaProps caps', () => {
  it('reads 200 properties of one object and no more', () => {
    expect(schemaProps(flat(200))).toHaveLength(200);
    expect(schemaProps(flat(201))).toHaveLength(200);
    expect(schemaProps(flat(250))).toHaveLength(200);
  });

  it('keeps the first 4 000 characters of a longer property name', () => {
    const key = `command_${'x'.repeat(4000)}`;
    const [p] = schemaProps({ type: 'object', properties: { [key]: { type: 'string' } } });
    expect(p?.key).toBe(key.slice(0, 4000));
    expect(p?.tokens[0]).toBe('command');
  });
});
