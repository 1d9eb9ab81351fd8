/** The one-line command that replays one case of a run, as reports print it. */
import type { ReportContext } from './types.js';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `s` as one word for a POSIX shell. Plain words stay bare, others are single-quoted; a word with
 * control or invisible characters is written in bash's `$'…'` form with each of them escaped
 * (`\r`, `\x1b`, `\u202e`), so the printed command is safe to show and still reproduces the
 * word exactly. With `glob` (an `--only` pattern), a lone surrogate, which no command line can
 * carry, becomes `*`, which matches it.
 */
export function shellQuote(s: string, opts: { glob?: boolean } = {}): string {
  const t = opts.glob === true ? s.replace(LONE_SURROGATE, '*') : s;
  if (/^[A-Za-z0-9_./:@%+=,-]+$/.test(t)) return t;
  if (!INVISIBLE.test(t)) return `'${t.replace(/'/g, `'\\''`)}'`;
  let out = '';
  for (const c of t) {
    const code = c.codePointAt(0) ?? 0;
    if (c === "'" || c === '\\') out += `\\${c}`;
    else if (INVISIBLE.test(c)) out += code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
    else out += c;
  }
  return `$'${out}'`;
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
      shellQuote(id, { glob: true }),
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
