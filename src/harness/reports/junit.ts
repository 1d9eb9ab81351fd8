/**
 * `junit.xml`: the run as JUnit XML, for CI test dashboards. One `<testsuite>` per challenge set,
 * one `<testcase>` per scenario × mode run. Pure: no timings (every `time` is `0`), no host, no
 * clock, so the same results give the same bytes.
 */
import type { RunResults, ScenarioResult, StepResult } from '../model.js';
import { FAILING_OUTCOMES, actualText, location, outcomeKind, outcomeText, replayTarget } from './rows.js';
import type { JudgedStep } from './rows.js';
import type { Reporter, ReportContext } from './types.js';

/**
 * Characters XML 1.0 does not allow in a document (its `Char` production): C0 controls other than
 * TAB, LF and CR; U+FFFE and U+FFFF; and UTF-16 surrogates that are not part of a pair.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML_CHAR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Replace every character XML 1.0 forbids with U+FFFD, so the document stays well-formed. */
export function xmlChars(s: string): string {
  return s.replace(NOT_XML_CHAR, '\uFFFD');
}

/**
 * Escape text for element content: `&`, `<` and `>` as entities (so `]]>` never appears raw) and
 * CR as `&#13;` (a raw CR would be read back as LF); forbidden characters become U+FFFD.
 */
export function xmlText(s: string): string {
  return xmlChars(s).replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c] ?? c);
}

/**
 * Escape text for a double-quoted attribute value: `& < > " '` as entities, and TAB, LF and CR as
 * character references (a parser normalises raw ones to spaces); forbidden characters become U+FFFD.
 */
export function xmlAttr(s: string): string {
  return xmlChars(s).replace(/[&<>"'\t\n\r]/g, (c) => ATTR_ESCAPES[c] ?? c);
}

const TEXT_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTR_ESCAPES: Readonly<Record<string, string>> = { ...TEXT_ESCAPES, '"': '&quot;', "'": '&apos;', '\t': '&#9;', '\n': '&#10;' };

const NEWLINES = /\r\n|\r|\n/g;
const oneLine = (s: string): string => s.replace(NEWLINES, ' ');

/** What a testcase reports: nothing, a `<failure>` or an `<error>`. */
type Verdict =
  | { readonly kind: 'pass' }
  | { readonly kind: 'skipped'; readonly message: string }
  | { readonly kind: 'failure' | 'error'; readonly message: string; readonly type: string; readonly text: string };

/**
 * The JUnit report.
 *
 * - `<testsuites name="guard-eval">`, then one `<testsuite>` per set in the order of
 *   `results.sets` (a set that only scenario runs name comes after them, in run order), with the
 *   guard as a property.
 * - One `<testcase>` per scenario × mode run, in run order: `classname` the set, `name`
 *   `<scenario id> [<mode>]`, `file` and `line` the scenario's.
 * - A run with a miss, over-block or race step gets one `<failure>`; a run with an error step (the
 *   guard threw, timed out or reported an internal error), or that errored outside its steps, gets
 *   one `<error>` instead. Its `message` is a one-line summary; its text lists every failing step
 *   (`file:line path call: expected X, got Y (outcome severity) rule`, then the reason and detail
 *   when there are any) and ends with the replay command. Lucky passes are passes, listed in
 *   `<system-out>`.
 * - A run the guard cannot take (status `unsupported`) is `<skipped>`, naming the missing features.
 * - `tests`, `failures`, `errors` and `skipped` on every suite and on `<testsuites>`.
 *
 * Only fields of the results appear (never a call's arguments or result). Every value is escaped;
 * characters XML 1.0 forbids become U+FFFD.
 * @returns an XML document with its declaration, ending with one newline
 */
export function renderJunit(results: RunResults, ctx: ReportContext): string {
  const suites = suiteOrder(results).map((set) => {
    const cases = results.scenarios.filter((s) => s.set === set).map((s) => ({ scenario: s, verdict: verdictOf(s, ctx) }));
    return { set, cases, counts: countsOf(cases.map((c) => c.verdict)) };
  });
  const total = countsOf(suites.flatMap((s) => s.cases.map((c) => c.verdict)));
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="guard-eval"${countAttrs(total)}>`];
  for (const suite of suites) {
    out.push(`  <testsuite name="${xmlAttr(suite.set)}"${countAttrs(suite.counts)}>`);
    out.push('    <properties>', `      <property name="guard" value="${xmlAttr(results.guard)}"/>`, '    </properties>');
    for (const { scenario, verdict } of suite.cases) out.push(...testcase(scenario, verdict));
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}

/** The sets of `results.sets`, then any set only a scenario run names, each once. */
function suiteOrder(results: RunResults): string[] {
  return [...new Set([...results.sets.map((s) => s.set), ...results.scenarios.map((s) => s.set)])];
}

interface Counts {
  readonly tests: number;
  readonly failures: number;
  readonly errors: number;
  readonly skipped: number;
}

function countsOf(verdicts: readonly Verdict[]): Counts {
  return {
    tests: verdicts.length,
    failures: verdicts.filter((v) => v.kind === 'failure').length,
    errors: verdicts.filter((v) => v.kind === 'error').length,
    skipped: verdicts.filter((v) => v.kind === 'skipped').length,
  };
}

function countAttrs(c: Counts): string {
  return ` tests="${c.tests}" failures="${c.failures}" errors="${c.errors}" skipped="${c.skipped}" time="0"`;
}

function testcase(scenario: ScenarioResult, verdict: Verdict): string[] {
  const attrs =
    `name="${xmlAttr(`${scenario.id} [${scenario.mode}]`)}" classname="${xmlAttr(scenario.set)}" ` +
    `file="${xmlAttr(scenario.file)}" line="${scenario.line}" time="0"`;
  // Passes that still deserve a look: lucky passes, known gaps and fixed known gaps.
  const lucky = scenario.steps.filter((s) => s.outcome === 'lucky-pass' || s.outcome === 'known' || s.outcome === 'fixed');
  if (verdict.kind === 'pass' && lucky.length === 0) return [`    <testcase ${attrs}/>`];
  if (verdict.kind === 'skipped') return [`    <testcase ${attrs}>`, `      <skipped message="${xmlAttr(verdict.message)}"/>`, '    </testcase>'];
  const out = [`    <testcase ${attrs}>`];
  if (verdict.kind !== 'pass') {
    out.push(`      <${verdict.kind} message="${xmlAttr(verdict.message)}" type="${xmlAttr(verdict.type)}">${xmlText(verdict.text)}</${verdict.kind}>`);
  }
  if (lucky.length > 0) {
    const text = lucky.map((step) => stepLines({ scenario, step }).join('\n')).join('\n');
    out.push(`      <system-out>${xmlText(text)}</system-out>`);
  }
  out.push('    </testcase>');
  return out;
}

/** Errors win over failures; a run the runner failed or errored without a failing step still reports one. */
function verdictOf(scenario: ScenarioResult, ctx: ReportContext): Verdict {
  if (scenario.status === 'unsupported') return { kind: 'skipped', message: `unsupported: the guard does not support ${(scenario.unsupported ?? []).join(', ')}` };
  const failing = scenario.steps.filter((s) => FAILING_OUTCOMES.includes(s.outcome));
  const errored = scenario.status === 'error' || failing.some((s) => s.outcome === 'error');
  if (!errored && failing.length === 0 && scenario.status === 'pass') return { kind: 'pass' };
  const kind = errored ? 'error' : 'failure';
  const outside = errored && !failing.some((s) => s.outcome === 'error');
  const lines = failing.flatMap((step) => stepLines({ scenario, step }, ctx));
  if (outside) lines.push('the run errored outside its steps (e.g. the guard failed to open a session)');
  if (failing.length === 0 && !errored) lines.push('the run failed without a failing step');
  lines.push(`replay: ${ctx.replayCommand({ id: scenario.id, file: scenario.file, mode: scenario.mode })}`);
  const types = FAILING_OUTCOMES.filter((o) => failing.some((s) => s.outcome === o));
  return { kind, message: summaryLine(failing, outside), type: types.length > 0 ? types.join(' ') : kind, text: lines.join('\n') };
}

/** `2 failing steps: 1 miss hard, 1 error; first: file:line call: expected X, got Y (miss hard)` */
function summaryLine(failing: readonly StepResult[], outside: boolean): string {
  const counts = new Map<string, number>();
  for (const s of failing) counts.set(outcomeKind(s), (counts.get(outcomeKind(s)) ?? 0) + 1);
  const parts = [...counts].map(([o, n]) => `${n} ${o}`);
  const head = `${failing.length} failing step${failing.length === 1 ? '' : 's'}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`;
  const first = failing[0];
  const tail = first === undefined ? '' : `; first: line ${first.line} ${first.call}: expected ${first.expected}, got ${actualText(first)} (${outcomeText(first)})`;
  return oneLine(`${head}${tail}${outside ? '; the run errored outside its steps' : ''}`);
}

/**
 * `file:line path call: expected X, got Y (outcome severity) rule`, then indented `reason:`,
 * `detail:` and, for a step whose replay needs a batch order (a race), its own `replay:`.
 */
function stepLines(j: JudgedStep, ctx?: ReportContext): string[] {
  const { step } = j;
  const rule = step.rule === null ? '' : ` ${step.rule}`;
  const expectedRule = step.expectedRule === undefined ? '' : ` (expected rule ${step.expectedRule})`;
  const lines = [`${location(j)} ${step.path} ${step.call}: expected ${step.expected}, got ${actualText(step)} (${outcomeText(step)})${rule}${expectedRule}`];
  if (step.reason !== undefined) lines.push(`  reason: ${step.reason}`);
  if (step.detail !== undefined) lines.push(`  detail: ${step.detail}`);
  if (ctx !== undefined && step.interleaving !== undefined) lines.push(`  replay: ${ctx.replayCommand(replayTarget(j))}`);
  return lines;
}

export const junitReporter = { file: 'junit.xml', render: renderJunit } as const satisfies Reporter;
