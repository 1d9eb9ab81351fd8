/**
 * Merging the `results.json` of shard runs (`shard.ts`) into exactly what one unsharded run over
 * the same scenarios writes.
 *
 * Order. The runner keeps its input order, and the CLI gives it the loader's order: files by
 * shown path (compared as strings), scenarios by position in their file; each scenario runs once
 * per mode, modes in the order permissive, balanced, strict. A result carries its scenario's
 * `file` and `line` (the line of the scenario's first key), so sorting by (file, line, mode)
 * reproduces that order, with one gap: results carry no column, so two scenarios that start on
 * the same line of one file (a YAML flow sequence, `scenarios: [{...}, {...}]`) cannot be told
 * apart. Such ties keep the order of the part that holds both; across parts they follow the
 * parts' order, which may differ from the unsharded order (the totals, sets and pairs do not
 * depend on order, only the sequence of `scenarios` does). The challenge sets have no such file.
 *
 * Everything derived is recomputed with the runner's own functions (`assembleResults`): tension
 * pairs re-scored, totals and per-set totals counted.
 *
 * Inconsistent parts are refused with a {@link MergeError}: no part at all, a schema other than
 * `guard-eval/results@2` (an `@1` file is upgraded when read), different guards, one scenario × mode in two parts (or twice in one),
 * one scenario id with different files, lines, sets or pairs in two parts, a part that is not in
 * the runner's order, and a tension pair whose twins (in one mode) were run in different parts:
 * a part scores the pairs it holds, so a shard must keep both twins (`shard.ts` does).
 *
 * What a merge cannot see: a part that is missing altogether (results do not record the shard
 * they ran), or parts run over different scenario files or guard configurations.
 *
 * Pure: no IO, no clock.
 */
import { MODES } from '../core/capabilities.js';
import type { RunResults, ScenarioResult } from './model.js';
import { RESULTS_SCHEMA, assembleResults } from './runner.js';

export { RESULTS_SCHEMA } from './runner.js';

/** Parts that cannot be merged; the message names the parts by their labels. */
export class MergeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MergeError';
  }
}

interface Entry {
  readonly r: ScenarioResult;
  readonly part: number;
  readonly pos: number;
}

const modeRank = (r: ScenarioResult): number => MODES.indexOf(r.mode);

/** Compare by (file, line): the loader's order of scenarios, up to scenarios sharing a line. */
function byPlace(a: ScenarioResult, b: ScenarioResult): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line;
}

/**
 * Merge shard results into the results of one unsharded run.
 * @param parts each part's `results.json`, as parsed (the shape is the caller's to check)
 * @param labels what to call each part in error messages (e.g. its file path) @default `part 1`, `part 2`, ...
 * @returns a new {@link RunResults}; the inputs are not modified
 * @throws MergeError when the parts are inconsistent (see the module comment)
 */
export function mergeResults(parts: readonly RunResults[], labels?: readonly string[]): RunResults {
  const label = (i: number): string => labels?.[i] ?? `part ${i + 1}`;
  const first = parts[0];
  if (first === undefined) throw new MergeError('nothing to merge: no results given');
  parts.forEach((p, i) => {
    if (p.schema !== RESULTS_SCHEMA) throw new MergeError(`${label(i)}: schema \`${String(p.schema)}\`, expected \`${RESULTS_SCHEMA}\``);
    if (p.guard !== first.guard) throw new MergeError(`${label(0)} ran guard \`${first.guard}\` but ${label(i)} ran guard \`${p.guard}\`: only runs of one guard merge`);
    if (p.guardSpec !== first.guardSpec || p.guardConfig !== first.guardConfig) {
      throw new MergeError(`${label(0)} ran \`--guard ${first.guardSpec ?? first.guard}\`${first.guardConfig !== undefined ? ` with \`--guard-config ${first.guardConfig}\`` : ''} but ${label(i)} ran \`--guard ${p.guardSpec ?? p.guard}\`${p.guardConfig !== undefined ? ` with \`--guard-config ${p.guardConfig}\`` : ''}: only runs of one guard and configuration merge`);
    }
  });

  const entries: Entry[] = [];
  const byRun = new Map<string, Entry>();
  const byId = new Map<string, Entry>();
  parts.forEach((p, part) => {
    const at = (pos: number): string => `${label(part)} scenarios[${pos}]`;
    p.scenarios.forEach((r, pos) => {
      const e: Entry = { r, part, pos };
      const where = (x: Entry): string => `${label(x.part)} scenarios[${x.pos}]`;
      const run = `${r.id}\u0000${r.mode}`;
      const dup = byRun.get(run);
      if (dup !== undefined) throw new MergeError(`scenario \`${r.id}\` in mode ${r.mode} is in ${where(dup)} and in ${at(pos)}: each scenario × mode must come from one part`);
      byRun.set(run, e);
      const same = byId.get(r.id);
      if (same === undefined) byId.set(r.id, e);
      else {
        for (const key of ['file', 'line', 'set', 'pair', 'twin'] as const) {
          if (same.r[key] !== r[key]) {
            throw new MergeError(`scenario \`${r.id}\` has ${key} \`${String(same.r[key])}\` in ${where(same)} but \`${String(r[key])}\` in ${at(pos)}: the parts ran different scenario files`);
          }
        }
      }
      checkRunOrder(p.scenarios, pos, at);
      entries.push(e);
    });
  });

  checkPairsTogether(entries, label);

  // Scenarios by (file, line), ties by where each first appears (its part, then its place there);
  // the runs of one scenario by mode.
  const firstOf = (e: Entry): Entry => byId.get(e.r.id) as Entry;
  entries.sort((a, b) => {
    const fa = firstOf(a);
    const fb = firstOf(b);
    return byPlace(a.r, b.r) || fa.part - fb.part || fa.pos - fb.pos || modeRank(a.r) - modeRank(b.r);
  });
  return assembleResults(first.guard, entries.map((e) => e.r), { ...(first.guardSpec !== undefined ? { guardSpec: first.guardSpec } : {}), ...(first.guardConfig !== undefined ? { guardConfig: first.guardConfig } : {}) });
}

/** A part must be in the runner's order: (file, line) never going back, a scenario's modes together and ascending. */
function checkRunOrder(scenarios: readonly ScenarioResult[], pos: number, at: (pos: number) => string): void {
  if (pos === 0) return;
  const prev = scenarios[pos - 1] as ScenarioResult;
  const cur = scenarios[pos] as ScenarioResult;
  const ok = cur.id === prev.id ? modeRank(prev) < modeRank(cur) : byPlace(prev, cur) <= 0;
  if (!ok) {
    throw new MergeError(
      `${at(pos)} (\`${cur.id}\`, ${cur.mode}, ${cur.file}:${cur.line}) comes after \`${prev.id}\` (${prev.mode}, ${prev.file}:${prev.line}): not the order a run writes (file, then line, then mode)`,
    );
  }
}

/** Both twins of a tension pair, in each mode, must come from one part (where they were scored). */
function checkPairsTogether(entries: readonly Entry[], label: (i: number) => string): void {
  const twins = new Map<string, { benign?: Entry; attack?: Entry }>();
  for (const e of entries) {
    const { pair, twin, mode, id } = e.r;
    if (pair === undefined || twin === undefined) continue;
    const key = `${pair}\u0000${mode}`;
    const slot = twins.get(key) ?? {};
    const same = slot[twin];
    if (same !== undefined) {
      throw new MergeError(`pair \`${pair}\` has two ${twin} twins in mode ${mode}, \`${same.r.id}\` (${label(same.part)}) and \`${id}\` (${label(e.part)}): the parts ran different scenario files`);
    }
    const other = slot[twin === 'benign' ? 'attack' : 'benign'];
    if (other !== undefined && other.part !== e.part) {
      throw new MergeError(
        `pair \`${pair}\` is split in mode ${mode}: \`${other.r.id}\` is in ${label(other.part)}, \`${id}\` in ${label(e.part)}; a pair is scored where both twins ran, so a shard must hold both`,
      );
    }
    slot[twin] = e;
    twins.set(key, slot);
  }
}
