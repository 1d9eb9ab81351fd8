/**
 * schemaProps skips a schema node that has no keyword holding schemas by looking at its own keys;
 * any node that is not a plain object is asked for each keyword, so nothing it inherits is missed.
 */
import { describe, expect, it } from 'vitest';
import { schemaProps } from '../../src/core/classifier-schema.js';

const paths = (schema: unknown): string[] => schemaProps(schema).map((p) => p.path);

describe('schemaProps: which nodes hold schemas', () => {
  it('reads below every keyword that holds schemas, and nothing below a leaf', () => {
    expect(paths({
      type: 'object',
      properties: {
        a: { type: 'string', description: 'leaf' },
        b: { anyOf: [{ type: 'object', properties: { c: { type: 'string' } } }] },
        d: { type: 'array', items: { type: 'object', properties: { e: { type: 'number' } } } },
      },
    })).toEqual(['properties.a', 'properties.b', 'properties.b.anyOf.0.properties.c', 'properties.d', 'properties.d.items.properties.e']);
  });

  it('a node that inherits its keyword from a prototype is still read', () => {
    const inherited = Object.create({ properties: { secret_path: { type: 'string', description: 'Local file to upload' } } }) as Record<string, unknown>;
    inherited['type'] = 'object';
    expect(paths(inherited)).toEqual(['properties.secret_path']);
  });

  it('a node without a prototype is read like a plain object', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare['properties'] = { path: { type: 'string' } };
    expect(paths(bare)).toEqual(['properties.path']);
  });
});
