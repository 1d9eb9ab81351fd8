/** `guard-eval conformance <guard spec>`: the protocol check of one guard (src/harness/conformance.ts). */
import { checkConformance, renderConformance } from '../harness/conformance.js';
import type { CliIO } from './main.js';
import { openGuard, parseGuardTimeout } from './run.js';

/**
 * @returns 0 when every check passes, 1 when one fails
 * @throws InputError when the spec names no guard or it cannot start (exit 2)
 */
export async function conformanceCommand(spec: string, opts: { guardTimeout?: string; json?: boolean }, io: CliIO): Promise<number> {
  const timeoutMs = parseGuardTimeout(opts.guardTimeout);
  const guard = await openGuard(spec, timeoutMs);
  let report;
  try {
    report = await checkConformance(guard, timeoutMs);
  } finally {
    await guard.close().catch(() => {});
  }
  io.stdout(opts.json ? `${JSON.stringify({ schema: 'guard-eval/conformance@1', spec, ...report }, null, 2)}\n` : renderConformance(report));
  return report.passed ? 0 : 1;
}
