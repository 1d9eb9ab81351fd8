/**
 * The names the command line offers before it loads anything else: its help and its option checks
 * need them, the guards and reporters themselves only the command that runs. The registries
 * (`GUARDS` in guards.ts, `REPORTERS` in reports/index.ts) are typed by these lists, so a name
 * without an entry, or an entry without a name, does not compile.
 */

/** Every guard the CLI can name with `--guard`, in the order the help lists them. */
export const GUARD_NAMES = ['builtin', 'racy', 'allow-all', 'deny-all', 'ask-all', 'memoryless', 'order-blind', 'window-12'] as const;
export type GuardName = (typeof GUARD_NAMES)[number];

/** Every reporter name, in the order reports are written. */
export const REPORTER_NAMES = ['console', 'markdown', 'json', 'junit', 'github', 'misses', 'over-blocks', 'races', 'html'] as const;
export type ReporterName = (typeof REPORTER_NAMES)[number];
