/** `guard-eval conformance`: what it finds in guards that keep the contract and in guards that break one part of it. */
import { describe, expect, it } from 'vitest';
import { checkConformance, renderConformance } from '../../src/harness/conformance.js';
import { loadGuard } from '../../src/harness/guard-spec.js';
import { BUILTIN_FEATURES, builtinGuard } from '../../src/harness/guards.js';
import type { GuardUnderTest } from '../../src/harness/guards.js';
import { cli } from '../cli/cli.js';

const failed = (r: { checks: readonly { name: string; ok: boolean }[] }): string[] => r.checks.filter((c) => !c.ok).map((c) => c.name);

/** The built-in guard with one part of the contract broken by `change`. */
function broken(change: (g: GuardUnderTest) => Partial<GuardUnderTest>): GuardUnderTest {
  const inner = builtinGuard();
  return { ...inner, name: 'broken', features: BUILTIN_FEATURES, ...change(inner) };
}

describe('checkConformance', () => {
  it('passes the built-in guard and the Python example on every check', async () => {
    expect(failed(await checkConformance(builtinGuard()))).toEqual([]);
    const py = await checkConformance(await loadGuard('exec:python3 examples/guards/allow_all.py'));
    expect(failed(py)).toEqual([]);
    expect(py.checks.length).toBeGreaterThanOrEqual(7);
  });
  it('finds state shared across sessions', async () => {
    let sawPage = false;
    const g = broken((inner) => ({
      decide: async (s, c) => {
        if (c.tool === 'fetch_url') sawPage = true;
        const d = await inner.decide(s, c);
        return c.tool === 'send_email' && sawPage ? { ...d, verdict: 'deny' } : d;
      },
    }));
    const r = await checkConformance(g);
    expect(failed(r)).toEqual(['keeps sessions isolated']);
    expect(renderConformance(r)).toMatch(/FAIL keeps sessions isolated\n\s+fix: a fresh session's send got `allow`, then `deny` after another session read a page/);
  });
  it('finds a guard that cannot record a failed call, or answers a session it never opened', async () => {
    const noErrors = broken((inner) => ({
      record: async (s, ref, outcome) => {
        if (outcome.error !== undefined) throw new Error('no result to record');
        return inner.record(s, ref, outcome);
      },
    }));
    expect(failed(await checkConformance(noErrors))).toEqual(['records a failed call']);
    const proto = await checkConformance(await loadGuard('exec:node test/fixtures/guards/proto-guard.mjs ok'));
    expect(failed(proto)).toEqual(['refuses a session it never opened']);
  });
  it('finds a guard that does not answer a Code Mode sub-call in time, and one whose features are not kept', async () => {
    const hangs = broken((inner) => ({ decide: (s, c) => (c.parent !== undefined ? new Promise(() => {}) : inner.decide(s, c)) }));
    const r = await checkConformance(hangs, 200);
    expect(failed(r)).toEqual(['takes Code Mode sub-calls']);
    expect(r.checks.find((c) => !c.ok)?.fix).toMatch(/did not answer within 200 ms/);
    const silent = broken((inner) => ({ decide: async (s, c) => ({ verdict: (await inner.decide(s, c)).verdict }) }));
    expect(failed(await checkConformance(silent))).toEqual(['reports capabilities, as its features say', 'reports rule ids, as its features say']);
    const { features: _dropped, ...undeclared } = broken(() => ({}));
    expect(failed(await checkConformance(undeclared))).toEqual(['declares its features']);
  });
});

describe('guard-eval conformance', () => {
  it('exits 0 when every check passes, 1 with what to fix, 2 for a guard it cannot start', async () => {
    const ok = await cli('conformance', 'builtin');
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('all checks passed');
    const bad = await cli('conformance', 'exec:node test/fixtures/guards/proto-guard.mjs ok');
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/FAIL refuses a session it never opened\n\s+fix: it answered `allow`/);
    const none = await cli('conformance', 'exec:exit 3');
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/exited with code 3/);
  });
});
