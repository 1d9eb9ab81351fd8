/**
 * One mutant's run, in a child process of its own (a fresh module graph): the scenarios that reach
 * the mutated code, run against the built-in guard built from the slot's copy of `dist/`, in which
 * the mutated module has replaced the original. Stops at the first run with a step that does not
 * pass (a lucky pass included: the sets report it).
 */
import { pathToFileURL } from 'node:url';

const workerData = await new Promise((resolve) => process.once('message', resolve));
const { dist, specs } = workerData;
let { runs } = workerData;
const parentPort = { postMessage: (m) => process.send(m, () => process.exit(0)) };
try {
  const { runScenario } = await import(pathToFileURL(`${dist}/harness/runner.js`).href);
  const { builtinGuard } = await import(pathToFileURL(`${dist}/harness/guards.js`).href);
  if (specs !== undefined) {
    // A classifier mutant: only scenarios with a tool it classifies differently can notice it.
    const { classifyTool } = await import(pathToFileURL(`${dist}/core/classifier.js`).href);
    const changed = new Set();
    specs.forEach(({ spec, original }, i) => {
      let now;
      try {
        const c = classifyTool(spec);
        now = `${[...c.capabilities].sort().join(',')}|${c.codeMode}`;
      } catch {
        now = 'throws';
      }
      if (now !== original) changed.add(i);
    });
    runs = runs.filter((r) => r.specs.some((i) => changed.has(i)));
  }
  let result = { status: 'survived', ran: 0 };
  for (const { scenario, mode } of runs) {
    const r = await runScenario(scenario, mode, { guard: builtinGuard(), callTimeoutMs: 5_000 });
    result.ran++;
    // A lucky pass (the right verdict by another rule) is a change the sets report: it counts.
    const step = r.steps.find((s) => s.outcome !== 'pass');
    if (r.status !== 'pass' || step !== undefined) {
      result = {
        status: 'killed',
        ran: result.ran,
        killedBy: `${scenario.id} [${mode}]${step ? ` ${step.path}: ${step.outcome}${step.detail ? `: ${step.detail}` : `: expected ${step.expected}, got ${step.actual ?? 'none'}`}` : ''}`.slice(0, 400),
      };
      break;
    }
  }
  parentPort.postMessage(result);
} catch (e) {
  parentPort.postMessage({ status: 'runtime-error', error: e instanceof Error ? `${e.name}: ${e.message}`.slice(0, 300) : String(e) });
}
