/** `guard-eval run [paths...]`: every scenario against one guard, reports written. */
import { MODES } from '../core/capabilities.js';
import type { Mode } from '../core/capabilities.js';
import { selectScenarios } from '../harness/filter.js';
import { GUARDS, GUARD_NAMES } from '../harness/guards.js';
import type { GuardName } from '../harness/guards.js';
import { REPORTERS } from '../harness/reports/index.js';
import type { ReportContext } from '../harness/reports/index.js';
import { runFailed, runScenarios } from '../harness/runner.js';
import type { BaseGuardSettings, ExploreOptions } from '../harness/runner.js';
import { parseInterleaving } from '../harness/interleavings.js';
import type { Interleaving } from '../harness/interleavings.js';
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
  /** `all` or a number: orders tried per batch. */
  readonly interleavings?: string;
  readonly seed?: string;
  /** False with `--no-reduction`: explore every order, not one per partial-order class. */
  readonly reduction?: boolean;
  /** `<batch path>=<order>`: run those batches in exactly that order (the replay of a race). */
  readonly order?: readonly string[];
}

function usage(flag: string, message: string): InputError {
  return new InputError('USAGE', [{ pos: { file: flag }, message }]);
}

/** Parse `--interleavings`, `--seed` and `--order`. */
export function parseExploreOptions(opts: Pick<RunCliOptions, 'interleavings' | 'seed' | 'order' | 'reduction'>): { explore: Partial<ExploreOptions>; orders: Map<string, Interleaving> } {
  const explore: { interleavings?: 'all' | number; seed?: number; reduce?: boolean } = {};
  if (opts.reduction === false) explore.reduce = false;
  if (opts.interleavings !== undefined) {
    if (opts.interleavings === 'all') explore.interleavings = 'all';
    else if (/^[1-9][0-9]{0,8}$/.test(opts.interleavings)) explore.interleavings = Number(opts.interleavings);
    else throw usage('--interleavings', `expected \`all\` or a positive number, got \`${opts.interleavings}\``);
  }
  if (opts.seed !== undefined) {
    if (/^-?[0-9]{1,15}$/.test(opts.seed)) explore.seed = Number(opts.seed);
    else throw usage('--seed', `expected an integer, got \`${opts.seed}\``);
  }
  const orders = new Map<string, Interleaving>();
  for (const o of opts.order ?? []) {
    const eq = o.indexOf('=');
    const path = o.slice(0, eq).trim();
    const text = o.slice(eq + 1).trim();
    const n = Math.max(0, ...[...text.matchAll(/[dc]([0-9]+)/g)].map((m) => Number(m[1])));
    const order = eq > 0 ? parseInterleaving(text, n) : undefined;
    if (order === undefined) throw usage('--order', `expected \`<batch path>=<order>\`, e.g. \`steps[2]=d1 d2 c2 c1\`, got \`${o}\``);
    orders.set(path, order);
  }
  return { explore, orders };
}

/** Shell-quote one argument for the replay command. */
export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The one-line command that replays one scenario × mode. */
export function replayCommand(guard: string, guardConfig: string | undefined): ReportContext['replayCommand'] {
  return ({ id, file, mode, order }) =>
    [
      'npx guard-eval run',
      shellQuote(file),
      '--only',
      shellQuote(id),
      '--mode',
      mode,
      '--guard',
      guard,
      ...(guardConfig ? ['--guard-config', shellQuote(guardConfig)] : []),
      ...(order ? ['--order', shellQuote(order)] : []),
    ].join(' ');
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
  const { explore, orders } = parseExploreOptions(opts);
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
      explore,
      ...(orders.size > 0 ? { orders } : {}),
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
