import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WORD_CLASSES, wordClasses } from '../../src/core/classifier-lexicon.js';
import { nameTokens, textSegments, toTokens } from '../../src/core/classifier-tokens.js';
import type { Segment, Tok } from '../../src/core/classifier-tokens.js';

// A token carries its word's classes (`Tok.k`) so that passes over every token test a bit instead of
// asking a set. The bits are only a faster way to ask: each must say exactly what its set says.

/** Every class word, some of their neighbours in the vocabulary, and words of no class. */
const CLASS_WORDS = [...new Set(WORD_CLASSES.flatMap(([, set]) => [...set]))];
const OTHER_WORDS = ['email', 'send', 'the', 'file', 'order book', 'google doc', 'api key', 'notes', 'Notion', 'NOT', 'Never', '不', '返回', 'x'];

/** Prose of class words and others, with the punctuation the tokenizer reads. */
const prose = fc
  .array(fc.oneof(fc.constantFrom(...CLASS_WORDS, ...OTHER_WORDS), fc.string({ maxLength: 6 }), fc.constantFrom('.', ',', ':', ';', '\n', "'s", ' - ')), { maxLength: 40 })
  .map((parts) => parts.join(' '));

function mismatches(toks: readonly Tok[]): string[] {
  const out: string[] = [];
  for (const t of toks) {
    for (const [bit, set] of WORD_CLASSES) {
      if (((t.k & bit) !== 0) !== set.has(t.s)) out.push(`${JSON.stringify(t.s)}: bit ${bit} is ${(t.k & bit) !== 0}, its set says ${set.has(t.s)}`);
    }
  }
  return out;
}

describe('word classes on tokens', () => {
  it('every class word has its bits, and a word of no class has none', () => {
    for (const [bit, set] of WORD_CLASSES) for (const w of set) expect(wordClasses(w) & bit, w).toBe(bit);
    for (const w of ['email', 'documents', 'x', '']) expect(wordClasses(w), w).toBe(0);
  });

  it('a token of prose has a class exactly when its set has the token (seed 7301)', () => {
    fc.assert(
      fc.property(prose, (text) => {
        const segs: Segment[] = [];
        textSegments(text, 'description', 'description', undefined, segs);
        expect(mismatches(segs.flatMap((s) => s.toks))).toEqual([]);
      }),
      { seed: 7301, numRuns: 500 },
    );
  });

  it('a token of a name, a phrase or a light verb has a class exactly when its set has it (seed 7302)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CLASS_WORDS, ...OTHER_WORDS, 'place', 'order', 'leave', 'review'), { maxLength: 12 }), (words) => {
        expect(mismatches(toTokens(words.flatMap((w) => w.split(' '))))).toEqual([]);
        expect(mismatches(toTokens(nameTokens(words.join('_'))))).toEqual([]);
      }),
      { seed: 7302, numRuns: 500 },
    );
  });
});
