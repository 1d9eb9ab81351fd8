/**
 * Plain-data shapes shared by the classifier, the detectors, the ledger and the guard.
 * Everything here is JSON-serialisable, so the same shapes cross a process boundary unchanged.
 */
import type { Capability, Verdict } from './capabilities.js';

/** MCP tool annotations (all optional hints, as the MCP specification defines them). */
export interface ToolAnnotations {
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

/**
 * Where a tool comes from: a host builtin, an MCP server, a connector, or the model provider's
 * native search grounding.
 */
export type ToolOrigin = 'builtin' | 'native-search' | `mcp:${string}` | `connector:${string}`;

/** An MCP-style tool spec. Only `name` is required. */
export interface ToolSpec {
  readonly name: string;
  /** MCP's human-readable display name. */
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema?: unknown;
  readonly outputSchema?: unknown;
  readonly annotations?: ToolAnnotations;
  readonly origin?: ToolOrigin;
}

/** Where a piece of classification evidence was found. */
export type EvidenceSource =
  | 'name'
  | 'description'
  | 'schema'
  | 'annotation'
  | 'origin'
  | 'override'
  | 'command';

/** One reason a capability was assigned: the matched term and where it was found. */
export interface Evidence {
  readonly capability: Capability;
  readonly source: EvidenceSource;
  /** The vocabulary entry that matched (a term or a phrase), never user data beyond a tool's own text. */
  readonly term: string;
  /** For `schema`: the property path; for `command`: the argument path. */
  readonly at?: string;
}

/** The classifier's answer for one tool. */
export interface Classification {
  readonly capabilities: readonly Capability[];
  readonly evidence: readonly Evidence[];
  /**
   * A Code Mode tool (`run_code`-style): its nested `tools.*` sub-dispatches are the real calls,
   * so the call itself contributes no chain event (docs/semantics.md "Code Mode").
   */
  readonly codeMode: boolean;
  /**
   * Present when the tool is recognised as doing none of the six things (the current time, a
   * calculator, a unit conversion, a hand-off to a human agent, a chart drawn from the call's values,
   * a computation on shapes or other values given in the call, a program made and returned as
   * text): what it was recognised as (`kind`) and the words that say so (of its name; for
   * `geometry`, `values` and `code`, what its description names). Known and harmless, as an
   * override to `[]` is, so the unknown-tool posture does not apply (docs/semantics.md "Shells,
   * unknown tools and overrides").
   */
  readonly harmless?: { readonly kind: string; readonly terms: readonly string[] };
  /**
   * Present when the spec was read only in part (a text past the classifier's cap, a schema past its
   * count or depth): where reading stopped and why. The classification says what was read; the
   * unread part may say more, so the guard judges the tool as if it did all six things and never
   * allows a call to it without a person (docs/semantics.md "Bounds never weaken a verdict").
   */
  readonly unread?: SpecCut;
  /**
   * @internal What a tool that only reads says of what its server serves, for the server's other
   * reads (`ServerReads`): `published` (content written outside, EXTERNAL_INGESTION alone), `remarks`
   * (published content that people write in a place others share: issues, comments, stories; the
   * workspace's on a server of the user's own records), `own` (the user's data, PRIVATE_ACCESS alone),
   * `both`; or `unnamed`, a read of an object the vocabulary does not name (PRIVATE_ACCESS, unless its
   * server serves published content: docs/semantics.md "What makes content external").
   */
  readonly serverRead?: ServerRead;
  /**
   * @internal What a tool that writes says of where its server keeps what it writes, for the
   * server's other writes (`ServerWrites`): `outside` (a write the words place in a service, an
   * EXTERNAL_ACTION), `local` (a write the words keep local: a local path, "local", closed-world
   * hints, one of the user's own stores); or `unplaced`, a write of a record no word places
   * (LOCAL_MUTATION, unless its server keeps its writes outside: docs/semantics.md "Shells, unknown
   * tools and overrides").
   */
  readonly serverWrite?: ServerWrite;
  /** @internal A read of a document no word places, on a server whose writes may place it (`onTeamServer`). */
  readonly serverWriting?: true;
  /**
   * A verb the classifier cannot read, when the description opens with one on a tool whose words hold
   * no other and whose capabilities come only from the getter's reading of the nouns its name names
   * ("Waive the late fee of an invoice" on `waive_invoice_fee`): the capabilities are what those
   * nouns read as, and the unknown-tool posture applies as well, since what the tool does to them is
   * not read (docs/semantics.md "Classification").
   */
  readonly unreadAct?: string;
}

/** What a read says of its server's content (`Classification.serverRead`). */
export type ServerRead = 'published' | 'remarks' | 'own' | 'both' | 'unnamed';

/** What a write says of where its server keeps what it writes (`Classification.serverWrite`). */
export type ServerWrite = 'outside' | 'local' | 'unplaced';

/** Where the classifier stopped reading a tool spec: the part (and, in the schema, the path) and why. */
export interface SpecCut {
  readonly source: 'name' | 'description' | 'schema';
  /** For `schema`: the path of the property (or the level) where reading stopped. */
  readonly at?: string;
  /** What cap stopped it, in words: `past 16 384 characters`, `512 properties or more`, `nesting past 16 levels`, `past 65 536 characters in all`. */
  readonly why: string;
}

/** Sensitive-data classes found in arguments. */
export type SensitiveKind = 'PII' | 'SECRET' | 'CUSTOMER_DATA';

/** A detector hit: what was found, where, and a masked preview that never holds the raw value. */
export interface Finding {
  readonly kind: SensitiveKind;
  /** Detector id, e.g. `pii.email`, `secret.github-token`. */
  readonly detector: string;
  /** JSON-pointer-like path of the argument, e.g. `body` or `attachments[0].text`. */
  readonly path: string;
  /** A masked preview such as `a***@e***.com` or `ghp_…(40)`. Never the raw value. */
  readonly preview: string;
}

/** Provenance classes of a ledger fingerprint or context id. */
export type ProvenanceClass = 'untrusted' | 'private' | 'credential';

/** A tool call as the host presents it to the guard before running it. */
export interface ToolCall {
  /** Tool name; looked up among the guard's registered tools. */
  readonly tool: string;
  /** The call's arguments, any JSON value. Never stored by the guard. */
  readonly args?: unknown;
  /**
   * The model turn this call belongs to (a non-negative integer, non-decreasing over a session).
   * Calls with the same turn are one batch and concurrent. Omitted: a new turn after every turn
   * seen so far (a sequential call). The decision reports the turn it used.
   */
  readonly turn?: number;
  /** The host's id for this call; later calls may name it in `from`, nested calls in `parent`. */
  readonly id?: string;
  /** Ids of earlier calls whose results these arguments were derived from (explicit provenance). */
  readonly from?: readonly string[];
  /** For a Code Mode sub-dispatch: the id of the enclosing `run_code` call. */
  readonly parent?: string;
  /** The argument-aware dispatch policy's verdict, fed to the capability gate. */
  readonly policyVerdict?: PolicyVerdict;
}

/** What an argument-aware dispatch policy said about a call (fed to the capability gate). */
export interface PolicyVerdict {
  readonly verdict: Verdict;
  /** Name of an argument transform the policy wants applied (honoured only on an allowed call). */
  readonly transform?: string;
}

/** A reference to a decided call, enough to record its outcome. A {@link Decision} is one. */
export interface CallRef {
  readonly tool: string;
  readonly turn: number;
  readonly id?: string;
  readonly parent?: string;
}

/** What happened when the call ran. */
export type CallOutcome =
  | { readonly result?: unknown; readonly error?: undefined }
  | { readonly error: string; readonly result?: undefined };

/** One rule that fired on a call. */
export interface FiredRule {
  /** Stable rule id, e.g. `chain.eit-pat`. */
  readonly id: string;
  readonly verdict: Verdict;
  /** One plain-language sentence. Never contains a raw secret. */
  readonly reason: string;
}

/** The guard's answer for one call. Plain data. */
export interface Decision extends CallRef {
  readonly verdict: Verdict;
  /** Every rule that fired, strictest first; the first decided the verdict. Empty means allow. */
  readonly rules: readonly FiredRule[];
  /** The call's effective capabilities (the tool's, plus what its command shows for a shell). */
  readonly capabilities: readonly Capability[];
  readonly evidence: readonly Evidence[];
  /** Sensitive data and provenance found in the arguments (masked). */
  readonly findings: readonly Finding[];
  /** Provenance classes the arguments carry. */
  readonly provenance: readonly ProvenanceClass[];
  /** The capability gate's outcome, when a policy is set. */
  readonly gate?: GateSummary;
  /** Set when the guard failed internally and fell back to its fail-closed verdict. */
  readonly error?: string;
}

/** What the decision reports of the capability gate. */
export interface GateSummary {
  readonly kind: 'allow' | 'allow-with-transform' | 'escalate' | 'deny';
  readonly missing: readonly string[];
  readonly transform?: string;
  readonly reason?: string;
}

/** A writable view of a readonly shape, for building plain-data results field by field. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };
