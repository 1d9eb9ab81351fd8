/**
 * Survivors of the `--seed 22` mutation draw in the command reader that no scenario reaches: how a
 * word ends at a redirection after a quote, a credential file name at the very start of a text,
 * code that declares with `var`, and a program name followed by a compound assignment.
 */
import { describe, expect, it } from 'vitest';
import { EIT, MUT, NAT, PAT } from '../../src/core/capabilities.js';
import { analyzeCommand, RULE_GROUPS } from '../../src/core/command.js';

describe('command words after a quoted part', () => {
  it('a redirection right after a quote starts a word of its own: `scp "a">b` names one operand', () => {
    // One operand: scp copies nothing, so it reads no local file (no PAT) and writes none; the
    // only write is the redirection's. With two operands it reads the first.
    expect(analyzeCommand({ command: 'scp "notes.txt">log.txt' }).phases).toBe(EIT | NAT | MUT);
    expect(analyzeCommand({ command: 'scp "notes.txt" >log.txt' }).phases).toBe(EIT | NAT | MUT);
    expect(analyzeCommand({ command: 'scp notes.txt host:x' }).phases).toBe(EIT | NAT | PAT);
  });
});

describe('credentials.json as the end of a longer word', () => {
  it('a one-letter prefix at the very start of the text makes another file', () => {
    expect(analyzeCommand({ file: 'xcredentials.json' }).credentialRefs).toEqual([]);
    expect(analyzeCommand({ file: 'mycredentials.json' }).credentialRefs).toEqual([]);
    expect(analyzeCommand({ file: 'credentials.json' }).credentialRefs).toEqual(['credentials.json']);
    expect(analyzeCommand({ file: 'x_credentials.json' }).credentialRefs).toEqual(['credentials.json']);
  });
});

describe('text read as code, where `>` compares', () => {
  it('a `var` declaration marks code as much as `let` and `const` do', () => {
    for (const decl of ['var', 'let', 'const']) expect(analyzeCommand({ code: `${decl} big = count > limit;` }).phases).toBe(0);
    // Without a marker of code, the same `>` writes the file `limit`.
    expect(analyzeCommand({ code: 'big = count > limit' }).phases).toBe(MUT);
  });
});

describe('a program name followed by a compound assignment or a comparison is a variable', () => {
  it.each(['+=', '-=', '*=', '/=', '%=', '^=', '!=', '<=', '>=', '=='])('`nc %s 1` runs nothing', (op) => {
    expect(analyzeCommand({ code: `nc ${op} 1` }).network).toBe(false);
  });
  it('and `nc -l 4444` runs netcat', () => {
    expect(analyzeCommand({ code: 'nc -l 4444' }).phases).toBe(EIT | NAT);
  });
});

describe('the command rules', () => {
  it('none matches an empty string, so none can stall the scan on one', () => {
    for (const g of RULE_GROUPS) {
      for (const rule of g.rules) {
        const re = new RegExp(rule.re.source, rule.re.flags.replace('g', ''));
        for (const text of ['', ' ', 'a', '-', '/', '\n', '$', '.']) expect([g.name, re.source, text, re.exec(text)?.[0]]).not.toEqual([g.name, re.source, text, '']);
      }
    }
  });
});
