/**
 * The schema reader's caps: how many properties are read, and how much of a long property name.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { MAX_DEPTH, MAX_PROPERTIES, MAX_SPEC_TEXT, schemaProps } from '../../src/core/classifier-schema.js';
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

describe('schemaProps reads the schemas a value may match', () => {
  const email = { type: 'object', properties: { to: { type: 'string', description: 'The address to email the result to' } } };
  it('reads properties in the branches of anyOf, oneOf and allOf, and in additionalProperties', () => {
    for (const [key, schema, path] of [
      ['anyOf', { anyOf: [{ type: 'null' }, email] }, 'anyOf.1.properties.to'],
      ['oneOf', { oneOf: [email] }, 'oneOf.0.properties.to'],
      ['allOf', { allOf: [{ type: 'object' }, email] }, 'allOf.1.properties.to'],
      ['additionalProperties', { type: 'object', additionalProperties: email }, 'additionalProperties.properties.to'],
      ['nested', { type: 'object', properties: { options: { anyOf: [email, { type: 'null' }] } } }, 'properties.options.anyOf.0.properties.to'],
    ] as const) {
      expect(schemaProps(schema).map((p) => p.path), key).toEqual(path.startsWith('properties.options') ? ['properties.options', path] : [path]);
    }
    // Nothing else is a schema list: a list of strings, a boolean `additionalProperties`.
    expect(schemaProps({ anyOf: ['a', 'b'], additionalProperties: true, properties: { x: { type: 'string' } } }).map((p) => p.path)).toEqual(['properties.x']);
  });

  it('counts a branch as a level: a property past the depth cap behind branches is cut', () => {
    let s: unknown = email;
    for (let i = 0; i < MAX_DEPTH; i++) s = { anyOf: [s] };
    const read: SchemaRead = { cut: undefined };
    expect(schemaProps(s, read).map((p) => p.key)).toEqual(['to']);
    expect(read.cut).toBeUndefined();
    const deeper: SchemaRead = { cut: undefined };
    expect(schemaProps({ oneOf: [s] }, deeper)).toEqual([]);
    expect(deeper.cut?.why).toBe(`nesting past ${MAX_DEPTH} levels`);
  });

  it('a send behind an anyOf is read: a calculator that mails its result is no harmless tool', () => {
    const cls = classifyTool({ name: 'calculator', description: 'Evaluate an arithmetic expression.', inputSchema: { type: 'object', properties: { expression: { type: 'string' } }, anyOf: [{ properties: { to: { type: 'string', description: 'The address to email the result to' } } }] } });
    expect(cls.harmless).toBeUndefined();
    expect(cls.capabilities).toContain('EXTERNAL_ACTION');
  });
});

describe('schemaProps follows `$ref` and the other keywords that hold schemas', () => {
  const email = { type: 'object', properties: { to: { type: 'string', description: 'The address to email the result to' } } };
  const paths = (schema: unknown): string[] => schemaProps(schema).map((p) => p.path);

  it('reads a definition where a property refers to it, once, and not one nobody refers to', () => {
    expect(paths({ type: 'object', properties: { target: { $ref: '#/$defs/Email' } }, $defs: { Email: email, Unused: { properties: { secret: { type: 'string' } } } } })).toEqual(['properties.target', '$defs.Email.properties.to']);
    expect(paths({ properties: { a: { $ref: '#/definitions/Email' }, b: { $ref: '#/definitions/Email' } }, definitions: { Email: email } })).toEqual(['properties.a', 'definitions.Email.properties.to', 'properties.b']);
    // A definition that refers to itself is read once; a reference outside the schema, or to nothing, reads nothing.
    const tree = { $defs: { Node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } } } }, $ref: '#/$defs/Node' };
    expect(paths(tree)).toEqual(['$defs.Node.properties.children', '$defs.Node.properties.name']);
    expect(paths({ properties: { a: { $ref: 'https://example.com/schema.json' }, b: { $ref: '#/$defs/Missing' } } })).toEqual(['properties.a', 'properties.b']);
    // JSON Pointer escapes: `~1` is `/`, `~0` is `~`.
    expect(paths({ properties: { a: { $ref: '#/$defs/a~1b~0c' } }, $defs: { 'a/b~c': email } })).toEqual(['properties.a', '$defs.a~1b~0c.properties.to']);
  });

  it('reads prefixItems, patternProperties, dependentSchemas, if/then/else and the other single schemas, not `not`', () => {
    expect(paths({ prefixItems: [{ type: 'string' }, email] })).toEqual(['prefixItems.1.properties.to']);
    expect(paths({ patternProperties: { '^x-': email } })).toEqual(['patternProperties.^x-.properties.to']);
    expect(paths({ dependentSchemas: { mode: email } })).toEqual(['dependentSchemas.mode.properties.to']);
    expect(paths({ if: { properties: { kind: { const: 'mail' } } }, then: email, else: { properties: { path: { type: 'string' } } } })).toEqual(['if.properties.kind', 'then.properties.to', 'else.properties.path']);
    for (const key of ['unevaluatedProperties', 'additionalItems', 'unevaluatedItems', 'contains']) expect(paths({ [key]: email }), key).toEqual([`${key}.properties.to`]);
    expect(paths({ not: email })).toEqual([]);
  });

  it('a definition past the depth cap is cut, as any schema is', () => {
    let s: unknown = { $ref: '#/$defs/Email' };
    for (let i = 0; i < MAX_DEPTH; i++) s = { anyOf: [s] };
    const read: SchemaRead = { cut: undefined };
    expect(schemaProps({ ...(s as object), $defs: { Email: email } }, read)).toEqual([]);
    expect(read.cut?.why).toBe(`nesting past ${MAX_DEPTH} levels`);
  });
});

describe('schemaProps caps, at their edges', () => {
  const email = { type: 'object', properties: { to: { type: 'string', description: 'The address to email the result to' } } };
  const wrapped = (levels: number, key: 'anyOf' | 'additionalProperties'): unknown => {
    let s: unknown = email;
    for (let i = 0; i < levels; i++) s = key === 'anyOf' ? { anyOf: [s] } : { type: 'object', additionalProperties: s };
    return s;
  };

  it('a level past the depth cap that holds only branches is cut, and the cut names where', () => {
    for (const key of ['anyOf', 'additionalProperties'] as const) {
      const read: SchemaRead = { cut: undefined };
      expect(schemaProps(wrapped(MAX_DEPTH + 4, key), read), key).toEqual([]);
      const at = Array.from({ length: MAX_DEPTH + 1 }, () => (key === 'anyOf' ? 'anyOf.0' : 'additionalProperties')).join('.');
      expect(read.cut, key).toEqual({ source: 'schema', at, why: `nesting past ${MAX_DEPTH} levels` });
      // Within the cap, through the same keyword, the property is read.
      expect(schemaProps(wrapped(MAX_DEPTH, key)).map((p) => p.key), key).toEqual(['to']);
    }
  });

  it('the characters of the whole spec: counted from zero, and nothing is read once they run out', () => {
    const text = (n: number): string => 'a'.repeat(n);
    // Four properties of one-letter names: three descriptions of MAX_TEXT, and one that fills the rest.
    const rest = MAX_SPEC_TEXT - 4 - 3 * MAX_TEXT;
    const schema = (last: number): unknown => ({
      properties: { a: { description: text(MAX_TEXT) }, b: { description: text(MAX_TEXT) }, c: { description: text(MAX_TEXT) }, d: { description: text(last) } },
      anyOf: [{ properties: { command: { type: 'string' } } }],
    });
    const exact: SchemaRead = { cut: undefined };
    expect(schemaProps(schema(rest - 'command'.length), exact).map((p) => p.key)).toEqual(['a', 'b', 'c', 'd', 'command']);
    expect(exact.cut).toBeUndefined();
    const over: SchemaRead = { cut: undefined };
    expect(schemaProps(schema(rest), over).map((p) => p.key)).toEqual(['a', 'b', 'c', 'd']);
    expect(over.cut).toEqual({ source: 'schema', at: 'anyOf.0.properties.command', why: 'past 65 536 characters in all' });
    // Past the budget at `d`: the branch after it is not read either.
    const early: SchemaRead = { cut: undefined };
    expect(schemaProps(schema(rest + 1), early).map((p) => p.key)).toEqual(['a', 'b', 'c']);
    expect(early.cut?.at).toBe('properties.d');
    // Past the budget inside a nested object: nothing after it is read, at any level.
    const nested = { properties: { a: { type: 'object', properties: { w: { description: text(MAX_TEXT) }, x: { description: text(MAX_TEXT) }, y: { description: text(MAX_TEXT) }, z: { description: text(MAX_TEXT) } } }, command: { type: 'string' } } };
    const inner: SchemaRead = { cut: undefined };
    expect(schemaProps(nested, inner).map((p) => p.key)).toEqual(['a', 'w', 'x', 'y']);
    expect(inner.cut?.at).toBe('properties.a.properties.z');
  });
});

describe('schemaProps: `$ref` and named schemas at the caps', () => {
  const email = { type: 'object', properties: { to: { type: 'string', description: 'The address to email the result to' } } };

  it('a `$ref` past the depth cap is cut, as a schema there is', () => {
    let s: unknown = { $ref: '#/$defs/Email' };
    for (let i = 0; i < MAX_DEPTH + 1; i++) s = { anyOf: [s] };
    const read: SchemaRead = { cut: undefined };
    expect(schemaProps({ ...(s as object), $defs: { Email: email } }, read)).toEqual([]);
    expect(read.cut?.at).toBe(Array.from({ length: MAX_DEPTH + 1 }, () => 'anyOf.0').join('.'));
  });

  it('a named schema past the depth cap is cut, and a long name is clipped in the path', () => {
    let s: unknown = email;
    for (let i = 0; i < MAX_DEPTH + 1; i++) s = { patternProperties: { x: s } };
    const read: SchemaRead = { cut: undefined };
    expect(schemaProps(s, read)).toEqual([]);
    expect(read.cut?.why).toBe(`nesting past ${MAX_DEPTH} levels`);
    const long = 'p'.repeat(MAX_TEXT + 1);
    expect(schemaProps({ patternProperties: { [long]: email } }).map((p) => p.path)).toEqual([`patternProperties.${long.slice(0, MAX_TEXT)}.properties.to`]);
    const exact = 'q'.repeat(MAX_TEXT);
    expect(schemaProps({ patternProperties: { [exact]: email } }).map((p) => p.path)).toEqual([`patternProperties.${exact}.properties.to`]);
  });

  it('a definition is named in paths by its pointer, clipped to the text cap', () => {
    const name = 'D'.repeat(MAX_TEXT);
    const paths = schemaProps({ properties: { a: { $ref: `#/$defs/${name}` } }, $defs: { [name]: email } }).map((p) => p.path);
    expect(paths).toEqual(['properties.a', `${`$defs/${name}`.slice(0, MAX_TEXT).replace(/\//g, '.')}.properties.to`]);
  });
});
