import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUILTIN_DETECTORS,
  DESTINATION_FIELDS,
  chineseResidentIdValid,
  ibanValid,
  isDestinationField,
  luhnValid,
  maskPreview,
  scanArgs,
  scanArgsReport,
  shannonEntropy,
} from '../../src/core/detectors.js';
import { growth } from './growth.js';

/** Pinned so that a failing property replays the same way in CI (fast-check prints it on failure). */
const SEED = 20261129;

/** Whether the detector with this id reports anything for `value` (bound to field `key`). */
function fires(id: string, value: string, key?: string): boolean {
  const d = BUILTIN_DETECTORS.find((x) => x.id === id);
  if (d === undefined) throw new Error(`no detector ${id}`);
  return d.scan(value, key).length > 0;
}

/** The text of the first span the detector reports, or undefined. */
function firstMatch(id: string, value: string, key?: string): string | undefined {
  const d = BUILTIN_DETECTORS.find((x) => x.id === id);
  const span = d?.scan(value, key)[0];
  return span === undefined ? undefined : value.slice(span.start, span.end);
}

/** Detector ids found anywhere in `args`. */
function ids(args: unknown): string[] {
  return scanArgs(args).map((f) => f.detector);
}

/** The Luhn check digit that completes `body` (independent of the implementation under test). */
function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

const b64url = (s: string): string => Buffer.from(s).toString('base64url');
const JWT_HEADER = b64url('{"alg":"HS256","typ":"JWT"}');
const JWT_PAYLOAD = b64url('{"sub":"1234567890","name":"John Doe","iat":1516239022}');
const JWT_SIG = 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const JWT = `${JWT_HEADER}.${JWT_PAYLOAD}.${JWT_SIG}`;

const GHP = 'ghp_' + 'aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xYz1Aa';
const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const AWS_SECRET_2 = 'Zx9/K7MDENGbPxRfiCY8aWq3Lr+T5uVn2Hs4Jd6e';

describe('validators', () => {
  it('luhnValid accepts known card numbers and rejects altered ones', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('4111 1111 1111 1111')).toBe(false); // digits only
    expect(luhnValid('')).toBe(false);
  });

  it('ibanValid accepts registry examples, rejects wrong checks, lengths and countries', () => {
    expect(ibanValid('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(ibanValid('DE89370400440532013000')).toBe(true);
    expect(ibanValid('de89370400440532013000')).toBe(true);
    expect(ibanValid('FR1420041010050500013M02606')).toBe(true);
    expect(ibanValid('GB83 WEST 1234 5698 7654 32')).toBe(false);
    expect(ibanValid('DE8937040044053201300')).toBe(false); // one short
    expect(ibanValid('ZZ82WEST12345698765432')).toBe(false); // no such country
    expect(ibanValid('')).toBe(false);
    // Check digits right (mod-97 = 1), so only the registry length or country can reject them.
    expect(ibanValid('DE5137040044053201300')).toBe(false); // 21 characters, DE has 22
    expect(ibanValid('DE543704004405320130001')).toBe(false); // 23 characters
    expect(ibanValid('ZZ33WEST12345698765432')).toBe(false); // no such country
  });

  it('chineseResidentIdValid checks MOD 11-2 and the birth date', () => {
    expect(chineseResidentIdValid('11010519491231002X')).toBe(true);
    expect(chineseResidentIdValid('11010519491231002x')).toBe(true);
    expect(chineseResidentIdValid('44030419900307123X')).toBe(true);
    expect(chineseResidentIdValid('110105194912310021')).toBe(false); // wrong checksum
    expect(chineseResidentIdValid('110105194913310021')).toBe(false); // month 13, checksum right
    expect(chineseResidentIdValid('110105202302290014')).toBe(false); // 2023-02-29, checksum right
    expect(chineseResidentIdValid('11010519491231002')).toBe(false);
  });

  it('shannonEntropy is bits per character', () => {
    expect(shannonEntropy('')).toBe(0);
    expect(shannonEntropy('aaaa')).toBe(0);
    expect(shannonEntropy('abab')).toBeCloseTo(1, 10);
    expect(shannonEntropy('abcdefgh')).toBeCloseTo(3, 10);
    expect(shannonEntropy('密码密码')).toBeCloseTo(1, 10); // code points, not UTF-16 units
  });
});

describe('PII detectors', () => {
  it('pii.card and pii.iban, grouped with one kind of separator, whatever it is', () => {
    for (const sep of ['.', '/', '_', '\t', '\n', '  ', '-', ' ']) {
      expect(fires('pii.card', `card ${['4539', '1488', '0343', '6467'].join(sep)} on file`), JSON.stringify(sep)).toBe(true);
      expect(fires('pii.card', `order ${['4539', '1488', '0343', '6468'].join(sep)}`), JSON.stringify(sep)).toBe(false); // fails Luhn
    }
    expect(fires('pii.card', 'card 4539.1488 0343-6467')).toBe(false); // mixed separators: no grouping a person writes
    expect(fires('pii.card', 'oid 1.3.6.1.4539.1488.0343.6467.1')).toBe(false); // inside a longer dotted number
    expect(fires('pii.card', 'years 4539,1488,0343,6467')).toBe(false); // a comma list
    for (const iban of ['DE89-3704-0044-0532-0130-00', 'DE89.3704.0044.0532.0130.00', 'DE89 370400 440532 013000', 'DE89-37040044-0532013000']) {
      expect(fires('pii.iban', `IBAN ${iban}`), iban).toBe(true);
    }
    expect(fires('pii.iban', 'IBAN DE89-3704-0044-0532-0130-01')).toBe(false); // mod-97 fails
    expect(fires('pii.iban', 'IBAN DE89-3704.0044-0532-0130-00')).toBe(false); // mixed separators
  });

  it('pii.email', () => {
    expect(firstMatch('pii.email', 'contact alice.chen@example.com today')).toBe('alice.chen@example.com');
    expect(fires('pii.email', '请联系bob+tag@mail.example.co.uk')).toBe(true);
    expect(fires('pii.email', 'drop@attacker.example')).toBe(true);
    expect(fires('pii.email', 'mailto:carol@example.org')).toBe(true);
    expect(fires('pii.email', 'user@localhost')).toBe(false);
    expect(fires('pii.email', 'logo@2x.png')).toBe(false);
    expect(fires('pii.email', 'https://user:pa55@host.example.com/x')).toBe(false);
    expect(fires('pii.email', 'git clone git@github.com:org/repo.git')).toBe(false);
    expect(fires('pii.email', 'npm i lodash@4.17.21')).toBe(false);
  });

  it('pii.phone', () => {
    for (const p of ['+1 415 555 0100', '+44 20 7946 0958', '+86 138 0013 8000', '+1 (415) 555-0100']) {
      expect(firstMatch('pii.phone', `call ${p} now`)).toBe(p);
    }
    expect(fires('pii.phone', '(415) 555-0100')).toBe(true);
    expect(fires('pii.phone', 'office: 415-555-0100.')).toBe(true);
    expect(fires('pii.phone', '手机13800138000')).toBe(true);
    expect(fires('pii.phone', '0086 138-0013-8000')).toBe(true);
    expect(fires('pii.phone', '008613800138000')).toBe(true); // the 0086 prefix written without a space
    expect(fires('pii.phone', 'ts 20261129112300')).toBe(false);
    expect(fires('pii.phone', 'order 1234567890123')).toBe(false);
    expect(fires('pii.phone', '213800138000')).toBe(false); // 12 digits
    expect(fires('pii.phone', '123-456-7890')).toBe(false); // area code cannot start with 1
    expect(fires('pii.phone', '138-0013 8000')).toBe(false); // inconsistent separators
    expect(fires('pii.phone', '2026-11-29T11:23:00+08:00')).toBe(false);
    expect(fires('pii.phone', 'v1.0.0+20130313144700')).toBe(false);
    expect(fires('pii.phone', '+1 234')).toBe(false);
  });

  it('pii.card', () => {
    expect(fires('pii.card', '4111111111111111')).toBe(true);
    expect(firstMatch('pii.card', 'card 4111 1111 1111 1111, exp 12/29')).toBe('4111 1111 1111 1111');
    expect(fires('pii.card', 'amex 3782-822463-10005')).toBe(true);
    expect(fires('pii.card', '卡号5555555555554444')).toBe(true);
    expect(firstMatch('pii.card', '4111 1111 1111 1111 2026')).toBe('4111 1111 1111 1111');
    expect(fires('pii.card', '4111 1111 1111 1112')).toBe(false); // Luhn fails
    expect(fires('pii.card', 'order 1234567812345670')).toBe(false); // Luhn ok, no issuer
    expect(luhnValid('1234567812345670')).toBe(true);
    expect(fires('pii.card', '0.4111111111111111')).toBe(false); // a decimal
    expect(fires('pii.card', 'sha abc4111111111111111def')).toBe(false);
    expect(fires('pii.card', '34111111111111111')).toBe(false); // 17 digits, inside a longer run
    expect(fires('pii.card', '4111-1111 1111-1111')).toBe(false); // mixed separators
    // A Diners prefix with a valid check digit, but 20 digits: no issuer has that length.
    const twenty = `3612345678901234567${luhnCheckDigit('3612345678901234567')}`;
    const grouped = `${twenty.slice(0, 4)} ${twenty.slice(4, 10)} ${twenty.slice(10, 15)} ${twenty.slice(15)}`;
    expect(luhnValid(twenty)).toBe(true);
    expect(fires('pii.card', grouped)).toBe(false);
    const nineteen = `361234567890123456${luhnCheckDigit('361234567890123456')}`;
    expect(fires('pii.card', `${nineteen.slice(0, 4)} ${nineteen.slice(4, 10)} ${nineteen.slice(10, 15)} ${nineteen.slice(15)}`)).toBe(true);
  });

  it('pii.iban', () => {
    expect(firstMatch('pii.iban', 'pay to GB82 WEST 1234 5698 7654 32 please')).toBe('GB82 WEST 1234 5698 7654 32');
    expect(fires('pii.iban', 'IBAN: DE89370400440532013000')).toBe(true);
    expect(fires('pii.iban', 'de89 3704 0044 0532 0130 00')).toBe(true);
    expect(fires('pii.iban', 'GB83 WEST 1234 5698 7654 32')).toBe(false); // wrong check digits
    expect(fires('pii.iban', 'ZZ82WEST12345698765432')).toBe(false); // unknown country
    expect(fires('pii.iban', 'De89370400440532013000')).toBe(false); // mixed case token
    expect(fires('pii.iban', 'DE89370400440532013000X')).toBe(false); // longer run
    expect(fires('pii.iban', 'GB82 WEST 1234 5698 7654 3')).toBe(false); // one short
  });

  it('pii.cn-resident-id', () => {
    expect(fires('pii.cn-resident-id', '身份证号11010519491231002X')).toBe(true);
    expect(fires('pii.cn-resident-id', 'id: 44030419900307123x.')).toBe(true);
    expect(fires('pii.cn-resident-id', '110105194912310021')).toBe(false); // wrong checksum
    expect(fires('pii.cn-resident-id', '110105194913310021')).toBe(false); // impossible date
    expect(fires('pii.cn-resident-id', '911010519491231002X')).toBe(false); // inside a longer run
  });

  it('pii.us-ssn', () => {
    expect(fires('pii.us-ssn', 'SSN 123-45-6789')).toBe(true);
    expect(fires('pii.us-ssn', '078-05-1120')).toBe(true);
    for (const n of ['000-12-3456', '666-12-3456', '900-12-3456', '123-00-4567', '123-45-0000']) {
      expect(fires('pii.us-ssn', n), n).toBe(false);
    }
    expect(fires('pii.us-ssn', '123 45 6789')).toBe(false);
    expect(fires('pii.us-ssn', '2026-11-29')).toBe(false);
    expect(fires('pii.us-ssn', 'x1123-45-6789')).toBe(false);
  });
});

describe('SECRET detectors', () => {
  it('secret.private-key', () => {
    const block = '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----';
    expect(firstMatch('secret.private-key', `key:\n${block}\nbye`)).toBe(block);
    for (const kind of ['', 'EC ', 'DSA ', 'OPENSSH ', 'ENCRYPTED ']) {
      expect(fires('secret.private-key', `-----BEGIN ${kind}PRIVATE KEY-----`), kind).toBe(true);
    }
    expect(fires('secret.private-key', '-----BEGIN PGP PRIVATE KEY BLOCK-----')).toBe(true);
    expect(fires('secret.private-key', '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----')).toBe(false);
    expect(fires('secret.private-key', '-----BEGIN CERTIFICATE-----')).toBe(false);
    expect(fires('secret.private-key', '-----BEGIN RSA PUBLIC KEY-----')).toBe(false);
  });

  it('secret.aws-access-key-id', () => {
    expect(fires('secret.aws-access-key-id', 'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE')).toBe(true);
    expect(fires('secret.aws-access-key-id', '"ASIAY34FZKBOKMUTVV7A"')).toBe(true);
    expect(fires('secret.aws-access-key-id', 'AKIAIOSFODNN7EXAMP')).toBe(false); // AKIA + 14
    expect(fires('secret.aws-access-key-id', 'AKIA' + 'IOSFODNN7EXAMPL')).toBe(false); // AKIA + 15
    expect(fires('secret.aws-access-key-id', 'AKIAIOSFODNN7EXAMPLEX')).toBe(false); // AKIA + 17
    expect(fires('secret.aws-access-key-id', 'XAKIAIOSFODNN7EXAMPLE')).toBe(false);
    expect(fires('secret.aws-access-key-id', 'AKIAXXXXXXXXXXXXXXXX')).toBe(false); // placeholder
    expect(fires('secret.aws-access-key-id', 'akiaiosfodnn7example')).toBe(false);
  });

  it('secret.aws-secret-key', () => {
    expect(fires('secret.aws-secret-key', AWS_SECRET, 'aws_secret_access_key')).toBe(true);
    expect(fires('secret.aws-secret-key', ` ${AWS_SECRET} `, 'secretaccesskey')).toBe(true);
    expect(firstMatch('secret.aws-secret-key', `AWS_SECRET_ACCESS_KEY="${AWS_SECRET}"`)).toBe(AWS_SECRET);
    expect(fires('secret.aws-secret-key', `aws_secret_access_key = ${AWS_SECRET}`)).toBe(true);
    expect(fires('secret.aws-secret-key', `{"SecretAccessKey": "${AWS_SECRET}"}`)).toBe(true);
    expect(fires('secret.aws-secret-key', AWS_SECRET, 'description')).toBe(false); // not keyed
    expect(fires('secret.aws-secret-key', AWS_SECRET)).toBe(false);
    expect(fires('secret.aws-secret-key', `aws_secret_access_key=${'ab'.repeat(20)}`)).toBe(false); // low entropy
    expect(fires('secret.aws-secret-key', `aws_secret_access_key=${AWS_SECRET}Z`)).toBe(false); // 41 chars
    expect(fires('secret.aws-secret-key', AWS_SECRET.slice(1), 'secret')).toBe(false); // 39 chars
  });

  it('secret.github-token', () => {
    expect(firstMatch('secret.github-token', `token ${GHP}.`)).toBe(GHP);
    expect(fires('secret.github-token', 'gho_' + GHP.slice(4))).toBe(true);
    expect(fires('secret.github-token', 'github_pat_11ABCDEFG0' + 'aZ3_kQ9xL2mP7'.repeat(6))).toBe(true);
    expect(fires('secret.github-token', GHP.slice(0, -1))).toBe(false); // 35 chars
    expect(fires('secret.github-token', GHP + 'b')).toBe(false); // 37 chars
    expect(fires('secret.github-token', 'ghp_' + 'x'.repeat(36))).toBe(false); // placeholder
    expect(fires('secret.github-token', 'ghx_' + GHP.slice(4))).toBe(false);
    expect(fires('secret.github-token', 'github_pat_short')).toBe(false);
  });

  it('secret.slack-token', () => {
    expect(fires('secret.slack-token', 'xoxb-1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx')).toBe(true);
    expect(fires('secret.slack-token', 'SLACK=xoxp-98765432101-a1B2c3D4e5')).toBe(true);
    expect(fires('secret.slack-token', 'xoxb-your-token-here')).toBe(false);
    // The body alone is measured: 2.78 bits per character here, under 3; with its `xoxb-` prefix it would be 3.37.
    expect(fires('secret.slack-token', 'xoxb-1234567123456712')).toBe(false);
    expect(fires('secret.slack-token', 'xoxz-1234567890-AbCdEfGh')).toBe(false);
    expect(fires('secret.slack-token', 'xoxb-12345')).toBe(false);
  });

  it('secret.jwt', () => {
    expect(firstMatch('secret.jwt', JWT)).toBe(JWT);
    expect(fires('secret.jwt', `Authorization: Bearer ${JWT}`)).toBe(true);
    const noAlg = `${b64url('{"typ":"JWT"}')}.${JWT_PAYLOAD}.${JWT_SIG}`;
    expect(fires('secret.jwt', noAlg)).toBe(false);
    expect(fires('secret.jwt', `${JWT_HEADER}.${JWT_PAYLOAD}.short`)).toBe(false);
    expect(fires('secret.jwt', `eyJxxxxxxxxxxx.${JWT_PAYLOAD}.${JWT_SIG}`)).toBe(false); // header not JSON
    expect(fires('secret.jwt', `${JWT_HEADER}.${JWT_PAYLOAD}`)).toBe(false);
  });

  it('secret.well-known-token', () => {
    const hits = [
      'sk_live_' + '4eC39HqLyjWDarjtT1zdp7dc',
      'rk_live_' + '51H8kQ2eZvKYlo2C0aB3dE5fG',
      'AIza' + 'SyD4eC39HqLyjWDarjtT1zdp7dcAbCdEfGh',
      'sk-proj-' + 'aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xYz1Aa2Bb3Cc4Dd5E',
      'sk-' + 'aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xYz1Aa2Bb3Cc4Dd5E',
      'npm_' + 'aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xYz1Aa',
      'glpat-' + 'aB3dE5fG7hJ9kL1mN2pQ',
    ];
    for (const t of hits) expect(firstMatch('secret.well-known-token', `use ${t} now`), t).toBe(t);
    const misses = [
      'sk_test_' + '4eC39HqLyjWDarjtT1zdp7dc', // a test key is not live
      'AIza' + 'SyD4eC39HqLyjWDarjtT1zdp7dcAbCdEfG', // 34 chars
      'sk-' + 'a'.repeat(40),
      'sk-this-is-not-a-real-key-it-is-documentation',
      'npm_' + 'aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xYz1A', // 35 chars
      'task-aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xYz1Aa2Bb3Cc4Dd5E',
      'glpat-' + 'x'.repeat(20),
    ];
    for (const t of misses) expect(fires('secret.well-known-token', `use ${t} now`), t).toBe(false);
  });

  it('secret.keyed-high-entropy: field names', () => {
    const v = 'q8Zt3LwX9pR2mN7vK4sB';
    for (const key of ['api_key', 'apikey', 'x-api-key', 'client_secret', 'github_token', 'db_password', 'pwd', '密钥', '数据库密码', '令牌', 'credentials']) {
      expect(fires('secret.keyed-high-entropy', v, key), key).toBe(true);
    }
    expect(firstMatch('secret.keyed-high-entropy', `Bearer ${v}`, 'authorization')).toBe(v);
    expect(fires('secret.keyed-high-entropy', v, 'description')).toBe(false);
    expect(fires('secret.keyed-high-entropy', v, 'token_count')).toBe(false);
    expect(fires('secret.keyed-high-entropy', v, 'next_page_token')).toBe(false);
    expect(fires('secret.keyed-high-entropy', v)).toBe(false);
    const nearMisses = [
      'hunter2', // short
      '${API_KEY}',
      'your_api_key_here',
      '<your-api-key-here>',
      'xxxxxxxxxxxxxxxxxxxxxxxx',
      'aaaaaaaaaaaaaaaaaaaaaaaa',
      'My-Secret-Password-Here', // words, no digit
      'changeme-Changeme-2024!',
      '/home/user/project2/src',
      'https://auth.example.com/v2/oauth',
      'config.auth.apiToken',
      'abcdefghijklmnopqrstuvwxyz', // one class
      'correct horse Battery 9staple',
    ];
    for (const x of nearMisses) expect(fires('secret.keyed-high-entropy', x, 'api_key'), x).toBe(false);
  });

  it('secret.keyed-high-entropy: assignments in text', () => {
    expect(firstMatch('secret.keyed-high-entropy', 'export OPENAI_API_KEY=Zq8t3LwX9pR2mN7vK4sB1c')).toBe('Zq8t3LwX9pR2mN7vK4sB1c');
    expect(fires('secret.keyed-high-entropy', '{"password": "Tr0ub4dor&3xyzAB9"}')).toBe(true);
    expect(fires('secret.keyed-high-entropy', 'db:\n  password: Tr0ub4dor3xyzAB9q\n')).toBe(true);
    expect(fires('secret.keyed-high-entropy', '密码：Tr0ub4dor3xyzAB9q')).toBe(true);
    expect(fires('secret.keyed-high-entropy', "$cfg['client_secret'] => 'Tr0ub4dor3xyzAB9q';")).toBe(true);
    expect(fires('secret.keyed-high-entropy', 'token_count: 12')).toBe(false);
    expect(fires('secret.keyed-high-entropy', 'password: hunter2')).toBe(false);
    expect(fires('secret.keyed-high-entropy', 'api_key: "${API_KEY}"')).toBe(false);
    expect(fires('secret.keyed-high-entropy', 'const token = getToken();')).toBe(false);
    expect(fires('secret.keyed-high-entropy', 'apiKey: process.env.OPENAI_API_KEY')).toBe(false);
    expect(fires('secret.keyed-high-entropy', 'session_id=Zq8t3LwX9pR2mN7vK4sB1c')).toBe(false); // not key-like
    expect(fires('secret.keyed-high-entropy', 'token_url: https://auth.example.com/oauth2/token')).toBe(false);
  });
});

describe('maskPreview', () => {
  it('masks each kind without the raw value', () => {
    expect(maskPreview('pii.email', 'alice@example.com')).toBe('a***@e***.com');
    expect(maskPreview('pii.card', '4111 1111 1111 1111')).toBe('…11 (16 digits)');
    expect(maskPreview('pii.phone', '+1 415 555 0100')).toBe('…00 (11 digits)');
    expect(maskPreview('pii.iban', 'GB82 WEST 1234 5698 7654 32')).toBe('GB…32 (22 chars)');
    expect(maskPreview('pii.cn-resident-id', '11010519491231002X')).toBe('…2X (18 chars)');
    expect(maskPreview('secret.github-token', GHP)).toBe('ghp_…(40)');
    expect(maskPreview('secret.aws-access-key-id', 'AKIAIOSFODNN7EXAMPLE')).toBe('AKIA…(20)');
    expect(maskPreview('secret.slack-token', 'xoxb-1234567890-abcdef')).toBe('xoxb…(22)');
    expect(maskPreview('secret.well-known-token', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc')).toBe('sk_l…(32)');
    expect(maskPreview('secret.aws-secret-key', AWS_SECRET)).toBe('…(40)');
    expect(maskPreview('secret.private-key', '-----BEGIN PRIVATE KEY-----')).toBe('PEM private key…(27)');
  });

  it.each([
    ['ghp_', 'ghp_'], ['gho_', 'gho_'], ['ghu_', 'ghu_'], ['ghs_', 'ghs_'], ['ghr_', 'ghr_'], ['github_pat_', 'gith'],
    ['AKIA', 'AKIA'], ['ASIA', 'ASIA'], ['xoxa-', 'xoxa'], ['xoxp-', 'xoxp'], ['xoxr-', 'xoxr'], ['sk_live_', 'sk_l'], ['rk_live_', 'rk_l'],
    ['AIza', 'AIza'], ['sk-proj-', 'sk-p'], ['sk-', 'sk-'], ['npm_', 'npm_'], ['glpat-', 'glpa'], ['eyJ', 'eyJ'],
  ])('a token that starts with the public prefix %s shows that much of it, and its length', (prefix, shown) => {
    // The vendor's prefix tells a reader which credential it was; the random part stays hidden.
    const raw = `${prefix}Q7vK2mX9pL4wR8tZ3nB6cY1dF5hJ0sGa`;
    expect(maskPreview('secret.well-known-token', raw)).toBe(`${shown}…(${raw.length})`);
  });

  it('a token without a public prefix shows only its length', () => {
    expect(maskPreview('secret.well-known-token', 'Q7vK2mX9pL4wR8tZ3nB6cY1dF5hJ0sGa')).toBe('…(32)');
  });

  it('falls back rather than echo a value the preview would contain', () => {
    expect(maskPreview('secret.keyed-high-entropy', '…')).not.toContain('…');
    expect(maskPreview('unknown', '(4)')).not.toContain('(4)');
  });

  it('property: previews never contain a generated card number or ghp_ token', () => {
    const issuers: readonly (readonly [string, number])[] = [
      ['4', 16], ['4', 13], ['4', 19], ['51', 16], ['55', 16], ['2221', 16], ['2720', 16], ['34', 15],
      ['37', 15], ['6011', 16], ['65', 19], ['644', 16], ['3528', 16], ['3589', 19], ['36', 14],
      ['300', 14], ['62', 16], ['62', 19],
    ];
    const card = fc
      .tuple(fc.constantFrom(...issuers), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 18, maxLength: 18 }))
      .map(([[prefix, len], rest]) => {
        const body = prefix + rest.join('').slice(0, len - 1 - prefix.length);
        return body + luhnCheckDigit(body);
      });
    fc.assert(
      fc.property(card, fc.constantFrom(' ', '-', ''), (n, sep) => {
        expect(luhnValid(n)).toBe(true);
        // The layouts cards are printed in: 4-4-5, 4-6-4, 4-6-5, 4-4-4-4, 4-4-4-4-3.
        const layout = ({ 13: [4, 4, 5], 14: [4, 6, 4], 15: [4, 6, 5], 16: [4, 4, 4, 4], 19: [4, 4, 4, 4, 3] } as Record<number, number[]>)[n.length] ?? [n.length];
        let at = 0;
        const groups = layout.map((g) => n.slice(at, (at += g)));
        const text = groups.join(sep);
        const found = scanArgs({ note: `paid with ${text} yesterday`, amount: Number(n.slice(0, 15)) });
        const f = found.find((x) => x.detector === 'pii.card' && x.path === 'note');
        expect(f?.preview).toBe(`…${n.slice(-2)} (${n.length} digits)`);
        for (const x of found) {
          expect(x.preview).not.toContain(n);
          expect(x.preview).not.toContain(text);
          expect(x.preview).not.toMatch(/\d{3}/u);
        }
        expect(maskPreview('pii.card', text)).not.toContain(text);
      }),
      { seed: SEED, numRuns: 300 },
    );
    const tok = fc.stringMatching(/^[A-Za-z0-9]{36}$/u).map((s) => `gh${'pousr'[s.length % 5] ?? 'p'}_${s}`);
    fc.assert(
      fc.property(tok, (t) => {
        expect(maskPreview('secret.github-token', t)).not.toContain(t);
        for (const x of scanArgs({ body: `push with ${t}`, token: t })) {
          expect(x.preview).not.toContain(t);
          expect(x.preview).not.toContain(t.slice(4));
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});

describe('luhnValid (property)', () => {
  it('a computed check digit validates and any single-digit change breaks it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 30 }),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (digits, at, delta) => {
          const body = digits.join('');
          const full = body + luhnCheckDigit(body);
          expect(luhnValid(full)).toBe(true);
          const i = at % full.length;
          const changed = full.slice(0, i) + String((Number(full[i]) + delta) % 10) + full.slice(i + 1);
          expect(luhnValid(changed)).toBe(false);
        },
      ),
      { seed: SEED, numRuns: 500 },
    );
  });
});

describe('destination fields', () => {
  it('normalises case, underscores and dashes', () => {
    expect(DESTINATION_FIELDS.has('webhookurl')).toBe(true);
    for (const n of ['to', 'CC', 'Reply-To', 'reply_to', 'webhook_url', 'channel_id', 'chatId', 'HOSTNAME']) {
      expect(isDestinationField(n), n).toBe(true);
    }
    for (const n of ['body', 'recipientEmail', 'toolName', 'token', 'email']) {
      expect(isDestinationField(n), n).toBe(false);
    }
  });
});

describe('scanArgs', () => {
  it('reports nested paths with array indices, sorted by path then detector', () => {
    const found = scanArgs({
      subject: 'hi',
      attachments: [{ text: 'x' }, { text: `mail bob@example.com, card 4111111111111111, ${GHP}` }],
      body: 'call +44 20 7946 0958',
    });
    expect(found.map((f) => [f.path, f.detector])).toEqual([
      ['attachments[1].text', 'pii.card'],
      ['attachments[1].text', 'pii.email'],
      ['attachments[1].text', 'secret.github-token'],
      ['body', 'pii.phone'],
    ]);
    expect(found[0]).toEqual({ kind: 'PII', detector: 'pii.card', path: 'attachments[1].text', preview: '…11 (16 digits)' });
    expect(found[2]?.kind).toBe('SECRET');
  });

  it('uses $ for the root value and [i] for root arrays', () => {
    expect(scanArgs('alice@example.com')).toEqual([
      { kind: 'PII', detector: 'pii.email', path: '$', preview: 'a***@e***.com' },
    ]);
    expect(scanArgs(['x', 'alice@example.com']).map((f) => f.path)).toEqual(['[1]']);
  });

  it('reports one finding per detector and path', () => {
    const found = scanArgs({ body: 'a@example.com and b@example.org and c@example.net' });
    expect(found).toHaveLength(1);
    expect(found[0]?.preview).toBe('a***@e***.com');
  });

  it('keeps the first finding when an object key and its value at one path match the same detector', () => {
    // The key is scanned before its value: the key's card is the one whose preview is kept.
    expect(scanArgs({ body: { 'Card 4111 1111 1111 1111': '5555 5555 5555 4444' } })).toEqual([
      { kind: 'PII', detector: 'pii.card', path: 'body[#0]', preview: '…11 (16 digits)' },
    ]);
  });

  it('skips destination fields at any depth, and only them', () => {
    expect(ids({ to: 'a@b.com', body: 'x' })).toEqual([]);
    expect(ids({ message: { cc: ['x@y.com'] } })).toEqual([]);
    expect(ids({ Reply_To: 'x@y.com', nested: [{ webhook_url: 'https://h.example/?k=alice@example.com' }] })).toEqual([]);
    expect(ids({ recipientEmail: 'x@y.com' })).toEqual(['pii.email']);
    // Matching is by field name, not by the text: an address in the body is still found.
    expect(scanArgs({ to: 'x@y.com', body: 'forward to x@y.com' }).map((f) => f.path)).toEqual(['body']);
  });

  it('hands field names to the detectors as the key', () => {
    expect(ids({ aws_secret_access_key: AWS_SECRET_2 })).toEqual(['secret.aws-secret-key', 'secret.keyed-high-entropy']);
    // The documentation example is a placeholder to the generic detector, not to the AWS one.
    expect(ids({ aws_secret_access_key: AWS_SECRET })).toEqual(['secret.aws-secret-key']);
    expect(ids({ API_KEY: 'q8Zt3LwX9pR2mN7vK4sB' })).toEqual(['secret.keyed-high-entropy']);
    expect(ids({ notes: 'q8Zt3LwX9pR2mN7vK4sB' })).toEqual([]);
    expect(ids({ token_count: 12, password: 'hunter2', api_key: '${API_KEY}' })).toEqual([]);
    expect(ids({ api_key: ['q8Zt3LwX9pR2mN7vK4sB'] })).toEqual([]); // array elements carry no key
  });

  it('scans numbers', () => {
    expect(scanArgs({ amount: 4111111111111111 })).toEqual([
      { kind: 'PII', detector: 'pii.card', path: 'amount', preview: '…11 (16 digits)' },
    ]);
    expect(ids({ n: 4111111111111112, t: 20261129112300, f: 1.5, ok: true, none: null })).toEqual([]);
  });

  it('does not throw on cyclic input and visits each object once', () => {
    const a: Record<string, unknown> = { text: 'x@example.com' };
    a['self'] = a;
    a['list'] = [a, { back: a }];
    expect(() => scanArgs(a)).not.toThrow();
    expect(scanArgs(a).map((f) => f.path)).toEqual(['text']);
  });

  it('returns on a 10 000-deep depth bomb and says it was truncated', () => {
    let deep: unknown = { secret: 'alice@example.com' };
    for (let i = 0; i < 10_000; i++) deep = i % 2 === 0 ? { a: deep } : [deep];
    const report = scanArgsReport({ top: 'bob@example.com', deep });
    expect(report.findings.map((f) => f.path)).toEqual(['top']);
    expect(report.truncated).toBe(true);
    expect(report.stop).toEqual({ reason: 'depth', path: expect.stringMatching(/^deep/), detail: 'nested deeper than 1000 levels' });
    // 900 levels are still scanned: a card buried 90 levels deep is found.
    let shallow: unknown = 'alice@example.com';
    for (let i = 0; i < 899; i++) shallow = { a: shallow };
    expect(scanArgsReport(shallow)).toEqual({
      findings: [{ kind: 'PII', detector: 'pii.email', path: 'a.'.repeat(898) + 'a', preview: 'a***@e***.com' }],
      truncated: false,
    });
  });

  it('reads 100 000 leaves, then stops and says where', () => {
    const leaves = Array.from({ length: 100_000 }, () => 'plain text');
    leaves.push('alice@example.com');
    const report = scanArgsReport({ leaves });
    expect(report.findings).toEqual([]);
    expect(report.stop).toEqual({ reason: 'leaves', path: 'leaves[100000]', detail: 'more than 100000 leaves' });
    leaves.splice(12_000, 0, 'carol@example.com');
    expect(scanArgs({ leaves }).map((f) => f.path)).toEqual(['leaves[12000]']);
  });

  it('scans object keys, and never shows a key that could be data in a path', () => {
    const found = scanArgs({ body: { 'Card 4111 1111 1111 1111, maria@example.org': true } });
    expect(found.map((f) => [f.detector, f.path])).toEqual([
      ['pii.card', 'body[#0]'],
      ['pii.email', 'body[#0]'],
    ]);
    expect(JSON.stringify(found)).not.toContain('maria');
    expect(scanArgs({ body: { a: 1, b: { c: 'x' }, 'bob@example.org': true } }).map((f) => f.path)).toEqual(['body[#2]']);
  });

  it('runs only the detectors it is given', () => {
    const email = BUILTIN_DETECTORS.filter((d) => d.id === 'pii.email');
    expect(scanArgs({ body: `a@example.com ${GHP}` }, email).map((f) => f.detector)).toEqual(['pii.email']);
    expect(scanArgs({ body: `a@example.com ${GHP}` }, [])).toEqual([]);
  });

  it('has unique detector ids of kind PII or SECRET only', () => {
    const all = BUILTIN_DETECTORS.map((d) => d.id);
    expect(new Set(all).size).toBe(all.length);
    expect(BUILTIN_DETECTORS.every((d) => d.kind === 'PII' || d.kind === 'SECRET')).toBe(true);
    expect(all).toHaveLength(14);
  });

  it('scans adversarial strings in linear time: 16 times the text (2 000 to 32 000 chars) takes under 64 times as long (quadratic: 256)', () => {
    // Runs a careless pattern would retry at every start (a quadratic scan), in a plain field and
    // in a key-like one (the keyed-secret detector reads those).
    const units = ['a', 'a@', 'a.', '1', '4111 ', 'eyJ', 'eyJabcdefgh.', 'token:', ' ', '+1 ', 'GB82 ', '密码', 'xoxb-', '-----BEGIN '];
    for (const u of units) {
      const make = (n: number) => {
        const v = (u === 'a.' ? 'a@' : 'password') + u.repeat(Math.ceil(n / u.length));
        return { text: v, api_key: v };
      };
      expect(growth(make, (v) => void scanArgs(v), 2_000, 16, { below: 64 }), u).toBeLessThan(64);
    }
  });

  it('property: never throws on arbitrary values, and what it finds is well-formed', () => {
    // Each value carries one known finding beside the arbitrary part, so the checks always have work.
    const known = fc.constantFrom('alice.chen@example.com', GHP, '4111 1111 1111 1111');
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withNullPrototype: true, withSparseArray: true, withObjectString: true }), known, (any, k) => {
        const v = { any, k };
        const found = scanArgs(v);
        expect(found.some((f) => f.path === 'k')).toBe(true);
        // Well-formed: each finding names a built-in detector, with that detector's kind, under `any`
        // or at `k`, and no two findings share a path and a detector.
        for (const f of found) {
          const d = BUILTIN_DETECTORS.find((x) => x.id === f.detector);
          expect([f.detector, f.kind, f.path === 'k' || f.path.startsWith('any')]).toEqual([d?.id, d?.kind, true]);
        }
        expect(new Set(found.map((f) => `${f.path}\u0000${f.detector}`)).size).toBe(found.length);
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });

  it('property: findings are sorted, unique and never echo a long string leaf', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.constant(GHP), fc.constant('alice@example.com'))), (v) => {
        const found = scanArgs(v);
        const keys = found.map((f) => `${f.path}\u0000${f.detector}`);
        expect([...keys].sort()).toEqual(keys);
        expect(new Set(keys).size).toBe(keys.length);
        for (const f of found) expect(f.preview).not.toContain(GHP);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});

describe('pre-checks are sound', () => {
  const pieces = [
    'alice.chen@example.com', '+1 415 555 0100', '(415) 555-0100', '+86 138 0013 8000', '13800138000', '4111 1111 1111 1111', '378282246310005',
    'GB82 WEST 1234 5698 7654 32', 'DE89370400440532013000', '11010519491231002X', '123-45-6789', '-----BEGIN RSA PRIVATE KEY-----',
    'AKIAIOSFODNN7EXAMPLE', 'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A',
    'xoxb-1234567890-abcdefghij', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.abcdefghijk', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW',
    'api_key=Zx9Kq2Lm8Np4Rt6Vw1Yb3Cd5', 'password: "Q7v!pL2#xR9@mK4$"', ' ', ',', ':', '=', 'token', 'x', '0', '9',
  ];
  it('a pre-check never skips a value its detector matches (seed 31337)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 6 })), { maxLength: 6 }), fc.option(fc.constantFrom('api_key', 'password', 'secret', 'note', 'aws_secret_access_key'), { nil: undefined }), (parts, key) => {
        const v = parts.join(parts.length % 2 === 0 ? ' ' : '');
        for (const d of BUILTIN_DETECTORS) {
          if (d.quick !== undefined && d.scan(v, key).length > 0) expect(d.quick(v, key), `${d.id} on \`${v}\``).toBe(true);
        }
      }),
      { seed: 31337, numRuns: 3000 },
    );
  });
  // Texts of 64 characters and more are gated by traits found in one pass over their bytes: the
  // same soundness, with filler around the pieces and near-misses of each trait's threshold.
  const nearMisses = ['1234567', '12 34 56 78', '1-2-3-4-5-6-7', 'A1B2C3D4', 'ab1c23', 'AKIAABCDEFGHIJKLMNO', 'x'.repeat(14), 'a_b-'.repeat(6), 'eyJ.eyJ.', 'a/b+'.repeat(9)];
  const filler = fc.string({ unit: fc.constantFrom('a', 'Z', '7', ' ', '-', '_', '.', '/', '+', ':', '=', '(', ')', '\n', '\t', '@'), minLength: 0, maxLength: 40 });
  it('a pre-check of a long ASCII text never skips a value its detector matches (seed 4242)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...pieces, ...nearMisses), filler), { minLength: 1, maxLength: 8 }), fc.constantFrom(' ', '', '\n', ', '), fc.option(fc.constantFrom('api_key', 'password', 'secret', 'note'), { nil: undefined }), (parts, sep, key) => {
        const body = parts.join(sep);
        const v = body.length >= 64 ? body : `${body}${sep}${'lorem ipsum dolor '.repeat(4)}`;
        for (const d of BUILTIN_DETECTORS) {
          if (d.quick !== undefined && d.scan(v, key).length > 0) expect(d.quick(v, key), `${d.id} on \`${v}\``).toBe(true);
        }
      }),
      { seed: 4242, numRuns: 3000 },
    );
  });
  it('on a long ASCII text, each gate opens exactly when the expression of its trait matches (seed 5151)', () => {
    const gates: [string, RegExp, string | undefined][] = [
      ['pii.phone', /[0-9](?:[^0-9]{0,2}[0-9]){7}/u, undefined],
      ['pii.card', /[0-9](?:[^0-9]{0,2}[0-9]){7}/u, undefined],
      ['pii.us-ssn', /[0-9](?:[^0-9]{0,2}[0-9]){7}/u, undefined],
      ['pii.cn-resident-id', /[0-9](?:[^0-9]{0,2}[0-9]){7}/u, undefined],
      ['pii.iban', /[A-Za-z]{2}[0-9]{2}/u, undefined],
      ['secret.aws-access-key-id', /[A-Z0-9]{20}/u, undefined],
      ['secret.slack-token', /[A-Za-z0-9_-]{15}/u, undefined],
      ['secret.github-token', /[A-Za-z0-9_-]{26}/u, undefined],
      ['secret.well-known-token', /[A-Za-z0-9_-]{26}/u, undefined],
      ['secret.jwt', /[A-Za-z0-9_.-]{26}/u, undefined],
      ['secret.aws-secret-key', /[A-Za-z0-9/+]{40}/u, undefined],
      ['secret.keyed-high-entropy', /[:=]/u, 'note'],
    ];
    const unit = fc.constantFrom('a', 'b', 'Z', '7', '0', ' ', '-', '_', '.', '/', '+', ':', '=', '(', '!');
    const run = fc.tuple(unit, fc.integer({ min: 1, max: 42 })).map(([u, k]) => u.repeat(k));
    fc.assert(
      fc.property(fc.array(fc.oneof(unit, run), { maxLength: 30 }), (parts) => {
        const v = `${' '.repeat(64)}${parts.join('')}`;
        for (const [id, re, key] of gates) {
          const d = BUILTIN_DETECTORS.find((x) => x.id === id);
          expect(d?.quick?.(v, key), `${id} on \`${v}\``).toBe(re.test(v));
        }
      }),
      // Hand-picked edges: a letter pair right after the digit of another pair; digits 2 and 3 apart.
      { seed: 5151, numRuns: 2000, examples: [[['ab', '7', 'Zb', '70']], [['1', '--', '2', '--', '3', '--', '4', '--', '5', '--', '6', '--', '7', '--', '8']], [['1', '---', '2', '--', '3', '--', '4', '--', '5', '--', '6', '--', '7', '--', '8']]] },
    );
  });
  it('the digit pre-check of a short text counts ASCII digits only, not the colons of clock times', () => {
    const quick = (id: string, v: string): boolean | undefined => BUILTIN_DETECTORS.find((x) => x.id === id)?.quick?.(v, 'body');
    // 7 digits and 2 colons: one short of a phone's 8 digits (`:` is the code point after `9`).
    expect(quick('pii.phone', '9:15 to 12:30')).toBe(false);
    expect(quick('pii.phone', '09:15 to 12:30')).toBe(true);
    // 12 digits and 3 colons: one short of a card's 13.
    expect(quick('pii.card', '09:15 to 12:30 and 14:45')).toBe(false);
  });
  it('on long prose with digits, the gates of the digit, token and key detectors stay closed; one card opens only its own', () => {
    const prose = Array.from({ length: 400 }, (_, i) => `word${i % 7} item ${i}`).join(' ');
    const open = (v: string): string[] => BUILTIN_DETECTORS.filter((d) => d.quick === undefined || d.quick(v, 'body')).map((d) => d.id);
    expect(open(prose)).toEqual([]);
    const withCard = `${prose} card 4111 1111 1111 1111 ${prose}`;
    expect(open(withCard)).toEqual(['pii.phone', 'pii.card', 'pii.cn-resident-id', 'pii.us-ssn']);
    expect(scanArgs({ body: withCard }).map((f) => f.detector)).toEqual(['pii.card']);
  });
});

describe('destination fields a schema declares', () => {
  it('reads them from property descriptions, and only from those that say where data goes', async () => {
    const { schemaDestinationFields, destinationTest } = await import('../../src/core/detectors.js');
    const schema = {
      type: 'object',
      properties: {
        email: { type: 'string', description: 'E-mail address of the person to invite' },
        phone: { type: 'string', description: "The recipient's phone number" },
        note: { type: 'string', description: 'A note shown to the new member' },
        contact_email: { type: 'string', description: 'Contact e-mail stored on the record' },
        收件人号码: { type: 'string', description: '收件人手机号' },
      },
    };
    expect([...schemaDestinationFields(schema)].sort()).toEqual(['email', 'phone', '收件人号码'].sort());
    const isDest = destinationTest(schemaDestinationFields(schema));
    expect(['email', 'Email', 'to', 'repo'].map(isDest)).toEqual([true, true, true, true]);
    expect(['note', 'contact_email', 'body'].map(isDest)).toEqual([false, false, false]);
    expect(schemaDestinationFields(null).size).toBe(0);
    expect(schemaDestinationFields({ properties: [1, 2] }).size).toBe(0);
  });
});

describe('destination descriptions', () => {
  it('count only when the description says the value is whom the data goes to', async () => {
    const { schemaDestinationFields } = await import('../../src/core/detectors.js');
    const fields = (d: string): string[] => [...schemaDestinationFields({ properties: { f: { type: 'string', description: d } } })];
    for (const d of ['E-mail address of the person to invite', "The recipient's phone number", 'IBAN of the recipient', 'Recipients, comma separated', 'Users to notify', '收件人邮箱']) expect(fields(d), d).toEqual(['f']);
    for (const d of ['Subject line the recipient sees', 'Message body shown to the recipient', 'Amount to send to the payee', 'Notes about the invitee']) expect(fields(d), d).toEqual([]);
  });
});
