/**
 * Edges of the detectors that the challenge sets cannot reach: the resident-id validator's own
 * input check and its last birth year, the preview of a key block inside a bundle, the previews'
 * fallbacks, how far back an address looks for a URL's user part, the destination names, and
 * shapes that only touch a format (an amount's decimals, a letter that upper-cases to ASCII).
 */
import { describe, expect, it } from 'vitest';
import {
  chineseResidentIdValid,
  isDestinationField,
  maskPreview,
  scanArgs,
} from '../../src/core/detectors.js';

/** The detector ids that report something in `text`, scanned as a message body. */
function found(text: string): string[] {
  return scanArgs({ body: text }).map((f) => f.detector);
}

describe('chineseResidentIdValid', () => {
  // 110105 (Beijing, Chaoyang), a birth date, a sequence number and the MOD 11-2 check character.
  it('accepts a holder born on 31 December 2099, the last year it reads, and not one born in 2100', () => {
    expect(chineseResidentIdValid('110105209912311232')).toBe(true);
    expect(chineseResidentIdValid('110105210001011237')).toBe(false);
  });

  it('refuses a valid number with one more character after it', () => {
    expect(chineseResidentIdValid('11010519491231002X')).toBe(true);
    expect(chineseResidentIdValid('11010519491231002X0')).toBe(false);
    expect(chineseResidentIdValid('1101052099123112320')).toBe(false);
  });
});

describe('the preview of a private key inside a PEM bundle', () => {
  it("gives the length of the key's own block, not of anything before its header", () => {
    const cert = ['-----BEGIN ' + 'CERTIFICATE-----', 'MIIBszCCAVmgAwIBAgIU', '-----END ' + 'CERTIFICATE-----'].join('\n');
    const key = ['-----BEGIN ' + 'PRIVATE KEY-----', 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC', '-----END ' + 'PRIVATE KEY-----'].join('\n');
    const findings = scanArgs({ bundle: `${cert}\n${key}\n` });
    expect(findings.map((f) => [f.detector, f.preview])).toEqual([['secret.private-key', `PEM private key…(${key.length})`]]);
  });
});

describe('maskPreview fallbacks', () => {
  it('previews text that is not an address, under the e-mail detector, by its length alone', () => {
    expect(maskPreview('pii.email', 'not an address')).toBe('…(14)');
  });

  it('gives [masked] when the length note would show the raw text', () => {
    // The default preview and the length note are both `…(2)`, which holds `(2`.
    expect(maskPreview('secret.jwt', '(2')).toBe('[masked]');
  });
});

describe("an address right after a URL's user name is URL userinfo", () => {
  it('reads the scheme from the first character of the text', () => {
    expect(found('s://alice@example.com')).toEqual([]);
    expect(found('see alice@example.com')).toEqual(['pii.email']);
  });

  it('looks at most 256 characters back for the scheme', () => {
    // `https://`, a user name, `:`, then `pass@example.com`: the address starts after the colon.
    const behind = (user: number): string => `https://${'u'.repeat(user)}:pass@example.com`;
    // 251: `s://…` lies inside the 256 characters before the address; 252: only `://…` does.
    expect(found(behind(251))).toEqual([]);
    expect(found(behind(252))).toEqual(['pii.email']);
  });
});

describe('destination names', () => {
  it.each(['href', 'dest', 'repository', 'Repository'])('%s names where data goes', (name) => {
    expect(isDestinationField(name)).toBe(true);
  });

  it("does not scan a link's href: a mailto link points at a mailbox, it does not send one", () => {
    expect(scanArgs({ href: 'mailto:events@harborhall.example' })).toEqual([]);
    expect(scanArgs({ text: 'mailto:events@harborhall.example' }).map((f) => f.detector)).toEqual(['pii.email']);
  });
});

describe('shapes that only touch a format', () => {
  it('reads a card number between the commas of a CSV row, or of a list', () => {
    expect(found('order,card,expiry\n55821,4111111111111111,12/27')).toEqual(['pii.card']);
    expect(found('4111111111111111,12/27')).toEqual(['pii.card']);
    expect(found('cards: 1,4111111111111111')).toEqual(['pii.card']);
    expect(found('55821,4111111111111112,12/27')).toEqual([]);
    expect(found('1.4111111111111111')).toEqual([]);
  });

  it('reads sixteen digits with a decimal part as an amount, not a card number', () => {
    expect(found('4111111111111111.25')).toEqual([]);
    expect(found('4111111111111111')).toEqual(['pii.card']);
  });

  it('reads an IBAN from ASCII letters and digits only: a long s is not an S', () => {
    // `ſ` (U+017F) upper-cases to `S`; the IBAN it imitates is valid.
    expect(found('GB82 WEST 1234 5698 7654 32')).toEqual(['pii.iban']);
    expect(found('GB82 WE\u017fT 1234 5698 7654 32')).toEqual([]);
    expect(found('GB82WE\u017fT12345698765432')).toEqual([]);
  });
});
