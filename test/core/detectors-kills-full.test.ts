/**
 * Survivors of the full mutation run in the detectors: the bound of a digit-less secret's entropy
 * is strict. A value with no digit is taken for a run of plain words below an entropy of 4.2 bits a
 * character; at exactly 4.2 it is random enough to be a secret.
 */
import { describe, expect, it } from 'vitest';
import { scanArgs, shannonEntropy } from '../../src/core/detectors.js';

// 320 characters, 28 distinct, no digit, whose counts make the entropy exactly 21/5: every count is
// 1, 5 or 25 times a power of two, with Σ c·v5(c) = 320 (the log2 5 terms cancel) and Σ c·v2(c) =
// 576, so h = log2 320 − Σ c·log2 c / 320 = 6 − 576/320 = 4.2; in this order of first occurrence the
// floating-point sum lands on the double 4.2 itself.
const AT_THE_BOUND = 'kQ#mEr%Tw@bZ*nG+yH-pLx/DvF?jGn*DEmrT#rrGxTELELGpGGxGrL*j%xGGGwGGr%LEGGpGvTxnGLGyEFyyxLx+Txnx-TrvDvjnLLLxEDrDxnbHGyGyrxG#r#LbrGynGEGG%+-LTGryGZDT-vGTxEnGGx*ExLGx/TxTrn+y#HrxrxjGErrEvxETGGG?GZpFvEmrryr#vGm?DnEEEnrTGrGrLrxTrbp+xrnEmE#LGjnrTrGny/yxnDELy/GEnGGL*TLx#TxZr-GbHxGGTyrx%Tnwxn/DFGEyHLkGynxxTrvEvrDTxwGTxLTTnFEZG?TE';

describe('a digit-less value at the entropy bound', () => {
  it('has an entropy of exactly 4.2 as computed', () => {
    expect(AT_THE_BOUND).toHaveLength(320);
    expect(/\d/.test(AT_THE_BOUND)).toBe(false);
    expect(shannonEntropy(AT_THE_BOUND)).toBe(4.2);
  });

  it('is a secret when bound to a key-like name, as a field and in an assignment', () => {
    expect(scanArgs({ api_key: AT_THE_BOUND }).map((f) => f.detector)).toContain('secret.keyed-high-entropy');
    expect(scanArgs({ note: `export API_KEY=${AT_THE_BOUND}` }).map((f) => f.detector)).toContain('secret.keyed-high-entropy');
  });

  it('look-alike: the same value with its rarest characters dropped, below the bound, is no secret', () => {
    // Dropping the three rarest characters (four of the 320) lowers the entropy under 4.2.
    const lower = [...AT_THE_BOUND].filter((ch) => !'kQ@'.includes(ch)).join('');
    expect(shannonEntropy(lower)).toBeLessThan(4.2);
    expect(scanArgs({ api_key: lower }).map((f) => f.detector)).not.toContain('secret.keyed-high-entropy');
  });
});
