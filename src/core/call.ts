/**
 * Reading a host's call, call ref and outcome once, into plain data.
 *
 * `decide` and `record` take objects from the host, and a host object can be hostile: a getter
 * that throws, a getter that answers differently on its second read, a Proxy. Both entry points
 * therefore read what they need exactly once, here, and work on the copy from then on; error
 * paths use the copy too, never the host's object. Anything that throws while reading becomes a
 * message, never an exception (README "Bounds").
 *
 * Pure: no IO, no clock.
 */
import { CAPABILITIES } from './capabilities.js';
import type { Capability, Verdict } from './capabilities.js';
import type { PolicyVerdict } from './types.js';
import { errorText, readValue } from './walk.js';
import type { ReadCaps, Stop, Tape } from './walk.js';

/** Context ids read from a call's `from` (past this, provenance is assumed: the stricter reading). */
export const MAX_FROM_IDS = 4096;
/** Longest tool name, id or parent kept (longer ones are cut, which keeps them distinct enough to be bounded, and never laxer: an unknown name fails closed). */
export const MAX_NAME_CHARS = 4096;

/** A call as the guard works on it: plain data, read once. */
export interface ReadCall {
  readonly tool: string;
  /** The `turn` as given (validated by the caller), or undefined. */
  readonly turn: unknown;
  readonly id: string | undefined;
  readonly parent: string | undefined;
  readonly from: readonly string[];
  /** `from` held more ids than {@link MAX_FROM_IDS}: the rest could name anything. */
  readonly fromUnread: boolean;
  readonly policyVerdict: PolicyVerdict | undefined;
  /** The arguments, read once by the bounded reader. */
  readonly args: Tape;
}

/** What reading gave: the plain copy, or why it could not be made (with whatever name was read). */
export type ReadResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly tool: string; readonly message: string };

/** Read one property once. */
function field(obj: object, key: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: (obj as Record<string, unknown>)[key] };
  } catch (e) {
    return { ok: false, message: `reading \`${key}\` threw (${errorText(e)})` };
  }
}

function optionalString(v: unknown): string | undefined {
  return typeof v === 'string' ? v.slice(0, MAX_NAME_CHARS) : undefined;
}

/** Read the tool name: the one field without which no decision can name what it decided. */
function readTool(obj: unknown, what: string): ReadResult<string> {
  if (obj === null || typeof obj !== 'object') return { ok: false, tool: '', message: `invalid ${what}: expected an object with a non-empty string \`tool\`` };
  const t = field(obj, 'tool');
  if (!t.ok) return { ok: false, tool: '', message: `invalid ${what}: ${t.message}` };
  if (typeof t.value !== 'string' || t.value === '') return { ok: false, tool: '', message: `invalid ${what}: expected an object with a non-empty string \`tool\`` };
  return { ok: true, value: t.value.slice(0, MAX_NAME_CHARS) };
}

/**
 * Read a call once. Never throws.
 * @param caps the reader's caps for the arguments
 */
export function readCall(call: unknown, caps?: ReadCaps): ReadResult<ReadCall> {
  const tool = readTool(call, 'call');
  if (!tool.ok) return tool;
  const obj = call as Record<string, unknown>;
  // Each property read once, by name (a read by a key held in a variable is a slow generic lookup);
  // `key` names the one being read when a getter throws.
  let key = 'turn';
  let turn: unknown;
  let id: unknown;
  let parent: unknown;
  let fromValue: unknown;
  let policyValue: unknown;
  try {
    turn = obj.turn;
    key = 'id';
    id = obj.id;
    key = 'parent';
    parent = obj.parent;
    key = 'from';
    fromValue = obj.from;
    key = 'policyVerdict';
    policyValue = obj.policyVerdict;
  } catch (e) {
    return { ok: false, tool: tool.value, message: `invalid call: reading \`${key}\` threw (${errorText(e)})` };
  }
  const from = readIds(fromValue);
  if (!from.ok) return { ok: false, tool: tool.value, message: `invalid call: ${from.message}` };
  const pv = readPolicyVerdict(policyValue);
  if (!pv.ok) return { ok: false, tool: tool.value, message: `invalid call: ${pv.message}` };
  // The arguments last: a read that stops inside them is reported by the tape, not here.
  const a = field(obj, 'args');
  const args = a.ok ? readValue(a.value, caps) : unreadTape(a.message);
  return {
    ok: true,
    value: {
      tool: tool.value,
      turn,
      id: optionalString(id),
      parent: optionalString(parent),
      from: from.ids,
      fromUnread: from.unread,
      policyVerdict: pv.value,
      args,
    },
  };
}

/** A tape that read nothing because the value itself could not be reached. */
function unreadTape(message: string): Tape {
  const stop: Stop = { reason: 'unreadable', path: '$', detail: message };
  return { kind: new Uint8Array(0), parent: new Int32Array(0), key: [], text: [], stop };
}

function readIds(v: unknown): { ok: true; ids: string[]; unread: boolean } | { ok: false; message: string } {
  const ids: string[] = [];
  if (v === undefined || v === null) return { ok: true, ids, unread: false };
  // One id where a list was expected is still that id.
  if (typeof v === 'string') return { ok: true, ids: [v.slice(0, MAX_NAME_CHARS)], unread: false };
  // INVARIANT: a `from` the guard cannot read as ids may name anything: every class (README "Bounds").
  try {
    if (!Array.isArray(v)) return { ok: true, ids, unread: true };
    // A Proxy of an array may answer anything for its length: one that is no count cannot be read.
    const n = (v as { length: unknown }).length;
    if (typeof n !== 'number' || !(n >= 0)) return { ok: true, ids, unread: true };
    const length = Math.floor(n);
    let unread = length > MAX_FROM_IDS;
    for (let i = 0; i < Math.min(length, MAX_FROM_IDS); i++) {
      const id = (v as unknown[])[i];
      if (typeof id === 'string') ids.push(id.slice(0, MAX_NAME_CHARS));
      else unread = true;
    }
    return { ok: true, ids, unread };
  } catch (e) {
    return { ok: false, message: `reading \`from\` threw (${errorText(e)})` };
  }
}

function readPolicyVerdict(v: unknown): { ok: true; value: PolicyVerdict | undefined } | { ok: false; message: string } {
  if (v === undefined || v === null || typeof v !== 'object') return { ok: true, value: v === undefined ? undefined : (v as PolicyVerdict) };
  const verdict = field(v, 'verdict');
  if (!verdict.ok) return { ok: false, message: `policyVerdict: ${verdict.message}` };
  const transform = field(v, 'transform');
  if (!transform.ok) return { ok: false, message: `policyVerdict: ${transform.message}` };
  const out: { verdict: Verdict; transform?: string } = { verdict: verdict.value as Verdict };
  if (transform.value !== undefined) out.transform = transform.value as string;
  return { ok: true, value: out };
}

/** A call ref as `record` works on it: plain data, read once. */
export interface ReadRef {
  readonly tool: string;
  readonly turn: unknown;
  readonly id: string | undefined;
  readonly parent: string | undefined;
  /** The decision's effective capabilities, when the ref is a decision. */
  readonly capabilities: readonly Capability[] | undefined;
}

/** Read a call ref (a decision, or `{tool, turn, id?, parent?}`) once. Never throws. */
export function readRef(ref: unknown): ReadResult<ReadRef> {
  const tool = readTool(ref, 'call ref');
  if (!tool.ok) return tool;
  const obj = ref as Record<string, unknown>;
  // As in readCall: each property read once, by name.
  let key = 'turn';
  let turn: unknown;
  let id: unknown;
  let parent: unknown;
  let listed: unknown;
  try {
    turn = obj.turn;
    key = 'id';
    id = obj.id;
    key = 'parent';
    parent = obj.parent;
    key = 'capabilities';
    listed = obj.capabilities;
  } catch (e) {
    return { ok: false, tool: tool.value, message: `invalid call ref: reading \`${key}\` threw (${errorText(e)})` };
  }
  let capabilities: Capability[] | undefined;
  try {
    // Array.isArray throws only on a revoked Proxy.
    if (Array.isArray(listed)) {
      capabilities = [];
      const list = listed as unknown[];
      const n = Math.min(list.length, CAPABILITIES.length * 4);
      for (let i = 0; i < n; i++) {
        const c = list[i];
        if (typeof c === 'string' && (CAPABILITIES as readonly string[]).includes(c)) capabilities.push(c as Capability);
      }
    }
  } catch (e) {
    return { ok: false, tool: tool.value, message: `invalid call ref: reading \`capabilities\` threw (${errorText(e)})` };
  }
  return { ok: true, value: { tool: tool.value, turn, id: optionalString(id), parent: optionalString(parent), capabilities } };
}

/** An outcome as `record` works on it. */
export interface ReadOutcome {
  /** The call failed: nothing is recorded. */
  readonly failed: boolean;
  /** The result's raw value, read once; only walked when the event needs fingerprints. */
  readonly result: unknown;
  /** Reading the outcome itself threw: the call counts as run, with a result that was not read. */
  readonly unreadable: string | undefined;
}

/** Read an outcome once. Never throws. A failure to read counts as a successful call (the stricter reading). */
export function readOutcome(outcome: unknown): ReadOutcome {
  if (outcome === undefined || outcome === null || typeof outcome !== 'object') return { failed: false, result: undefined, unreadable: undefined };
  const error = field(outcome, 'error');
  if (!error.ok) return { failed: false, result: undefined, unreadable: error.message };
  if (error.value !== undefined) return { failed: true, result: undefined, unreadable: undefined };
  const result = field(outcome, 'result');
  if (!result.ok) return { failed: false, result: undefined, unreadable: result.message };
  return { failed: false, result: result.value, unreadable: undefined };
}
