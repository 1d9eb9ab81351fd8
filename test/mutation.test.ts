/**
 * The mutant generator of `npm run mutation` (scripts/mutation/mutants.mjs): each operator makes the
 * edit it names, at the right place, and module-level mutants say what text a scenario must hold
 * to notice them; the word index that finds those scenarios answers as a search of their text would.
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ESM script without type declarations
import { applyMutant, mutantDiff, mutantsOf, requiredText } from '../scripts/mutation/mutants.mjs';
// @ts-expect-error -- a plain ESM script without type declarations
import { WordIndex, readings } from '../scripts/mutation/word-index.mjs';

interface Mutant {
  readonly operator: string;
  readonly line: number;
  readonly original: string;
  readonly replacement: string;
  readonly static: boolean;
  readonly fn?: string;
}

const SRC = [
  "const NETWORK = ['curl', 'wget', 'nc'];",
  'const HEAD = /curl|wget|fsockopen/;',
  'export function decide(x: number, y: boolean): string {',
  "  if (x >= 3 && !y) return 'deny';",
  '  log(x);',
  "  return x === 0 ? 'ask' : 'allow';",
  '}',
  'type T = { a: 1 };',
  '',
].join('\n');

const all = mutantsOf('src/core/x.ts', SRC) as Mutant[];
const of = (op: string): Mutant[] => all.filter((m) => m.operator === op);
const apply = (m: Mutant): string => applyMutant(SRC, m) as string;

describe('mutantsOf', () => {
  it('drops each string of a list, one at a time, keeping the list well-formed', () => {
    expect(of('list-element').map((m) => apply(m).split('\n')[0])).toEqual(["const NETWORK = ['wget', 'nc'];", "const NETWORK = ['curl', 'nc'];", "const NETWORK = ['curl', 'wget'];"]);
    expect(of('list-element').every((m) => m.static)).toBe(true);
  });

  it('drops each alternative of a regular expression', () => {
    expect(of('regex-alternative').map((m) => apply(m).split('\n')[1])).toEqual(['const HEAD = /wget|fsockopen/;', 'const HEAD = /curl|fsockopen/;', 'const HEAD = /curl|wget/;']);
  });

  it('flips comparisons, logic and equality, drops a negation, weakens verdicts, deletes statements', () => {
    const line4 = (m: Mutant): string => apply(m).split('\n')[3] as string;
    expect(of('comparison').map(line4)).toEqual(["  if (x > 3 && !y) return 'deny';"]);
    expect(of('logical').map(line4)).toEqual(["  if (x >= 3 || !y) return 'deny';"]);
    expect(of('negation').map(line4)).toEqual(["  if (x >= 3 && y) return 'deny';"]);
    expect(of('condition').map(line4)).toEqual(["  if (false) return 'deny';"]);
    expect(of('verdict').map((m) => apply(m).split('\n')[m.line - 1])).toEqual(["  if (x >= 3 && !y) return 'ask';", "  return x === 0 ? 'allow' : 'allow';"]);
    expect(of('equality').map((m) => apply(m).split('\n')[5])).toEqual(["  return x !== 0 ? 'ask' : 'allow';"]);
    expect(of('statement').map((m) => apply(m).split('\n')[4])).toEqual(['  ;']);
    expect(of('number').map((m) => m.replacement)).toEqual(['4', '1']);
  });

  it('names the function around a mutant, and leaves types alone', () => {
    expect(of('statement')[0]?.fn).toBe('decide');
    expect(all.filter((m) => m.line === 8)).toEqual([]);
  });

  it('names each function as V8 does, so that coverage finds the runs and tests reaching a mutant', async () => {
    const src = [
      'export function plain(x: number): number { return x + 1; }',
      'export const arrow = (x: number): number => x + 1;',
      'export class Box {',
      '  v = 0;',
      '  constructor(x: number) { this.v = x + 1; }',
      '  method(x: number): number { return x + 1; }',
      '  get size(): number { return this.v + 1; }',
      '  set size(x: number) { this.v = x + 1; }',
      '  static make(x: number): Box { return new Box(x + 1); }',
      '}',
      'export const obj = { short(x: number): number { return x + 1; }, long: function (x: number): number { return x + 1; } };',
      '',
    ].join('\n');
    // The field's initialiser is outside any function: a module-level mutant, chosen by other means.
    const named = (mutantsOf('src/core/names.ts', src) as Mutant[]).filter((m) => m.operator === 'number' && !m.static);
    const dir = mkdtempSync(join(tmpdir(), 'guard-eval-names-'));
    const file = join(dir, 'names.mjs');
    writeFileSync(file, ts.transpileModule(src, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText);
    const session = new Session();
    session.connect();
    try {
      await session.post('Profiler.enable');
      await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
      const m = await import(pathToFileURL(file).href);
      const box = m.Box.make(1);
      box.size = box.size + box.method(1);
      m.plain(m.arrow(m.obj.short(m.obj.long(1))));
      const { result } = await session.post('Profiler.takePreciseCoverage');
      const ran = new Set(result.filter((r) => r.url === pathToFileURL(file).href).flatMap((r) => r.functions.filter((f) => (f.ranges[0]?.count ?? 0) > 0).map((f) => f.functionName)));
      expect(named.map((x) => x.fn).sort()).toEqual(['Box', 'arrow', 'get size', 'long', 'make', 'method', 'plain', 'set size', 'short']);
      expect(named.map((x) => x.fn).filter((fn) => !ran.has(fn as string))).toEqual([]);
    } finally {
      session.disconnect();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('requiredText and mutantDiff', () => {
  it('module-level mutants name the text a scenario must hold to notice them', () => {
    // Word stems, so that an inflected form (`curls`, `wgetting`) still counts.
    expect(of('list-element').map((m) => requiredText(m))).toEqual([[['cur']], [['wge']], [['nc']]]);
    expect(of('regex-alternative').map((m) => requiredText(m))).toEqual([[['cur']], [['wge']], [['fsockop']]]);
    // A dropped alternative with several literal runs: a scenario holding any one of them qualifies;
    // one with optional parts or classes gives no filter.
    const raw = mutantsOf('src/core/y.ts', 'const R = { src: String.raw`\\b(?:curl|wget)\\b|fsock(?:open)?|x[ab]` };\n') as Mutant[];
    expect(raw.map((m) => requiredText(m))).toEqual([[['cur']], [['wge']], [['cur'], ['wge']], undefined, undefined]);
    expect(raw.map((m) => applyMutant('const R = { src: String.raw`\\b(?:curl|wget)\\b|fsock(?:open)?|x[ab]` };\n', m).trim())).toEqual([
      // Inside the group, then at the top level.
      'const R = { src: String.raw`\\b(?:wget)\\b|fsock(?:open)?|x[ab]` };',
      'const R = { src: String.raw`\\b(?:curl)\\b|fsock(?:open)?|x[ab]` };',
      'const R = { src: String.raw`fsock(?:open)?|x[ab]` };',
      'const R = { src: String.raw`\\b(?:curl|wget)\\b|x[ab]` };',
      'const R = { src: String.raw`\\b(?:curl|wget)\\b|fsock(?:open)?` };',
    ]);
    expect(requiredText(of('number')[0] as Mutant)).toBeUndefined();
  });

  it('a dropped last term of a line asks only for its own words, not for the comment after it', () => {
    const src = "const WORDS = [\n  'wiki', 'outbox',\n  // Traditional forms below.\n  '讀取',\n];\n";
    const ms = (mutantsOf('src/core/w.ts', src) as Mutant[]).filter((m) => m.operator === 'list-element');
    expect(ms.map((m) => requiredText(m))).toEqual([[['wik']], [['outb']], [['讀取']]]);
  });

  it('shows the original line and the mutated one', () => {
    expect(mutantDiff(SRC, of('comparison')[0])).toBe("- if (x >= 3 && !y) return 'deny';\n+ if (x > 3 && !y) return 'deny';");
  });
});

describe('equivalent.json', () => {
  it('names, for every entry, a mutant the generator makes today, with a reason', async () => {
    const { readFileSync } = await import('node:fs');
    const list = JSON.parse(readFileSync('scripts/mutation/equivalent.json', 'utf8')) as { file: string; diff: string; function?: string; reason: string }[];
    const stale: string[] = [];
    // Each file's mutants and their diffs, made once: the entries name a few files hundreds of times.
    const byFile = new Map<string, { m: Mutant; diff: string }[]>();
    for (const e of list) {
      let made = byFile.get(e.file);
      if (made === undefined) {
        const src = readFileSync(e.file, 'utf8');
        made = (mutantsOf(e.file, src) as Mutant[]).map((m) => ({ m, diff: mutantDiff(src, m) }));
        byFile.set(e.file, made);
      }
      const ms = made.filter(({ m, diff }) => diff === e.diff && (e.function === undefined || m.fn === e.function));
      if (ms.length === 0) stale.push(`${e.file}: ${e.diff.split('\n')[0]}`);
      expect(e.reason.length).toBeGreaterThan(20);
    }
    expect(stale).toEqual([]);
  });
});

describe('WordIndex', () => {
  // Pieces made of words, separators the squeezed reading drops (space, `_`, `.`, `-`) and JSON's
  // punctuation; searched words from the same letters, so that they often match.
  const letters = ['a', 'b', 'c', '_', '1', '密', '钥'];
  const piece = fc.array(fc.constantFrom(...letters, ' ', '.', '-', '"', ':', '{', '}', ','), { maxLength: 40 }).map((cs) => cs.join(''));
  const word = fc.array(fc.constantFrom(...letters), { minLength: 1, maxLength: 4 }).map((cs) => cs.join(''));

  it('says a piece holds a word exactly when either of its readings contains it', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.array(word, { minLength: 1, maxLength: 5 }), (texts, words) => {
        const index = new WordIndex();
        const ids = texts.map((t) => index.add(t) as number);
        for (const w of words) {
          const has = index.holders(w) as Uint8Array;
          expect(texts.map((_t, i) => has[ids[i] as number] === 1)).toEqual(texts.map((t) => readings(t).includes(w)));
        }
      }),
      { seed: 20261203, numRuns: 300 },
    );
  });

  it('gives the same text the same id, finds squeezed names, and does not answer for what is not one word', () => {
    const index = new WordIndex();
    expect(index.add('{"secret_key":"x"}')).toBe(0);
    expect(index.add('{"secret_key":"x"}')).toBe(0);
    expect(index.add('{"api-token":"y"}')).toBe(1);
    expect([...(index.holders('secretkey') as Uint8Array)]).toEqual([1, 0]);
    expect([...(index.holders('apitok') as Uint8Array)]).toEqual([0, 1]);
    expect([...(index.holders('cre') as Uint8Array)]).toEqual([1, 0]);
    expect(index.holders('secret key')).toBeUndefined();
    expect(index.holders('')).toBeUndefined();
  });
});
