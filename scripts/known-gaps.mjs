/**
 * The built-in guard's known gaps on set-1's corpus part, kept current.
 *
 * Every corpus scenario (tag `corpus`) is one call labelled with bounds. Where the built-in guard
 * gets a step wrong, the step carries `known: {builtin: "classifies to …"}`, so the set passes and
 * the gate holds what is right today; where it gets the step right, it carries no such note. After
 * a change of the classifier, this script runs the corpus with the built-in guard and rewrites
 * those notes: a gap that is fixed loses its note, a new one gets a note, a changed answer gets the
 * new answer. Only the `builtin` entry of `known:` is touched (another guard's entry is kept), and
 * only that line of the file: comments, layout and every other line stay as written.
 *
 *   node scripts/known-gaps.mjs            # show what would change (exit 1 if anything would)
 *   node scripts/known-gaps.mjs --write    # change the files
 *
 * Needs a build (`npm run build`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMap, isSeq, parseDocument } from 'yaml';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SET = 'challenge-sets/set-1-classification';
const ALL = ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS', 'EXTERNAL_ACTION', 'LOCAL_MUTATION', 'CODE_EXECUTION', 'CREDENTIAL_ACCESS'];

const flags = process.argv.slice(2);
if (flags.some((f) => f !== '--write')) {
  process.stderr.write('usage: node scripts/known-gaps.mjs [--write]\n');
  process.exit(2);
}
const write = flags.includes('--write');

/** What the built-in guard's answer misses of a label, as the note says it. */
export function noteFor(label, actual, expectedVerdict, actualVerdict, unknownPosture = false) {
  const got = new Set(actual);
  const missing = label.must.filter((c) => !got.has(c));
  const excluded = label.must_not.filter((c) => got.has(c));
  if (missing.length === 0 && excluded.length === 0 && expectedVerdict === actualVerdict) return undefined;
  // An empty set that is not recognised as harmless: the unknown-tool posture decides.
  if (actual.length === 0) return 'classifies to nothing, so the unknown-tool posture asks';
  if (missing.length === 0 && excluded.length === 0) return `decides ${actualVerdict}, not ${expectedVerdict}`;
  const order = (xs) => ALL.filter((c) => xs.includes(c));
  const parts = [];
  if (missing.length > 0) parts.push(`no ${order(missing).join(', ')}`);
  if (excluded.length > 0) parts.push(`${order(excluded).join(', ')} excluded by the label`);
  // Capabilities and the unknown-tool posture besides (a verb the classifier cannot read, or a spec
  // read only in part).
  const posture = unknownPosture ? ', and the unknown-tool posture applies' : '';
  return `classifies to [${order(actual).join(', ')}]: ${parts.join('; ')}${posture}`;
}

const out = mkdtempSync(join(tmpdir(), 'known-gaps-'));
try {
  const run = spawnSync(process.execPath, [join(ROOT, 'bin/guard-eval.js'), 'run', SET, '--tag', 'corpus', '--out', out, '--quiet'], { cwd: ROOT, encoding: 'utf8' });
  if (run.status === 2 || run.error !== undefined) {
    process.stderr.write(`error: the corpus did not run: ${run.error?.message ?? run.stderr.trim()}\n`);
    process.exit(2);
  }
  const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
  /** file → line of a step's `call:` → the step's result */
  const byFile = new Map();
  for (const s of results.scenarios) {
    for (const st of s.steps) {
      if (!byFile.has(s.file)) byFile.set(s.file, new Map());
      byFile.get(s.file).set(st.line, st);
    }
  }
  let added = 0;
  let removed = 0;
  let changed = 0;
  for (const [file, steps] of [...byFile].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const path = join(ROOT, file);
    const text = readFileSync(path, 'utf8');
    const doc = parseDocument(text, { keepSourceTokens: true });
    /** [start, end, replacement] edits of the text, applied last to first */
    const edits = [];
    const lineOf = (offset) => text.slice(0, offset).split('\n').length;
    const scenarios = doc.get('scenarios');
    if (!isSeq(scenarios)) continue;
    for (const sc of scenarios.items) {
      if (!isMap(sc)) continue;
      const tags = sc.get('tags');
      if (!isSeq(tags) || !tags.items.some((t) => t.value === 'corpus')) continue;
      const stepsNode = sc.get('steps');
      if (!isSeq(stepsNode)) continue;
      for (const step of stepsNode.items) {
        if (!isMap(step)) continue;
        const callPair = step.items.find((p) => p.key?.value === 'call');
        const result = callPair && steps.get(lineOf(callPair.key.range[0]));
        const expect = step.get('expect');
        const caps = isMap(expect) ? expect.get('capabilities') : undefined;
        if (result === undefined || !(isMap(caps) || isSeq(caps))) continue;
        // Bounds, or an exact list: what it leaves out is excluded.
        const exact = isSeq(caps) ? caps.toJSON() : undefined;
        const label = exact !== undefined ? { must: exact, must_not: ALL.filter((c) => !exact.includes(c)) } : { must: caps.get('must')?.toJSON() ?? [], must_not: caps.get('must_not')?.toJSON() ?? [] };
        const want = noteFor(label, result.capabilities ?? [], result.expected, result.actual, (result.rules ?? []).includes('classify.unknown-tool'));
        const knownPair = step.items.find((p) => p.key?.value === 'known');
        const known = knownPair?.value;
        const others = isMap(known) ? known.items.filter((p) => p.key?.value !== 'builtin') : [];
        const had = isMap(known) ? known.get('builtin') : undefined;
        if (knownPair !== undefined && !isMap(known)) continue; // a note for every guard: written by hand, left alone
        if (had === want) continue;
        const entries = [...others.map((p) => `${p.key.value}: ${JSON.stringify(p.value.toJSON())}`), ...(want === undefined ? [] : [`builtin: ${JSON.stringify(want)}`])];
        if (knownPair === undefined) {
          // A new note, on its own line after the step's last one, at the step's indentation.
          const indent = ' '.repeat(callPair.key.range[0] - text.lastIndexOf('\n', callPair.key.range[0]) - 1);
          const end = step.range[1];
          const lineEnd = text.indexOf('\n', end - 1);
          edits.push([lineEnd, lineEnd, `\n${indent}known: {${entries.join(', ')}}`]);
          added++;
        } else if (entries.length === 0) {
          // The whole `known:` line goes.
          const start = text.lastIndexOf('\n', knownPair.key.range[0]);
          const end = text.indexOf('\n', known.range[1] - 1);
          edits.push([start, end, '']);
          removed++;
        } else {
          edits.push([known.range[0], known.range[1], `{${entries.join(', ')}}`]);
          if (want === undefined) removed++;
          else if (had === undefined) added++;
          else changed++;
        }
        if (!write) {
          const at = `${file}:${lineOf(callPair.key.range[0])}`;
          process.stdout.write(`${at}: ${had === undefined ? 'new gap' : want === undefined ? 'fixed' : 'changed'}: ${want ?? had}\n`);
        }
      }
    }
    if (write && edits.length > 0) {
      let next = text;
      for (const [s, e, r] of edits.sort((a, b) => b[0] - a[0])) next = next.slice(0, s) + r + next.slice(e);
      writeFileSync(path, next);
    }
  }
  process.stdout.write(`${added} new, ${changed} changed, ${removed} fixed${write ? ' (written)' : ' (nothing written; --write to write)'}\n`);
  process.exitCode = !write && added + changed + removed > 0 ? 1 : 0;
} finally {
  rmSync(out, { recursive: true, force: true });
}
