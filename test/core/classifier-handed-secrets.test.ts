/**
 * A secret the tool hands back is a secret it reads: "Returns the new secret", "The new one-time
 * secret is exposed in the result", "The API key is only shown once". The caller sees key material,
 * so the tool carries CREDENTIAL_ACCESS whatever else it does (a rotation, a creation). A negated
 * hand-over ("the key is never returned"), another thing returned ("Returns the key id and name"),
 * and a bare `token` (a page token, a chain's token) carry none.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool, explainTool } from '../../src/core/classifier.js';
import { growth } from './growth.js';

const caps = (name: string, description: string): readonly string[] => classifyTool({ name, description }).capabilities;

describe('a secret handed back is read', () => {
  it('after "returns": the first thing named, within four words', () => {
    expect(caps('rotate_secret', 'Rotate the signing secret. Returns the new secret.')).toEqual(['LOCAL_MUTATION', 'CREDENTIAL_ACCESS']);
    expect(caps('make_widget', 'Make a widget. Returns its new API key.')).toEqual(['CREDENTIAL_ACCESS']);
  });

  it('"return it" after the secret was named: the pronoun stands for the nearest thing named before', () => {
    expect(caps('create_key', 'Create an API key and return it.')).toEqual(['LOCAL_MUTATION', 'CREDENTIAL_ACCESS']);
    expect(caps('rotate', 'Rotate the signing secret and print it.')).toContain('CREDENTIAL_ACCESS');
    // What a preposition opens is no thing handed back: the pronoun stands for the thing before it.
    expect(caps('create_key', 'Create an API key for the given project and return it.')).toContain('CREDENTIAL_ACCESS');
    expect(caps('reset', 'Reset the password for the given user and return it.')).toContain('CREDENTIAL_ACCESS');
    expect(caps('refresh', 'Refreshes the OAuth token using the refresh token and returns it.')).toContain('CREDENTIAL_ACCESS');
    expect(caps('create_key', 'Create an API key and output it.')).toContain('CREDENTIAL_ACCESS');
  });

  it('in Chinese: 返回 (returns) with the secret after it or 它 (it) for the secret before, unless negated', () => {
    expect(caps('create_key', '创建一个新的API密钥并返回它。')).toEqual(['LOCAL_MUTATION', 'CREDENTIAL_ACCESS']);
    expect(caps('create_key', '创建API密钥，返回新的API密钥。')).toContain('CREDENTIAL_ACCESS');
    expect(caps('get_file', '获取文件并返回它。')).not.toContain('CREDENTIAL_ACCESS');
    expect(caps('create_key', '创建API密钥，但不返回它。')).not.toContain('CREDENTIAL_ACCESS');
  });

  it('a sentence that opens with "it" for the secret the sentence before made', () => {
    expect(caps('create_key', 'Creates a new API key. Returns it in the response.')).toEqual(['LOCAL_MUTATION', 'CREDENTIAL_ACCESS']);
    expect(caps('create_key', 'Creates a new API key. It is returned only once.')).toEqual(['LOCAL_MUTATION', 'CREDENTIAL_ACCESS']);
    // Look-alikes: negated, something else named last, a secret transformed, redacted.
    expect(caps('create_key', 'Creates a new API key. It is never returned.')).not.toContain('CREDENTIAL_ACCESS');
    expect(caps('get_meta', 'Fetches the metadata of the file. Returns it as JSON.')).not.toContain('CREDENTIAL_ACCESS');
    expect(caps('hash', 'Hash the password. Returns it as hex.')).not.toContain('CREDENTIAL_ACCESS');
    expect(caps('create_key', 'Creates a new API key. It is returned masked.')).not.toContain('CREDENTIAL_ACCESS');
  });

  it('before "is returned", "is shown", "is exposed", past an adverb', () => {
    expect(caps('rotate', 'Rotate the client secret. The new one-time secret is exposed in the result.')).toEqual(['LOCAL_MUTATION', 'CREDENTIAL_ACCESS']);
    expect(caps('make_widget', 'Make a widget. The API key is only shown once.')).toEqual(['CREDENTIAL_ACCESS']);
    expect(caps('make_widget', 'Make a widget. The secret is returned once.')).toEqual(['CREDENTIAL_ACCESS']);
  });
});

describe('a text of many hand-overs is read once', () => {
  it('16 times as many "… and return it" take under 64 times as long (quadratic: 256)', () => {
    for (const [head, unit] of [['Create an API key ', 'and return it '], ['Create ', 'and return it '], ['Create an API key. ', 'Returns it. ']] as const) {
      expect(growth((n) => ({ name: 'create_key', description: head + unit.repeat(n) }), (spec) => classifyTool(spec), 60, 16, { below: 64 }), head + unit).toBeLessThan(64);
    }
  });
});

describe('look-alikes: no secret handed back', () => {
  it('a negated hand-over, reported as set aside by its negation', () => {
    expect(caps('make_widget', 'Make a widget. The API key is never returned.')).not.toContain('CREDENTIAL_ACCESS');
    expect(caps('make_widget', 'Make a widget. It does not return the API key.')).not.toContain('CREDENTIAL_ACCESS');
    expect(explainTool({ name: 'make_widget', description: 'Make a widget. The API key is never returned.' }).discounted).toContainEqual({ why: 'negation', source: 'description', text: 'api key returned', cue: 'never' });
    expect(explainTool({ name: 'make_widget', description: 'Make a widget. It does not return the API key.' }).discounted).toContainEqual({ why: 'negation', source: 'description', text: 'api key return', cue: 'not' });
  });

  it('another thing returned, before the secret', () => {
    expect(caps('make_widget', 'Make a widget. Returns the widget id and its API key name.')).not.toContain('CREDENTIAL_ACCESS');
    // The first thing named is what is returned; a secret after it says which ones.
    expect(caps('make_widget', 'Make a widget. Returns customers with API keys.')).not.toContain('CREDENTIAL_ACCESS');
  });

  it('a bare token: a page token or an asset as often as a secret', () => {
    expect(caps('make_widget', 'Make a widget. Returns the token.')).not.toContain('CREDENTIAL_ACCESS');
    expect(caps('make_widget', 'Make a widget. The token is returned once.')).not.toContain('CREDENTIAL_ACCESS');
  });

  it('"return it" of something else, negated, or of redacted secrets', () => {
    expect(caps('get_meta', 'Fetch the metadata of the file and return it.')).not.toContain('CREDENTIAL_ACCESS');
    expect(caps('make_widget', 'Make an API key but do not return it.')).not.toContain('CREDENTIAL_ACCESS');
    expect(caps('get_mail_account', 'Get one mail account by ID. Password and token fields are redacted if the server returns them.')).not.toContain('CREDENTIAL_ACCESS');
    // A secret used as an instrument, or transformed: what comes back is not the secret.
    expect(caps('weather', 'Get the weather with your API key and return it.')).not.toContain('CREDENTIAL_ACCESS');
    expect(caps('call_api', 'Calls the endpoint with the bearer token and returns it.')).not.toContain('CREDENTIAL_ACCESS');
    expect(caps('hash_password', 'Hash the password and return it.')).not.toContain('CREDENTIAL_ACCESS');
  });

  it('a secret as the subject of something else', () => {
    expect(caps('make_widget', 'Make a widget. The API key is rotated monthly.')).not.toContain('CREDENTIAL_ACCESS');
  });
});
