/** `guard-eval run [paths...]`: every scenario against one guard, reports written. */
import { MODES } from '../core/capabilities.js';
import type { Mode } from '../core/capabilities.js';
import { selectScenarios } from '../harness/filter.js';
import { GUARDS, GUARD_NAMES } from '../harness/guards.js';
import type { GuardName } from '../harness/guards.js';
import { REPORTERS } from '../harness/reports/index.js';
import type { ReportContext } from '../harness/reports/index.js';
import { runFailed, runScenarios } from '../harness/runner.js';
import type { BaseGuardSettings } from '../harness/runner.js';
import { writeReports } from '../harness/write-reports.js';
import { loadScenariosOrThrow } from '../io/dsl.js';
import { InputError, formatIssue } from '../io/errors.js';
import { loadGuardConfig } from '../io/guard-config.js';
import { didYouMean } from '../core/suggest.js';
import type { CliIO } from './main.js';

export interface RunCliOptions {
  readonly only?: string;
  readonly tag?: string;
  readonly mode?: string;
  readonly out: string;
  readonly json: boolean;
  readonly quiet: boolean;
  readonly guard: string;
  readonly guardConfig?: string;
}

/** Shell-quote one argument for the replay command. */
export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The one-line command that replays one scenario × mode. */
export function replayCommand(guard: string, guardConfig: string | undefined): ReportContext['replayCommand'] {
  return ({ id, file, mode }) =>
    ['npx guard-eval run', shellQuote(file), '--only', shellQuote(id), '--mode', mode, '--guard', guard, ...(guardConfig ? ['--guard-config', shellQuote(guardConfig)] : [])].join(' ');
}

/**
 * Run scenarios and write the reports.
 * @returns 0 when every run passes, 1 on any miss, over-block, race or error outcome
 * @throws InputError on bad input (exit 2)
 */
export async function runCommand(paths: readonly string[], opts: RunCliOptions, io: CliIO & { isTTY?: boolean }): Promise<number> {
  if (!(GUARD_NAMES as readonly string[]).includes(opts.guard)) {
    throw new InputError('USAGE', [{ pos: { file: '--guard' }, message: `unknown guard \`${opts.guard}\`${didYouMean(opts.guard, GUARD_NAMES)} (one of ${GUARD_NAMES.join(', ')})` }]);
  }
  if (opts.mode !== undefined && !(MODES as readonly string[]).includes(opts.mode)) {
    throw new InputError('USAGE', [{ pos: { file: '--mode' }, message: `unknown mode \`${opts.mode}\`${didYouMean(opts.mode, MODES)} (one of ${MODES.join(', ')})` }]);
  }
  const base: BaseGuardSettings = opts.guardConfig ? await loadGuardConfig(opts.guardConfig) : {};
  const { scenarios, warnings } = await loadScenariosOrThrow(paths.length > 0 ? paths : ['challenge-sets']);
  if (!opts.quiet && !opts.json) for (const w of warnings) io.stderr(`warning: ${formatIssue(w)}\n`);
  const selected = selectScenarios(scenarios, { ...(opts.only !== undefined ? { only: opts.only } : {}), ...(opts.tag !== undefined ? { tag: opts.tag } : {}) });
  if (selected.length === 0) {
    throw new InputError('NO_SCENARIOS', [{ pos: { file: paths.join(' ') || 'challenge-sets' }, message: scenarios.length === 0 ? 'no scenario found' : 'no scenario matches the filters' }]);
  }
  const guard = GUARDS[opts.guard as GuardName]();
  const started = Date.now();
  let progressShown = false;
  try {
    const results = await runScenarios(selected, {
      guard,
      base,
      ...(opts.mode !== undefined ? { mode: opts.mode as Mode } : {}),
      onProgress: (done, total) => {
        if (!io.isTTY || opts.quiet || Date.now() - started < 1000) return;
        progressShown = true;
        io.stderr(`\r${done}/${total} scenario runs`);
      },
    });
    if (progressShown) io.stderr('\n');
    const ctx: ReportContext = { replayCommand: replayCommand(opts.guard, opts.guardConfig) };
    const written = await writeReports(results, ctx, opts.out);
    if (opts.json) io.stdout(REPORTERS.json.render(results, ctx));
    else if (!opts.quiet) {
      io.stdout(`${REPORTERS.console.render(results, ctx)}\n`);
      io.stdout(`reports: ${written.join(', ')}\n`);
    }
    return runFailed(results) ? 1 : 0;
  } finally {
    await guard.close();
  }
}
