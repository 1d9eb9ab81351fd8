/**
 * Error classes with a stable `code`. Messages follow one style: lowercase, no final period, user
 * input in backticks, context joined with colons.
 */

/** One problem found in user input, with where it was found. */
export interface Issue {
  /** Dotted path in the input, e.g. `overrides.gmail_send[0]`. */
  readonly path: string;
  readonly message: string;
}

/** The guard's configuration is invalid. Carries every issue, not only the first. */
export class GuardConfigError extends Error {
  readonly code = 'GUARD_CONFIG_INVALID';
  constructor(readonly issues: readonly Issue[]) {
    super(`invalid guard configuration: ${issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`);
    this.name = 'GuardConfigError';
  }
}
