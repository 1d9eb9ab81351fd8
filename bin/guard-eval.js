#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm run build` (run by `npm ci` through `prepare`).
let main;
try {
  ({ main } = await import('../dist/cli/main.js'));
} catch (e) {
  // A checkout that was never built (or whose dist/ was removed) gets a clear error, not a stack trace.
  if (e?.code === 'ERR_MODULE_NOT_FOUND' && String(e.url ?? '').endsWith('/dist/cli/main.js')) {
    process.stderr.write('guard-eval: the command line is not built (no dist/cli/main.js): run `npm ci` or `npm run build` in the package folder first\n');
    process.exit(2);
  }
  throw e;
}

// A reader that stops early (`guard-eval explain x | head`) is not an error.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

process.exitCode = await main(process.argv);
