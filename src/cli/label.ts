/**
 * `guard-eval label export|import|apply`: blinded labeling sheets for an agreement study.
 *
 * - export: scenarios → a sheet (CSV) for labelers and a key (JSON) kept by the study's owner.
 * - import: returned sheets → validation against the key (every issue with its row), and a summary.
 * - apply: an adjudication CSV (`item_id`, `final_label`) → the labels written back into the
 *   scenario files (a preview without `--write`).
 *
 * Exit codes: 0 success; 1 a returned sheet has issues (import), or a label was not applied because
 * other runs share it (apply; the others are applied); 2 bad input or usage (an existing
 * output without `--force`, an unreadable key or sheet, any write-back issue: nothing is written).
 */
import { loadCliScenarios } from './scenarios.js';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { CAPABILITIES, MODES, VERDICTS } from '../core/capabilities.js';
import type { Verdict } from '../core/capabilities.js';
import { STRATIFY_KEYS, buildSheet } from '../harness/label-sheet.js';
import { CAPABILITY_ANSWERS, CAPABILITY_SHEET_COLUMNS, buildCapabilitySheet, capabilityAgreement, readReturnedCapabilities } from '../harness/capability-sheet.js';
import type { CapabilityKey, CapabilityKeyItem, ReturnedCapabilities } from '../harness/capability-sheet.js';
import type { LabelKey, Stratify } from '../harness/label-sheet.js';
import { formatIssue, InputError } from '../io/errors.js';
import { applyLabels, withStepHashes } from '../io/label-apply.js';
import { writeFileSafely } from '../io/safe-write.js';
import type { AdjudicationRow } from '../io/label-apply.js';
import { labelerColumns, readSheetFile, renderSheetCsv, renderTableCsv, sheetLabeler, validateReturnedSheet } from '../io/label-csv.js';
import type { ReturnedItem } from '../io/label-csv.js';
import { agreementReport, fleissKappa, krippendorffAlpha } from '../harness/agreement.js';
import type { AgreementReport } from '../harness/agreement.js';
import type { CliIO } from './main.js';

const usage = (message: string, file = 'label'): InputError => new InputError('USAGE', [{ pos: { file }, message }]);

export interface LabelExportOptions {
  readonly out: string;
  /** The key to write; or, with `fromKey`, none (the sheet joins that key's study). */
  readonly key?: string;
  /** Another labeler's sheet of an earlier export: same items and ids, this labeler's row order. */
  readonly fromKey?: string;
  readonly seed?: string;
  readonly sample?: string;
  readonly stratify?: string;
  readonly labeler?: string;
  readonly bom?: boolean;
  readonly lf?: boolean;
  readonly force?: boolean;
  /** A capability sheet: one row per tool whose step labels its capabilities, a column per capability. */
  readonly capabilities?: boolean;
}

/** `--sample`, checked. @throws InputError (exit 2) */
function sampleOf(o: LabelExportOptions): number | undefined {
  if (o.sample === undefined) return undefined;
  const sample = Number(o.sample);
  if (!/^\d+$/.test(o.sample) || !Number.isSafeInteger(sample) || sample <= 0) throw usage(`--sample must be a positive integer, got \`${o.sample}\``);
  return sample;
}

/** A sheet and a key to write: two files, neither there already unless `force`. @throws InputError (exit 2) */
function checkOutputs(out: string, key: string, force: boolean): void {
  if (out === key) throw usage('the sheet and the key must be different files');
  if (force) return;
  const exists = [out, key].filter((f) => existsSync(f));
  if (exists.length > 0) throw new InputError('EXISTS', exists.map((f) => ({ pos: { file: f }, message: 'already exists: nothing was written (use --force to overwrite)' })));
}

/**
 * Write the sheet and the key. The seed defaults to a random one (recorded in the key only): item
 * ids are seeded hashes, and a seed the labelers could guess would let them map ids back.
 */
export async function labelExportCommand(paths: readonly string[], o: LabelExportOptions, io: CliIO): Promise<number> {
  if (o.capabilities === true) return exportCapabilities(paths, o, io);
  if (o.fromKey !== undefined) return exportFromKey(paths, o.fromKey, o, io);
  if (o.key === undefined) throw usage('give --key <file> (the key to write), or --from-key <file> for another labeler of an earlier export');
  const sample = sampleOf(o);
  if (o.stratify !== undefined && !(STRATIFY_KEYS as readonly string[]).includes(o.stratify)) throw usage(`--stratify must be one of ${STRATIFY_KEYS.join(', ')}, got \`${o.stratify}\``);
  if (o.stratify !== undefined && sample === undefined) throw usage('--stratify needs --sample');
  checkOutputs(o.out, o.key, o.force === true);
  const { scenarios, warnings } = await loadCliScenarios(paths, ['challenge-sets']);
  for (const w of warnings) io.stderr(`warning: ${formatIssue(w)}\n`);
  const seed = o.seed ?? randomBytes(8).toString('hex');
  const sheet = buildSheet(scenarios, {
    seed,
    ...(sample !== undefined ? { sample } : {}),
    ...(o.stratify !== undefined ? { stratify: o.stratify as Stratify } : {}),
    ...(o.labeler !== undefined ? { labeler: o.labeler } : {}),
  });
  const exclusive = o.force !== true;
  const key = withStepHashes(sheet.key, readText);
  writeFileSafely(o.key, `${JSON.stringify(key, null, 2)}\n`, { exclusive });
  writeFileSafely(o.out, renderSheetCsv(sheet.rows, { bom: o.bom === true, eol: o.lf === true ? 'lf' : 'crlf' }), { exclusive });
  io.stdout(`wrote ${o.out} (${sheet.rows.length} item${sheet.rows.length === 1 ? '' : 's'}) and the key ${o.key}: keep the key away from the labelers\n`);
  return 0;
}

/** `label export --capabilities`: a capability sheet and its key (see capability-sheet.ts). */
async function exportCapabilities(paths: readonly string[], o: LabelExportOptions, io: CliIO): Promise<number> {
  const clash = (['fromKey', 'stratify'] as const).filter((k) => o[k] !== undefined);
  if (clash.length > 0) throw usage(`--capabilities does not take ${clash.map((k) => (k === 'fromKey' ? '--from-key' : `--${k}`)).join(', ')}`);
  if (o.key === undefined) throw usage('give --key <file> (the key to write)');
  const sample = sampleOf(o);
  checkOutputs(o.out, o.key, o.force === true);
  const { scenarios, warnings } = await loadCliScenarios(paths, ['challenge-sets']);
  for (const w of warnings) io.stderr(`warning: ${formatIssue(w)}\n`);
  const sheet = buildCapabilitySheet(scenarios, { seed: o.seed ?? randomBytes(8).toString('hex'), ...(sample !== undefined ? { sample } : {}), ...(o.labeler !== undefined ? { labeler: o.labeler } : {}) });
  if (sheet.key.items.length === 0) throw usage('no step of these scenarios labels its tool\'s capabilities (`expect.capabilities`)');
  const exclusive = o.force !== true;
  writeFileSafely(o.key, `${JSON.stringify(sheet.key, null, 2)}\n`, { exclusive });
  const csv = renderTableCsv([...CAPABILITY_SHEET_COLUMNS], sheet.rows);
  writeFileSafely(o.out, `${o.bom === true ? '\uFEFF' : ''}${o.lf === true ? csv.replace(/\r\n/g, '\n') : csv}`, { exclusive });
  io.stdout(`wrote ${o.out} (${sheet.rows.length} tool${sheet.rows.length === 1 ? '' : 's'}, a column per capability) and the key ${o.key}: keep the key away from the labelers\n`);
  return 0;
}

/** A key file's JSON. @throws InputError (exit 2) */
function readKeyJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new InputError('KEY_INVALID', [{ pos: { file }, message: `cannot read the key: ${e instanceof Error ? e.message : String(e)}` }]);
  }
}

/** A capability key, or undefined when the JSON is another kind of key. @throws InputError (exit 2) when it is a broken one */
function capabilityKeyOf(v: unknown, file: string): CapabilityKey | undefined {
  const k = v as Partial<CapabilityKey> | null;
  if (k === null || typeof k !== 'object' || k.schema !== 'guard-eval/capability-key@1') return undefined;
  const answers = new Set<unknown>(CAPABILITY_ANSWERS);
  const str = (x: unknown): boolean => typeof x === 'string' && x !== '';
  const pos = (x: unknown): boolean => Number.isSafeInteger(x) && (x as number) >= 1;
  const ids = new Set<unknown>();
  const itemOk = (i: Partial<CapabilityKeyItem> | null): boolean => {
    if (i === null || typeof i !== 'object' || ids.has(i.id)) return false;
    ids.add(i.id);
    return [i.id, i.scenario, i.step, i.tool, i.file].every(str) && pos(i.line) && pos(i.col) && Array.isArray(i.label) && i.label.length === CAPABILITIES.length && i.label.every((a: unknown) => answers.has(a));
  };
  if (!Array.isArray(k.items) || typeof k.seed !== 'string' || !k.items.every(itemOk)) {
    throw new InputError('KEY_INVALID', [{ pos: { file }, message: 'not a capability key (expected `schema: guard-eval/capability-key@1`, `seed` and `items`, each with a distinct `id`, its `scenario`, `step`, `tool`, `file`, `line`, `col` and six answers in `label`)' }]);
  }
  return k as CapabilityKey;
}

/** `label import` of capability sheets: Cohen's κ per capability and pooled, and the disagreements. */
async function importCapabilities(sheets: readonly string[], key: CapabilityKey, o: { json?: boolean; adjudication?: string; force?: boolean }, seed: number, io: CliIO): Promise<number> {
  const columns = ['item_id', ...CAPABILITIES.map((c) => c.toLowerCase()), 'notes', 'labeler'];
  const all: ReturnedCapabilities[] = [];
  let bad = false;
  for (const file of sheets) {
    const parsed = await readSheetFile(file, ['item_id', ...CAPABILITIES.map((c) => c.toLowerCase())], columns);
    const { items, issues } = readReturnedCapabilities(parsed.rows, key);
    for (const i of issues) io.stderr(`${file}${i.row !== null ? `:${i.row}` : ''}: ${i.message}\n`);
    bad ||= issues.length > 0;
    all.push(...items);
  }
  const a = capabilityAgreement(all, key, seed);
  if (o.adjudication !== undefined) {
    const byId = new Map(key.items.map((i) => [i.id, i]));
    const notes = new Map(all.map((i) => [i.id, i.notes]));
    const rows = a.disagreements.map((d) => {
      const item = byId.get(d.id) as CapabilityKeyItem;
      return [d.id, item.scenario, `${item.file}:${item.line}:${item.col}`, item.tool, d.capability, d.label, d.labeler, notes.get(d.id) ?? '', '', ''];
    });
    writeFileSafely(o.adjudication, renderTableCsv(['item_id', 'scenario', 'at', 'tool', 'capability', 'label', 'labeler', 'labeler_notes', 'final', 'final_notes'], rows), { exclusive: o.force !== true });
  }
  if (o.json === true) {
    io.stdout(`${JSON.stringify({ schema: 'guard-eval/capability-agreement@1', ...a }, (_k, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? null : v), 2)}\n`);
    return bad ? 1 : 0;
  }
  io.stdout(`${a.n} tools compared, answers yes / no / unsure per capability:\n`);
  for (const r of a.byCapability) io.stdout(`  ${r.capability.padEnd(18)} agreement ${num(r.agreement)}, Cohen's κ ${num(r.cohenKappa)} (95 % CI ${num(r.ci[0])} to ${num(r.ci[1])})\n`);
  io.stdout(`${a.disagreements.length} disagreement${a.disagreements.length === 1 ? '' : 's'} (tool × capability)${o.adjudication !== undefined ? `: ${o.adjudication}` : ''}\n`);
  return bad ? 1 : 0;
}

/**
 * A further labeler's sheet of an earlier export: the key's seed, sample and strata give the same
 * items under the same ids, in this labeler's own row order. The key is read, never written; a
 * scenario changed since the export (an item gone, added, moved or relabelled) is refused, since
 * the labelers would not judge the same items.
 */
async function exportFromKey(paths: readonly string[], keyFile: string, o: LabelExportOptions, io: CliIO): Promise<number> {
  const clash = (['key', 'seed', 'sample', 'stratify'] as const).filter((k) => o[k] !== undefined);
  if (clash.length > 0) throw usage(`--from-key takes the items from the key: drop ${clash.map((k) => `--${k}`).join(', ')}`);
  if (o.labeler === undefined) throw usage('--from-key needs --labeler <name> (the sheet is for another labeler)');
  if (o.out === keyFile) throw usage('the sheet and the key must be different files');
  if (o.force !== true && existsSync(o.out)) throw new InputError('EXISTS', [{ pos: { file: o.out }, message: 'already exists: nothing was written (use --force to overwrite)' }]);
  const key = readKey(keyFile);
  const { scenarios, warnings } = await loadCliScenarios(paths, ['challenge-sets']);
  for (const w of warnings) io.stderr(`warning: ${formatIssue(w)}\n`);
  const sheet = buildSheet(scenarios, {
    seed: key.seed,
    ...(key.sample !== undefined ? { sample: key.sample } : {}),
    ...(key.stratify !== undefined ? { stratify: key.stratify } : {}),
    labeler: o.labeler,
  });
  const same = (a: LabelKey['items'][number], b: LabelKey['items'][number] | undefined): boolean =>
    b !== undefined && a.scenario === b.scenario && a.mode === b.mode && a.step === b.step && a.expected === b.expected && a.stepHash === b.stepHash;
  const built = new Map(withStepHashes(sheet.key, readText).items.map((i) => [i.id, i]));
  const changed = key.items.filter((i) => !same(i, built.get(i.id)));
  if (changed.length > 0 || sheet.key.items.length !== key.items.length) {
    const first = changed[0];
    throw new InputError('KEY_MISMATCH', [
      {
        pos: { file: keyFile },
        message:
          `the scenarios no longer give this key's items (${changed.length} of ${key.items.length} differ${first !== undefined ? `, first ${first.scenario} [${first.mode}] ${first.step}` : ''}): ` +
          'export with the same paths as the key was, from the same revision of the scenarios',
      },
    ]);
  }
  writeFileSafely(o.out, renderSheetCsv(sheet.rows, { bom: o.bom === true, eol: o.lf === true ? 'lf' : 'crlf' }), { exclusive: o.force !== true });
  io.stdout(`wrote ${o.out} (${sheet.rows.length} item${sheet.rows.length === 1 ? '' : 's'}, the items of ${keyFile}, in ${o.labeler}'s order)\n`);
  return 0;
}

/** Read and check a key file. @throws InputError (exit 2) */
export function readKey(file: string): LabelKey {
  return labelKeyOf(readKeyJson(file), file);
}

/** A key's JSON checked as a label key. @throws InputError (exit 2) */
function labelKeyOf(v: unknown, file: string): LabelKey {
  const k = v as Partial<LabelKey> | null;
  if (k === null || typeof k !== 'object' || k.schema !== 'guard-eval/label-key@1' || !Array.isArray(k.items) || typeof k.seed !== 'string') {
    throw new InputError('KEY_INVALID', [{ pos: { file }, message: 'not a label key (expected `schema: guard-eval/label-key@1`, `seed` and `items`)' }]);
  }
  const problems = keyItemProblems(k.items as unknown[]);
  if (problems.length > 0) {
    const shown = problems.slice(0, 20).map((message) => ({ pos: { file }, message }));
    if (problems.length > 20) shown.push({ pos: { file }, message: `and ${problems.length - 20} more problems` });
    throw new InputError('KEY_INVALID', shown);
  }
  return k as LabelKey;
}

/** Every way the items of a key are not what `label export` writes (a hand-edited or foreign key). */
function keyItemProblems(items: readonly unknown[]): string[] {
  const out: string[] = [];
  const str = (x: unknown): boolean => typeof x === 'string' && x !== '';
  const pos = (x: unknown): boolean => Number.isSafeInteger(x) && (x as number) >= 1;
  const ids = new Set<string>();
  items.forEach((raw, i) => {
    const at = `items[${i}]`;
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return void out.push(`${at}: expected an item, got ${raw === null ? 'null' : Array.isArray(raw) ? 'a list' : typeof raw}`);
    const it = raw as Record<string, unknown>;
    for (const key of ['id', 'scenario', 'step', 'set', 'file']) if (!str(it[key])) out.push(`${at}.${key}: expected a non-empty string`);
    if (!(MODES as readonly unknown[]).includes(it['mode'])) out.push(`${at}.mode: expected one of ${MODES.join(', ')}`);
    if (!(VERDICTS as readonly unknown[]).includes(it['expected'])) out.push(`${at}.expected: expected one of ${VERDICTS.join(', ')}`);
    if (!pos(it['line']) || !pos(it['col'])) out.push(`${at}: line and col must be positive integers`);
    if (typeof it['byMode'] !== 'boolean') out.push(`${at}.byMode: expected true or false`);
    if (it['modes'] !== undefined && !(Array.isArray(it['modes']) && it['modes'].every((m) => (MODES as readonly unknown[]).includes(m)))) out.push(`${at}.modes: expected a list of modes`);
    if (it['stepHash'] !== undefined && !str(it['stepHash'])) out.push(`${at}.stepHash: expected a string`);
    if (typeof it['id'] === 'string') {
      if (ids.has(it['id'])) out.push(`${at}.id: \`${it['id']}\` appears twice`);
      ids.add(it['id']);
    }
  });
  return out;
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError('READ', [{ pos: { file }, message: `cannot read: ${e instanceof Error ? e.message : String(e)}` }]);
  }
}

/** One disagreement of a labeler with the key's (primary) label. */
export interface Disagreement {
  readonly id: string;
  readonly scenario: string;
  readonly mode: string;
  readonly step: string;
  readonly expected: Verdict;
  readonly labeled: Verdict;
}

/** What one labeler's sheet says against the key's labels: the agreement report plus the disagreements. */
export interface SheetAgreement extends Omit<AgreementReport, 'disagreements'> {
  readonly disagreements: number;
  /** Per stratum of the export's `--stratify` (twin or rule), when it had one; `byStratum` is per set. */
  readonly byExportStratum?: AgreementReport['byStratum'];
  readonly disagreementList: readonly Disagreement[];
}

/** Agreement of one labeler with the primary labels, per set (strata are the sets). */
export function agreementSummary(items: readonly ReturnedItem[], key: LabelKey, seed: number): SheetAgreement {
  const byId = new Map(key.items.map((i) => [i.id, i]));
  const pairs: { a: Verdict; b: Verdict; stratum: string }[] = [];
  const list: Disagreement[] = [];
  for (const it of items) {
    const k = byId.get(it.id);
    if (k === undefined) continue;
    pairs.push({ a: k.expected, b: it.verdict, stratum: k.set });
    if (k.expected !== it.verdict) list.push({ id: it.id, scenario: k.scenario, mode: k.mode, step: k.step, expected: k.expected, labeled: it.verdict });
  }
  const report = agreementReport(pairs, { seed });
  const withStratum: { a: Verdict; b: Verdict; stratum?: string }[] = [];
  let stratified = false;
  for (const it of items) {
    const k = byId.get(it.id);
    if (k === undefined) continue;
    if (k.stratum !== undefined && k.stratum !== k.set) stratified = true;
    withStratum.push({ a: k.expected, b: it.verdict, ...(k.stratum !== undefined ? { stratum: k.stratum } : {}) });
  }
  const byExportStratum = stratified ? agreementReport(withStratum, { seed }).byStratum : undefined;
  return { ...report, ...(byExportStratum ? { byExportStratum } : {}), disagreementList: list };
}

const num = (x: number): string => (Number.isNaN(x) ? 'n/a' : x.toFixed(3));
const ci = (c: readonly [number, number]): string => `[${num(c[0])}, ${num(c[1])}]`;

function summaryLines(sheet: string, s: SheetAgreement): string[] {
  const lines = [
    `${sheet}: ${s.n} item${s.n === 1 ? '' : 's'} against the primary labels`,
    `  agreement ${num(s.agreement)} ${ci(s.ci.agreement)}, Cohen's κ ${num(s.cohenKappa)} ${ci(s.ci.cohenKappa)}, quadratic-weighted κ ${num(s.weightedKappa)} ${ci(s.ci.weightedKappa)} (95% bootstrap)`,
    `  confusion (rows: primary allow/ask/deny; columns: labeler): ${s.confusion.map((r) => r.join(' ')).join(' | ')}`,
  ];
  for (const [set, st] of Object.entries(s.byStratum)) lines.push(`  ${set}: n ${st.n}, agreement ${num(st.agreement)}, κ ${num(st.cohenKappa)}, weighted κ ${num(st.weightedKappa)}`);
  for (const [stratum, st] of Object.entries(s.byExportStratum ?? {})) lines.push(`  stratum ${stratum}: n ${st.n}, agreement ${num(st.agreement)}, κ ${num(st.cohenKappa)}, weighted κ ${num(st.weightedKappa)}`);
  for (const d of s.disagreementList) lines.push(`  ${d.id}  ${d.scenario} [${d.mode}] ${d.step}: primary ${d.expected}, labeler ${d.labeled}`);
  return lines;
}

/** Agreement among several labelers (not counting the primary labels), over the items each rated. */
export function labelersAgreement(sheets: readonly (readonly ReturnedItem[])[]): { labelers: number; items: number; fleissKappa: number; krippendorffAlpha: number } {
  const ids = [...new Set(sheets.flatMap((s) => s.map((i) => i.id)))].sort();
  const maps = sheets.map((s) => new Map(s.map((i) => [i.id, i.verdict])));
  const complete = ids.filter((id) => maps.every((m) => m.has(id)));
  const fleiss = complete.length === 0 ? Number.NaN : fleissKappa(complete.map((id) => maps.map((m) => m.get(id) as Verdict)));
  const alpha = krippendorffAlpha(
    ids.map((id) => maps.map((m) => m.get(id) ?? null)),
    'ordinal',
  );
  return { labelers: sheets.length, items: complete.length, fleissKappa: fleiss, krippendorffAlpha: alpha };
}

/**
 * Validate returned sheets against the key and report agreement: each sheet against the primary
 * labels, all sheets pooled, and among the labelers when there are several. With `adjudication`,
 * write the items where any annotation differs, for a final label. Writes nothing else.
 * @returns 0 when every sheet is complete and valid, 1 when any has an issue (the report covers the valid rows)
 */
export async function labelImportCommand(sheets: readonly string[], o: { key: string; json?: boolean; adjudication?: string; force?: boolean; seed?: string }, io: CliIO): Promise<number> {
  if (sheets.length === 0) throw usage('give at least one returned sheet');
  if (o.adjudication !== undefined && existsSync(o.adjudication) && !o.force) throw new InputError('EXISTS', [{ pos: { file: o.adjudication }, message: 'already exists: choose another name, or --force to overwrite it' }]);
  const seed = o.seed === undefined ? 1 : Number(o.seed);
  if (!Number.isSafeInteger(seed)) throw usage(`--seed: expected an integer, got \`${o.seed}\``);
  const raw = readKeyJson(o.key);
  const capabilityKey = capabilityKeyOf(raw, o.key);
  if (capabilityKey !== undefined) return importCapabilities(sheets, capabilityKey, o, seed, io);
  const key = labelKeyOf(raw, o.key);
  const out: { sheet: string; labeler: string; items: ReturnedItem[]; narratives: Map<string, string>; issues: { row: number | null; message: string }[]; summary: SheetAgreement }[] = [];
  // The cells read: narratives only for an adjudication sheet, and there only each valid item's.
  const keep = ['item_id', 'verdict', 'confidence', 'notes', 'labeler', ...(o.adjudication !== undefined ? ['narrative'] : [])];
  for (const file of sheets) {
    const parsed = await readSheetFile(file, undefined, keep);
    const { items, issues } = validateReturnedSheet(parsed.rows, key);
    const who = sheetLabeler(parsed.rows);
    const rowOf = new Map(parsed.rows.map((r) => [r.row, r]));
    const narratives = new Map(o.adjudication !== undefined ? items.map((i) => [i.id, rowOf.get(i.row)?.cells['narrative'] ?? '']) : []);
    out.push({ sheet: file, labeler: who.name ?? basename(file, extname(file)), items, narratives, issues: [...issues, ...who.issues], summary: agreementSummary(items, key, seed) });
  }
  const bad = out.some((s) => s.issues.length > 0);
  const pooled = agreementSummary(
    out.flatMap((s) => s.items),
    key,
    seed,
  );
  const among = out.length > 1 ? labelersAgreement(out.map((s) => s.items)) : undefined;
  if (o.adjudication !== undefined) {
    const byId = new Map(key.items.map((i) => [i.id, i]));
    const ids = [...new Set(out.flatMap((s) => s.items.map((i) => i.id)))].sort();
    const names = labelerColumns(out.map((s) => s.labeler));
    const header = ['item_id', 'narrative', 'primary', ...names.flatMap((n) => [n, `${n}_confidence`, `${n}_notes`]), 'agreement', 'final_label', 'final_notes'];
    const byLabeler = out.map((s) => new Map(s.items.map((i) => [i.id, i])));
    const rows: string[][] = [];
    for (const id of ids) {
      const primary = byId.get(id)?.expected;
      if (primary === undefined) continue;
      const given = byLabeler.map((m) => m.get(id)).filter((i) => i !== undefined);
      if (given.every((i) => i.verdict === primary)) continue;
      const narrative = out.map((s) => s.narratives.get(id)).find((n) => n !== undefined && n !== '') ?? '';
      const cells = byLabeler.flatMap((m) => {
        const i = m.get(id);
        return [i?.verdict ?? '', i?.confidence ?? '', i?.notes ?? ''];
      });
      rows.push([id, narrative, primary, ...cells, `${given.filter((i) => i.verdict === primary).length + 1}/${given.length + 1}`, '', '']);
    }
    writeFileSafely(o.adjudication, renderTableCsv(header, rows), { exclusive: o.force !== true });
  }
  if (o.json === true) {
    const j = (x: number): number | null => (Number.isNaN(x) ? null : x);
    io.stdout(
      `${JSON.stringify(
        {
          schema: 'guard-eval/label-import@1',
          n: pooled.n,
          agreement: j(pooled.agreement),
          cohenKappa: j(pooled.cohenKappa),
          weightedKappa: j(pooled.weightedKappa),
          disagreements: pooled.disagreements,
          ci: pooled.ci,
          confusion: pooled.confusion,
          bySet: pooled.byStratum,
          ...(pooled.byExportStratum ? { byStratum: pooled.byExportStratum } : {}),
          ...(among ? { labelers: { ...among, fleissKappa: j(among.fleissKappa), krippendorffAlpha: j(among.krippendorffAlpha) } } : {}),
          sheets: out.map((s) => ({ sheet: s.sheet, issues: s.issues, agreement: { ...s.summary, disagreementList: undefined }, disagreements: s.summary.disagreementList })),
        },
        (_k, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? null : v),
        2,
      )}\n`,
    );
    return bad ? 1 : 0;
  }
  for (const s of out) {
    for (const i of s.issues) io.stderr(`${s.sheet}${i.row !== null ? `:${i.row}` : ''}: ${i.message}\n`);
    io.stdout(`${summaryLines(s.sheet, s.summary).join('\n')}\n`);
  }
  if (among) io.stdout(`among the ${among.labelers} labelers (${among.items} items rated by all): Fleiss' κ ${num(among.fleissKappa)}, Krippendorff's α (ordinal) ${num(among.krippendorffAlpha)}\n`);
  if (o.adjudication !== undefined) io.stdout(`adjudication sheet: ${o.adjudication}\n`);
  return bad ? 1 : 0;
}

/**
 * Write adjudicated labels back: a preview, and with `write` the edits (atomically per file).
 * Any issue (unknown id, invalid label, a file changed since the export) writes nothing: exit 2.
 */
export async function labelApplyCommand(adjudication: string, o: { key: string; write?: boolean }, io: CliIO): Promise<number> {
  const key = readKey(o.key);
  const parsed = await readSheetFile(adjudication, ['item_id', 'final_label']);
  const rows: AdjudicationRow[] = parsed.rows.map((r) => ({ item_id: r.cells['item_id'] ?? '', final_label: r.cells['final_label'] ?? '', row: r.row }));
  const plan = applyLabels(rows, key, { write: o.write === true });
  if (plan.issues.length > 0) {
    throw new InputError(
      'APPLY_INVALID',
      plan.issues.map((i) => ({ pos: { file: i.row !== undefined ? `${adjudication}:${i.row}` : adjudication }, message: i.message })),
    );
  }
  for (const f of plan.files) io.stdout(`${f.preview.join('\n')}\n`);
  const n = plan.files.reduce((a, f) => a + f.edits.length, 0);
  io.stdout(
    plan.written
      ? `wrote ${n} label${n === 1 ? '' : 's'} in ${plan.files.length} file${plan.files.length === 1 ? '' : 's'} (${plan.unchanged} unchanged)\n`
      : `${n} label${n === 1 ? '' : 's'} would change in ${plan.files.length} file${plan.files.length === 1 ? '' : 's'} (${plan.unchanged} unchanged)${n > 0 ? '; run with --write to write them' : ''}\n`,
  );
  // Labels shared with runs nobody adjudicated: never changed here, each named for a hand edit.
  for (const r of plan.refused) io.stderr(`${r.row !== undefined ? `${adjudication}:${r.row}` : adjudication}: not applied: ${r.message}\n`);
  if (plan.refused.length > 0) {
    io.stderr(`${plan.refused.length} label${plan.refused.length === 1 ? '' : 's'} not applied (shared with other runs): edit ${plan.refused.length === 1 ? 'it' : 'them'} by hand\n`);
    return 1;
  }
  return 0;
}
