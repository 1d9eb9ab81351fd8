/**
 * The schema reader's caps: how many properties are read, and how much of a long property name.
 */
import { describe, expect, it } from 'vitest';
import { MAX_PROPERTIES, schemaProps } from '../../src/core/classifier-schema.js';
import type { SchemaRead } from '../../src/core/classifier-schema.js';
import { MAX_TEXT } from '../../src/core/classifier-tokens.js';

const flat = (n: number): Record<string, unknown> => ({
  type: 'object',
  properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${String(i).padStart(4, '0')}`, { type: 'string' }])),
});

describe('schemaProps caps', () => {
  it('reads MAX_PROPERTIES properties of one object and no more, and says the schema was cut', () => {
    const read = (n: number): [number, boolean] => {
      const r: SchemaRead = { cut: undefined };
      return [schemaProps(flat(n), r).length, r.cut !== undefined];
    };
    expect(read(MAX_PROPERTIES - 1)).toEqual([MAX_PROPERTIES - 1, false]);
    // At exactly the cap the reader cannot tell whether more followed.
    expect(read(MAX_PROPERTIES)).toEqual([MAX_PROPERTIES, true]);
    expect(read(MAX_PROPERTIES + 1)).toEqual([MAX_PROPERTIES, true]);
    expect(read(MAX_PROPERTIES + 50)).toEqual([MAX_PROPERTIES, true]);
  });

  it('keeps the first MAX_TEXT characters of a longer property name', () => {
    const key = `command_${'x'.repeat(MAX_TEXT)}`;
    const r: SchemaRead = { cut: undefined };
    const [p] = schemaProps({ type: 'object', properties: { [key]: { type: 'string' } } }, r);
    expect(p?.key).toBe(key.slice(0, MAX_TEXT));
    expect(p?.tokens[0]).toBe('command');
    expect(r.cut).toEqual({ source: 'schema', at: `properties.${key.slice(0, MAX_TEXT)}`, why: 'a property name past 16 384 characters' });
  });
});
