import { describe, expect, it } from 'vitest';
import { classifyProfile, decide, escalationReason, isUnclassifiable, requiredCapabilities } from '../../src/core/gate.js';
import type { ToolProfile } from '../../src/core/gate.js';

const EVERY = ['ReadUntrusted', 'ReadPrivate', 'ReadCredentials', 'MutateLocal', 'MutateExternal', 'ArbitraryEgress', 'ExecuteCode'];

function why(profile: unknown): string | undefined {
  const c = classifyProfile(profile as ToolProfile);
  return c.kind === 'unclassifiable' ? c.why : undefined;
}

describe('profiles the gate cannot read require every capability, saying why', () => {
  it.each([
    [{ origin: 42, capabilities: ['PRIVATE_ACCESS'] }, 'origin `42` is not a known registry origin'],
    [{ origin: 'mcp:', capabilities: ['PRIVATE_ACCESS'] }, 'origin `mcp:` is not a known registry origin'],
    [{ origin: 'connector:', capabilities: ['PRIVATE_ACCESS'] }, 'origin `connector:` is not a known registry origin'],
    [{ origin: 'plugin:notes', capabilities: ['PRIVATE_ACCESS'] }, 'origin `plugin:notes` is not a known registry origin'],
    [{ annotations: 'read-only', capabilities: ['PRIVATE_ACCESS'] }, 'annotations are not an object'],
    [{ annotations: null, capabilities: ['PRIVATE_ACCESS'] }, 'annotations are not an object'],
    [{ annotations: [true], capabilities: ['PRIVATE_ACCESS'] }, 'annotations are not an object'],
    [{ annotations: { readOnlyHint: 'yes' }, capabilities: ['PRIVATE_ACCESS'] }, 'annotation `readOnlyHint` is not a boolean'],
    [{ annotations: { destructiveHint: 1 }, capabilities: ['PRIVATE_ACCESS'] }, 'annotation `destructiveHint` is not a boolean'],
    [{ annotations: { idempotentHint: 'no' }, capabilities: ['PRIVATE_ACCESS'] }, 'annotation `idempotentHint` is not a boolean'],
    [{ annotations: { openWorldHint: null }, capabilities: ['PRIVATE_ACCESS'] }, 'annotation `openWorldHint` is not a boolean'],
    [{ capabilities: 'PRIVATE_ACCESS' }, 'capabilities are not a list'],
    [{ capabilities: [7] }, 'capability `7` is not one of the six'],
    [{ capabilities: ['PRIVATE_ACCESS', 'READ_MIND'] }, 'capability `READ_MIND` is not one of the six'],
  ])('%j', (profile, reason) => {
    expect(why(profile)).toBe(reason);
    expect([...requiredCapabilities(profile as ToolProfile)]).toEqual(EVERY);
    expect(isUnclassifiable(profile as ToolProfile)).toBe(true);
  });

  it('a well-formed profile is classifiable', () => {
    const p: ToolProfile = { origin: 'mcp:notes', annotations: { readOnlyHint: true, openWorldHint: false }, capabilities: ['PRIVATE_ACCESS'] };
    expect(isUnclassifiable(p)).toBe(false);
    expect([...requiredCapabilities(p)]).toEqual(['ReadPrivate']);
    expect([...requiredCapabilities({ origin: 'connector:x', capabilities: [] , annotations: { readOnlyHint: true, openWorldHint: true } })]).toEqual(['ReadUntrusted']);
  });

  it('MCP defaults fill an absent hint: readOnlyHint false, openWorldHint true', () => {
    expect([...requiredCapabilities({ origin: 'mcp:tracker', annotations: { openWorldHint: true } })]).toEqual(['MutateExternal', 'ArbitraryEgress']);
    expect([...requiredCapabilities({ origin: 'mcp:tracker', annotations: { readOnlyHint: true } })]).toEqual(['ReadUntrusted']);
  });

  it('native search requires ReadUntrusted even with no capabilities', () => {
    expect([...requiredCapabilities({ origin: 'native-search', capabilities: [] })]).toEqual(['ReadUntrusted']);
  });
});

describe('decide without a taint argument: the reason speaks of no untrusted content', () => {
  it('names only what is missing, and adds the untrusted context only when told', () => {
    const required = new Set(['ReadPrivate', 'ArbitraryEgress'] as const);
    const granted = new Set(['ReadPrivate'] as const);
    expect(decide(required, granted)).toEqual({ kind: 'escalate', missing: ['ArbitraryEgress'], reason: escalationReason(['ArbitraryEgress'], false) });
    expect(decide(required, granted, undefined, true)).toEqual({ kind: 'escalate', missing: ['ArbitraryEgress'], reason: escalationReason(['ArbitraryEgress'], true) });
    expect(escalationReason(['ArbitraryEgress'], false)).not.toContain('untrusted');
  });
});
