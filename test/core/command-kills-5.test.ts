import { describe, expect, it } from 'vitest';
import { analyzeCommand, commandHeads, scriptWrites } from '../../src/core/command.js';

describe('command analysis: environment reads through optional chaining', () => {
  it('names `process.env?.X` as the credential read', () => {
    expect(analyzeCommand({ code: 'const token = process.env?.DEPLOY_TOKEN;' }).credentialRefs).toEqual(['process.env.DEPLOY_TOKEN']);
  });
});

describe('command heads: positions where a command starts', () => {
  it.each([
    ['sudo eval "rm -rf build"', ['sudo', 'rm']],
    ['sudo bash -lc "rm -rf build"', ['sudo', 'rm']],
    ['sudo sh -c "rm -rf build"', ['sudo', 'rm']],
    ['cmd /c "del build.log"', ['del']],
    ['cmd /k "del build.log"', ['del']],
    ['find . -name "*.tmp" -exec rm {} +', ['find', 'rm']],
    ['find . -name "*.tmp" -execdir rm {} +', ['find', 'rm']],
    ['echo $(curl -s https://a.example)', ['curl']],
    ['(cd build) && ls', ['ls']],
    ['x = ["rm", "-rf"]', ['rm']],
    ['cmd = "rm -rf build"', ['rm']],
    ['os.system("rm -rf build")', ['rm']],
    ['ls\nrm -rf build', ['ls', 'rm']],
    ['ls; rm -rf build', ['ls', 'rm']],
    ['ls | rm -rf build', ['ls', 'rm']],
    ['ls & rm x', ['ls', 'rm']],
    ['echo `rm x`', ['rm']],
  ])('finds the commands of %j', (text, heads) => {
    expect(commandHeads(text).map((h) => h.head)).toEqual(heads);
  });
});

describe('command analysis: the segment read after a head is 2048 characters', () => {
  const gitPush = (pad: number): string => `git${' '.repeat(pad)}push`;
  it('reads an argument that ends on the 2048th character', () => {
    expect(gitPush(2044).length).toBe(2051);
    expect(analyzeCommand({ command: gitPush(2044) }).network).toBe(true);
  });
  it('does not read one character past it', () => {
    expect(analyzeCommand({ command: gitPush(2045) }).network).toBe(false);
  });
});

describe('scripts written: content that could not be read', () => {
  it('counts a script whose content could not be read as both network and credential', () => {
    const args = {
      path: 'scripts/deploy.sh',
      get content(): string {
        throw new Error('revoked');
      },
    };
    expect(scriptWrites(args)).toEqual([{ path: 'scripts/deploy.sh', network: true, credential: true }]);
  });
  it('leaves out a script path given with no content at all', () => {
    expect(scriptWrites({ path: 'scripts/deploy.sh' })).toEqual([]);
  });
});
