/**
 * Two rules of code generators (docs/semantics.md "Classification"):
 * - what someone will be able to do ("holders will be able to destroy their tokens") is no act of the
 *   call: a verb within reach of `able to` is set aside, and `--explain` says so;
 * - a maker that returns the program it made ("Returns the source code of the generated contract") is
 *   recognised as harmless, kind `code`.
 * Look-alikes: the same verbs done by the tool, a maker that saves or runs what it makes, a read that
 * returns code, and a description that returns no code.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyTool, explainTool } from '../../src/core/classifier.js';
import type { ToolSpec } from '../../src/core/types.js';

const option = (description: string): ToolSpec => ({
  name: 'configure',
  description: 'Configure the contract.',
  inputSchema: { type: 'object', properties: { option: { type: 'boolean', description } } },
});

describe('an ability is no act of the call', () => {
  it.each([
    ['Whether token holders will be able to destroy their tokens', 'destroy'],
    ['Whether privileged accounts will be able to create more supply or emit more tokens', 'create'],
    ['Whether privileged accounts will be able to pause specifically marked functionality', 'pause'],
  ])('%s: no write, and the verb is set aside', (description, verb) => {
    expect(classifyTool(option(description)).capabilities).toEqual([]);
    expect(explainTool(option(description)).discounted).toContainEqual({ why: 'ability', source: 'schema', at: 'properties.option', text: verb });
  });

  it('look-alikes: the tool does the same acts, or another clause does them', () => {
    expect(classifyTool(option('Destroy the tokens of the holders')).capabilities).toContain('LOCAL_MUTATION');
    expect(classifyTool({ name: 'burn', description: 'Destroys the tokens of the account.' }).capabilities).not.toEqual([]);
    // The ability ends with its clause: "but" opens one that the tool does.
    expect(classifyTool({ name: 'tool', description: 'Holders will be able to read the file, but the tool deletes the file.' }).capabilities).toContain('LOCAL_MUTATION');
    // "unable to" is no ability; the sentence stays read as before.
    expect(classifyTool({ name: 'tool', description: 'Deletes the file when unable to read it.' }).capabilities).toContain('LOCAL_MUTATION');
  });

  it('the reach ends seven words after "able to": a verb past it is the tool\'s again', () => {
    const caps = (filler: number): readonly string[] => classifyTool({ name: 'tool', description: `Holders will be able to ${'zorb '.repeat(filler)}delete the file.` }).capabilities;
    expect(caps(6)).toEqual([]);
    expect(caps(7)).toEqual(['LOCAL_MUTATION']);
  });

  it('property: any act verb right after "will be able to" gives no capability (seed 7505)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('holders', 'privileged accounts', 'members', 'the owner'),
        fc.constantFrom('delete', 'create', 'send', 'update', 'remove', 'publish', 'transfer'),
        fc.constantFrom('their tokens', 'the files', 'a message', 'the records'),
        (who, verb, what) => {
          expect(classifyTool(option(`Whether ${who} will be able to ${verb} ${what}`)).capabilities).toEqual([]);
        },
      ),
      { seed: 7505, numRuns: 100 },
    );
  });
});

describe('a maker that returns the program it made', () => {
  const made = 'Make a fungible token per the ERC-20 standard. Returns the source code of the generated contract, formatted in a Markdown code block. Does not write to disk.';

  it('is harmless, kind code, with the word that says so', () => {
    const c = classifyTool({ name: 'solidity-erc20', description: made });
    expect(c.capabilities).toEqual([]);
    expect(c.harmless).toEqual({ kind: 'code', terms: ['code'] });
    expect(classifyTool({ name: 'generate_component', description: 'Generate a React component from the given props. Returns the generated code.' }).harmless).toEqual({ kind: 'code', terms: ['code'] });
  });

  it.each([
    ['saves what it makes', 'generate_contract', 'Make a token contract and write it to a file. Returns the source code.'],
    ['runs what it makes', 'generate_script', 'Create a script and run it. Returns the code.'],
    ['reads, then returns code', 'get_contract', 'Get the deployed contract. Returns the source code.'],
    ['sends what it makes', 'make_contract', 'Make a contract and send it to the signer. Returns the code.'],
    ['keeps what it makes (a snippet is a stored record)', 'make_snippet', 'Create a snippet. Returns the generated snippet.'],
  ])('look-alike: a maker that %s is not harmless', (_what, name, description) => {
    const c = classifyTool({ name, description });
    expect(c.harmless).toBeUndefined();
    expect(c.capabilities).not.toEqual([]);
  });

  it('a maker padded past the text cap is never harmless: the guard judges it as doing all six things', () => {
    const padded = classifyTool({ name: 'solidity-erc20', description: `${made} ${'Lorem ipsum dolor. '.repeat(1000)}` });
    expect(padded.unread).toBeDefined();
    expect(padded.harmless).toBeUndefined();
  });

  it('look-alikes that stay unknown: no maker, or nothing returned as code', () => {
    expect(classifyTool({ name: 'zorb', description: 'Frobnicate the zx. Returns the source code.' }).harmless).toBeUndefined();
    expect(classifyTool({ name: 'make_token', description: 'Make a fungible token per the ERC-20 standard.' }).harmless).toBeUndefined();
    expect(classifyTool({ name: 'make_token', description: 'Make a token. Returns nothing; the code is not returned.' }).harmless).toBeUndefined();
    expect(classifyTool({ name: 'generate_component', description: 'Generate a React component. Returns a summary, not the code.' }).harmless).toBeUndefined();
  });
});
