/** Every output goes through an exclusive temporary file and a rename; symlinks never redirect a write. */
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeTextFiles } from '../../src/harness/write-reports.js';
import { InputError } from '../../src/io/errors.js';
import { prepareOutDir, writeFileSafely } from '../../src/io/safe-write.js';

const tmp = (): string => mkdtempSync(join(tmpdir(), 'guard-eval-write-'));

describe('writeFileSafely', () => {
  it('replaces a symlink at the target instead of writing where it points', () => {
    const dir = tmp();
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'keep me');
    symlinkSync(victim, join(dir, 'summary.md'));
    writeFileSafely(join(dir, 'summary.md'), 'report');
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
    expect(lstatSync(join(dir, 'summary.md')).isSymbolicLink()).toBe(false);
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toBe('report');
  });

  it('is not redirected by a symlink planted at a temporary name, and leaves no temporary file', async () => {
    const dir = tmp();
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'keep me');
    for (const name of ['summary.md.tmp', '.summary.md.tmp', 'results.json.tmp']) symlinkSync(victim, join(dir, name));
    await writeTextFiles(dir, [
      { file: 'summary.md', text: 'a' },
      { file: 'results.json', text: '{}' },
    ]);
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
    expect(readdirSync(dir).sort()).toEqual(['.summary.md.tmp', 'results.json', 'results.json.tmp', 'summary.md', 'summary.md.tmp', 'victim.txt']);
  });

  it('writes through a symlink when asked, keeping the link and the mode of the file it points to', () => {
    const dir = tmp();
    mkdirSync(join(dir, 'real'));
    const real = join(dir, 'real', 'case.yaml');
    writeFileSync(real, 'old');
    chmodSync(real, 0o444);
    symlinkSync(real, join(dir, 'case.yaml'));
    writeFileSafely(join(dir, 'case.yaml'), 'new', { throughSymlink: true });
    expect(readlinkSync(join(dir, 'case.yaml'))).toBe(real);
    expect(readFileSync(real, 'utf8')).toBe('new');
    expect(statSync(real).mode & 0o777).toBe(0o444);
    expect(readdirSync(join(dir, 'real'))).toEqual(['case.yaml']);
  });

  it('keeps the mode of a file it replaces', () => {
    const dir = tmp();
    const f = join(dir, 'baseline.json');
    writeFileSync(f, 'old');
    chmodSync(f, 0o640);
    writeFileSafely(f, 'new');
    expect(statSync(f).mode & 0o777).toBe(0o640);
  });

  it('exclusive: refuses an existing file and a dangling symlink, writing nothing', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'key.json'), 'mine');
    symlinkSync(join(dir, 'nowhere'), join(dir, 'sheet.csv'));
    expect(() => writeFileSafely(join(dir, 'key.json'), 'x', { exclusive: true })).toThrow(/key\.json.*|already exists/);
    expect(() => writeFileSafely(join(dir, 'sheet.csv'), 'x', { exclusive: true })).toThrow(InputError);
    expect(readFileSync(join(dir, 'key.json'), 'utf8')).toBe('mine');
    expect(readdirSync(dir).sort()).toEqual(['key.json', 'sheet.csv']);
    writeFileSafely(join(dir, 'new.csv'), 'x', { exclusive: true });
    expect(readFileSync(join(dir, 'new.csv'), 'utf8')).toBe('x');
  });

  it('a folder or a missing folder at the target is a clean InputError', () => {
    const dir = tmp();
    mkdirSync(join(dir, 'sub'));
    const messages = [join(dir, 'sub'), join(dir, 'missing', 'x.md')].map((t) => {
      try {
        writeFileSafely(t, 'x');
        return 'written';
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        return (e as InputError).issues[0]?.message;
      }
    });
    expect(messages).toEqual(['cannot write: is a folder', 'cannot write: its folder does not exist']);
  });
});

describe('prepareOutDir', () => {
  it('refuses an empty name, a file and /dev/null; creates a missing folder', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'file'), '');
    for (const bad of ['', '  ', join(dir, 'file'), '/dev/null']) {
      expect(() => prepareOutDir(bad), JSON.stringify(bad)).toThrow(InputError);
    }
    expect(() => prepareOutDir(join(dir, 'file', 'sub'))).toThrow(/cannot create the folder: a part of the path is a file, not a folder \(--out\)/);
    prepareOutDir(join(dir, 'a', 'b'));
    expect(statSync(join(dir, 'a', 'b')).isDirectory()).toBe(true);
  });
});
