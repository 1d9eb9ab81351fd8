/**
 * Mutants' runs, in a child process that stays up for many of them. For each mutant the parent
 * has written the mutated module into the slot's copy of `dist/`; the worker imports afresh, under a
 * version of its own, the part of the guard's module graph that reaches it (see hooks.mjs), runs the scenarios that reach
 * the mutated code against the built-in guard, and stops at the first run with a step that does
 * not pass (a lucky pass included: the sets report it). A mutant that hangs or crashes the process
 * is handled by the parent, which starts a new worker.
 */
import { register } from 'node:module';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const dist = process.argv[2];
const distUrl = pathToFileURL(`${dist}/`).href;
register('./hooks.mjs', import.meta.url, { data: { dist: distUrl } });

const send = (m) => new Promise((res) => process.send(m, res));

let allRuns = [];
let allSpecs = [];

async function runOne({ version, file, classifier, runs: indices }) {
  const all = indices.map((i) => ({ ...allRuns[i], index: i }));
  // Only the modules whose imports reach the mutated file are imported afresh (hooks.mjs).
  const at = (p) => `${distUrl}${p}?m=${version}&f=${encodeURIComponent(file)}`;
  const t0 = performance.now();
  const { runScenario } = await import(at('harness/runner.js'));
  const { builtinGuard } = await import(at('harness/guards.js'));
  // A classifier mutant: only scenarios with a tool it classifies differently can notice it. Each
  // tool is classified again when a run with it comes up, once (in a fresh module graph nothing is
  // compiled yet, so this is most of such a mutant's cost: a mutant killed by its first runs then
  // classifies only their tools, not the whole suite's).
  let classify;
  if (classifier) {
    const { classifyTool } = await import(at('core/classifier.js'));
    const changed = new Map();
    classify = (i) => {
      let c = changed.get(i);
      if (c === undefined) {
        const { spec, original } = allSpecs[i];
        let now;
        try {
          const k = classifyTool(spec);
          now = `${[...k.capabilities].sort().join(',')}|${k.codeMode}|${k.harmless?.kind ?? ''}`;
        } catch {
          now = 'throws';
        }
        c = now !== original;
        changed.set(i, c);
      }
      return c;
    };
  }
  const importMs = performance.now() - t0;
  let result = { status: 'survived', ran: 0 };
  for (const { index, scenario, mode, specs } of all) {
    // The parent times each run on its own, from this message: a hang is noticed within its budget
    // (a classifier mutant's hang while it reads the run's tools included).
    process.send({ version, starting: index });
    if (classify !== undefined && !specs.some(classify)) continue;
    const r = await runScenario(scenario, mode, { guard: builtinGuard(), callTimeoutMs: 5_000 });
    result.ran++;
    // A lucky pass (the right verdict by another rule) is a change the sets report: it counts.
    const step = r.steps.find((s) => s.outcome !== 'pass');
    if (r.status !== 'pass' || step !== undefined) {
      result = {
        status: 'killed',
        ran: result.ran,
        killer: index,
        killedBy: `${scenario.id} [${mode}]${step ? ` ${step.path}: ${step.outcome}${step.detail ? `: ${step.detail}` : `: expected ${step.expected}, got ${step.actual ?? 'none'}`}` : ''}`.slice(0, 400),
      };
      break;
    }
  }
  return { ...result, importMs, workMs: performance.now() - t0 };
}

process.on('message', async (msg) => {
  if (msg.init) {
    allRuns = msg.runs;
    allSpecs = msg.specs;
    await send({ ready: true });
    return;
  }
  let result;
  try {
    result = await runOne(msg);
  } catch (e) {
    result = { status: 'runtime-error', error: e instanceof Error ? `${e.name}: ${e.message}`.slice(0, 300) : String(e) };
  }
  await send({ version: msg.version, ...result });
});
