import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiBytes } from '../../src/core/ascii.js';
import { headLines } from '../../src/core/head-lines.js';

/**
 * The lines `headLines(names).find(text)` must keep, computed the slow way: a line is kept when it
 * holds `=` or a whole run of `[A-Za-z0-9_.+-]` that is a name (any case, with or without `.exe`);
 * adjacent kept lines are merged.
 */
function reference(names: readonly string[], text: string): number[] {
  const known = new Set(names.filter((n) => /^[a-z0-9_.+-]+$/.test(n)));
  const out: number[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    const end = start + line.length;
    const runs = line.match(/[A-Za-z0-9_.+-]+/g) ?? [];
    const hot = line.includes('=') || runs.some((r) => {
      const low = r.toLowerCase();
      return known.has(low.endsWith('.exe') ? low.slice(0, -4) : low);
    });
    if (hot) {
      if (out.length > 0 && out[out.length - 1] === start - 1) out[out.length - 1] = end;
      else out.push(start, end);
    }
    start = end + 1;
  }
  return out;
}

/** The run hash the finder's filter uses, in 16 bits. */
function slot(run: string): number {
  let h = 0;
  for (const ch of run.toLowerCase()) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h & 0xffff;
}

/** A lower-case run that is not `name` but lands in its filter slot. */
function collisionWith(name: string): string {
  const want = slot(name);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (const a of letters) for (const b of letters) for (const c of letters) for (const d of letters) {
    const run = a + b + c + d;
    if (run !== name && slot(run) === want) return run;
  }
  throw new Error('no collision');
}

describe('headLines: the kept lines are exactly the lines with a name or "="', () => {
  const names = ['curl', 'nc', 'aws', 'zip', 'python3', 'x'];

  it('matches the slow reading on random texts (seed 77)', () => {
    const token = fc.constantFrom(
      'curl', 'CURL', 'Curl.EXE', 'nc', 'NC.exe', 'aws', 'AWS', 'zip', 'ZIP', 'python3', 'PYTHON3.EXE', 'x', 'X',
      'curly', 'xcurl', 'python3.11', 'echo', 'ls', 'a', 'q', '=', ' ', '  ', '\n', '\n\n', ';', '/', '\\', '"',
      "'", '-', '.', '_', '+', 'é', '漢', '[', '{', '>', '<', '\t', '\r', '0', '9',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 40 }), (ts) => {
        const text = ts.join('');
        expect(headLines(names).find(text)).toEqual(reference(names, text));
      }),
      { seed: 77, numRuns: 2000 },
    );
  });

  it('reads a name at the very start and at the very end of the text', () => {
    const f = headLines(names);
    expect(f.find('curl')).toEqual([0, 4]);
    expect(f.find('nc -l 9\necho')).toEqual([0, 7]);
    expect(f.find('echo\nrun nc')).toEqual([5, 11]);
    expect(f.find('echo\nrun NC.EXE')).toEqual([5, 15]);
    expect(f.find('echo\nx')).toEqual([5, 6]);
    expect(f.find('echo\nrun x')).toEqual([5, 10]);
  });

  it('keeps no line for words that are no name, wherever they stand', () => {
    const f = headLines(names);
    expect(f.find('echo')).toEqual([]);
    expect(f.find('echo a\nls -l\nmake all')).toEqual([]);
    expect(f.find('a curl')).toEqual([0, 6]);
    expect(f.find('q\ncurl')).toEqual([2, 6]);
  });

  it('reads upper-case letters at both ends of the alphabet and the longest name with .exe', () => {
    const f = headLines(['abz', 'za', 'python3']);
    expect(f.find('ABZ')).toEqual([0, 3]);
    expect(f.find('ZA -v\nAbZ.exe')).toEqual([0, 13]);
    expect(f.find('echo\nPYTHON3.EXE -V')).toEqual([5, 19]);
    expect(f.find('python3.exe')).toEqual([0, 11]);
    expect(f.find('echo\nbzA')).toEqual([]);
  });

  it('keeps the first line only when it holds a name or "=" and merges only adjacent lines', () => {
    const f = headLines(names);
    expect(f.find('echo\necho')).toEqual([]);
    expect(f.find('a=1\necho\nb=2')).toEqual([0, 3, 9, 12]);
    expect(f.find('a=1\nb=2')).toEqual([0, 7]);
    expect(f.find('echo\na=1\nb=2\necho\nc=3')).toEqual([5, 12, 18, 21]);
    expect(f.find('echo > out\n<y')).toEqual([]);
  });

  it('does not keep a line for a run that only shares a name\'s filter slot', () => {
    const other = collisionWith('curl');
    expect(slot(other)).toBe(slot('curl'));
    const f = headLines(['curl']);
    expect(f.find(`${other} -v`)).toEqual([]);
    expect(f.find(`echo ${other}`)).toEqual([]);
    expect(f.find(`${other}\necho`)).toEqual([]);
  });

  it('leaves out a name that is not a run of name characters, the empty one included', () => {
    const f = headLines(['', 'Curl', 'a b', 'nc']);
    expect(f.find('.exe')).toEqual([]);
    expect(f.find('run .EXE now')).toEqual([]);
    expect(f.find('a b')).toEqual([]);
    expect(f.find('nc')).toEqual([0, 2]);
  });

  it('wipes every byte it read, the first one included', () => {
    const f = headLines(names);
    f.find('zzzz secret-value-5678');
    const scratch = asciiBytes('') as Uint8Array;
    expect(Array.from(scratch.subarray(0, 22))).toEqual(new Array(22).fill(0));
  });
});
