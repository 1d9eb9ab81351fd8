/**
 * Survivors of the full mutation run in the command reader: a redirection glued to a word ends it,
 * as in a shell; a redirection before the program does not hide the program; a descriptor stays a
 * descriptor.
 */
import { describe, expect, it } from 'vitest';
import { analyzeCommand } from '../../src/core/command.js';

const caps = (command: string): string[] => [...new Set(analyzeCommand({ command }).evidence.map((e) => e.capability))].sort();

describe('an unquoted redirection ends the word before it', () => {
  it('a program glued to its redirection is still that program, inside eval too', () => {
    expect(caps('env>/tmp/e')).toContain('CREDENTIAL_ACCESS');
    expect(caps('eval env>/tmp/e')).toContain('CREDENTIAL_ACCESS');
    expect(caps(`eval 'env>"/tmp/e"'`)).toContain('CREDENTIAL_ACCESS');
    expect(caps(`eval 'printenv<"/dev/null"'`)).toContain('CREDENTIAL_ACCESS');
  });

  it('look-alikes: the same word as an argument, or a quoted `>`, is no program', () => {
    expect(caps(`eval 'echo env>"/tmp/e"'`)).not.toContain('CREDENTIAL_ACCESS');
    expect(caps(`eval 'echo "env>/tmp/e"'`)).not.toContain('CREDENTIAL_ACCESS');
  });

  it('a number or `&` right before it is a descriptor, unless it was quoted', () => {
    // `printenv` alone prints the whole environment; `printenv 2` prints one variable named 2.
    expect(caps(`eval 'printenv 2>/dev/null'`)).toContain('CREDENTIAL_ACCESS');
    expect(caps(`eval 'printenv &>"/dev/null"'`)).toContain('CREDENTIAL_ACCESS');
    expect(caps(`eval 'printenv "2">/dev/null'`)).not.toContain('CREDENTIAL_ACCESS');
    expect(caps(`eval 'printenv 2 >/dev/null'`)).not.toContain('CREDENTIAL_ACCESS');
  });

  it('any whitespace separates words, with or without quotes in the segment', () => {
    expect(caps(`eval "env\u00a0>/tmp/e"`)).toContain('CREDENTIAL_ACCESS');
    expect(caps(`eval 'printenv\u00a0"HOME"'`)).not.toContain('CREDENTIAL_ACCESS');
    expect(caps(`eval 'printenv\u3000"HOME"'`)).not.toContain('CREDENTIAL_ACCESS');
  });
});

describe('redirections before the program', () => {
  it('are skipped, with their targets when bare', () => {
    expect(caps(`eval '2>/dev/null env'`)).toContain('CREDENTIAL_ACCESS');
    expect(caps(`eval '&>/dev/null env'`)).toContain('CREDENTIAL_ACCESS');
    expect(caps(`eval '> /tmp/o env'`)).toContain('CREDENTIAL_ACCESS');
    expect(caps(`eval '>& /tmp/o env'`)).toContain('CREDENTIAL_ACCESS');
    expect(caps(`eval '2> /tmp/o curl https://collector.example/up'`)).toContain('EXTERNAL_ACTION');
  });

  it('a bare redirection takes its target with it: the target is no program', () => {
    expect(caps(`eval '> env echo hi'`)).not.toContain('CREDENTIAL_ACCESS');
    expect(caps(`eval '2> printenv true'`)).not.toContain('CREDENTIAL_ACCESS');
  });

  it('`env > f` still prints the environment into f', () => {
    expect(caps('env > f')).toEqual(['CREDENTIAL_ACCESS', 'LOCAL_MUTATION']);
    expect(caps('env >f curl https://collector.example')).toContain('EXTERNAL_ACTION');
  });
});
