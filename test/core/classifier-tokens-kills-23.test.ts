/**
 * The tokenizer's caps and marks, which no scenario sees directly: how much of a text or a name is
 * read, how a Chinese run is cut, what a parameter's label, a sentence break, a plural possessive and
 * an environment template become, and where a word list ends.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { COMMA, MAX_TEXT, nameTokens, textSegments, toTokens } from '../../src/core/classifier-tokens.js';
import type { Segment } from '../../src/core/classifier-tokens.js';
import { POSSESSIVE } from '../../src/core/vocabulary.js';

function segments(text: string): Segment[] {
  const out: Segment[] = [];
  textSegments(text, 'description', 'description', undefined, out);
  return out;
}

const words = (seg: Segment | undefined): string[] => (seg?.toks ?? []).map((t) => t.s);

describe('a text is read up to MAX_TEXT characters', () => {
  // "Read the db" whose last letter is the last character read or the one after it (cut, "Read the d"
  // names nothing: one letter is no object).
  const ending = (length: number): string => `${' '.repeat(length - 'Read the db'.length)}Read the db`;

  it('reads a last word that ends on the last character read', () => {
    expect(ending(MAX_TEXT).length).toBe(MAX_TEXT);
    expect(classifyTool({ name: 'tool', description: ending(MAX_TEXT) }).capabilities).toContain('PRIVATE_ACCESS');
  });

  it('cuts a word whose last letter is one character further', () => {
    expect(classifyTool({ name: 'tool', description: ending(MAX_TEXT + 1) }).capabilities).not.toContain('PRIVATE_ACCESS');
  });
});

describe('nameTokens', () => {
  it('gives no tokens for a value that is not a string', () => {
    expect(nameTokens(42 as unknown as string)).toEqual([]);
    expect(nameTokens(undefined as unknown as string)).toEqual([]);
  });

  it('keeps the start of a name longer than the cap', () => {
    const name = `read_${'x'.repeat(MAX_TEXT)}`;
    expect(nameTokens(name)[0]).toBe('read');
    expect(nameTokens(name)[1]).toBe('x'.repeat(MAX_TEXT - 5));
  });
});

describe('prose tokens', () => {
  it('reads a slash between two words at the very end of a text as `or`', () => {
    expect(words(segments('Sets the access mode to read/write')[0]).slice(-3)).toEqual(['read', 'or', 'write']);
  });

  it('cuts a Chinese run into its dictionary words and nothing else', () => {
    expect(toTokens(['读取文件']).map((t) => t.s)).toEqual(['读取', '文件']);
    expect(toTokens(['账户最近的交易流水']).map((t) => t.s).join('')).toBe('账户最近的交易流水');
  });

  it('keeps a parameter\'s label as a token that is neither verb nor noun', () => {
    const toks = segments('email (str, optional): the address to send to')[0]?.toks ?? [];
    expect(toks[0]).toEqual({ s: 'email', info: undefined, mark: 0, k: 0 });
    expect(toks[1]?.s).toBe('str');
  });

  it('does not label a one-character Chinese word before a colon', () => {
    const toks = segments('读：文件内容')[0]?.toks ?? [];
    expect(toks[0]?.s).toBe('读');
    expect(toks[0]?.info?.verb).toBe('read');
  });

  it('clears the marks of punctuation at a sentence break', () => {
    const segs = segments('Delete the files, . Read them');
    expect(segs).toHaveLength(2);
    expect((segs[1]?.toks[0]?.mark ?? 0) & COMMA).toBe(0);
  });

  it('reads an environment template\'s name as its words, with no empty token', () => {
    expect(words(segments('Copy .env.example to start')[0])).toEqual(['copy', 'env example', 'to', 'start']);
  });

  it('keeps the apostrophe of a plural possessive as a possessive token', () => {
    expect(words(segments("Lists the teams' channels")[0])).toEqual(['lists', 'the', 'teams', POSSESSIVE, 'channels']);
  });
});

describe('a word list matches whole entries only', () => {
  // `the user` is the user; a text that ends on `the` names nobody.
  it('reads "to the" at the end of a text as no destination of the user\'s', () => {
    const cut = classifyTool({ name: 'share_report', description: 'Send the weekly report to the' });
    expect(cut.capabilities).toEqual(['EXTERNAL_ACTION']);
    const self = classifyTool({ name: 'share_report', description: 'Send the weekly report to the user' });
    expect(self.capabilities).toEqual(['LOCAL_MUTATION']);
  });
});
