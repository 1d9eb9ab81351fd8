/**
 * Model-based test of the ledger's order semantics: the guard, driven through random sessions of
 * turns, batches and Code Mode scopes, must see exactly the chain facts that a brute-force model
 * computes from the full list of events and the happens-before order of docs/semantics.md.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../src/core/guard.js';
import type { Session } from '../../src/core/guard.js';
import type { Decision } from '../../src/core/types.js';

type Kind = 'eit' | 'pat' | 'both' | 'none';
/** A position: the path of (scope, turn) pairs from the session down to the event's scope. */
type Pos = readonly (readonly [string, number])[];

/** happens-before over positions: ordered at the first level where they differ, in one scope. */
function hb(a: Pos, b: Pos): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [sa, ta] = a[i] as readonly [string, number];
    const [sb, tb] = b[i] as readonly [string, number];
    if (sa !== sb) return false;
    if (ta !== tb) return ta < tb;
  }
  return false; // same turn at every common level: concurrent
}

interface ModelEvent {
  readonly pos: Pos;
  readonly eit: boolean;
  readonly pat: boolean;
}

function modelFacts(events: readonly ModelEvent[], at: Pos): { eit: boolean; eitPat: boolean } {
  const before = events.filter((e) => hb(e.pos, at));
  const eit = before.some((e) => e.eit);
  const eitPat = before.some((p) => p.pat && events.some((e) => e.eit && hb(e.pos, p.pos)));
  return { eit, eitPat };
}

interface OpenScope {
  readonly id: string;
  readonly pos: Pos; // position of the run_code call
  turn: number;
}

interface Real {
  /** A well-behaved host finishes a turn's calls (Code Mode ones included) before the next turn. */
  readonly wellBehaved: boolean;
  readonly session: Session;
  readonly events: ModelEvent[];
  rootTurn: number;
  readonly scopes: OpenScope[];
  nextId: number;
}

const TOOLS: Record<Kind, string> = { eit: 'fetch_page', pat: 'read_db', both: 'read_inbox', none: 'calc' };

function newReal(wellBehaved = true, scopes?: number): Real {
  const guard = createGuard({
    salt: 'model',
    ...(scopes === undefined ? {} : { limits: { scopes } }),
    overrides: { fetch_page: ['EXTERNAL_INGESTION'], read_db: ['PRIVATE_ACCESS'], read_inbox: ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS'], calc: [], probe_pat: ['PRIVATE_ACCESS'], probe_nat: ['EXTERNAL_ACTION'] },
    tools: [{ name: 'run_code', description: 'Run a JavaScript program in Code Mode; it calls the other tools as tools.* functions' }],
  });
  return { wellBehaved, session: guard.session('m'), events: [], rootTurn: 0, scopes: [], nextId: 0 };
}

function where(r: Real, scopeIdx: number | undefined): { pos: Pos; parent?: string; turn: number } {
  if (scopeIdx === undefined || r.scopes.length === 0) return { pos: [['root', r.rootTurn]], turn: r.rootTurn };
  const s = r.scopes[scopeIdx % r.scopes.length] as OpenScope;
  return { pos: [...s.pos, [s.id, s.turn]], parent: s.id, turn: s.turn };
}

type Op =
  | { op: 'nextTurn'; scope?: number | undefined }
  | { op: 'event'; kind: Kind; scope?: number | undefined }
  | { op: 'probe'; scope?: number | undefined }
  | { op: 'open'; scope?: number | undefined }
  | { op: 'close'; scope: number };

/** Record the end of a Code Mode call and of every call it opened, innermost first. */
function closeScope(r: Real, s: OpenScope): void {
  const inner = r.scopes.filter((x) => x !== s && x.pos.some(([sid]) => sid === s.id));
  for (const c of [...inner.reverse(), s]) {
    if (!r.scopes.includes(c)) continue;
    const last = c.pos[c.pos.length - 1] as readonly [string, number];
    r.session.record({ tool: 'run_code', turn: last[1], id: c.id, ...(c.pos.length > 1 ? { parent: last[0] } : {}) }, { result: 'done' });
    r.scopes.splice(r.scopes.indexOf(c), 1);
  }
}

function apply(r: Real, o: Op, check: (real: { eit: boolean; eitPat: boolean }, model: { eit: boolean; eitPat: boolean }, at: Pos) => void = exact): void {
  switch (o.op) {
    case 'nextTurn': {
      const scope = o.scope === undefined || r.scopes.length === 0 ? undefined : (r.scopes[o.scope % r.scopes.length] as OpenScope);
      const [sid, turn] = scope ? [scope.id, scope.turn] : ['root', r.rootTurn];
      if (r.wellBehaved) {
        // The calls opened in this turn finish before the next one starts.
        for (const c of r.scopes.filter((x) => x.pos[x.pos.length - 1]?.[0] === sid && x.pos[x.pos.length - 1]?.[1] === turn)) closeScope(r, c);
      }
      if (scope) scope.turn++;
      else r.rootTurn++;
      return;
    }
    case 'event': {
      const w = where(r, o.scope);
      const d = r.session.decide({ tool: TOOLS[o.kind], turn: w.turn, ...(w.parent ? { parent: w.parent } : {}) });
      expect(r.session.record(d, { result: 'x' })).toEqual({ recorded: true });
      r.events.push({ pos: w.pos, eit: o.kind === 'eit' || o.kind === 'both', pat: o.kind === 'pat' || o.kind === 'both' });
      return;
    }
    case 'probe': {
      const w = where(r, o.scope);
      const parent = w.parent ? { parent: w.parent } : {};
      const pat: Decision = r.session.decide({ tool: 'probe_pat', turn: w.turn, ...parent });
      const nat: Decision = r.session.decide({ tool: 'probe_nat', turn: w.turn, ...parent, args: { note: 'hello' } });
      check({ eit: pat.rules.some((x) => x.id === 'chain.eit-pat'), eitPat: nat.rules.some((x) => x.id.startsWith('chain.eit-pat-nat')) }, modelFacts(r.events, w.pos), w.pos);
      return;
    }
    case 'open': {
      if (r.scopes.length >= 3) return;
      const w = where(r, o.scope);
      const id = `code${r.nextId++}`;
      r.session.decide({ tool: 'run_code', turn: w.turn, id, ...(w.parent ? { parent: w.parent } : {}), args: { code: 'await tools.read_db()' } });
      r.scopes.push({ id, pos: w.pos, turn: 0 });
      return;
    }
    case 'close': {
      if (r.scopes.length === 0) return;
      closeScope(r, r.scopes[o.scope % r.scopes.length] as OpenScope);
      return;
    }
  }
}

function exact(real: { eit: boolean; eitPat: boolean }, model: { eit: boolean; eitPat: boolean }, at: Pos): void {
  expect({ at, ...real }).toEqual({ at, ...model });
}

/** Stricter, never laxer: whatever came before in the model, the guard sees too. */
function atLeast(real: { eit: boolean; eitPat: boolean }, model: { eit: boolean; eitPat: boolean }, at: Pos): void {
  if (model.eit) expect({ at, eit: real.eit }).toEqual({ at, eit: true });
  if (model.eitPat) expect({ at, eitPat: real.eitPat }).toEqual({ at, eitPat: true });
}

const scopeArb = fc.option(fc.nat(5), { nil: undefined });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('nextTurn' as const), scope: scopeArb }, { requiredKeys: ['op'] }) },
  { weight: 5, arbitrary: fc.record({ op: fc.constant('event' as const), kind: fc.constantFrom<Kind>('eit', 'pat', 'both', 'none'), scope: scopeArb }, { requiredKeys: ['op', 'kind'] }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('probe' as const), scope: scopeArb }, { requiredKeys: ['op'] }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('open' as const), scope: scopeArb }, { requiredKeys: ['op'] }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('close' as const), scope: fc.nat(5) }) },
);

describe('ledger order semantics against a brute-force model', () => {
  it('sees exactly the happens-before chain facts of a well-behaved host (seed 424242)', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 80, size: 'max' }), (ops) => {
        const r = newReal();
        for (const o of ops) apply(r, o);
        // A final probe at a fresh root turn sees everything.
        apply(r, { op: 'nextTurn' });
        apply(r, { op: 'probe' });
      }),
      { seed: 424242, numRuns: 400 },
    );
  });

  it('is stricter, never laxer, when calls of a finished turn record late (seed 77)', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 80, size: 'max' }), (ops) => {
        const r = newReal(false);
        for (const o of ops) apply(r, o, atLeast);
        r.rootTurn++;
        apply(r, { op: 'probe' }, atLeast);
      }),
      { seed: 77, numRuns: 400 },
    );
  });

  it('is stricter, never laxer, when open programs exceed the limit `scopes` (seed 9090)', () => {
    // A program closed for room, or nested past the limit, loses its scope while it runs: its
    // sub-calls must still see every fact the model says came before them.
    fc.assert(
      fc.property(fc.nat(2), fc.boolean(), fc.array(opArb, { maxLength: 80, size: 'max' }), (scopes, wellBehaved, ops) => {
        const r = newReal(wellBehaved, scopes);
        for (const o of ops) apply(r, o, atLeast);
        r.rootTurn++;
        apply(r, { op: 'probe' }, atLeast);
      }),
      { seed: 9090, numRuns: 400 },
    );
  });

  it('a nested sub-call is concurrent with the other members of its batch', () => {
    const r = newReal();
    apply(r, { op: 'open' }); // run_code at root turn 0
    apply(r, { op: 'event', kind: 'eit' }); // sibling batch member at root turn 0
    apply(r, { op: 'event', kind: 'pat', scope: 0 }); // nested PAT inside run_code, same root turn
    apply(r, { op: 'probe', scope: 0 }); // nested: no EIT before
    r.rootTurn++;
    apply(r, { op: 'probe' }); // next turn: EIT seen, but no EIT → PAT chain
  });

  it('nested sub-calls are sequential and their chain outlives the scope', () => {
    const r = newReal();
    apply(r, { op: 'open' });
    apply(r, { op: 'event', kind: 'eit', scope: 0 });
    apply(r, { op: 'nextTurn', scope: 0 });
    apply(r, { op: 'event', kind: 'pat', scope: 0 });
    apply(r, { op: 'close', scope: 0 });
    r.rootTurn++;
    const d = r.session.decide({ tool: 'probe_nat', turn: r.rootTurn, args: { note: 'hi' } });
    expect(d.rules.map((x) => x.id)).toEqual(['chain.eit-pat-nat']);
  });
});
