import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameTokens, proseTokens, TEXT_TOKEN } from '../../src/core/classifier-tokens.js';

/**
 * The tokenizers read most text by character code and hand the rest to their regex. The regex is the
 * definition: on any text, the fast reading must give exactly the regex's tokens. The alphabets mix
 * the characters each shortcut decides on (ASCII words, `_`, `.`, `e`, apostrophes, slashes) with the
 * ones it hands over (accented and astral letters, Chinese, full-width punctuation, a lone surrogate).
 */
const PROSE_CHARS = [
  'a', 'e', 'n', 'v', 's', 'x', 'Z', '0', '7', '_', '.', ' ', '\n', '\t', "'", '’', '‘', '/', ':', ',', '(', ')', ';', '!', '?', '-', '"',
  'é', 'ß', 'Ω', 'ǅ', '读', '取', '。', '：', '，', '（', 'ー', 'ا', '𝐚', '\ud835', '\u0000', '1️',
];
const PROSE_PIECES = ['.env', '.env.example', '.envrc', "'s", "s'", 'read/write', 'a_b', '_x', 'e.g.', 'x.y', '’s'];
const prose = fc
  .array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...PROSE_CHARS) }, { weight: 1, arbitrary: fc.constantFrom(...PROSE_PIECES) }), { maxLength: 40 })
  .map((xs) => xs.join(''));

const NAME_CHARS = ['a', 'q', 'z', 'A', 'Q', 'Z', '0', '9', '_', '-', '.', '/', ' ', 'é', 'É', '读', '𝐚', 'ß'];
const name = fc.array(fc.constantFrom(...NAME_CHARS), { maxLength: 24 }).map((xs) => xs.join(''));

/** The name tokens by the regex alone: camelCase words, acronyms, digits, Chinese runs, lowercased. */
const NAME_REGEX = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|\p{Lu}{2,}s(?!\p{Ll})|\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{Nd}+/gu;

describe('classifier tokens: the character-code readers give what their regexes give', () => {
  it('reads prose into the tokens of TEXT_TOKEN (seed 1616)', () => {
    fc.assert(
      fc.property(prose, (text) => {
        expect(proseTokens(text)).toEqual(text.match(TEXT_TOKEN) ?? []);
      }),
      { seed: 1616, numRuns: 3000 },
    );
  });

  it('reads names into the tokens of the name regex (seed 1617)', () => {
    fc.assert(
      fc.property(name, (n) => {
        expect(nameTokens(n)).toEqual([...n.matchAll(NAME_REGEX)].map((m) => m[0].toLowerCase()));
      }),
      { seed: 1617, numRuns: 3000 },
    );
  });

  it('keeps what each shortcut must hand over', () => {
    // A word that runs on into a letter outside ASCII, or whose snake part does, is one token.
    expect(proseTokens('café_crème naïve x_é')).toEqual(['café_crème', 'naïve', 'x_é']);
    // `.env` and its templates, a possessive, a slash between words, an astral letter.
    expect(proseTokens("the team's .env and .env.example, read/write 𝐚b")).toEqual(['the', 'team', "'s", '.env', 'and', '.env.example', ',', 'read', '/', 'write', '𝐚b']);
    // A trailing underscore is no part of the word; a lone high surrogate is stepped over.
    expect(proseTokens('foo_ \ud835 bar')).toEqual(['foo', 'bar']);
    // A name with a capital is read by the regex: camelCase and acronyms.
    expect(nameTokens('getHTTPRequest_v2')).toEqual(['get', 'http', 'request', 'v', '2']);
    expect(nameTokens('list_issues2')).toEqual(['list', 'issues', '2']);
  });
});
