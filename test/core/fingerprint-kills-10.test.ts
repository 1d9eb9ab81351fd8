import { describe, expect, it } from 'vitest';
import { resultFragments, saltSeed } from '../../src/core/fingerprint.js';

// README "Ledger": the salt is `salt` in the config. With a fixed salt, a result's fragment keys are
// a fixed function of its text: ledger snapshots (`LedgerSnapshot.fingerprints`) then hold the same
// keys in every run and on every platform. Both lanes of every token feed the key, so a change to
// either lane's starting value changes every key below.
describe('fragment keys under a fixed salt', () => {
  const seed = saltSeed('kills-10');

  it('are the same in every run: a one-fragment value', () => {
    expect(resultFragments({ name: 'Maria Lopez' }, seed, 100)).toEqual([3788043459893309]);
  });

  it('are the same in every run: a data-like key and a sentence of windows', () => {
    const keys = resultFragments({ order: 'PKG-55812-QX', note: 'deliver to the northern depot before noon on friday' }, seed, 100);
    expect(keys).toEqual([2401060806128563, 3069203618428033, 1939825623403737, 887492400056812, 2676055167110825, 3754182993083761]);
  });
});
