#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm run build` (run by `npm ci` through `prepare`).
import { main } from '../dist/cli/main.js';

// A reader that stops early (`guard-eval explain x | head`) is not an error.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

process.exitCode = await main(process.argv);
