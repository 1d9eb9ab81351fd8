/** Time limits of `guard-eval import-tools`, apart from the command so that the CLI's help needs no MCP client. */
/** How long the server may take to answer each request. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** The whole import's limit: with paging, a per-request limit alone would allow 1 000 × `--timeout`. */
export const DEFAULT_DEADLINE_MS = 60_000;
