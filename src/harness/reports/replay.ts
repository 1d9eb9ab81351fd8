/** The one-line command that replays one case of a run, as reports print it. */
import type { ReportContext } from './types.js';

/** Shell-quote one argument for the replay command. */
export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Where a replay writes its reports: a folder of its own, never over the reports being read. */
export const REPLAY_OUT = 'reports/replay';

/**
 * The replay command of one scenario × mode (and batch order) run by `guard`.
 * @param guard the guard as `--guard` takes it (a name, a module path, `exec:<command>`)
 * @param guardConfig the `--guard-config` file, if the run had one
 */
export function replayCommand(guard: string, guardConfig?: string): ReportContext['replayCommand'] {
  return ({ id, file, mode, order }) =>
    [
      'npx guard-eval run',
      shellQuote(file),
      '--only',
      shellQuote(id),
      '--mode',
      mode,
      '--guard',
      shellQuote(guard),
      ...(guardConfig ? ['--guard-config', shellQuote(guardConfig)] : []),
      ...(order ? ['--order', shellQuote(order)] : []),
      '--out',
      REPLAY_OUT,
    ].join(' ');
}
