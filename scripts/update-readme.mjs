// Regenerates README.md's guard comparison (between <!-- compare:begin --> and <!-- compare:end -->)
// from the built CLI's modules: every guard of the registry over challenge-sets/. Run it through
// `npm run readme`, which builds first. test/challenge-sets.test.ts fails when the table is stale.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { compare, renderComparisonMarkdown } from '../dist/harness/compare.js';
import { GUARDS, GUARD_NAMES } from '../dist/harness/guards.js';
import { runScenarios } from '../dist/harness/runner.js';
import { loadScenariosOrThrow } from '../dist/io/dsl.js';

const { scenarios } = await loadScenariosOrThrow(['challenge-sets']);
const runs = [];
for (const name of GUARD_NAMES) runs.push(await runScenarios(scenarios, { guard: GUARDS[name]() }));
const table = renderComparisonMarkdown(compare(runs));

const readme = readFileSync('README.md', 'utf8');
const section = /(<!-- compare:begin -->\n)[\s\S]*?(<!-- compare:end -->)/;
if (!section.test(readme)) {
  console.error('README.md: no <!-- compare:begin --> … <!-- compare:end --> section');
  process.exit(2);
}
const next = readme.replace(section, (_, begin, end) => `${begin}${table}\n${end}`);
if (next !== readme) {
  writeFileSync('README.md.tmp', next);
  renameSync('README.md.tmp', 'README.md');
}
console.log(next === readme ? 'README.md: comparison table up to date' : 'README.md: comparison table updated');
