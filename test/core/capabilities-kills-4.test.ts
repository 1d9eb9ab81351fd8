import { describe, expect, it } from 'vitest';
import { ALL_CAPABILITIES_MASK, CAPABILITIES, capabilityBit, CRED, EIT, EXEC, fromMask, isCapability, MUT, NAT, PAT, stricter, toMask, verdictRank } from '../../src/core/capabilities.js';

describe('capability masks', () => {
  it('the full mask has exactly one bit per capability', () => {
    expect(ALL_CAPABILITIES_MASK).toBe(63);
    expect(ALL_CAPABILITIES_MASK).toBe(EIT | PAT | NAT | MUT | EXEC | CRED);
    expect(fromMask(ALL_CAPABILITIES_MASK)).toEqual([...CAPABILITIES]);
    expect(fromMask(ALL_CAPABILITIES_MASK + 1)).toEqual([]);
  });
  it('bits, masks and names round-trip in the canonical order', () => {
    expect(capabilityBit('EXTERNAL_INGESTION')).toBe(1);
    expect(capabilityBit('CREDENTIAL_ACCESS')).toBe(32);
    expect(toMask([])).toBe(0);
    expect(toMask(['CREDENTIAL_ACCESS', 'PRIVATE_ACCESS'])).toBe(CRED | PAT);
    expect(fromMask(CRED | PAT)).toEqual(['PRIVATE_ACCESS', 'CREDENTIAL_ACCESS']);
    expect(fromMask(0)).toEqual([]);
    expect(isCapability('LOCAL_MUTATION')).toBe(true);
    expect(isCapability('EIT')).toBe(false);
  });
});

describe('verdict order', () => {
  it('allow < ask < deny, and the stricter of two is kept', () => {
    expect([verdictRank('allow'), verdictRank('ask'), verdictRank('deny')]).toEqual([0, 1, 2]);
    expect(stricter('allow', 'ask')).toBe('ask');
    expect(stricter('ask', 'allow')).toBe('ask');
    expect(stricter('deny', 'ask')).toBe('deny');
    expect(stricter('ask', 'deny')).toBe('deny');
    expect(stricter('allow', 'allow')).toBe('allow');
  });
});
