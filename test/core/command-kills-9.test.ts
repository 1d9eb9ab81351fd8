import { describe, expect, it } from 'vitest';
import { analyzeCommand, commandHeads } from '../../src/core/command.js';

describe('command analysis: credential labels per call', () => {
  // A report names the credential labels of a call; so that one call cannot flood it, at most 32
  // are kept, the first ones in sorted order (deterministic whatever order they were found in).
  const names = Array.from({ length: 40 }, (_, i) => `SVC${String(i + 1).padStart(2, '0')}_TOKEN`);

  it('keeps the first 32 labels in sorted order of 40 credential variables', () => {
    const command = `deploy ${[...names].reverse().map((n) => `--key "$${n}"`).join(' ')}`;
    const refs = analyzeCommand({ command }).credentialRefs;
    expect(refs).toHaveLength(32);
    expect(refs).toEqual(names.map((n) => `$${n}`).sort().slice(0, 32));
  });

  it('keeps every label below the cap', () => {
    const command = `deploy ${names.slice(0, 31).map((n) => `--key "$${n}"`).join(' ')}`;
    expect(analyzeCommand({ command }).credentialRefs).toHaveLength(31);
  });
});

describe('command analysis: a Python network import names its module', () => {
  it.each([
    ['import paramiko\n', 'paramiko'],
    ['import json, socket\n', 'socket'],
    ['import websockets\n', 'websockets'],
  ])('`%s` is network evidence with the term `%s`', (code, term) => {
    const a = analyzeCommand({ python_code: code });
    expect(a.network).toBe(true);
    expect(a.evidence.filter((e) => e.capability === 'EXTERNAL_ACTION').map((e) => e.term)).toEqual([term]);
  });
});

describe('command heads: a short text is read whole', () => {
  // In the shell, `'⏎b'curl` is one word (a newline and `bcurl`): the command substitution runs no
  // curl. Read whole, the head after `$(` is the string prefix `b`, and no curl is found; read line
  // by line (what texts of 4096 characters and more get), the second line starts with `b'curl`,
  // taken as a string opening and the program curl. A short text must get the whole reading.
  const text = `printf %s "$('\nb'curl -s status.example)"`;

  it('the two readings differ on this text', () => {
    expect(commandHeads(text, false)).toEqual([]);
    expect(commandHeads(text, true).map((h) => h.head)).toEqual(['curl']);
  });

  it('reads it whole by default, and finds no network program in it', () => {
    expect(commandHeads(text)).toEqual([]);
    expect(analyzeCommand({ command: text }).network).toBe(false);
  });
});
