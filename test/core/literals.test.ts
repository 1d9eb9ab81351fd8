import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RULE_GROUPS } from '../../src/core/command.js';
import { literalScanner } from '../../src/core/literals.js';

const escape = (w: string): string => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** The oracle: one caseless alternation per set, as a regular expression without `u` has it. */
function oracle(sets: readonly (readonly string[])[], text: string): number {
  return sets.reduce((bits, words, i) => (new RegExp(words.map(escape).join('|'), 'i').test(text) ? bits | (1 << i) : bits), 0);
}

describe('literalScanner', () => {
  // Few characters, so that words overlap, share prefixes and suffixes, and occur by chance.
  const ch = fc.constantFrom('a', 'b', 'A', 'B', '.', '/', ':', '$', '(', '-');
  const word = fc.string({ unit: ch, minLength: 1, maxLength: 6 });
  const sets = fc.array(fc.array(word, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 });
  const text = fc.array(fc.oneof(ch, ch, ch, fc.constantFrom('é', 'á', '®', 'ı', 'K', 'ſ', '\n', ' ', '\u0000')), { maxLength: 1200 }).map((cs) => cs.join(''));
  it('answers exactly what one caseless alternation per set answers, short and long texts, ASCII or not (seed 9090)', () => {
    fc.assert(
      fc.property(sets, text, (ws, t) => {
        expect(literalScanner(ws).scan(t)).toBe(oracle(ws, t));
      }),
      { seed: 9090, numRuns: 400 },
    );
  });
  it('finds a word that straddles the border of two quarters of a long text', () => {
    const scanner = literalScanner([['needle'], ['other']]);
    for (let at = 0; at < 1000 - 6; at += 1) {
      const t = `${'x'.repeat(at)}nEEdle${'x'.repeat(1000 - 6 - at)}`;
      if (scanner.scan(t) !== 1) throw new Error(`missed at ${at}`);
    }
    expect(scanner.scan('x'.repeat(1000))).toBe(0);
  });
  it('finds a word longer than a quarter of the text', () => {
    const long = 'q'.repeat(90);
    const scanner = literalScanner([[long]]);
    expect(scanner.scan(`${'x'.repeat(150)}${long}${'x'.repeat(60)}`)).toBe(1);
    expect(scanner.scan(`${'x'.repeat(150)}${long.slice(1)}${'x'.repeat(61)}`)).toBe(0);
  });
  it('finds a word that starts the text and ends in its third or fourth quarter', () => {
    // 256 characters: quarters of 64. A word of 150 ends in the third quarter, one of 220 in the
    // fourth; only the chain of that quarter sees its end, and it must start at the text's start.
    for (const length of [150, 220]) {
      const word = 'w'.repeat(length);
      const scanner = literalScanner([[word]]);
      expect(scanner.scan(`${word}${'x'.repeat(256 - length)}`)).toBe(1);
      expect(scanner.scan(`x${word.slice(1)}${'x'.repeat(256 - length)}`)).toBe(0);
    }
  });
  it('refuses an empty word, a word outside ASCII or with NUL, and a 32nd set', () => {
    expect(() => literalScanner([['']])).toThrow(/empty/);
    expect(() => literalScanner([['é']])).toThrow(/ASCII/);
    expect(() => literalScanner([['a\u0000']])).toThrow(/NUL/);
    expect(() => literalScanner(Array.from({ length: 32 }, () => ['a']))).toThrow(/31/);
  });
});

describe('the gates of the command rule groups', () => {
  // Every string literal of the command tests and every scalar of the command sets: texts the
  // rules are known to match. A rule that matches a text must find its group's gate open.
  const literals = (src: string): string[] => [...src.matchAll(/'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`|"((?:[^"\\\n]|\\.)*)"/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
  const corpus = [
    ...literals(readFileSync('test/core/command.test.ts', 'utf8')),
    ...readdirSync('challenge-sets/set-3-transitions').filter((f) => f.endsWith('.yaml')).flatMap((f) => literals(readFileSync(`challenge-sets/set-3-transitions/${f}`, 'utf8'))),
  ];
  it('open for every text that a rule of the group matches', () => {
    let matched = 0;
    for (const g of RULE_GROUPS) {
      const gate = literalScanner([g.words]);
      for (const text of corpus) {
        const hit = g.rules.some((r) => new RegExp(r.re.source, r.re.flags.replace('g', '')).test(text));
        if (!hit) continue;
        matched++;
        expect(gate.scan(text), `${g.name} on ${JSON.stringify(text)}`).toBe(1);
      }
    }
    expect(matched).toBeGreaterThan(100);
  });
});
