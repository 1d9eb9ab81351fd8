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
  ToolAnnotations,
  ToolCall,
  ToolOrigin,
  ToolSpec,
} from './core/types.js';
