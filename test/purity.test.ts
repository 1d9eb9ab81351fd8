/**
 * The pure core (guard, gate, classifier, ledger) imports nothing from `node:*`, `yaml` or
 * `commander` and reads no clock: the lint rule that keeps it so must really fire.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('pure-core lint rule', () => {
  it('rejects node:*, yaml, commander and the clock inside src/core', async () => {
    const code = "import { readFileSync } from 'node:fs';\nimport { parse } from 'yaml';\nimport { Command } from 'commander';\nexport const x = [readFileSync, parse, Command, Date.now()];\n";
    const ids = await ruleIds(code, 'src/core/probe.ts');
    expect(ids.filter((i) => i === 'no-restricted-imports')).toHaveLength(3);
    expect(ids).toContain('no-restricted-globals');
  });

  it('allows the same imports at the IO edge', async () => {
    const code = "import { readFileSync } from 'node:fs';\nimport { parse } from 'yaml';\nexport const x = [readFileSync, parse];\n";
    expect(await ruleIds(code, 'src/io/probe.ts')).toEqual([]);
  });
});
