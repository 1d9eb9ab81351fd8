/**
 * Characters that render as nothing, and compatibility forms, hide nothing (docs/semantics.md
 * "Sensitive data and provenance"): fingerprints and detectors read a text with them removed or
 * made plain, so a copied record or a card number is found however it is dressed, and nothing is
 * found that the plain text does not hold.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanArgs } from '../../src/core/detectors.js';
import { probeHashes, resultFragments, saltSeed, tokenize } from '../../src/core/fingerprint.js';

/** Zero-width space, ZWNJ, ZWJ, word joiner, soft hyphen, LRM, RLM, variation selector 16, combining grapheme joiner, BOM. */
const INVISIBLES = ['\u200b', '\u200c', '\u200d', '\u2060', '\u00ad', '\u200e', '\u200f', '\ufe0f', '\u034f', '\ufeff'];

/** `text` with invisible characters put in at the positions `at` picks (each index taken modulo the length). */
function sprinkle(text: string, at: readonly [number, number][]): string {
  const chars = [...text];
  for (const [i, k] of at) chars.splice(i % (chars.length + 1), 0, INVISIBLES[k % INVISIBLES.length] as string);
  return chars.join('');
}

const seed = saltSeed('invisible');
const NOTES = 'Customer disputes the duplicate charge on invoice INV-88231 and asked us never to contact her employer';

/** Does `text` carry a fragment of `result`? */
function carries(result: unknown, text: string): boolean {
  const stored = new Set(resultFragments(result, seed, 512));
  return probeHashes(text, seed, (h) => stored.has(h));
}

describe('invisible characters hide nothing', () => {
  it('tokenize gives the same tokens with invisible characters anywhere in the text (seed 777)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 80 }), fc.array(fc.tuple(fc.nat(200), fc.nat(20)), { maxLength: 12 }), (text, at) => {
        expect(tokenize(sprinkle(text, at))).toEqual(tokenize(text));
      }),
      { seed: 777, numRuns: 400 },
    );
  });

  it('a copy of a record with invisible characters inside its words still carries the record (seed 778)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(200), fc.nat(20)), { minLength: 1, maxLength: 30 }), (at) => {
        expect(carries({ notes: NOTES }, sprinkle(NOTES, at))).toBe(true);
      }),
      { seed: 778, numRuns: 200 },
    );
  });

  it('a text with invisible characters that copies nothing carries nothing', () => {
    const reply = sprinkle('We received your request and will reply within five working days', [[3, 0], [17, 4], [30, 2], [44, 5]]);
    expect(carries({ notes: NOTES }, reply)).toBe(false);
  });

  it('a result written with invisible characters is found in a plain copy', () => {
    expect(carries({ notes: sprinkle(NOTES, [[5, 0], [25, 4], [60, 3]]) }, NOTES)).toBe(true);
  });
});

describe('detectors read a text with invisible characters removed and compatibility forms made plain', () => {
  const CARD = '4539 1488 0343 6467'; // passes Luhn
  const fullWidth = (s: string): string => s.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));

  it('a card number with invisible characters between its digits is a card (seed 779)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(40), fc.nat(20)), { maxLength: 20 }), (at) => {
        expect(scanArgs({ body: `Card on file: ${sprinkle(CARD, at)}` }).map((f) => f.detector)).toContain('pii.card');
      }),
      { seed: 779, numRuns: 200 },
    );
  });

  it.each([
    ['full-width digits', fullWidth(CARD)],
    ['no-break spaces', CARD.replace(/ /g, '\u00a0')],
    ['thin spaces', CARD.replace(/ /g, '\u2009')],
    ['ideographic spaces', CARD.replace(/ /g, '\u3000')],
  ])('a card number in %s is a card', (_name, text) => {
    expect(scanArgs({ body: `Card on file: ${text}` }).map((f) => f.detector)).toContain('pii.card');
  });

  it('the same forms of a number that fails Luhn, and a handle with a full-width at sign, are nothing', () => {
    const order = fullWidth('4539 1488 0343 6468').replace(/ /g, '\u00a0');
    expect(scanArgs({ body: `Order reference: ${order}` })).toEqual([]);
    expect(scanArgs({ body: 'Route this to \uff20billing-team in the chat' })).toEqual([]);
  });

  it('an address with a full-width at sign is an address, previewed in its plain form', () => {
    const found = scanArgs({ body: 'Her private address is maria.oliveira\uff20example.org' });
    expect(found.map((f) => f.detector)).toContain('pii.email');
    expect(found.every((f) => !f.preview.includes('\uff20'))).toBe(true);
  });
});

describe('the classifier reads words with invisible characters removed', () => {
  it('a send written with zero-width spaces and soft hyphens is a send, in the description and in the name', async () => {
    const { classifyTool } = await import('../../src/core/classifier.js');
    const plain = classifyTool({ name: 'report_tool', description: 'Sends the report by email to a recipient' }).capabilities;
    expect(plain).toEqual(['EXTERNAL_ACTION']);
    expect(classifyTool({ name: 'report_tool', description: 'Se\u200bnds the report by e\u00admail to a recipient' }).capabilities).toEqual(plain);
    expect(classifyTool({ name: 'se\u200bnd_e\u2060mail' }).capabilities).toEqual(classifyTool({ name: 'send_email' }).capabilities);
  });
});
