/**
 * `guard-eval explain <id>`: the step-by-step trace of one scenario under the built-in guard (its
 * capabilities with evidence, chain state, findings, rules), or under any guard (`--guard`) what
 * that guard answered at each step.
 */
import { loadCliScenarios } from './scenarios.js';
import { didYouMean } from '../core/suggest.js';
import { builtinGuard } from '../harness/guards.js';
import type { GuardDecision, GuardUnderTest, TraceEntry } from '../harness/guards.js';
import type { ToolCall } from '../core/types.js';
import { loadGuardConfig } from '../io/guard-config.js';
import { openGuard, parseGuardTimeout } from './run.js';
import { runModes, runScenario } from '../harness/runner.js';
import { writtenStep } from '../harness/gate.js';
import type { BaseGuardSettings } from '../harness/runner.js';
import type { RunResults, Scenario, ScenarioResult } from '../harness/model.js';
import { InputError } from '../io/errors.js';
import type { CliIO } from './main.js';

const yesNo = (b: boolean): string => (b ? 'yes' : 'no');
/** Outcomes that fail a run: marked in the trace, and what `--failing` shows. */
const FAILED: readonly string[] = ['miss', 'over-block', 'race', 'error'];

/** What another guard answered for one call: the call as sent and the decision. */
export interface AnswerEntry {
  readonly call: ToolCall;
  readonly answer: GuardDecision;
}

/**
 * Render the trace of one run. Pure. `trace` holds the built-in guard's traced decisions, or another
 * guard's answers (which carry no chain state or evidence).
 */
export function renderExplanation(scenario: Scenario, result: ScenarioResult, trace: readonly (TraceEntry | AnswerEntry)[], only: { step?: string; failing?: boolean } = {}): string {
  const lines: string[] = [`${scenario.id} [${result.mode}]  ${scenario.loc.file}:${scenario.loc.line}`];
  if (scenario.title) lines.push(scenario.title);
  lines.push('');
  let shown = 0;
  result.steps.forEach((st, i) => {
    // A written path inside a repeat (`steps[2].repeat.steps[0]`) names every iteration of it.
    if (only.step !== undefined && st.path !== only.step && writtenStep(st.path) !== only.step) return;
    if (only.failing === true && FAILED.includes(st.outcome) === false) return;
    shown++;
    const t = trace[i];
    lines.push(`${i + 1}. ${st.path}  ${st.call}  (session ${st.session}, turn ${t?.call.turn ?? '?'}${t?.call.parent ? `, inside ${t.call.parent}` : ''})  ${scenario.loc.file}:${st.line}`);
    if (t && 'answer' in t) {
      const a = t.answer;
      if (a.capabilities !== undefined) lines.push(`   capabilities: ${a.capabilities.length > 0 ? a.capabilities.join('; ') : 'none'}`);
      const rules = a.rules ?? [];
      lines.push(`   rules: ${rules.length > 0 ? rules.map((r) => `${r.id}${r.reason !== undefined ? `: ${r.reason}` : ''}`).join('\n          ') : 'none reported'}`);
      if (a.error !== undefined) lines.push(`   error: ${a.error}`);
    } else if (t) {
      const d = t.decision;
      const caps = d.capabilities.map((c) => {
        const ev = d.evidence.filter((e) => e.capability === c).map((e) => `${e.source}:${e.term}`);
        return `${c}${ev.length > 0 ? ` (${ev.slice(0, 6).join(', ')}${ev.length > 6 ? ', …' : ''})` : ''}`;
      });
      lines.push(`   capabilities: ${caps.length > 0 ? caps.join('; ') : 'none'}`);
      lines.push(`   chain before: external content seen: ${yesNo(t.facts.eit)}; external → private: ${yesNo(t.facts.eitPat)}`);
      if (d.findings.length > 0) lines.push(`   findings: ${d.findings.map((f) => `${f.detector} at ${f.path} (${f.preview})`).join('; ')}`);
      if (d.provenance.length > 0) lines.push(`   provenance: ${d.provenance.join(', ')}`);
      lines.push(`   rules: ${d.rules.length > 0 ? d.rules.map((r) => `${r.id} → ${r.verdict}: ${r.reason}`).join('\n          ') : 'none fired'}`);
    }
    const mark = FAILED.includes(st.outcome) ? '   <- FAILED' : '';
    const verdict = `   verdict: ${st.actual ?? 'none'}   expected: ${st.expected}${st.expectedRule ? ` (${st.expectedRule})` : ''}   ${st.outcome}${st.severity ? ` (${st.severity})` : ''}${mark}`;
    lines.push(verdict);
    if (st.detail) lines.push(`   ${st.detail}`);
  });
  if (shown === 0) lines.push(only.step !== undefined ? `no step at \`${only.step}\`` : 'no failing step');
  lines.push('', `status: ${result.status}`);
  return `${lines.join('\n')}\n`;
}

/**
 * @returns 0 when the scenario passes in every mode explained, 1 otherwise; an unknown id throws InputError
 */
export async function explainCommand(id: string, paths: readonly string[], opts: { mode?: string; guard?: string; guardConfig?: string; guardTimeout?: string; step?: string; failing?: boolean }, io: CliIO, baseSettings: BaseGuardSettings = {}): Promise<number> {
  const base: BaseGuardSettings = opts.guardConfig !== undefined ? await loadGuardConfig(opts.guardConfig) : baseSettings;
  const spec = opts.guard ?? 'builtin';
  const timeoutMs = parseGuardTimeout(opts.guardTimeout);
  const { scenarios } = await loadCliScenarios(paths, ['challenge-sets', 'scenarios']);
  const scenario = scenarios.find((s) => s.id === id);
  if (!scenario) {
    throw new InputError('NOT_FOUND', [{ pos: { file: paths.join(' ') || 'challenge-sets scenarios' }, message: `no scenario \`${id}\`${didYouMean(id, scenarios.map((s) => s.id))}` }]);
  }
  const modes = runModes(scenario, base).filter((m) => opts.mode === undefined || opts.mode === m);
  if (modes.length === 0) {
    throw new InputError('USAGE', [{ pos: { file: '--mode' }, message: `\`${id}\` runs in ${runModes(scenario, base).join(', ')}, not in \`${opts.mode ?? ''}\`` }]);
  }
  let failed = false;
  for (const mode of modes) {
    const trace: (TraceEntry | AnswerEntry)[] = [];
    const guard = spec === 'builtin' ? builtinGuard({ trace: (e) => trace.push(e) }) : answersOf(await openGuard(spec, timeoutMs), trace);
    // The trace follows the canonical order, one decision per step: no batch exploration here.
    let result: ScenarioResult;
    try {
      // Every iteration of a repeat shown on its own, as the trace has them.
      result = await runScenario(scenario, mode, { guard, base, explore: false, callTimeoutMs: timeoutMs, unrollRepeats: true });
    } finally {
      await guard.close();
    }
    io.stdout(renderExplanation(scenario, result, trace, { ...(opts.step !== undefined ? { step: opts.step } : {}), ...(opts.failing === true ? { failing: true } : {}) }));
    if (result.status !== 'pass') failed = true;
  }
  return failed ? 1 : 0;
}

/** Failing runs whose trace a run's index.html carries, and the lines kept of each. */
export const PAGE_TRACES_MAX = 200;
export const PAGE_TRACE_MAX_LINES = 400;

/**
 * The explain traces of a run's failing runs under the built-in guard, for its index.html: each
 * run again with the trace on, as `explain` runs it (canonical order, repeats unrolled), its lines
 * cut to {@link PAGE_TRACE_MAX_LINES}. At most {@link PAGE_TRACES_MAX} runs; other guards get none
 * (the page shows the explain command instead).
 * @returns the traces by `id`, NUL, `mode`
 */
export async function failingTraces(results: RunResults, scenarios: readonly Scenario[], spec: string, base: BaseGuardSettings): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (spec !== 'builtin') return out;
  const byId = new Map(scenarios.map((s) => [s.id, s]));
  for (const run of results.scenarios) {
    if (out.size >= PAGE_TRACES_MAX) break;
    const scenario = byId.get(run.id);
    if (scenario === undefined || (run.status !== 'fail' && run.status !== 'error')) continue;
    const trace: TraceEntry[] = [];
    const guard = builtinGuard({ trace: (e) => trace.push(e) });
    let result: ScenarioResult;
    try {
      result = await runScenario(scenario, run.mode, { guard, base, explore: false, unrollRepeats: true });
    } finally {
      await guard.close();
    }
    const lines = renderExplanation(scenario, result, trace).split('\n');
    out.set(`${run.id}\u0000${run.mode}`, lines.length > PAGE_TRACE_MAX_LINES ? [...lines.slice(0, PAGE_TRACE_MAX_LINES), `… ${lines.length - PAGE_TRACE_MAX_LINES} more lines: run the explain command`].join('\n') : lines.join('\n'));
  }
  return out;
}

/** `guard`, noting each decision it answers, in the order the calls were sent. */
function answersOf(guard: GuardUnderTest, into: (TraceEntry | AnswerEntry)[]): GuardUnderTest {
  return {
    name: guard.name,
    ...(guard.features !== undefined ? { features: guard.features } : {}),
    newSession: (c) => guard.newSession(c),
    decide: async (s, call) => {
      const answer = await guard.decide(s, call);
      into.push({ call, answer });
      return answer;
    },
    record: (s, r, o) => guard.record(s, r, o),
    endSession: (s) => guard.endSession(s),
    close: () => guard.close(),
  };
}
