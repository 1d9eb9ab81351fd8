/**
 * The guard's configuration: one shape, validated once at construction (options resolved
 * once). Every public option is optional and documents its default.
 */
import { CAPABILITIES, MODES, VERDICTS, isCapability, toMask } from './capabilities.js';
import type { Capability, Mode, Verdict } from './capabilities.js';
import type { Detector } from './detectors.js';
import { GuardConfigError } from './errors.js';
import type { Issue } from './errors.js';
import { parseGrantPolicy } from './gate.js';
import type { GrantPolicy } from './gate.js';
import { DEFAULT_LIMITS } from './ledger.js';
import type { LedgerLimits } from './ledger.js';
import { didYouMean } from './suggest.js';
import type { ToolSpec } from './types.js';
import { isRecord } from './values.js';
import { errorText, readValue, toPlain } from './walk.js';
import type { ReadCaps } from './walk.js';

/** The guard's configuration as a host writes it. */
export interface GuardConfig {
  /** @default 'balanced' */
  readonly mode?: Mode;
  /** Verdict for a call that classifies to no capability. @default 'ask' (fail closed) */
  readonly unknownTool?: Verdict;
  /** Tool name → capabilities; wins over the classifier. `[]` makes a tool known and harmless. */
  readonly overrides?: Readonly<Record<string, readonly Capability[]>>;
  /** Capability-gate grant policy; when set, the gate runs on every call. */
  readonly policy?: GrantPolicy;
  /** Tool specs known to the guard (an array, or a map name → spec). */
  readonly tools?: readonly ToolSpec[] | Readonly<Record<string, Omit<ToolSpec, 'name'> & { readonly name?: string }>>;
  /** Memory bounds per session. @default {@link DEFAULT_LIMITS} */
  readonly limits?: Partial<LedgerLimits>;
  /** Salt of the result fingerprints. @default a random salt per guard */
  readonly salt?: string;
  /** Verdict when the guard fails internally. @default 'deny' */
  readonly onError?: 'ask' | 'deny';
  /** Extra sensitive-data detectors, run after the built-in ones. */
  readonly detectors?: readonly Detector[];
}

/** A validated configuration: every default filled in. */
export interface ResolvedConfig {
  readonly mode: Mode;
  readonly unknownTool: Verdict;
  /** Override masks by tool name. */
  readonly overrides: ReadonlyMap<string, number>;
  readonly policy: GrantPolicy | undefined;
  readonly tools: readonly ToolSpec[];
  readonly limits: LedgerLimits;
  readonly salt: string;
  readonly onError: 'ask' | 'deny';
  readonly detectors: readonly Detector[];
}

const KEYS = ['mode', 'unknownTool', 'overrides', 'policy', 'tools', 'limits', 'salt', 'onError', 'detectors'] as const;
const LIMIT_KEYS = Object.keys(DEFAULT_LIMITS);


function quoteList(xs: readonly string[]): string {
  return xs.map((x) => `\`${x}\``).join(', ');
}

function randomSalt(): string {
  const c = (globalThis as { crypto?: { getRandomValues?: (a: Uint32Array) => Uint32Array } }).crypto;
  if (c?.getRandomValues) return Array.from(c.getRandomValues(new Uint32Array(4)), (x) => x.toString(36)).join('');
  // No Web Crypto: a fixed salt is still correct, only less private. Documented in the README.
  return 'guard-eval';
}

/**
 * Read one tool spec once, into plain data. Never throws.
 * @returns the plain spec and its content as one text (equal for two specs exactly when everything
 *   read from them is: every key, value and kind of value), or the issue and the spec's name when at
 *   least that could be read
 */
export function readToolSpec(spec: unknown): { ok: true; spec: ToolSpec; content: string } | { ok: false; name: string | undefined; issue: Issue } {
  const tape = readValue(spec, CONFIG_READ_CAPS);
  const plain = toPlain(tape);
  const name = isRecord(plain) && typeof plain.name === 'string' && plain.name !== '' ? plain.name : undefined;
  if (tape.stop !== undefined) return { ok: false, name, issue: { path: tape.stop.path, message: `could not read the tool spec here (${tape.stop.detail})` } };
  if (name === undefined) return { ok: false, name, issue: { path: '', message: 'expected a tool spec with a non-empty string `name`' } };
  return { ok: true, spec: plain as unknown as ToolSpec, content: JSON.stringify([Array.from(tape.kind), Array.from(tape.parent), tape.key, tape.text]) };
}

/** Caps of reading one configuration entry: far above any real catalog of tool specs. */
const CONFIG_READ_CAPS: ReadCaps = { text: 16 * 1_048_576, leaves: 1_000_000, visits: 4_000_000, depth: 1_000 };

/**
 * Read a host's configuration object once, into plain data: a getter that throws, a Proxy or a
 * cycle becomes an issue here, never an exception later. Detectors keep their functions.
 */
function readConfig(raw: object): { ok: true; value: Record<string, unknown> } | { ok: false; issues: Issue[] } {
  const out: Record<string, unknown> = {};
  const issues: Issue[] = [];
  let keys: string[];
  try {
    keys = Object.keys(raw);
  } catch (e) {
    return { ok: false, issues: [{ path: '', message: `could not read the configuration (${errorText(e)})` }] };
  }
  for (const k of keys) {
    try {
      const v = (raw as Record<string, unknown>)[k];
      if (k === 'detectors') {
        out[k] = readDetectors(v);
        continue;
      }
      const tape = readValue(v, CONFIG_READ_CAPS);
      if (tape.stop !== undefined) issues.push({ path: tape.stop.path === '$' ? k : `${k}${tape.stop.path.startsWith('[') ? '' : '.'}${tape.stop.path}`, message: `could not read the configuration here (${tape.stop.reason === 'unreadable' ? tape.stop.detail : tape.stop.detail + ': past the reader’s caps'})` });
      else Object.defineProperty(out, k, { value: toPlain(tape), enumerable: true, writable: true, configurable: true });
    } catch (e) {
      issues.push({ path: k, message: `could not read the configuration here (${errorText(e)})` });
    }
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: out };
}

/** `Array.isArray`, which throws on a revoked Proxy: then it is no array (and reading it fails next). */
function isArrayLike(v: object): boolean {
  try {
    return Array.isArray(v);
  } catch {
    return false;
  }
}

/** Detectors, each read once into a plain object that keeps its functions. */
function readDetectors(v: unknown): unknown {
  if (!Array.isArray(v)) return v;
  const n = Math.min(v.length, 10_000);
  const out: unknown[] = [];
  for (let i = 0; i < n; i++) {
    const d: unknown = v[i];
    if (d === null || typeof d !== 'object') {
      out.push(d);
      continue;
    }
    const rec = d as Record<string, unknown>;
    const copy: Record<string, unknown> = { id: rec.id, kind: rec.kind, scan: rec.scan };
    if (rec.quick !== undefined) copy.quick = rec.quick;
    out.push(copy);
  }
  return out;
}

/**
 * Validate a configuration without throwing.
 * @returns the resolved configuration, or every issue found
 */
export function parseGuardConfig(input: unknown): { ok: true; config: ResolvedConfig } | { ok: false; issues: Issue[] } {
  const issues: Issue[] = [];
  const given: unknown = input ?? {};
  if (typeof given !== 'object' || given === null || isArrayLike(given)) return { ok: false, issues: [{ path: '', message: 'expected an object' }] };
  // INVARIANT: the host's object is read once, here; validation below works on plain data.
  const read = readConfig(given);
  if (!read.ok) return read;
  const raw = read.value;
  for (const k of Object.keys(raw)) {
    if (!(KEYS as readonly string[]).includes(k)) issues.push({ path: k, message: `unknown key \`${k}\`${didYouMean(k, KEYS)}` });
  }
  const enumOf = <T extends string>(key: string, allowed: readonly T[], dflt: T): T => {
    const v = raw[key];
    if (v === undefined) return dflt;
    if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
    issues.push({ path: key, message: `expected one of ${quoteList(allowed)}, got \`${String(v)}\`${typeof v === 'string' ? didYouMean(v, allowed) : ''}` });
    return dflt;
  };
  const mode = enumOf('mode', MODES, 'balanced');
  const unknownTool = enumOf('unknownTool', VERDICTS, 'ask');
  const onError = enumOf('onError', ['ask', 'deny'] as const, 'deny');

  const overrides = new Map<string, number>();
  if (raw.overrides !== undefined) {
    if (!isRecord(raw.overrides)) issues.push({ path: 'overrides', message: 'expected a map of tool name to a capability list' });
    else {
      for (const [tool, caps] of Object.entries(raw.overrides)) {
        if (!Array.isArray(caps)) {
          issues.push({ path: `overrides.${tool}`, message: 'expected a list of capabilities' });
          continue;
        }
        const good: Capability[] = [];
        caps.forEach((c: unknown, i) => {
          if (typeof c === 'string' && isCapability(c)) good.push(c);
          else issues.push({ path: `overrides.${tool}[${i}]`, message: `unknown capability \`${String(c)}\`${typeof c === 'string' ? didYouMean(c, CAPABILITIES) : ''}` });
        });
        overrides.set(tool, toMask(good));
      }
    }
  }

  let policy: GrantPolicy | undefined;
  if (raw.policy !== undefined) {
    const p = parseGrantPolicy(raw.policy);
    if (p.ok) policy = p.policy;
    else for (const i of p.issues) issues.push({ path: i.path ? `policy.${i.path}` : 'policy', message: i.message });
  }

  const tools: ToolSpec[] = [];
  if (raw.tools !== undefined) {
    const entries: [string, unknown][] = Array.isArray(raw.tools)
      ? raw.tools.map((t, i) => [`tools[${i}]`, t])
      : isRecord(raw.tools)
        ? Object.entries(raw.tools).map(([name, t]) => [`tools.${name}`, isRecord(t) ? { name, ...t } : t])
        : [];
    if (!Array.isArray(raw.tools) && !isRecord(raw.tools)) issues.push({ path: 'tools', message: 'expected a list of tool specs or a map of name to spec' });
    for (const [path, t] of entries) {
      if (!isRecord(t) || typeof t.name !== 'string' || t.name === '') issues.push({ path, message: 'expected a tool spec with a non-empty string `name`' });
      else tools.push(t as unknown as ToolSpec);
    }
  }

  const limits: Record<string, number> = { ...DEFAULT_LIMITS };
  if (raw.limits !== undefined) {
    if (!isRecord(raw.limits)) issues.push({ path: 'limits', message: 'expected an object' });
    else {
      for (const [k, v] of Object.entries(raw.limits)) {
        if (!LIMIT_KEYS.includes(k)) issues.push({ path: `limits.${k}`, message: `unknown limit \`${k}\`${didYouMean(k, LIMIT_KEYS)}` });
        else if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 1_000_000) issues.push({ path: `limits.${k}`, message: `expected an integer from 0 to 1000000, got \`${String(v)}\`` });
        else limits[k] = v;
      }
    }
  }

  let salt: string;
  if (raw.salt === undefined) salt = randomSalt();
  else if (typeof raw.salt === 'string') salt = raw.salt;
  else {
    issues.push({ path: 'salt', message: 'expected a string' });
    salt = '';
  }

  const detectors: Detector[] = [];
  if (raw.detectors !== undefined) {
    if (!Array.isArray(raw.detectors)) issues.push({ path: 'detectors', message: 'expected a list of detectors' });
    else
      raw.detectors.forEach((d: unknown, i) => {
        if (isRecord(d) && typeof d.id === 'string' && (d.kind === 'PII' || d.kind === 'SECRET') && typeof d.scan === 'function') detectors.push(d as unknown as Detector);
        else issues.push({ path: `detectors[${i}]`, message: 'expected a detector `{id, kind: PII|SECRET, scan(value, key)}`' });
      });
  }

  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, config: { mode, unknownTool, overrides, policy, tools, limits: limits as unknown as LedgerLimits, salt, onError, detectors } };
}

/**
 * Validate a configuration.
 * @throws GuardConfigError with every issue
 */
export function resolveGuardConfig(raw: unknown): ResolvedConfig {
  const r = parseGuardConfig(raw);
  if (!r.ok) throw new GuardConfigError(r.issues);
  return r.config;
}
