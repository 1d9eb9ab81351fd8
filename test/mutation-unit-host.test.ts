/**
 * The unit-test host of `npm run mutation` (scripts/mutation/unit-host.mjs) keeps one vitest worker
 * from mutant to mutant (kept-fork.mjs). A mutant must reach every test that imports its file, also
 * through other modules, and must be gone again when the next run comes: checked here on a small
 * project of its own, where the test sees the mutated module only through a module that imports it.
 */
import { fork } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
// Inside the project, so that the fixture's test resolves `vitest` from its node_modules; a
// `.spec.ts` name, which the project's own suite does not pick up.
const DIR = join(ROOT, 'test/.tmp', `unit-host-${process.pid}`);

interface Answer {
  readonly failed: string | null;
}

afterAll(() => rmSync(DIR, { recursive: true, force: true }));

describe('the unit-test host', () => {
  it('runs each mutant on everything that imports its file, and the source again after it', async () => {
    mkdirSync(join(DIR, 'src'), { recursive: true });
    writeFileSync(join(DIR, 'vitest.config.ts'), "export default { test: { include: ['*.spec.ts'] } };\n");
    writeFileSync(join(DIR, 'src/limit.ts'), 'export const LIMIT = 3;\n');
    writeFileSync(join(DIR, 'src/check.ts'), "import { LIMIT } from './limit.js';\nexport const allowed = (n: number): boolean => n <= LIMIT;\n");
    writeFileSync(join(DIR, 'src/other.ts'), 'export const OTHER = 1;\n');
    writeFileSync(
      join(DIR, 'check.spec.ts'),
      "import { expect, it } from 'vitest';\nimport { allowed } from './src/check.js';\nit('allows up to three', () => {\n  expect(allowed(3)).toBe(true);\n  expect(allowed(4)).toBe(false);\n});\n",
    );
    const target = join(DIR, 'src/limit.ts');
    const source = readFileSync(target, 'utf8');
    const other = join(DIR, 'src/other.ts');
    const host = fork(join(ROOT, 'scripts/mutation/unit-host.mjs'), [DIR], { detached: true, stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    const next = (): Promise<Answer> => new Promise((res) => host.once('message', (m) => res(m as Answer)));
    try {
      await next();
      const run = async (text: string, file = target): Promise<string> => {
        const answer = next();
        const original = readFileSync(file, 'utf8');
        host.send({ target: file, source: original, mutated: text, groups: [[join(DIR, 'check.spec.ts')]] });
        return (await answer).failed ?? 'pass';
      };
      const KILLED = 'check.spec.ts > allows up to three';
      expect(await run(source)).toBe('pass');
      expect(await run('export const LIMIT = 4;\n')).toBe(KILLED);
      expect(await run(source)).toBe('pass');
      expect(await run('export const LIMIT = 2;\n')).toBe(KILLED);
      expect(await run('export const LIMIT = 3 ;\n')).toBe('pass');
      // After a mutant of one file, a run for another file no longer sees it.
      expect(await run('export const LIMIT = 4;\n')).toBe(KILLED);
      expect(await run('export const OTHER = 2;\n', other)).toBe('pass');
      // The mutant's text never stays in the file.
      expect(readFileSync(target, 'utf8')).toBe(source);
    } finally {
      try {
        process.kill(-(host.pid as number), 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }, 60_000);
});
