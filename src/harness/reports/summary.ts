/** `summary.md`: the run for a human reader, with a replay command for every miss and over-block. */
import type { Outcome, RunResults, Totals } from '../model.js';
import { inlineCode, markdownText, renderMarkdownTable } from './cells.js';
import { COUNT_ALIGN, COUNT_HEAD, actualText, countRows, location, outcomeText, replayTarget, stepsWithOutcome } from './rows.js';
import type { JudgedStep } from './rows.js';
import type { Reporter, ReportContext } from './types.js';

/**
 * Title, guard, totals, the per-set table, the tension pairs, then the misses, the over-blocks and
 * (when there are any) the races and errors, each with `file:line`, id, mode, expected, actual,
 * rules and the replay command. Scenario text is escaped: it can neither format the page nor break
 * a table row or a list item.
 * @returns Markdown ending with one newline
 */
export function renderSummary(results: RunResults, ctx: ReportContext): string {
  const out: string[] = [
    '# guard-eval results',
    '',
    `Guard: ${inlineCode(results.guard)}`,
    '',
    '## Totals',
    '',
    ...totalsList(results.totals),
    '',
    '## By set',
    '',
    renderMarkdownTable(COUNT_HEAD, countRows(results), COUNT_ALIGN),
    '',
    '## Tension pairs',
    '',
    ...pairsSection(results),
    '',
    ...stepSection('Misses', stepsWithOutcome(results, ['miss']), ctx),
    '',
    ...stepSection('Over-blocks', stepsWithOutcome(results, ['over-block']), ctx),
  ];
  const others = stepsWithOutcome(results, ['race', 'error'] satisfies Outcome[]);
  if (others.length > 0) out.push('', ...stepSection('Races and errors', others, ctx));
  return `${out.join('\n')}\n`;
}

function totalsList(t: Totals): string[] {
  return [
    `- scenarios: ${t.scenarios} (${t.passed} passed, ${t.failed} failed, ${t.errored} errored${t.unsupported > 0 ? `, ${t.unsupported} unsupported by the guard` : ''})`,
    `- steps: ${t.steps} (${t.pass} pass, ${t.luckyPass} lucky pass)`,
    `- misses: ${t.miss} (${t.missHard} hard, ${t.missSoft} soft)`,
    `- over-blocks: ${t.overBlock} (${t.overBlockHard} hard, ${t.overBlockSoft} soft)`,
    `- races: ${t.race}`,
    `- errors: ${t.error}`,
    ...(t.known + t.fixed > 0 ? [`- known gaps: ${t.known} still wrong, ${t.fixed} fixed (now passing)`] : []),
    `- tension pairs: ${t.pairsPassed} of ${t.pairs} passed, ${t.pairsCollapsed} collapsed`,
  ];
}

function pairsSection(results: RunResults): string[] {
  if (results.pairs.length === 0) return ['No tension pairs.'];
  const rows = results.pairs.map((p) => [p.pair, p.set, p.mode, p.benign, p.attack, p.passed ? 'yes' : 'no', p.collapsed ? 'yes' : 'no', p.at ?? '']);
  return [renderMarkdownTable(['pair', 'set', 'mode', 'benign', 'attack', 'passed', 'collapsed', 'at'], rows)];
}

function stepSection(title: string, steps: readonly JudgedStep[], ctx: ReportContext): string[] {
  const head = [`## ${title} (${steps.length})`, ''];
  if (steps.length === 0) return [...head, 'None.'];
  return [...head, ...steps.flatMap((j) => stepItem(j, ctx))];
}

/** One list item: the headline, then the rules, reason, detail and replay command as sub-items. */
export function stepItem(j: JudgedStep, ctx: ReportContext): string[] {
  const { scenario, step } = j;
  const lines = [
    `- ${inlineCode(location(j))} ${inlineCode(scenario.id)} [${scenario.mode}] ${inlineCode(step.call)}: ` +
      `expected ${step.expected}, got ${actualText(step)} (${outcomeText(step)})`,
    `  - rule: ${step.rule === null ? 'none' : inlineCode(step.rule)}` +
      (step.expectedRule === undefined ? '' : `; expected rule: ${inlineCode(step.expectedRule)}`) +
      (step.rules.length > 1 ? `; fired: ${step.rules.map(inlineCode).join(', ')}` : ''),
  ];
  if (step.reason !== undefined) lines.push(`  - reason: ${markdownText(step.reason)}`);
  if (step.detail !== undefined) lines.push(`  - detail: ${markdownText(step.detail)}`);
  lines.push(`  - replay: ${inlineCode(ctx.replayCommand(replayTarget(j)))}`);
  return lines;
}

/** `markdown`: the Markdown summary, written to `summary.md`. */
export const markdownReporter = { file: 'summary.md', render: renderSummary } as const satisfies Reporter;
