/** Replay commands reproduce the scenario id exactly, whatever it holds, and print safely. */
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shellQuote } from '../../src/harness/reports/replay.js';
import { idGlob } from '../../src/harness/filter.js';

/** What bash makes of one quoted word. */
const viaBash = (words: readonly string[]): string[] => JSON.parse(execFileSync('bash', ['-c', `node -e 'process.stdout.write(JSON.stringify(process.argv.slice(1)))' -- ${words.join(' ')}`], { encoding: 'utf8' })) as string[];

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const RAW = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('shellQuote', () => {
  it('gives bash back the same word, printing no control character (property, one bash per batch)', () => {
    const seed = 4242;
    // Words as argv can carry them: no NUL, no lone surrogate.
    const word = fc.string({ unit: fc.oneof(fc.constantFrom('\r', '\n', '\t', '\u001b', '\u0007', "'", '\\', '$', '`', '"', ' ', '*', '\u202e', '\u2028', '\u0085', '中'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 12 }).filter((s) => !s.includes('\u0000'));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 20 }), (words) => {
        const quoted = words.map((w) => shellQuote(w));
        for (const q of quoted) expect(RAW.test(q), q).toBe(false);
        expect(viaBash(quoted)).toEqual(words);
      }),
      { seed, numRuns: 25 },
    );
  });

  it('an --only pattern for an id with a lone surrogate matches that id', () => {
    const id = 'set-9/x/a\ud800b';
    const q = shellQuote(id, { glob: true });
    expect(q).toBe("'set-9/x/a*b'");
    const [arg] = viaBash([q]);
    expect(idGlob(arg ?? '').test(id)).toBe(true);
  });
});
