import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CJK_CHAR } from '../../src/core/classifier-lexicon.js';
import { handedToRegex, nameTokens, proseTokens, TEXT_TOKEN, toTokens } from '../../src/core/classifier-tokens.js';

/**
 * The tokenizers read most text by character code and hand the rest to their regex. The regex is the
 * definition: on any text, the fast reading must give exactly the regex's tokens. The alphabets mix
 * the characters each shortcut decides on (ASCII words, `_`, `.`, `e`, apostrophes, slashes) with the
 * ones it hands over (accented and astral letters, Chinese, full-width punctuation, a lone surrogate).
 */
/** Every ASCII character, so that each one's reading by character code is compared. */
const ASCII = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));
const PROSE_CHARS = [
  ...ASCII, '’', '‘', 'é', 'ß', 'Ω', 'ǅ', '读', '取', '。', '：', '，', '（', 'ー', 'ا', '𝐚', '😀', '\ud835', '\udc1a', '1️',
];
const PROSE_PIECES = ['.env', '.env.example', '.envrc', "'s", "s'", 'read/write', 'a_b', '_x', 'e.g.', 'x.y', '’s', 'ab', 'x1_y2', ' '];
const prose = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...PROSE_CHARS) }, { weight: 2, arbitrary: fc.constantFrom(...PROSE_PIECES) }), { maxLength: 40 })
  .map((xs) => xs.join(''));

const NAME_CHARS = [...ASCII, 'é', 'É', '读', '𝐚', 'ß', '٣'];
const NAME_PIECES = ['get', 'Get', 'list_issues', 'v2', 'HTTP'];
const name = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...NAME_CHARS) }, { weight: 1, arbitrary: fc.constantFrom(...NAME_PIECES) }), { maxLength: 24 })
  .map((xs) => xs.join(''));

/** The name tokens by the regex alone: camelCase words, acronyms, digits, Chinese runs, lowercased. */
const NAME_REGEX = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|\p{Lu}{2,}s(?!\p{Ll})|\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{Nd}+/gu;

describe('classifier tokens: the character-code readers give what their regexes give', () => {
  it('reads prose into the tokens of TEXT_TOKEN (seed 1616)', () => {
    fc.assert(
      fc.property(prose, (text) => {
        expect(proseTokens(text)).toEqual(text.match(TEXT_TOKEN) ?? []);
      }),
      { seed: 1616, numRuns: 5000 },
    );
  });

  it('reads names into the tokens of the name regex (seed 1617)', () => {
    fc.assert(
      fc.property(name, (n) => {
        expect(nameTokens(n)).toEqual([...n.matchAll(NAME_REGEX)].map((m) => m[0].toLowerCase()));
      }),
      { seed: 1617, numRuns: 5000 },
    );
  });

  it('splits a word into Chinese dictionary words exactly when it opens with a Han character', () => {
    // The first and last characters of each Han block, and the characters just outside them.
    for (const c of [0x33ff, 0x3400, 0x4dbf, 0x4dc0, 0x4dff, 0x4e00, 0x9fff, 0xa000, 0xf8ff, 0xf900, 0xfaff, 0xfb00]) {
      const first = String.fromCharCode(c);
      const want = CJK_CHAR.test(first) ? [first, '读取'] : [`${first}读取`];
      expect(toTokens([`${first}读取`]).map((t) => t.s), c.toString(16)).toEqual(want);
    }
    // With other words beside it, with and without marks (a name has none).
    expect(toTokens(['read', '读取文件']).map((t) => t.s)).toEqual(['read', '读取', '文件']);
    expect(toTokens(['read', '读取文件'], [4, 1]).map((t) => t.mark)).toEqual([4, 1, 0]);
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

  it('reads plain text by character code, and hands the regex only what needs it', () => {
    const handed = (f: () => unknown): { names: number; prose: number } => {
      handedToRegex(true);
      f();
      return handedToRegex(true);
    };
    // Words, snake_case, digits, spaces, symbols, punctuation and a NUL: no regex at all.
    expect(handed(() => proseTokens('read the file_name v2, then stop: (now) "quoted" [x] {y} a-b #1 $2 \u0000 done.\n'))).toEqual({ names: 0, prose: 0 });
    // An underscore after a word with a space after it ends the word there.
    expect(handed(() => proseTokens('ab_ cd'))).toEqual({ names: 0, prose: 0 });
    // One position each: an apostrophe, a slash, `.env`, a letter outside ASCII (after a space),
    // a control character past ASCII.
    expect(handed(() => proseTokens("the user's"))).toEqual({ names: 0, prose: 1 });
    expect(handed(() => proseTokens('read/write'))).toEqual({ names: 0, prose: 1 });
    expect(handed(() => proseTokens('the .env file'))).toEqual({ names: 0, prose: 1 });
    expect(handed(() => proseTokens('ab é'))).toEqual({ names: 0, prose: 1 });
    expect(handed(() => proseTokens('a \u0080 b'))).toEqual({ names: 0, prose: 1 });
    // A word that runs on into a letter outside ASCII is read from its start by the regex.
    expect(handed(() => proseTokens('café'))).toEqual({ names: 0, prose: 1 });
    expect(handed(() => proseTokens('x_é'))).toEqual({ names: 0, prose: 1 });
    // Names: lower case, digits and separators by character code; a capital or a letter outside
    // ASCII hands the whole name over, once.
    expect(handed(() => nameTokens('list_issues2-v3.x \u0000'))).toEqual({ names: 0, prose: 0 });
    expect(handed(() => nameTokens('getIssue'))).toEqual({ names: 1, prose: 0 });
    expect(handed(() => nameTokens('get_é'))).toEqual({ names: 1, prose: 0 });
    expect(handed(() => nameTokens('get_\u0080'))).toEqual({ names: 1, prose: 0 });
    // Read without a reset, the counts stay.
    proseTokens("it's");
    expect(handedToRegex().prose).toBe(1);
    expect(handedToRegex(true).prose).toBe(1);
    expect(handedToRegex().prose).toBe(0);
  });
});
