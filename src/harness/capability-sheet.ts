/**
 * Blinded capability-labeling sheets: one row per tool whose scenario step labels its capabilities
 * (`expect.capabilities`, set-1), for a second labeler to say, capability by capability, whether
 * the tool has it. The narrative is the tool's spec as the guard sees it (name, title, description,
 * input schema, annotations); it never holds the label, the scenario's id, title, description,
 * tags or file. A separate key maps the opaque item ids back to the steps and their labels.
 *
 * Agreement is Cohen's κ per capability and pooled over the six, on three answers: `yes` (the label's
 * `must`, or the capability in an exact list), `no` (`must_not`, or absent from an exact list) and
 * `unsure` (a capability a bounds label leaves open). Pure: no IO, no clock, no randomness but the
 * seed's.
 */
import { CAPABILITIES } from '../core/capabilities.js';
import type { Capability } from '../core/capabilities.js';
import { hash52 } from '../core/fingerprint.js';
import { bootstrapCI, cohenKappaFromMatrix, confusionMatrixOf, rawAgreementFromMatrix } from './agreement.js';
import { itemId } from './label-sheet.js';
import { forEachCall, isCapabilityList } from './model.js';
import type { CallStep, ExpectSpec, Scenario } from './model.js';

/** A labeler's answer for one capability of one tool. */
export type CapabilityAnswer = 'yes' | 'no' | 'unsure';
export const CAPABILITY_ANSWERS: readonly CapabilityAnswer[] = ['yes', 'no', 'unsure'];

export const CAPABILITY_SHEET_COLUMNS = ['item_id', 'narrative', 'question', ...CAPABILITIES, 'notes', 'labeler'] as const;

export const CAPABILITY_QUESTION =
  'For each of the six capabilities, does this tool have it? Write yes, no or unsure in its column. ' +
  'EXTERNAL_INGESTION: returns content written by someone outside the user\u2019s control. PRIVATE_ACCESS: returns the user\u2019s own data. ' +
  'EXTERNAL_ACTION: sends data out, or changes state in an outside service. LOCAL_MUTATION: writes, moves or deletes local state. ' +
  'CODE_EXECUTION: runs code, a shell or a program. CREDENTIAL_ACCESS: returns credentials, secrets or key material.';

export interface CapabilityKeyItem {
  readonly id: string;
  readonly scenario: string;
  readonly step: string;
  readonly tool: string;
  readonly file: string;
  readonly line: number;
  readonly col: number;
  /** The label: one answer per capability, in CAPABILITIES order. */
  readonly label: readonly CapabilityAnswer[];
}

export interface CapabilityKey {
  readonly schema: 'guard-eval/capability-key@1';
  readonly seed: string;
  readonly labeler?: string;
  readonly sample?: number;
  readonly items: readonly CapabilityKeyItem[];
}

export interface CapabilitySheet {
  readonly rows: readonly (readonly string[])[];
  readonly key: CapabilityKey;
}

const MAX_SCHEMA_TEXT = 3000;

/** The label of a step as one answer per capability. */
export function labelAnswers(caps: NonNullable<ExpectSpec['capabilities']>): CapabilityAnswer[] {
  if (isCapabilityList(caps)) return CAPABILITIES.map((c) => (caps.includes(c) ? 'yes' : 'no'));
  return CAPABILITIES.map((c) => (caps.must.includes(c) ? 'yes' : caps.must_not.includes(c) ? 'no' : 'unsure'));
}

function narrativeOf(tool: string, spec: Scenario['tools'][string] | undefined): string {
  const s = (spec ?? {}) as Record<string, unknown>;
  const lines = [`Tool: ${tool}`];
  if (typeof s['title'] === 'string') lines.push(`Title: ${s['title']}`);
  lines.push(`Description: ${typeof s['description'] === 'string' && s['description'] !== '' ? s['description'] : '(none)'}`);
  if (s['inputSchema'] !== undefined) {
    const text = JSON.stringify(s['inputSchema']);
    lines.push(`Input schema: ${text.length > MAX_SCHEMA_TEXT ? `${text.slice(0, MAX_SCHEMA_TEXT)}… (cut)` : text}`);
  }
  if (s['annotations'] !== undefined) lines.push(`Annotations: ${JSON.stringify(s['annotations'])}`);
  return lines.join('\n');
}

/**
 * One item per call step that labels its tool's capabilities with one expectation for every mode
 * (a tool is judged once, whatever the modes). Ids are seeded hashes; the sample is the first
 * `sample` items in the seed's order; the rows come in an order of the seed and the labeler.
 */
export function buildCapabilitySheet(scenarios: readonly Scenario[], options: { readonly seed: string; readonly sample?: number; readonly labeler?: string }): CapabilitySheet {
  const all: { item: CapabilityKeyItem; narrative: string; rank: number }[] = [];
  const taken = new Set<string>();
  for (const s of scenarios) {
    forEachCall(s.steps, (c: CallStep) => {
      if (c.expect.kind !== 'single' || c.expect.spec.capabilities === undefined) return;
      const id = itemId(options.seed, s.id, 'capabilities', c.path, taken);
      taken.add(id);
      all.push({
        item: { id, scenario: s.id, step: c.path, tool: c.call, file: c.loc.file, line: c.loc.line, col: c.loc.col, label: labelAnswers(c.expect.spec.capabilities) },
        narrative: narrativeOf(c.call, s.tools[c.call]),
        rank: hash52(`${options.seed}\u0000sample\u0000${s.id}\u0000${c.path}`, 0),
      });
    });
  }
  all.sort((a, b) => a.rank - b.rank || (a.item.id < b.item.id ? -1 : 1));
  const chosen = options.sample !== undefined ? all.slice(0, options.sample) : all;
  const order = (id: string): number => hash52(`${options.seed}\u0000order\u0000${options.labeler ?? ''}\u0000${id}`, 0);
  const rows = [...chosen]
    .sort((a, b) => order(a.item.id) - order(b.item.id))
    .map(({ item, narrative }) => [item.id, narrative, CAPABILITY_QUESTION, ...CAPABILITIES.map(() => ''), '', options.labeler ?? '']);
  const key: CapabilityKey = {
    schema: 'guard-eval/capability-key@1',
    seed: options.seed,
    ...(options.labeler !== undefined ? { labeler: options.labeler } : {}),
    ...(options.sample !== undefined ? { sample: options.sample } : {}),
    items: chosen.map((x) => x.item).sort((a, b) => (a.id < b.id ? -1 : 1)),
  };
  return { rows, key };
}

/** A returned row, read and checked against the key. */
export interface ReturnedCapabilities {
  readonly id: string;
  readonly row: number;
  readonly answers: readonly CapabilityAnswer[];
  readonly notes: string;
}

const ANSWER_WORDS: ReadonlyMap<string, CapabilityAnswer> = new Map([['yes', 'yes'], ['y', 'yes'], ['no', 'no'], ['n', 'no'], ['unsure', 'unsure'], ['?', 'unsure']]);

/**
 * Check returned rows against the key: every item once, each of the six cells an answer.
 * @returns the readable items and every problem with its row
 */
export function readReturnedCapabilities(rows: readonly { row: number; cells: Readonly<Record<string, string>> }[], key: CapabilityKey): { items: ReturnedCapabilities[]; issues: { row: number | null; message: string }[] } {
  const byId = new Map(key.items.map((i) => [i.id, i]));
  const seen = new Map<string, number>();
  const items: ReturnedCapabilities[] = [];
  const issues: { row: number | null; message: string }[] = [];
  for (const r of rows) {
    const id = (r.cells['item_id'] ?? '').trim();
    if (!byId.has(id)) {
      issues.push({ row: r.row, message: `item \`${id.slice(0, 40)}\` is not in the key` });
      continue;
    }
    const first = seen.get(id);
    if (first !== undefined) {
      issues.push({ row: r.row, message: `item ${id} again (first at row ${first})` });
      continue;
    }
    seen.set(id, r.row);
    const answers: CapabilityAnswer[] = [];
    const bad: string[] = [];
    for (const c of CAPABILITIES) {
      const a = ANSWER_WORDS.get((r.cells[c.toLowerCase()] ?? '').trim().toLowerCase());
      if (a === undefined) bad.push(`${c} \`${(r.cells[c.toLowerCase()] ?? '').slice(0, 20)}\``);
      else answers.push(a);
    }
    if (bad.length > 0) {
      issues.push({ row: r.row, message: `expected yes, no or unsure in ${bad.join(', ')}` });
      continue;
    }
    items.push({ id, row: r.row, answers, notes: (r.cells['notes'] ?? '').trim() });
  }
  const missing = key.items.filter((i) => !seen.has(i.id));
  if (missing.length > 0) issues.push({ row: null, message: `${missing.length} item${missing.length === 1 ? '' : 's'} of the key not in the sheet (first ${(missing[0] as CapabilityKeyItem).id})` });
  return { items, issues };
}

export interface CapabilityAgreement {
  /** Items compared. */
  readonly n: number;
  /** Per capability, then `all` (the six pooled): raw agreement, Cohen's κ and its bootstrap 95 % interval. */
  readonly byCapability: readonly { readonly capability: Capability | 'all'; readonly agreement: number; readonly cohenKappa: number; readonly ci: readonly [number, number]; readonly confusion: readonly (readonly number[])[] }[];
  /** Each (item, capability) where the labeler and the label differ. */
  readonly disagreements: readonly { readonly id: string; readonly capability: Capability; readonly label: CapabilityAnswer; readonly labeler: CapabilityAnswer }[];
}

/** Agreement of returned answers with the key's labels (answers as categories: yes, no, unsure). */
export function capabilityAgreement(items: readonly ReturnedCapabilities[], key: CapabilityKey, seed: number): CapabilityAgreement {
  const byId = new Map(key.items.map((i) => [i.id, i]));
  const pairs = items.filter((i) => byId.has(i.id)).map((i) => ({ id: i.id, label: (byId.get(i.id) as CapabilityKeyItem).label, given: i.answers }));
  const kappa = (a: CapabilityAnswer[], b: CapabilityAnswer[]): number => cohenKappaFromMatrix(confusionMatrixOf(a, b, CAPABILITY_ANSWERS));
  const row = (capability: Capability | 'all', a: CapabilityAnswer[], b: CapabilityAnswer[]): CapabilityAgreement['byCapability'][number] => {
    const m = confusionMatrixOf(a, b, CAPABILITY_ANSWERS);
    return { capability, agreement: rawAgreementFromMatrix(m), cohenKappa: cohenKappaFromMatrix(m), ci: bootstrapCI(a, b, kappa, { seed }), confusion: m };
  };
  const rows = CAPABILITIES.map((c, k) => row(c, pairs.map((p) => p.label[k] as CapabilityAnswer), pairs.map((p) => p.given[k] as CapabilityAnswer)));
  rows.push(row('all', pairs.flatMap((p) => [...p.label]), pairs.flatMap((p) => [...p.given])));
  const disagreements = pairs.flatMap((p) => CAPABILITIES.flatMap((c, k) => (p.label[k] !== p.given[k] ? [{ id: p.id, capability: c, label: p.label[k] as CapabilityAnswer, labeler: p.given[k] as CapabilityAnswer }] : [])));
  return { n: pairs.length, byCapability: rows, disagreements };
}
