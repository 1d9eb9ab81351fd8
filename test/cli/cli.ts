/** Run the CLI in-process, as a user's argv would, capturing what it prints. */
import { main } from '../../src/cli/main.js';

export async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(['node', 'guard-eval', ...args], { stdout: (s) => (out += s), stderr: (s) => (err += s) });
  return { code, out, err };
}
