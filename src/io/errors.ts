/**
 * Input errors: everything the user wrote that the project cannot use. Each carries a stable
 * `code`, and a location `file:line:col` when one is known. The CLI prints them and exits 2.
 */

/** A position in a source file (1-based line and column). */
export interface SourcePos {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/** One problem in an input file. */
export interface InputIssue {
  readonly pos: SourcePos | { readonly file: string };
  readonly message: string;
}

/** Formats `file:line:col: message` (or `file: message` when no position is known). */
export function formatIssue(issue: InputIssue): string {
  const p = issue.pos;
  return 'line' in p ? `${p.file}:${p.line}:${p.col}: ${issue.message}` : `${p.file}: ${issue.message}`;
}

/** Bad input: one or more issues, all reported at once. */
export class InputError extends Error {
  constructor(
    readonly code: string,
    readonly issues: readonly InputIssue[],
  ) {
    super(issues.map(formatIssue).join('\n'));
    this.name = 'InputError';
  }
}
