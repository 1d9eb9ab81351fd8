/** Run the CLI in-process, as a user's argv would, capturing what it prints. */
import { main } from '../../src/cli/main.js';

export async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return cliIn({}, ...args);
}

/** The same, with an environment (none by default, so the tests never see the CI's own). */
export async function cliIn(env: Record<string, string>, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(['node', 'guard-eval', ...args], { stdout: (s) => (out += s), stderr: (s) => (err += s), env });
  return { code, out, err };
}
