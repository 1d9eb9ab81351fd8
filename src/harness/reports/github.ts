/**
 * GitHub Actions output: workflow-command annotations for the log (printed to stdout) and a short
 * Markdown summary for `$GITHUB_STEP_SUMMARY`. Pure: the caller decides whether it runs inside
 * GitHub Actions and where the text goes.
 */
import type { RunResults, StepResult } from '../model.js';
import { inlineCode, markdownText, renderMarkdownTable } from './cells.js';
import { COUNT_ALIGN, COUNT_HEAD, FAILING_OUTCOMES, actualText, countRows, outcomeKind, outcomeText, replayTarget, stepsWithOutcome } from './rows.js';
import type { JudgedStep } from './rows.js';
import { stepItem } from './summary.js';
import type { Reporter, ReportContext } from './types.js';

/**
 * The most annotations {@link renderGithubAnnotations} emits before one closing notice. GitHub
 * shows at most 10 error, 10 warning and 10 notice annotations per step and 50 per job; more are
 * kept in the log but never shown as annotations. 50 is the job's limit: emitting more only makes
 * the log longer. Errors come first, so the ones GitHub shows are failures.
 */
export const GITHUB_MAX_ANNOTATIONS = 50;

/**
 * The most failing steps {@link renderGithubSummary} lists. GitHub accepts at most 1 MiB of
 * step summary; 100 items stay far below it, and summary.md lists them all.
 */
export const GITHUB_SUMMARY_MAX_STEPS = 100;

/** Escape a workflow-command message as GitHub's toolkit does (`escapeData`): `%`, CR and LF. */
export function escapeGithubData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escape a workflow-command property value as GitHub's toolkit does (`escapeProperty`): also `:` and `,`. */
export function escapeGithubProperty(s: string): string {
  return escapeGithubData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::<command> key=value,...::message`, every value escaped; properties with no value are left out. */
function command(name: 'error' | 'warning' | 'notice', props: readonly (readonly [string, string | number])[], message: string): string {
  const list = props.filter(([, v]) => v !== '').map(([k, v]) => `${k}=${escapeGithubProperty(String(v))}`);
  return `::${name}${list.length > 0 ? ` ${list.join(',')}` : ''}::${escapeGithubData(message)}`;
}

/**
 * One annotation per failing step (miss, over-block, race, error: `::error`), then one per lucky
 * pass (`::warning`), then one per known gap, still wrong or fixed (`::notice`), each at the step's
 * line and column in its scenario file. With `failsGate` (a run under `--gate`), a failing step is
 * annotated only when it fails the gate, and lucky passes are left out. Every failing step
 * comes before every lucky pass, each group in run order. At most {@link GITHUB_MAX_ANNOTATIONS},
 * then one `::notice::… and N more` line. The message spans several lines (escaped as `%0A`): the
 * verdicts, the rules, the reason, the detail and the replay command.
 * @returns one command per line, ending with a newline; empty when there is nothing to annotate
 */
export function renderGithubAnnotations(results: RunResults, ctx: ReportContext, failsGate?: (j: JudgedStep) => boolean): string {
  // Under a gate, only the steps that fail it are errors: failures the baseline already has are not news.
  const failing = stepsWithOutcome(results, FAILING_OUTCOMES)
    .filter((j) => failsGate === undefined || failsGate(j))
    .map((j) => annotation('error', j, ctx));
  const lucky = failsGate !== undefined ? [] : stepsWithOutcome(results, ['lucky-pass']).map((j) => annotation('warning', j, ctx));
  const known = stepsWithOutcome(results, ['known', 'fixed']).map((j) => annotation('notice', j, ctx));
  const all = [...failing, ...lucky, ...known];
  const lines = all.slice(0, GITHUB_MAX_ANNOTATIONS);
  if (all.length > GITHUB_MAX_ANNOTATIONS) {
    const more = all.length - GITHUB_MAX_ANNOTATIONS;
    lines.push(command('notice', [], `… and ${more} more annotation${more === 1 ? '' : 's'}: summary.md lists every failing step`));
  }
  return lines.map((l) => `${l}\n`).join('');
}

function annotation(kind: 'error' | 'warning' | 'notice', j: JudgedStep, ctx: ReportContext): string {
  const { scenario, step } = j;
  const what = kind === 'error' ? outcomeKind(step) : kind === 'warning' ? 'lucky pass' : step.outcome === 'known' ? 'known gap' : 'known gap fixed';
  const title = `guard-eval ${what}: ${scenario.id} [${scenario.mode}]`;
  const message = [
    `${step.path} ${step.call}: expected ${step.expected}, got ${actualText(step)} (${outcomeText(step)})`,
    ...ruleLine(step),
    ...(step.reason === undefined ? [] : [`reason: ${step.reason}`]),
    ...(step.detail === undefined ? [] : [`detail: ${step.detail}`]),
    `replay: ${ctx.replayCommand(replayTarget(j))}`,
  ].join('\n');
  return command(kind, [['file', scenario.file], ['line', step.line], ['col', step.col], ['title', title]], message);
}

function ruleLine(step: StepResult): string[] {
  const parts = [
    ...(step.rule === null ? [] : [`rule: ${step.rule}`]),
    ...(step.expectedRule === undefined ? [] : [`expected rule: ${step.expectedRule}`]),
    ...(step.rules.length > 1 ? [`fired: ${step.rules.join(', ')}`] : []),
  ];
  return parts.length > 0 ? [parts.join('; ')] : [];
}

/**
 * A short Markdown summary for `$GITHUB_STEP_SUMMARY`: whether the run passed, the guard and the
 * totals, the per-set table, then the failing steps (at most {@link GITHUB_SUMMARY_MAX_STEPS})
 * with their replay commands, in the format of summary.md. Scenario text is escaped.
 * @returns Markdown ending with one newline
 */
export function renderGithubSummary(results: RunResults, ctx: ReportContext, gate?: { readonly passed: boolean; readonly reasons: readonly string[]; readonly baseline: string }): string {
  const t = results.totals;
  const failing = stepsWithOutcome(results, FAILING_OUTCOMES);
  const failed = failing.length > 0 || results.scenarios.some((s) => s.status === 'fail' || s.status === 'error');
  // Under a gate, its verdict is the run's: failures the baseline holds do not fail it.
  const head =
    gate === undefined
      ? `## guard-eval: ${failed ? 'failed' : 'passed'}`
      : `## guard-eval gate: ${gate.passed ? 'passed' : 'failed'}${gate.passed ? '' : ` (${markdownText(gate.reasons.join('; '))})`}`;
  const knownLine = t.known + t.fixed > 0 ? [`Known gaps: ${t.known} still wrong, ${t.fixed} fixed.`, ''] : [];
  const out = [
    head,
    '',
    ...(gate !== undefined ? [`Compared step by step with ${inlineCode(gate.baseline)}; the failing steps below include those the baseline already has.`, ''] : []),
    ...knownLine,
    `Guard: ${inlineCode(results.guard)}. Scenario runs: ${t.scenarios} (${t.passed} passed, ${t.failed} failed, ${t.errored} errored${t.unsupported > 0 ? `, ${t.unsupported} unsupported` : ''}). ` +
      `Misses: ${t.miss} (${t.missHard} hard), over-blocks: ${t.overBlock} (${t.overBlockHard} hard), races: ${t.race}, errors: ${t.error}, ` +
      `lucky passes: ${t.luckyPass}. Tension pairs: ${t.pairsPassed} of ${t.pairs} passed.`,
    '',
    renderMarkdownTable(COUNT_HEAD, countRows(results), COUNT_ALIGN),
    '',
    `### Failing steps (${failing.length})`,
    '',
  ];
  if (failing.length === 0) out.push('None.');
  else {
    out.push(...failing.slice(0, GITHUB_SUMMARY_MAX_STEPS).flatMap((j) => stepItem(j, ctx)));
    if (failing.length > GITHUB_SUMMARY_MAX_STEPS) {
      out.push('', markdownText(`… and ${failing.length - GITHUB_SUMMARY_MAX_STEPS} more: summary.md lists every one.`));
    }
  }
  return `${out.join('\n')}\n`;
}

/** Printed, not written: its output is the annotations (the summary goes to `$GITHUB_STEP_SUMMARY`). */
export const githubReporter = { render: renderGithubAnnotations } as const satisfies Reporter;
