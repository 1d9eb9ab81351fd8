/**
 * The runner: drives a guard under test through scenarios (README "Scenarios": how the runner follows a
 * scenario"), judges every step against its label, and scores tension pairs.
 *
 * Premise semantics: whether a call executes follows its *expected* verdict (allow, or ask with
 * `on_ask: approve`), so each step is judged against the history the author wrote and one wrong
 * verdict does not cascade. Each scenario × mode run gets fresh guard sessions (`main`, plus one
 * per `session:` name). Deterministic: the same scenarios and guard give the same results, in the
 * same order, with nothing time- or machine-dependent inside.
 */
import { MODES } from '../core/capabilities.js';
import type { Capability, Mode, Verdict } from '../core/capabilities.js';
import type { GrantPolicy } from '../core/gate.js';
import type { CallOutcome, Mutable, ToolCall, ToolSpec } from '../core/types.js';
import { BUILTIN_FEATURES, MINIMAL_FEATURES, readDecision } from './guards.js';
import type { GuardDecision, GuardFeatures, GuardUnderTest, SessionConfig } from './guards.js';
import type { CallStep, ExpectSpec, GuardSettings, Outcome, PairResult, RepeatTally, RunResults, Scenario, ScenarioResult, Step, StepResult, Totals } from './model.js';
import { OUTCOMES, forEachCall, isCapabilityList } from './model.js';
import { canonicalInterleaving, formatInterleaving, isValidInterleaving, planInterleavings } from './interleavings.js';
import type { Interleaving } from './interleavings.js';
import { writtenStep } from './gate.js';
import { classifyOutcome, worseOutcome } from './outcome.js';

/** The schema of `results.json`; readers check it. */
export const RESULTS_SCHEMA = 'guard-eval/results@2';

/** A guard configuration applied as the base of every scenario (`--guard-config`). */
export interface BaseGuardSettings {
  readonly mode?: Mode;
  readonly unknownTool?: Verdict;
  readonly overrides?: Readonly<Record<string, readonly Capability[]>>;
  readonly policy?: GrantPolicy;
}

export interface RunOptions {
  readonly guard: GuardUnderTest;
  /** Applied under each scenario's own `guard:` settings. */
  readonly base?: BaseGuardSettings;
  /** Run only this mode (runs in other modes are skipped). */
  readonly mode?: Mode;
  /** A decide or record call slower than this is an `error` outcome. @default 10000 */
  readonly callTimeoutMs?: number;
  /** Called after each scenario × mode run. */
  readonly onProgress?: (done: number, total: number, last: ScenarioResult) => void;
  /**
   * How batches are explored: exhaustively up to `limit` members, by seeded sampling beyond;
   * `interleavings` caps the orders tried per batch; `reduce` tries one order per partial-order
   * class (sound for guards whose state does not depend on the order of same-kind events inside
   * a run; turn it off for others). `false` runs only the canonical order.
   * @default {limit: 4, interleavings: 'all', seed: 1, reduce: true}
   */
  readonly explore?: Partial<ExploreOptions> | false;
  /** Fixed orders for batches by result path (`--order`), to replay one interleaving. */
  readonly orders?: ReadonlyMap<string, Interleaving>;
  /** How the guard was named (`--guard`), recorded in the results. */
  readonly guardSpec?: string;
  /** The guard configuration file (`--guard-config`), recorded in the results. */
  readonly guardConfig?: string;
  /**
   * One result per iteration of a `repeat` (`steps[2].repeat[7].steps[0]`), as `explain` shows them,
   * instead of one per written step with its iterations tallied. Memory then grows with the
   * iterations. @default false
   */
  readonly unrollRepeats?: boolean;
}

export interface ExploreOptions {
  readonly limit: number;
  readonly interleavings: 'all' | number;
  readonly seed: number;
  readonly reduce: boolean;
}

export const DEFAULT_EXPLORE: ExploreOptions = { limit: 4, interleavings: 'all', seed: 1, reduce: true };

/** The modes one scenario runs in, under a base configuration. */
export function runModes(scenario: Scenario, base: BaseGuardSettings = {}): Mode[] {
  const listed = new Set<Mode>();
  forEachCall(scenario.steps, (c) => {
    if (c.expect.kind === 'by-mode') for (const m of Object.keys(c.expect.byMode) as Mode[]) listed.add(m);
  });
  if (listed.size > 0) return MODES.filter((m) => listed.has(m));
  return [scenario.guard.mode ?? base.mode ?? 'balanced'];
}

/** The session configuration of one scenario run: the base, the scenario's settings on top. */
export function sessionConfig(scenario: Scenario, mode: Mode, base: BaseGuardSettings = {}): SessionConfig {
  const g: GuardSettings = scenario.guard;
  const policy = (g.policy as GrantPolicy | undefined) ?? base.policy;
  return {
    mode,
    unknownTool: g.unknownTool ?? base.unknownTool ?? 'ask',
    overrides: { ...(base.overrides ?? {}), ...(g.overrides ?? {}) },
    ...(policy ? { policy } : {}),
    ...(g.limits ? { limits: g.limits } : {}),
    tools: Object.entries(scenario.tools).map(([name, spec]) => named(name, spec)),
  };
}

/** `{...spec, name}`, the same object every time for the same spec and name (see `guardFor`). */
const NAMED = new WeakMap<object, Map<string, ToolSpec>>();
function named(name: string, spec: Scenario['tools'][string]): ToolSpec {
  let byName = NAMED.get(spec);
  if (byName === undefined) {
    byName = new Map();
    NAMED.set(spec, byName);
  }
  let t = byName.get(name);
  if (t === undefined) {
    t = { ...spec, name };
    byName.set(name, t);
  }
  return t;
}

function expectFor(step: CallStep, mode: Mode): ExpectSpec | undefined {
  return step.expect.kind === 'single' ? step.expect.spec : step.expect.byMode[mode];
}

class Timeout extends Error {}

/**
 * Time limits for guard calls with one timer per scenario run rather than one per call (a run of
 * a batch explorer makes thousands of calls): the watchdog checks the calls in flight a few times
 * per limit and fails each one that is over. A call that settles leaves nothing behind (no
 * reaction stays attached to a shared promise), so a long exploration does not accumulate garbage.
 */
class Watchdog {
  /** Calls in flight (a batch's decisions may overlap), in start order, so deadlines ascend. */
  private readonly inflight = new Set<InFlight>();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(private readonly ms: number) {
    this.timer = setInterval(() => {
      const now = Date.now();
      for (const c of this.inflight) {
        if (now <= c.deadline) break;
        this.inflight.delete(c);
        c.fail(new Timeout(`${c.what} timed out after ${this.ms} ms`));
      }
    }, Math.max(5, Math.floor(ms / 4)));
    this.timer.unref?.();
  }

  /** Await `p`, failing with a Timeout when it takes longer than the limit. */
  run<T>(p: Promise<T>, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const c: InFlight = { deadline: Date.now() + this.ms, what, fail: reject };
      this.inflight.add(c);
      p.then(
        (v) => {
          this.inflight.delete(c);
          resolve(v);
        },
        (e: unknown) => {
          this.inflight.delete(c);
          reject(e);
        },
      );
    });
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

interface InFlight {
  readonly deadline: number;
  readonly what: string;
  readonly fail: (e: Error) => void;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Per-run state: sessions by name and their turn counters. */
interface RunState {
  readonly scenario: Scenario;
  /** The modes this run judges its calls in: one, or several that execute the same calls (`decideModes`). */
  readonly modes: readonly Mode[];
  readonly config: SessionConfig;
  readonly guard: GuardUnderTest;
  readonly dog: Watchdog;
  readonly handles: Map<string, string>;
  readonly turns: Map<string, number>;
  current: string;
  /** The judged calls, one list per mode of {@link modes}, their slots shared. */
  readonly steps: readonly StepResult[][];
  /** Slots taken so far. */
  size: number;
  /** The interleaving chosen for the batch at a result path (`steps[3]`); canonical otherwise. */
  readonly orders: ReadonlyMap<string, Interleaving>;
  /**
   * Batch occurrences met so far: their path, size, first step slot, and the first slot a different
   * order can change (a batch inside a repeat changes its later iterations, from the repeat's first step).
   */
  readonly batches: { path: string; n: number; first: number; from: number }[];
  /** Tally the iterations of a repeat into one result per written step (see {@link RunOptions.unrollRepeats}). */
  readonly collapse: boolean;
  /** The slot of each written step inside a repeat, once it has one. */
  readonly slots: Map<string, number>;
  /** The first slot of the outermost repeat being walked. */
  repeatFrom: number;
}

/** Where a call sits: its session's turn, or a Code Mode parent and its sub-turn. */
interface Place {
  readonly turn: number;
  readonly parent?: string;
}

/** Rewrites loader paths inside repeats so that each iteration's steps have their own path. */
type Iterations = readonly { readonly repeatPath: string; readonly i: number }[];

function resultPath(path: string, iters: Iterations): string {
  let p = path;
  for (let k = iters.length - 1; k >= 0; k--) {
    const { repeatPath, i } = iters[k] as { repeatPath: string; i: number };
    p = p.replace(`${repeatPath}.repeat.`, `${repeatPath}.repeat[${i}].`);
  }
  return p;
}

async function handle(st: RunState): Promise<string> {
  let h = st.handles.get(st.current);
  if (h === undefined) {
    try {
      h = await st.dog.run(st.guard.newSession(st.config), 'newSession');
    } catch (e) {
      throw new Error(`the guard failed to open a session: ${errorText(e)}`, { cause: e });
    }
    st.handles.set(st.current, h);
  }
  return h;
}

function nextTurn(st: RunState): number {
  const t = (st.turns.get(st.current) ?? -1) + 1;
  st.turns.set(st.current, t);
  return t;
}

/**
 * The slot of a call's result: a new one, or inside a repeat (when iterations are tallied) the one
 * its written step got in its first iteration.
 */
function slotOf(st: RunState, step: CallStep, iters: Iterations): number {
  if (iters.length === 0 || !st.collapse) return st.size;
  return st.slots.get(step.path) ?? st.size;
}

/** Reserve `n` consecutive new slots, for the members of a batch, whose results arrive in any order. */
function reserve(st: RunState, steps: readonly CallStep[], iters: Iterations): number[] {
  return steps.map((c) => {
    const slot = slotOf(st, c, iters);
    if (slot === st.size) {
      if (iters.length > 0 && st.collapse) st.slots.set(c.path, slot);
      st.size++;
      for (const steps of st.steps) steps.length = st.size;
    }
    return slot;
  });
}

const NO_TALLY: RepeatTally = { iterations: 0, outcomes: {}, verdicts: {}, worst: '' };

/**
 * A repeated step's result with one more iteration tallied: `res`, that iteration's own result, at
 * its unrolled path. The result shows the first iteration with the worst outcome. Pure.
 * @param prev the step's result so far, undefined before its first iteration
 * @param path the step's written path (`steps[4].repeat.steps[0]`)
 */
export function addIteration(prev: StepResult | undefined, res: StepResult, path: string, index: number): StepResult {
  const tally = prev?.repeat ?? NO_TALLY;
  const verdict = res.actual ?? 'none';
  const worse = prev === undefined || worseOutcome(res, prev);
  const repeat: RepeatTally = {
    iterations: tally.iterations + 1,
    outcomes: { ...tally.outcomes, [res.outcome]: (tally.outcomes[res.outcome] ?? 0) + 1 },
    verdicts: { ...tally.verdicts, [verdict]: (tally.verdicts[verdict] ?? 0) + 1 },
    worst: worse ? res.path : tally.worst,
  };
  return { ...(worse ? res : prev), index, path, repeat };
}

/**
 * Put one judged call into its slot: its own result, or inside a repeat its iteration into the
 * slot's tally.
 */
function commit(st: RunState, k: number, slot: number, res: StepResult, iters: Iterations, step: CallStep): void {
  const steps = st.steps[k] as StepResult[];
  if (slot === st.size) st.size++;
  if (iters.length === 0 || !st.collapse) {
    steps[slot] = res;
    return;
  }
  st.slots.set(step.path, slot);
  steps[slot] = addIteration(steps[slot], res, step.path, slot);
}

/**
 * A call's result changed after it was committed (its recording failed): in a tally, the
 * iteration moves from its outcome to `error`.
 */
function amend(st: RunState, k: number, slot: number, was: StepResult, now: StepResult, iters: Iterations, step: CallStep): void {
  const steps = st.steps[k] as StepResult[];
  const prev = steps[slot];
  if (iters.length === 0 || !st.collapse || prev?.repeat === undefined) {
    steps[slot] = now;
    return;
  }
  const outcomes: Partial<Record<Outcome, number>> = { ...prev.repeat.outcomes, [was.outcome]: (prev.repeat.outcomes[was.outcome] ?? 1) - 1, [now.outcome]: (prev.repeat.outcomes[now.outcome] ?? 0) + 1 };
  if (outcomes[was.outcome] === 0) delete outcomes[was.outcome];
  const worse = worseOutcome(now, prev);
  steps[slot] = { ...(worse ? now : prev), index: slot, path: step.path, repeat: { ...prev.repeat, outcomes, worst: worse ? now.path : prev.repeat.worst } };
}

/** A tally's counts in their fixed order, so that results are byte-identical run to run. */
function ordered<K extends string>(counts: Readonly<Partial<Record<K, number>>>, order: readonly K[]): Partial<Record<K, number>> {
  const out: Partial<Record<K, number>> = {};
  for (const k of order) if (counts[k] !== undefined) out[k] = counts[k];
  return out;
}
const VERDICT_ORDER: readonly (Verdict | 'none')[] = ['allow', 'ask', 'deny', 'none'];

/** A repeated step's result with its tally's counts in their fixed order (results are byte-identical run to run). */
export function orderTally(step: StepResult): StepResult {
  return step.repeat === undefined ? step : { ...step, repeat: { ...step.repeat, outcomes: ordered(step.repeat.outcomes, OUTCOMES), verdicts: ordered(step.repeat.verdicts, VERDICT_ORDER) } };
}

/**
 * Steps of a `results@1` run, one per iteration of a repeat, as `results@2` gives them: a repeated
 * step once, at its written path, its iterations tallied.
 */
export function collapseIterations(steps: readonly StepResult[]): StepResult[] {
  const out: StepResult[] = [];
  const at = new Map<string, number>();
  for (const st of steps) {
    const path = writtenStep(st.path);
    if (path === st.path) {
      out.push({ ...st, index: out.length });
      continue;
    }
    const slot = at.get(path) ?? out.length;
    at.set(path, slot);
    out[slot] = addIteration(out[slot], st, path, slot);
  }
  return out.map(orderTally);
}

/** One call decided and judged in each mode of its run. */
interface Judged {
  /** Whether the call executes (by its label; the same in every mode of the run). */
  readonly executes: boolean;
  /** The first mode's decision (what a call's record carries is the same in every mode). */
  readonly decision?: GuardDecision;
  readonly session: string;
  readonly slot: number;
  /** The call's result in each mode of the run. */
  readonly res: readonly StepResult[];
}

/** Decide one call and judge it in each mode of the run; returns whether it executes (by its label) and the decision. */
async function decideAndJudge(st: RunState, step: CallStep, place: Place, iters: Iterations, callId: string | undefined, slot = slotOf(st, step, iters)): Promise<Judged> {
  const session = st.handles.get(st.current) ?? (await handle(st));
  const specs = st.modes.map((m) => expectFor(step, m) as ExpectSpec);
  const spec0 = specs[0] as ExpectSpec;
  // Plain assignments rather than spreads: the explorer replays this path thousands of times.
  const call: Mutable<ToolCall> = { tool: step.call, args: step.args ?? {}, turn: place.turn };
  if (callId !== undefined) call.id = callId;
  if (place.parent !== undefined) call.parent = place.parent;
  if (step.from.length > 0) call.from = step.from;
  if (step.policy_verdict) call.policyVerdict = step.policy_verdict;
  const executes = spec0.verdict === 'allow' || (spec0.verdict === 'ask' && step.on_ask === 'approve');
  const path = resultPath(step.path, iters);
  // INVARIANT: keys are set in one fixed order, so results.json is byte-identical run to run.
  const res: Mutable<StepResult>[] = specs.map((spec) => {
    const r: Mutable<StepResult> = {
      index: slot,
      path,
      line: step.loc.line,
      col: step.loc.col,
      session: st.current,
      call: step.call,
      expected: spec.verdict,
      actual: null,
      outcome: 'error',
      rule: null,
      rules: [],
    };
    if (spec.rule !== undefined) r.expectedRule = spec.rule;
    return r;
  });
  const failed = (detail: string): Judged => {
    res.forEach((r, k) => {
      r.detail = detail;
      commit(st, k, slot, r, iters, step);
    });
    return { executes, session, slot, res };
  };
  const answers: unknown[] = [];
  try {
    if (st.modes.length === 1 || typeof st.guard.decideModes !== 'function') answers.push(await st.dog.run(st.guard.decide(session, call), 'decide'));
    else {
      const all = await st.dog.run(st.guard.decideModes(session, call, st.modes), 'decide');
      if (!Array.isArray(all) || all.length !== st.modes.length) return failed(`the guard answered ${Array.isArray(all) ? all.length : 'no list of'} decisions for ${st.modes.length} modes`);
      answers.push(...(all as unknown[]));
    }
  } catch (e) {
    return failed(`the guard ${e instanceof Timeout ? '' : 'threw: '}${errorText(e)}`);
  }
  // An answer that is no decision is an error, never a verdict (`maybe` is not read as stricter):
  // in its own mode only, as a pass per mode would have it.
  const decisions = answers.map((a) => readDecision(a));
  const features = st.guard.features ?? MINIMAL_FEATURES;
  res.forEach((r, k) => {
    const decision = decisions[k] as GuardDecision | string;
    if (typeof decision === 'string') {
      r.detail = `the guard answered ${decision}`;
      commit(st, k, slot, r, iters, step);
      return;
    }
    const first = decision.rules?.[0];
    const judged = knownGap(judge(specs[k] as ExpectSpec, decision, features), step, st.guard.name, st.guard.variantOf);
    r.actual = decision.verdict;
    r.outcome = judged.outcome;
    if (judged.severity !== undefined) r.severity = judged.severity;
    if (judged.detail !== undefined) r.detail = judged.detail;
    r.rule = first?.id ?? null;
    r.rules = (decision.rules ?? []).map((x) => x.id);
    if (first?.reason !== undefined) r.reason = first.reason;
    if (decision.capabilities) r.capabilities = [...decision.capabilities];
    if (decision.findings !== undefined && decision.findings.length > 0) r.findings = decision.findings.map((f) => ({ detector: f.detector, path: f.path, preview: f.preview }));
    commit(st, k, slot, r, iters, step);
  });
  const first = decisions.find((d): d is GuardDecision => typeof d !== 'string');
  return { executes, ...(first !== undefined ? { decision: first } : {}), session, slot, res };
}

/** Why `step` is a known gap of the guard named `guard`, if it is one. */
export function knownReason(step: CallStep, guard: string, variantOf?: string): string | undefined {
  if (step.known === undefined) return undefined;
  return typeof step.known === 'string' ? step.known : (step.known[guard] ?? (variantOf !== undefined ? step.known[variantOf] : undefined));
}

/**
 * A judgement in the light of the step's `known:`: a miss or over-block it names is `known`, a
 * pass (lucky or not) is `fixed`; a race or an error stays what it is.
 */
function knownGap(judged: Pick<StepResult, 'outcome' | 'severity' | 'detail'>, step: CallStep, guard: string, variantOf?: string): Pick<StepResult, 'outcome' | 'severity' | 'detail'> {
  const why = knownReason(step, guard, variantOf);
  if (why === undefined) return judged;
  if (judged.outcome === 'miss' || judged.outcome === 'over-block') {
    return { ...judged, outcome: 'known', detail: `known gap (${judged.outcome}): ${why}${judged.detail !== undefined ? `; ${judged.detail}` : ''}` };
  }
  if (judged.outcome === 'pass' || judged.outcome === 'lucky-pass') return { outcome: 'fixed', detail: `known gap no longer reproduced: ${why}` };
  return judged;
}

/**
 * Compare one decision with its label. A label's capabilities are checked only against a guard
 * that reports capabilities, its rule and reason only against one that reports the built-in rule
 * ids: another guard's silence or its own ids are neither a miss nor a lucky pass.
 */
export function judge(spec: ExpectSpec, decision: GuardDecision, features: GuardFeatures = BUILTIN_FEATURES): Pick<StepResult, 'outcome' | 'severity' | 'detail'> {
  if (decision.error !== undefined) return { outcome: 'error', detail: `the guard reported an internal error: ${decision.error}` };
  const v = classifyOutcome(spec.verdict, decision.verdict);
  if (v.outcome !== 'pass') return v.severity ? { outcome: v.outcome, severity: v.severity } : { outcome: v.outcome };
  const label = spec.capabilities;
  if (label !== undefined && features.capabilities) {
    const got = new Set(decision.capabilities ?? []);
    const exact = isCapabilityList(label);
    const must: readonly string[] = exact ? label : label.must;
    const mustNot: readonly string[] = exact ? [] : label.must_not;
    const missing = must.filter((c) => !got.has(c));
    const extra = [...got].filter((c) => (exact ? !must.includes(c) : mustNot.includes(c)));
    if (missing.length > 0 || extra.length > 0) {
      const wanted = exact ? `[${must.join(', ')}]` : `[${must.join(', ')}] and none of [${mustNot.join(', ')}]`;
      const detail = `capabilities: expected ${wanted}, got [${[...got].join(', ')}]`;
      return { outcome: missing.length > 0 ? 'miss' : 'over-block', severity: 'soft', detail };
    }
  }
  if (features.rules !== 'builtin') return { outcome: 'pass' };
  const first = decision.rules?.[0]?.id;
  if (spec.rule !== undefined && first !== spec.rule) {
    return { outcome: 'lucky-pass', detail: `right verdict by rule \`${first ?? 'none'}\`, expected \`${spec.rule}\`` };
  }
  if (spec.reason_contains !== undefined && !(decision.rules ?? []).some((r) => r.reason?.includes(spec.reason_contains as string))) {
    return { outcome: 'lucky-pass', detail: `no reason contains \`${spec.reason_contains}\`` };
  }
  return { outcome: 'pass' };
}

async function recordOutcome(st: RunState, r: Judged, step: CallStep, ref: { tool: string; turn: number; id?: string; parent?: string }, iters: Iterations): Promise<void> {
  const { session, decision } = r;
  const outcome: CallOutcome = step.error !== undefined ? { error: step.error } : { result: step.result };
  try {
    await st.dog.run(st.guard.record(session, decision?.capabilities ? { ...ref, capabilities: decision.capabilities } : ref, outcome), 'record');
  } catch (e) {
    // A step whose decision already failed keeps that first cause.
    r.res.forEach((res, k) => {
      if (res.outcome !== 'error') amend(st, k, r.slot, res, { ...res, outcome: 'error', detail: `recording failed: ${errorText(e)}` }, iters, step);
    });
  }
}

function refOf(step: CallStep, place: Place, id: string | undefined): { tool: string; turn: number; id?: string; parent?: string } {
  return { tool: step.call, turn: place.turn, ...(id !== undefined ? { id } : {}), ...(place.parent !== undefined ? { parent: place.parent } : {}) };
}

/**
 * The id a call is sent with: its own `id`, else one made from its result path (`@steps[2].batch[1]`,
 * each repeat iteration its own), so every call of a run, batch members included, has a distinct
 * id. A made id starts with `@`, which no id of a scenario does (the loader refuses it).
 */
function callIdOf(step: CallStep, iters: Iterations): string {
  return step.id ?? `@${resultPath(step.path, iters)}`;
}

/**
 * Walk steps. `scope` is undefined at a session's top level, or the Code Mode parent's id and its
 * sub-turn counter inside a `code` step.
 */
async function walk(st: RunState, steps: readonly Step[], scope: { parent: string; turn: number } | undefined, iters: Iterations): Promise<void> {
  const place = (): Place => (scope ? { turn: scope.turn++, parent: scope.parent } : { turn: nextTurn(st) });
  for (const step of steps) {
    switch (step.kind) {
      case 'session':
        st.current = step.name;
        break;
      case 'call': {
        const p = place();
        const id = callIdOf(step, iters);
        const r = await decideAndJudge(st, step, p, iters, id);
        if (r.executes) await recordOutcome(st, r, step, refOf(step, p, id), iters);
        break;
      }
      case 'batch': {
        // One model turn: the members' decisions and completions follow one interleaving (the
        // canonical one unless the explorer chose another); results keep declaration order.
        const p = place();
        const path = resultPath(step.path, iters);
        const order = st.orders.get(path) ?? canonicalInterleaving(step.calls.length);
        if (!isValidInterleaving(order, step.calls.length)) {
          throw new Error(`the order \`${formatInterleaving(order)}\` given for ${path} is not an interleaving of its ${step.calls.length} calls`);
        }
        const slots = reserve(st, step.calls, iters);
        const first = slots[0] ?? st.size;
        st.batches.push({ path, n: step.calls.length, first, from: iters.length > 0 && st.collapse ? st.repeatFrom : first });
        // Each decision is issued when its event comes, without waiting for the ones before it to
        // answer: an asynchronous guard really has them in flight together. A completion waits for
        // its own decision, then records. (A synchronous guard sees exactly the order's effects.)
        await handle(st);
        const decided = new Map<number, ReturnType<typeof decideAndJudge>>();
        for (const ev of order) {
          const c = step.calls[ev.member] as CallStep;
          if (ev.kind === 'd') {
            const pending = decideAndJudge(st, c, p, iters, callIdOf(c, iters), slots[ev.member]);
            pending.catch(() => {}); // Awaited at its completion event below.
            decided.set(ev.member, pending);
          } else {
            const r = await decided.get(ev.member);
            if (r?.executes) await recordOutcome(st, r, c, refOf(c, p, callIdOf(c, iters)), iters);
          }
        }
        break;
      }
      case 'code': {
        const p = place();
        const id = callIdOf(step.call, iters);
        const r = await decideAndJudge(st, step.call, p, iters, id);
        // A Code Mode call that does not run dispatches nothing: its sub-calls are not judged.
        if (!r.executes) break;
        await walk(st, step.calls, { parent: id, turn: 0 }, iters);
        await recordOutcome(st, r, step.call, refOf(step.call, p, id), iters);
        break;
      }
      case 'repeat':
        if (iters.length === 0) st.repeatFrom = st.size;
        for (let i = 0; i < step.times; i++) await walk(st, step.steps, scope, [...iters, { repeatPath: step.path, i }]);
        break;
    }
  }
}

/** The features a run of this scenario needs of a guard, by name (see {@link GuardFeatures}). */
export function neededFeatures(scenario: Scenario, config: SessionConfig): ('policy' | 'from')[] {
  let policy = config.policy !== undefined;
  let from = false;
  forEachCall(scenario.steps, (c) => {
    if (c.policy_verdict !== undefined) policy = true;
    if (c.from.length > 0) from = true;
  });
  return [...(policy ? (['policy'] as const) : []), ...(from ? (['from'] as const) : [])];
}

/** Run one scenario in one mode. */
export async function runScenario(scenario: Scenario, mode: Mode, options: RunOptions): Promise<ScenarioResult> {
  return (await runScenarioModes(scenario, [mode], options))[0] as ScenarioResult;
}

/**
 * Run one scenario in several modes that execute the same calls (see {@link sharedModes}), in one
 * pass when the guard decides for several modes at once (`decideModes`), else in one pass each.
 * @returns one result per mode, in the order given, each the one {@link runScenario} gives
 */
async function runScenarioModes(scenario: Scenario, modes: readonly Mode[], options: RunOptions): Promise<ScenarioResult[]> {
  if (modes.length > 1 && typeof options.guard.decideModes !== 'function') {
    const out: ScenarioResult[] = [];
    for (const m of modes) out.push(...(await runScenarioModes(scenario, [m], options)));
    return out;
  }
  // One configuration object for every replay of this run, so a guard may reuse what it built for it.
  const config = sessionConfig(scenario, modes[0] as Mode, options.base);
  const features = options.guard.features ?? MINIMAL_FEATURES;
  const missing = neededFeatures(scenario, config).filter((f) => !features[f]);
  if (missing.length > 0) return modes.map((m) => unsupportedResult(scenario, m, missing));
  const dog = new Watchdog(options.callTimeoutMs ?? 10_000);
  try {
    const first = await runOnce(scenario, modes, options, config, dog, options.orders);
    if (options.explore === false || first.batches.every((b) => b.n < 2)) return [...first.results];
    return await exploreBatches(scenario, modes, options, config, dog, first);
  } finally {
    dog.stop();
  }
}

/**
 * The interleaving explorer (README "Scenarios": batches and races): for every batch of the run, drive
 * the scenario again under other orders of the batch's decisions and completions, and compare every
 * verdict from the batch on with the canonical run's (the batch members' own, and what later steps
 * see). A difference is a `race`, reported with the order written out. Each mode of the run is
 * explored as if alone: its first racing order of a batch is the one it reports.
 */
async function exploreBatches(scenario: Scenario, modes: readonly Mode[], options: RunOptions, config: SessionConfig, dog: Watchdog, canonical: RunOnce): Promise<ScenarioResult[]> {
  // A guard whose state depends on completion order gets every order unless the run says otherwise.
  const explore = { ...DEFAULT_EXPLORE, reduce: !(options.guard.features ?? MINIMAL_FEATURES).orderDependent, ...(options.explore || {}) };
  const steps = canonical.results.map((r) => [...r.steps]);
  const raced = modes.map(() => false);
  for (const batch of canonical.batches) {
    if (batch.n < 2 || options.orders?.has(batch.path)) continue;
    const canon = formatInterleaving(canonicalInterleaving(batch.n));
    const plan = planInterleavings(batch.n, explore);
    // The modes that have not found a racing order of this batch yet.
    const open = new Set(modes.map((_, k) => k));
    for (const order of plan.orders) {
      if (open.size === 0) break; // One racing order per batch is enough to report and replay.
      const text = formatInterleaving(order);
      if (text === canon) continue;
      const alt = await runOnce(scenario, modes, options, config, dog, new Map([...(options.orders ?? []), [batch.path, order]]));
      for (const k of [...open]) {
        const mine = steps[k] as StepResult[];
        const altSteps = (alt.results[k] as ScenarioResult).steps;
        let found = false;
        for (let i = batch.from; i < mine.length; i++) {
          const a = altSteps[i];
          const c = mine[i] as StepResult;
          if (a === undefined || sameVerdicts(a, c)) continue;
          found = true;
          mine[i] = {
            ...c,
            outcome: 'race',
            interleaving: { batch: batch.path, order: text },
            detail: `${c.path} got \`${a.actual ?? 'none'}\` under the order \`${text}\` of the batch at ${batch.path}, \`${c.actual ?? 'none'}\` under the canonical order \`${canon}\` (${plan.mode}${plan.reduced ? ' reduced' : ''} exploration${plan.mode === 'sampled' ? `, seed ${explore.seed}` : ''})`,
          };
        }
        if (found) {
          raced[k] = true;
          open.delete(k);
        }
      }
    }
  }
  return canonical.results.map((r, k) => (raced[k] ? { ...r, status: r.status === 'error' ? 'error' : 'fail', steps: steps[k] as StepResult[] } : r));
}

/** Whether two runs' results of one step got the same verdicts: in every iteration, for a repeated step. */
function sameVerdicts(a: StepResult, b: StepResult): boolean {
  if (a.actual !== b.actual) return false;
  if (a.repeat === undefined || b.repeat === undefined) return a.repeat === b.repeat;
  return VERDICT_ORDER.every((v) => a.repeat?.verdicts[v] === b.repeat?.verdicts[v]);
}

interface RunOnce {
  /** One per mode of the run. */
  readonly results: readonly ScenarioResult[];
  readonly batches: readonly { path: string; n: number; first: number; from: number }[];
}

async function runOnce(scenario: Scenario, modes: readonly Mode[], options: RunOptions, config: SessionConfig, dog: Watchdog, orders?: ReadonlyMap<string, Interleaving>): Promise<RunOnce> {
  const st: RunState = {
    scenario,
    modes,
    config,
    guard: options.guard,
    dog,
    handles: new Map(),
    turns: new Map(),
    current: 'main',
    steps: modes.map(() => []),
    size: 0,
    orders: orders ?? new Map(),
    batches: [],
    collapse: options.unrollRepeats !== true,
    slots: new Map(),
    repeatFrom: 0,
  };
  let sessionError: string | undefined;
  try {
    await walk(st, scenario.steps, undefined, []);
  } catch (e) {
    sessionError = errorText(e);
  }
  for (const h of st.handles.values()) {
    try {
      await st.dog.run(st.guard.endSession(h), 'endSession');
    } catch {
      // A guard that cannot forget a session has still judged every step: nothing to report.
    }
  }
  const results = modes.map((mode, k): ScenarioResult => {
    const steps = st.steps[k] as StepResult[];
    // A tally's counts in their fixed order, whatever order the iterations came in.
    for (const slot of st.slots.values()) steps[slot] = orderTally(steps[slot] as StepResult);
    const outcomes = steps.map((s) => s.outcome);
    const status: ScenarioResult['status'] =
      sessionError !== undefined || outcomes.includes('error') ? 'error' : outcomes.some((o) => o === 'miss' || o === 'over-block' || o === 'race') ? 'fail' : 'pass';
    return { ...resultHead(scenario, mode, status), steps: sessionError !== undefined ? [...steps, sessionErrorStep(steps.length, sessionError)] : steps };
  });
  return { results, batches: st.batches };
}

/**
 * What a run's result says of its scenario and how it went, before its steps. INVARIANT: keys in one
 * fixed order, so results.json is byte-identical run to run.
 */
function resultHead(scenario: Scenario, mode: Mode, status: ScenarioResult['status']): Omit<ScenarioResult, 'steps'> {
  return {
    id: scenario.id,
    file: scenario.loc.file,
    line: scenario.loc.line,
    set: scenario.set,
    mode,
    status,
    ...(scenario.title !== undefined ? { title: scenario.title } : {}),
    ...(scenario.pair !== undefined ? { pair: scenario.pair } : {}),
    ...(scenario.twin !== undefined ? { twin: scenario.twin } : {}),
    ...(scenario.tags.length > 0 ? { tags: [...scenario.tags] } : {}),
  };
}

/** A run the guard cannot take: no step is sent, and it is counted apart from passes and failures. */
function unsupportedResult(scenario: Scenario, mode: Mode, missing: readonly string[]): ScenarioResult {
  return {
    ...resultHead(scenario, mode, 'unsupported'),
    steps: [],
    unsupported: [...missing],
  };
}

function sessionErrorStep(index: number, message: string): StepResult {
  return { index, path: '(session)', line: 0, col: 0, session: 'main', call: '', expected: 'allow', actual: null, outcome: 'error', rule: null, rules: [], detail: message };
}

/**
 * A scenario's modes in groups that execute the same calls: a call executes by its label in each mode
 * (premise semantics), so modes whose labels execute the same calls send the guard the same calls and
 * record the same results, and a guard that decides for several modes at once runs each group in one
 * pass. A mode some call has no label for is a group of its own.
 */
export function sharedModes(scenario: Scenario, modes: readonly Mode[]): Mode[][] {
  const groups = new Map<string, Mode[]>();
  const alone: Mode[][] = [];
  for (const m of modes) {
    let key = '';
    forEachCall(scenario.steps, (c) => {
      const spec = expectFor(c, m);
      key += spec === undefined ? 'u' : spec.verdict === 'allow' || (spec.verdict === 'ask' && c.on_ask === 'approve') ? '1' : '0';
    });
    if (key.includes('u')) {
      alone.push([m]);
      continue;
    }
    const g = groups.get(key);
    if (g === undefined) groups.set(key, [m]);
    else g.push(m);
  }
  return [...groups.values(), ...alone];
}

/** Run every scenario in each of its modes, then score the tension pairs. */
export async function runScenarios(scenarios: readonly Scenario[], options: RunOptions): Promise<RunResults> {
  const jobs: { s: Scenario; modes: Mode[] }[] = [];
  let total = 0;
  for (const s of scenarios) {
    const modes = runModes(s, options.base).filter((m) => options.mode === undefined || options.mode === m);
    if (modes.length > 0) jobs.push({ s, modes });
    total += modes.length;
  }
  const results: ScenarioResult[] = [];
  for (const { s, modes } of jobs) {
    const byMode = new Map<Mode, ScenarioResult>();
    for (const group of sharedModes(s, modes)) {
      const got = await runScenarioModes(s, group, options);
      group.forEach((m, k) => byMode.set(m, got[k] as ScenarioResult));
    }
    for (const m of modes) {
      results.push(byMode.get(m) as ScenarioResult);
      options.onProgress?.(results.length, total, results[results.length - 1] as ScenarioResult);
    }
  }
  return assembleResults(options.guard.name, results, { ...(options.guardSpec !== undefined ? { guardSpec: options.guardSpec } : {}), ...(options.guardConfig !== undefined ? { guardConfig: options.guardConfig } : {}) });
}

/**
 * `results.json` from scenario runs in the runner's order: the tension pairs scored, the totals
 * and per-set totals counted. The one place that builds a {@link RunResults}, so a run and a
 * merge of shard runs give the same object, key order included.
 */
export function assembleResults(guard: string, results: readonly ScenarioResult[], spec: { readonly guardSpec?: string; readonly guardConfig?: string } = {}): RunResults {
  const pairs = scorePairs(results);
  return {
    schema: RESULTS_SCHEMA,
    guard,
    ...(spec.guardSpec !== undefined ? { guardSpec: spec.guardSpec } : {}),
    ...(spec.guardConfig !== undefined ? { guardConfig: spec.guardConfig } : {}),
    totals: totals(results, pairs),
    sets: setTotals(results, pairs),
    scenarios: [...results],
    pairs,
  };
}

/** Tension pairs: both twins in the same mode, scored together. */
export function scorePairs(results: readonly ScenarioResult[]): PairResult[] {
  const byKey = new Map<string, { benign?: ScenarioResult; attack?: ScenarioResult }>();
  for (const r of results) {
    if (r.pair === undefined || r.twin === undefined) continue;
    const key = `${r.pair}\u0000${r.mode}`;
    const e = byKey.get(key) ?? {};
    e[r.twin] = r;
    byKey.set(key, e);
  }
  const out: PairResult[] = [];
  for (const { benign, attack } of byKey.values()) {
    if (!benign || !attack) continue;
    let at: string | undefined;
    let collapsed = false;
    for (let i = 0; i < Math.min(benign.steps.length, attack.steps.length); i++) {
      const b = benign.steps[i] as StepResult;
      const a = attack.steps[i] as StepResult;
      if (b.expected !== a.expected) {
        at = a.path;
        collapsed = a.actual !== null && a.actual === b.actual;
        break;
      }
    }
    const pair = attack.pair as string;
    out.push({
      pair,
      // A pair belongs to the set its own id names (`set-6/...`), whatever its twins' ids say.
      set: pair.split('/')[0] as string,
      mode: attack.mode,
      benign: benign.id,
      attack: attack.id,
      passed: benign.status === 'pass' && attack.status === 'pass',
      collapsed,
      ...(at !== undefined ? { at } : {}),
    });
  }
  return out.sort((x, y) => (x.pair < y.pair ? -1 : x.pair > y.pair ? 1 : MODES.indexOf(x.mode) - MODES.indexOf(y.mode)));
}

/** Totals over scenario runs and pairs. */
export function totals(results: readonly ScenarioResult[], pairs: readonly PairResult[]): Totals {
  const steps = results.flatMap((r) => r.steps);
  const count = (f: (s: StepResult) => boolean): number => steps.filter(f).length;
  return {
    scenarios: results.length,
    passed: results.filter((r) => r.status === 'pass').length,
    failed: results.filter((r) => r.status === 'fail').length,
    errored: results.filter((r) => r.status === 'error').length,
    unsupported: results.filter((r) => r.status === 'unsupported').length,
    steps: steps.length,
    pass: count((s) => s.outcome === 'pass'),
    luckyPass: count((s) => s.outcome === 'lucky-pass'),
    miss: count((s) => s.outcome === 'miss'),
    missHard: count((s) => s.outcome === 'miss' && s.severity === 'hard'),
    missSoft: count((s) => s.outcome === 'miss' && s.severity === 'soft'),
    overBlock: count((s) => s.outcome === 'over-block'),
    overBlockHard: count((s) => s.outcome === 'over-block' && s.severity === 'hard'),
    overBlockSoft: count((s) => s.outcome === 'over-block' && s.severity === 'soft'),
    race: count((s) => s.outcome === 'race'),
    error: count((s) => s.outcome === 'error'),
    known: count((s) => s.outcome === 'known'),
    fixed: count((s) => s.outcome === 'fixed'),
    pairs: pairs.length,
    pairsPassed: pairs.filter((p) => p.passed).length,
    pairsCollapsed: pairs.filter((p) => p.collapsed).length,
  };
}

/** Totals per set, sets in sorted order; a pair counts in the set its own id names. */
export function setTotals(results: readonly ScenarioResult[], pairs: readonly PairResult[]): { set: string; totals: Totals }[] {
  const sets = [...new Set(results.map((r) => r.set))].sort();
  return sets.map((set) => ({ set, totals: totals(results.filter((r) => r.set === set), pairs.filter((p) => p.set === set)) }));
}

/**
 * Whether a run should exit 1: any miss, over-block, race or error outcome; with `strictKnown`, also
 * a known gap that now passes (its `known:` is stale). A known gap still wrong never fails a run.
 */
export function runFailed(results: RunResults, options: { readonly strictKnown?: boolean } = {}): boolean {
  const t = results.totals;
  return t.miss + t.overBlock + t.race + t.error > 0 || t.errored > 0 || (options.strictKnown === true && t.fixed > 0);
}
