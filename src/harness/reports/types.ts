/** The contract every report renderer follows (README "Outcomes and reports"). */
import type { RunResults } from '../model.js';

/** What a renderer may ask of the run beyond its results. */
export interface ReportContext {
  /**
   * The command that replays one case, e.g.
   * `npx guard-eval run 'set-2/a.yaml' --only 'set-2/case-c/x' --mode balanced --guard builtin`.
   * Built by the runner; renderers only call it.
   */
  readonly replayCommand: (scenario: { id: string; file: string; mode: string; order?: string }) => string;
  /**
   * What makes a scenario's file path (relative to where the run ran) a link from the report's
   * folder, e.g. `../` for `reports/`. Set by the writer; @default `../`
   */
  readonly sourceRoot?: string;
  /** The explain trace of a run, when the caller has one (the CLI keeps those of failing runs). */
  readonly explainTrace?: (id: string, mode: string) => string | undefined;
}

/** One report format. */
export interface Reporter {
  /** The file name the writer puts the report in, inside the output directory; none means stdout only. */
  readonly file?: string;
  /** Render the report. Pure: same results and context, byte-identical output; no IO, no clock. */
  render(results: RunResults, ctx: ReportContext): string;
  /** The same text as {@link render}, in pieces, for a report that may be large: the writer streams them. */
  chunks?(results: RunResults, ctx: ReportContext): Iterable<string>;
}
