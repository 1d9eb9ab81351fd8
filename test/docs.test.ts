/** The repository's documents stand on their own: nothing points outside it, and every section a file names exists. */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_TABLE } from '../src/core/rules.js';
import * as DSL_KEYS from '../src/io/dsl-scenario.js';

// `.tmp`: the scratch folders tests write while this one reads the tree (a file listed, then deleted, failed it).
const SKIP = new Set(['node_modules', 'dist', '.git', '.mutation', '.bench-out', 'coverage', '.tmp']);
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.(?:md|ts|mjs|js|yaml|yml|json|csv)$/.test(name) ? [p] : [];
  });
}
const ALL = files('.').map((f) => [f, readFileSync(f, 'utf8')] as const);

function headings(doc: string): Set<string> {
  return new Set([...readFileSync(doc, 'utf8').matchAll(/^#{2,4} (.+)$/gm)].map((m) => (m[1] as string).trim()));
}

describe('the documents', () => {
  it('name no file outside the repository (the format and the semantics are docs/dsl.md and docs/semantics.md)', () => {
    const outside = /\.\.\/shared|\b(?:DESIGN|DSL|STYLE)\.md\b/;
    expect(ALL.filter(([, text]) => outside.test(text)).map(([f]) => f)).toEqual([]);
  });
  it('every `docs/semantics.md "Section"` and `docs/dsl.md "Section"` names a section that exists', () => {
    const known = { 'docs/semantics.md': headings('docs/semantics.md'), 'docs/dsl.md': headings('docs/dsl.md') };
    const missing: string[] = [];
    let named = 0;
    for (const [f, text] of ALL.filter(([name]) => !name.endsWith('docs.test.ts'))) {
      for (const m of text.matchAll(/(docs\/(?:semantics|dsl)\.md)\s*(?:\n\s*(?:#|\*|\/\/)?\s*)?\(?"([^"\n]+)"/g)) {
        named++;
        const doc = m[1] as keyof typeof known;
        if (![...known[doc]].some((h) => h.startsWith(m[2] as string))) missing.push(`${f}: ${doc} "${m[2]}"`);
      }
    }
    expect(missing).toEqual([]);
    expect(named).toBeGreaterThan(20);
  });
  it('the semantics states every chain rule with the verdicts the guard has', () => {
    const doc = readFileSync('docs/semantics.md', 'utf8');
    for (const [id, verdicts] of Object.entries(RULE_TABLE)) {
      const line = doc.split('\n').find((l) => l.startsWith(`| \`${id}\``));
      expect(line, id).toBeDefined();
      const cells = (line as string).split('|').map((c) => c.trim()).filter((c) => c !== '');
      expect(cells.slice(-3), id).toEqual([verdicts.permissive, verdicts.balanced, verdicts.strict]);
    }
  });
  it('docs/dsl.md names every key the scenario loader reads (a new DSL field is documented)', () => {
    const spans = [...readFileSync('docs/dsl.md', 'utf8').matchAll(/`([^`\n]+)`/g)].map((m) => m[1] as string);
    const undocumented: string[] = [];
    for (const [list, keys] of Object.entries(DSL_KEYS)) {
      if (!list.endsWith('_KEYS') || !Array.isArray(keys)) continue;
      for (const key of keys as readonly string[]) if (!spans.some((s) => new RegExp(`(?<![\\w-])${key}(?![\\w-])`).test(s))) undocumented.push(`${list}: ${key}`);
    }
    expect(undocumented).toEqual([]);
  });
});
