/**
 * guard-eval's public surface: the guard, its pure capability gate, and the shapes they speak.
 * Named exports only (no `export *`), so what the library offers is visible here.
 */
export { CAPABILITIES, CAPABILITY_ALIASES, MODES, SHORT_NAMES, VERDICTS, stricter, verdictRank } from './core/capabilities.js';
export type { Capability, Mode, Verdict } from './core/capabilities.js';
export { classifyTool, nameTokens } from './core/classifier.js';
export { analyzeCommand } from './core/command.js';
export type { CommandAnalysis } from './core/command.js';
export { parseGuardConfig, resolveGuardConfig } from './core/config.js';
export type { GuardConfig, ResolvedConfig } from './core/config.js';
export { BUILTIN_DETECTORS, DESTINATION_FIELDS, isDestinationField, scanArgs } from './core/detectors.js';
export type { Detector, MatchSpan } from './core/detectors.js';
export { GuardConfigError } from './core/errors.js';
export type { Issue } from './core/errors.js';
export {
  CAPABILITY_TO_GATE,
  GATE_CAPABILITIES,
  GATE_MAPPING_MARKDOWN,
  GATE_TO_CAPABILITY,
  NATIVE_SEARCH_ORIGIN,
  TAINT_REVOKED,
  decide,
  escalationReason,
  grantedCapabilities,
  isUnclassifiable,
  monotonicRedeclaration,
  outcomeVerdict,
  requiredCapabilities,
} from './core/gate.js';
export type { GateCapability, GateOutcome, GrantPolicy, ToolProfile } from './core/gate.js';
export { Guard, Session, createGuard } from './core/guard.js';
export type { RecordRef, RecordResult, ToolInfo } from './core/guard.js';
export { DEFAULT_LIMITS } from './core/ledger.js';
export type { ChainFacts, LedgerLimits, LedgerSnapshot } from './core/ledger.js';
export { RULE_DESCRIPTIONS, RULE_IDS, RULE_TABLE } from './core/rules.js';
export type { RuleId } from './core/rules.js';
export type {
  CallOutcome,
  CallRef,
  Classification,
  Decision,
  Evidence,
  EvidenceSource,
  FiredRule,
  Finding,
  GateSummary,
  PolicyVerdict,
  ProvenanceClass,
  SensitiveKind,
  SpecCut,
  ToolAnnotations,
  ToolCall,
  ToolOrigin,
  ToolSpec,
} from './core/types.js';

// The harness: scenarios, the runner, guards under test and reports.
export { BUILTIN_FEATURES, builtinGuard, GUARDS, GUARD_NAMES, MINIMAL_FEATURES } from './harness/guards.js';
export { GuardSpecError, guardProblem, loadGuard } from './harness/guard-spec.js';
export type { GuardFactory, GuardFactoryOptions, LoadGuardOptions } from './harness/guard-spec.js';
export { DEFAULT_GUARD_TIMEOUT_MS, GUARD_PROTOCOL, GuardProcessError, processGuard } from './harness/process-guard.js';
export type { Hello, ProcessGuardOptions } from './harness/process-guard.js';
export { constantGuard, orderBlindGuard, windowGuard } from './harness/baselines.js';
export { coverage, belowFloor, COVERED_RULES, UNREACHABLE_RULES } from './harness/coverage.js';
export type { Coverage, Matrix, Polarity } from './harness/coverage.js';
export { compare, renderComparisonMarkdown } from './harness/compare.js';
export type { Comparison, GuardRow, RateCell } from './harness/compare.js';
export { compareToBaseline, renderBaseline, toBaseline } from './harness/gate.js';
export type { Baseline, Change, ChangeKind, GatePolicy, GateReport } from './harness/gate.js';
export { parseShard, selectShard } from './harness/shard.js';
export type { Shard } from './harness/shard.js';
export { mergeResults } from './harness/merge.js';
export { agreementReport, cohenKappa, fleissKappa, krippendorffAlpha, weightedKappa } from './harness/agreement.js';
export type { AgreementReport } from './harness/agreement.js';
export type { BuiltinOptions, GuardDecision, GuardFeatures, GuardName, GuardUnderTest, SessionConfig, TraceEntry } from './harness/guards.js';
export { allInterleavings, canonicalInterleaving, formatInterleaving, parseInterleaving, planInterleavings, reducedInterleavings, runSorted, sampleInterleavings } from './harness/interleavings.js';
export type { BatchEvent, Interleaving } from './harness/interleavings.js';
export type { ExpectSpec, Outcome, PairResult, RunResults, Scenario, ScenarioResult, StepResult, Totals } from './harness/model.js';
export { classifyOutcome } from './harness/outcome.js';
export { REPORTERS, REPORTER_NAMES } from './harness/reports/index.js';
export type { ReportContext, Reporter, ReporterName } from './harness/reports/index.js';
export { DEFAULT_EXPLORE, judge, neededFeatures, runModes, runScenario, runScenarios } from './harness/runner.js';
export type { BaseGuardSettings, ExploreOptions, RunOptions } from './harness/runner.js';
export { writeReports } from './harness/write-reports.js';
export { replayCommand } from './harness/reports/replay.js';
export { loadScenarios, loadScenariosOrThrow } from './io/dsl.js';
export type { LoadOptions, LoadResult } from './io/dsl.js';
export { InputError, formatIssue } from './io/errors.js';
export type { InputIssue } from './io/errors.js';
