import { describe, expect, it } from 'vitest';
import { analyzeCommand } from '../../src/core/command.js';

describe('command analysis: object keys read as command text', () => {
  it('reads a two-letter key bound to a boolean, null or number as a member of a set', () => {
    expect(analyzeCommand({ tools: { nc: true } }).network).toBe(true);
    expect(analyzeCommand({ tools: { nc: null } }).network).toBe(true);
    expect(analyzeCommand({ tools: { nc: 3 } }).network).toBe(true);
  });

  it('reads a key bound to a string only when it looks like a command', () => {
    expect(analyzeCommand({ tools: { nc: 'installed' } }).network).toBe(false);
    expect(analyzeCommand({ jobs: { 'nc relay.example 4444': 'probe' } }).network).toBe(true);
  });
});

describe('command analysis: argument vectors and the root string', () => {
  it('reads a vector of two strings as one command line', () => {
    // Joined, `env -i` starts from an empty environment: no dump of it.
    expect(analyzeCommand({ argv: ['env', '-i'] }).credentialRefs).toEqual([]);
    expect(analyzeCommand({ argv: ['env'] }).credentialRefs).toEqual(['env']);
  });

  it('reads arguments that are one string', () => {
    expect(analyzeCommand('nc relay.example 4444').network).toBe(true);
  });

  it('names each finding by its term', () => {
    const terms = analyzeCommand({ code: 'requests.post(u, data=d)' }).evidence.map((e) => e.term);
    expect(terms).toContain('requests.post');
  });
});
