/**
 * The scenario model: what the DSL loader produces and the runner consumes (docs/writing-scenarios.md).
 * Plain data, with a source location on everything a report may point at.
 */
import type { Capability, Mode, Verdict } from '../core/capabilities.js';
import type { LedgerLimits } from '../core/ledger.js';
import type { PolicyVerdict, ToolSpec } from '../core/types.js';

/** A position in a scenario file (1-based line and column). */
export interface Loc {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/**
 * What a tool's capabilities must and must not include; a capability in neither list is not scored
 * (a label that leaves an arguable part open).
 */
export interface CapabilityBounds {
  readonly must: readonly Capability[];
  readonly must_not: readonly Capability[];
}

/** Whether a label's capabilities are the exact set (a list) rather than bounds. */
export function isCapabilityList(c: readonly Capability[] | CapabilityBounds): c is readonly Capability[] {
  return Array.isArray(c);
}

/** One expectation: the verdict, and optionally the deciding rule, the capabilities, a reason. */
export interface ExpectSpec {
  readonly verdict: Verdict;
  readonly rule?: string;
  /** The tool's exact capability set, or bounds on it. */
  readonly capabilities?: readonly Capability[] | CapabilityBounds;
  readonly reason_contains?: string;
}

/** `expect:` of a call step: one spec for every mode, or one per listed mode. */
export type Expectation =
  | { readonly kind: 'single'; readonly spec: ExpectSpec }
  | { readonly kind: 'by-mode'; readonly byMode: Readonly<Partial<Record<Mode, ExpectSpec>>> };

/** A single tool call. */
export interface CallStep {
  readonly kind: 'call';
  readonly loc: Loc;
  /** Where the step sits in the file, e.g. `steps[3].batch[1]`. */
  readonly path: string;
  readonly id?: string;
  readonly call: string;
  /** The author says the tool is deliberately unknown to the guard. */
  readonly unknown: boolean;
  readonly args: unknown;
  /** Omitted means an empty result, which is still recorded. */
  readonly result?: unknown;
  /** The call failed with this message: nothing is recorded. */
  readonly error?: string;
  readonly from: readonly string[];
  readonly expect: Expectation;
  readonly on_ask: 'approve' | 'reject';
  readonly policy_verdict?: PolicyVerdict;
  /**
   * A known gap: why the guard under test gets this step wrong today (every guard), or such a
   * reason by guard name. A miss or over-block there is `known`; a pass is `fixed`.
   */
  readonly known?: string | Readonly<Record<string, string>>;
}

/** Parallel calls of one model turn. */
export interface BatchStep {
  readonly kind: 'batch';
  readonly loc: Loc;
  readonly path: string;
  readonly calls: readonly CallStep[];
}

/** A Code Mode call and its nested sub-dispatches, in order. */
export interface CodeStep {
  readonly kind: 'code';
  readonly loc: Loc;
  readonly path: string;
  /** The `run_code`-style call itself. */
  readonly call: CallStep;
  readonly calls: readonly Step[];
}

/** The steps, `times` times. */
export interface RepeatStep {
  readonly kind: 'repeat';
  readonly loc: Loc;
  readonly path: string;
  readonly times: number;
  readonly steps: readonly Step[];
}

/** Later steps run in the named session (the first session is `main`). */
export interface SessionStep {
  readonly kind: 'session';
  readonly loc: Loc;
  readonly path: string;
  readonly name: string;
}

export type Step = CallStep | BatchStep | CodeStep | RepeatStep | SessionStep;

/** A scenario's `guard:` block (every field optional; the runner fills the defaults). */
export interface GuardSettings {
  readonly mode?: Mode;
  readonly unknownTool?: Verdict;
  readonly overrides?: Readonly<Record<string, readonly Capability[]>>;
  readonly policy?: { readonly granted: readonly string[] | 'all'; readonly taintResilient?: readonly string[] };
  /** The guard's table sizes for this scenario (`fingerprints`, `scripts`, ...), to exercise eviction. */
  readonly limits?: Readonly<Partial<Record<keyof LedgerLimits, number>>>;
}

/** One loaded scenario. */
export interface Scenario {
  readonly id: string;
  /** The challenge set: the id's first segment (`set-2/case-c/x` → `set-2`). */
  readonly set: string;
  readonly loc: Loc;
  readonly title?: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly pair?: string;
  readonly twin?: 'benign' | 'attack';
  readonly guard: GuardSettings;
  /** Every tool the scenario knows: catalogs first, inline `tools` on top. */
  readonly tools: Readonly<Record<string, ToolSpec>>;
  readonly steps: readonly Step[];
  /**
   * The modes this scenario runs in: the modes of its by-mode expectations, or its `guard.mode`
   * (default balanced) when it has none.
   */
  readonly modes: readonly Mode[];
}

/** Call every call step, in file order: batch members, Code Mode calls and their sub-calls, repeated steps once. */
export function forEachCall(steps: readonly Step[], f: (c: CallStep) => void): void {
  for (const s of steps) {
    if (s.kind === 'call') f(s);
    else if (s.kind === 'batch') s.calls.forEach(f);
    else if (s.kind === 'code') {
      f(s.call);
      forEachCall(s.calls, f);
    } else if (s.kind === 'repeat') forEachCall(s.steps, f);
  }
}

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

/** How one step's actual verdict compares with its label (docs/dsl.md "How a scenario runs"). */
/** `known`: a miss or over-block the step's `known:` names; `fixed`: a known gap that now passes. */
export type Outcome = 'pass' | 'lucky-pass' | 'miss' | 'over-block' | 'race' | 'error' | 'known' | 'fixed';

export type Severity = 'hard' | 'soft';

/**
 * A step inside a `repeat`, all its iterations in one result: how many times it was judged, how
 * many times each outcome and each verdict came, and which iteration the step's own fields show.
 */
export interface RepeatTally {
  /** Iterations in which the step was judged (nested repeats multiply). */
  readonly iterations: number;
  /** Iterations per outcome, in the order of {@link OUTCOMES}. */
  readonly outcomes: Readonly<Partial<Record<Outcome, number>>>;
  /** Iterations per verdict the guard gave (`none`: it gave none, an error), allow, ask, deny, none. */
  readonly verdicts: Readonly<Partial<Record<Verdict | 'none', number>>>;
  /** The iteration the step's fields describe, the first of its worst outcome, e.g. `steps[4].repeat[17].steps[0]`. */
  readonly worst: string;
}

/** Every outcome, best first (the order of a {@link RepeatTally}'s counts). */
export const OUTCOMES: readonly Outcome[] = ['pass', 'fixed', 'lucky-pass', 'known', 'over-block', 'miss', 'race', 'error'];

/** One judged step of one scenario × mode run. */
export interface StepResult {
  /** 0-based position in the run's steps: execution order, a repeated step once, where it first ran. */
  readonly index: number;
  /**
   * The step's path, unique within the run, e.g. `steps[4]`, `steps[2].batch[1]`; a step inside a
   * `repeat` is one result for all its iterations, at its written path (`steps[4].repeat.steps[0]`).
   */
  readonly path: string;
  readonly line: number;
  readonly col: number;
  readonly session: string;
  readonly call: string;
  readonly expected: Verdict;
  readonly actual: Verdict | null;
  readonly outcome: Outcome;
  readonly severity?: Severity;
  /** The rule the label names, when it names one. */
  readonly expectedRule?: string;
  /** The deciding rule of the actual decision (the first fired), or null. */
  readonly rule: string | null;
  /** Every rule that fired. */
  readonly rules: readonly string[];
  readonly reason?: string;
  /** Why the outcome is not a plain pass, in one line (capabilities, rule, error ...). */
  readonly detail?: string;
  readonly capabilities?: readonly string[];
  /** Sensitive data the guard reported finding in the arguments, masked (a guard that reports none: absent). */
  readonly findings?: readonly { readonly detector: string; readonly path: string; readonly preview: string }[];
  /** For a race: the batch and the order under which the verdict differed (replay with `--order`). */
  readonly interleaving?: { readonly batch: string; readonly order: string };
  /** For a step inside a `repeat`: its iterations tallied; the fields above describe `repeat.worst`. */
  readonly repeat?: RepeatTally;
}

/** One scenario run in one mode. */
export interface ScenarioResult {
  readonly id: string;
  readonly file: string;
  readonly line: number;
  readonly set: string;
  readonly mode: Mode;
  /** `unsupported`: the run needs a feature the guard does not declare; no step was sent. */
  readonly status: 'pass' | 'fail' | 'error' | 'unsupported';
  readonly title?: string;
  readonly pair?: string;
  readonly twin?: 'benign' | 'attack';
  /** The scenario's `tags`, when it has any (`--tag` filters on them). */
  readonly tags?: readonly string[];
  readonly steps: readonly StepResult[];
  /** For an `unsupported` run: the features it needs that the guard lacks (`policy`, `from`). */
  readonly unsupported?: readonly string[];
}

/** A tension pair's score in one mode. */
export interface PairResult {
  readonly pair: string;
  readonly set: string;
  readonly mode: Mode;
  readonly benign: string;
  readonly attack: string;
  readonly passed: boolean;
  /** Both twins got the same verdict at the first step where their labels differ. */
  readonly collapsed: boolean;
  /** That step's path, when the labels differ somewhere. */
  readonly at?: string;
}

export interface Totals {
  readonly scenarios: number;
  readonly passed: number;
  readonly failed: number;
  readonly errored: number;
  /** Runs the guard could not take (see {@link ScenarioResult.status}). */
  readonly unsupported: number;
  readonly steps: number;
  readonly pass: number;
  readonly luckyPass: number;
  readonly miss: number;
  readonly missHard: number;
  readonly missSoft: number;
  readonly overBlock: number;
  readonly overBlockHard: number;
  readonly overBlockSoft: number;
  readonly race: number;
  readonly error: number;
  /** Steps that are known gaps (`known:`), still wrong; they fail nothing. */
  readonly known: number;
  /** Known gaps that now pass: `--strict-known` fails the run on them. */
  readonly fixed: number;
  readonly pairs: number;
  readonly pairsPassed: number;
  readonly pairsCollapsed: number;
}

/** `results.json`. Versioned: consumers check `schema`. */
export interface RunResults {
  readonly schema: 'guard-eval/results@2';
  /** The guard's name (a process guard's, from its hello). */
  readonly guard: string;
  /** How the run named the guard (`--guard`): what replays and baselines use to run it again. */
  readonly guardSpec?: string;
  /** The guard configuration file the run applied (`--guard-config`), if any. */
  readonly guardConfig?: string;
  readonly totals: Totals;
  readonly sets: readonly { readonly set: string; readonly totals: Totals }[];
  readonly scenarios: readonly ScenarioResult[];
  readonly pairs: readonly PairResult[];
}
