/**
 * Guards under test from outside: a guard process over the guard protocol (messages validated
 * against docs/schemas/guard-protocol.schema.json), its faults, guard modules, declared features,
 * and the two example guards against the built-in baselines they copy.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { GuardSpecError, loadGuard } from '../../src/harness/guard-spec.js';
import { builtinGuard } from '../../src/harness/guards.js';
import type { GuardUnderTest } from '../../src/harness/guards.js';
import type { RunResults, Scenario } from '../../src/harness/model.js';
import { processGuard } from '../../src/harness/process-guard.js';
import { renderJunit } from '../../src/harness/reports/junit.js';
import { runScenarios } from '../../src/harness/runner.js';
import { loadScenariosOrThrow } from '../../src/io/dsl.js';

const dir = mkdtempSync(join(tmpdir(), 'guard-protocol-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const PROTO = 'node test/fixtures/guards/proto-guard.mjs';
const load = async (): Promise<Scenario[]> => (await loadScenariosOrThrow(['test/fixtures/guards/protocol.yaml'])).scenarios;

interface Logged {
  readonly pid: number;
  readonly dir: 'start' | 'in' | 'out';
  readonly msg?: { id: number; method?: string };
}
/** A guard process of the fixture in `mode`, logging to a fresh file; returns the guard and a log reader. */
async function proto(mode: string, timeoutMs = 10_000): Promise<{ guard: GuardUnderTest; log: () => Logged[] }> {
  const file = join(dir, `${mode}-${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(file, '');
  const guard = await processGuard(`PROTO_LOG=${file} ${PROTO} ${mode}`, { timeoutMs });
  return { guard, log: () => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Logged) };
}
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const settle = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('the guard protocol', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  const schema = JSON.parse(readFileSync('docs/schemas/guard-protocol.schema.json', 'utf8')) as object;
  ajv.addSchema(schema, 'proto');
  const request = ajv.getSchema('proto#/$defs/request');
  const response = ajv.getSchema('proto#/$defs/response');

  it('every message the harness writes and the guard answers matches the schema', async () => {
    const { guard, log } = await proto('ok');
    const r = await runScenarios(await load(), { guard, explore: false });
    await guard.close();
    expect(r.totals.error).toBe(0);
    const lines = log().filter((l) => l.dir !== 'start');
    expect(lines.map((l) => l.msg?.method).filter((m) => m !== undefined)).toEqual(expect.arrayContaining(['hello', 'newSession', 'decide', 'record', 'endSession', 'close']));
    for (const l of lines) {
      const check = l.dir === 'in' ? request : response;
      if (check?.(l.msg) !== true) throw new Error(`${l.dir} ${JSON.stringify(l.msg)}: ${ajv.errorsText(check?.errors)}`);
    }
    // The schema is not a yes-machine: a call without an id, a verdict outside the three, no.
    expect(request?.({ id: 3, method: 'decide', params: { session: 's', call: { tool: 't', args: {}, turn: 0 } } })).toBe(false);
    expect(response?.({ id: 3, result: { verdict: 'maybe' } })).toBe(false);
  });

  it('sends a batch’s decisions together, each call with its own id', async () => {
    const { guard, log } = await proto('ok');
    await runScenarios((await load()).filter((s) => s.id === 'proto/batch'), { guard, explore: false });
    await guard.close();
    const lines = log();
    const decides = lines.filter((l) => l.dir === 'in' && l.msg?.method === 'decide');
    expect(decides).toHaveLength(2);
    // Both decide requests are read before the first answer is written.
    const firstAnswer = lines.findIndex((l) => l.dir === 'out' && l.msg?.id === decides[0]?.msg?.id);
    expect(lines.indexOf(decides[1] as Logged)).toBeLessThan(firstAnswer);
    const ids = decides.map((d) => (d.msg as unknown as { params: { call: { id: string } } }).params.call.id);
    expect(new Set(ids).size).toBe(2);
    expect(ids.every((id) => id.startsWith('@steps[0].batch['))).toBe(true);
  });

  const faults: [string, RegExp][] = [
    ['crash-decide', /exited with code 3/],
    ['stderr-crash', /exited with code 4; its stderr ends: "Traceback: the guard fell over"/],
    ['garbage', /not JSON: "this is not json"/],
    ['unknown-id', /answered id \d+, which no request in flight has/],
    ['error-decide', /answered decide with an error: cannot decide this/],
    ['hang-decide', /did not answer decide within 300 ms/],
  ];
  for (const [mode, message] of faults) {
    it(`a guard that fails (${mode}) gives an error for that step, and the next run gets a fresh process`, async () => {
      const { guard, log } = await proto(mode, 300);
      const three = (await load()).filter((s) => s.id === 'proto/three-calls');
      const r = await runScenarios([three[0] as Scenario, three[0] as Scenario], { guard, explore: false, callTimeoutMs: 2000 });
      await guard.close();
      const [first, second] = r.scenarios;
      expect(first?.status).toBe('error');
      expect(first?.steps[1]?.outcome).toBe('error');
      expect(first?.steps[1]?.detail).toMatch(message);
      expect(second?.status).toBe('pass');
      const pids = [...new Set(log().map((l) => l.pid))];
      // An error answer is the guard's own: its process goes on. Any other fault replaces it.
      expect(pids.length).toBe(mode === 'error-decide' ? 1 : 2);
      // No process is left behind (a killed one may linger a moment before it is reaped).
      for (let i = 0; i < 40 && pids.some(alive); i++) await settle(50);
      expect(pids.filter(alive)).toEqual([]);
    });
  }

  it('refuses a hello of another protocol version, and a command that does not start', async () => {
    await expect(processGuard(`${PROTO} bad-hello`)).rejects.toThrow(/speaks `guard-eval\/guard@0`, this harness `guard-eval\/guard@1`/);
    await expect(processGuard('exit 7')).rejects.toThrow(/exited with code 7/);
  });
});

describe('--guard specs', () => {
  it('a built-in name, a did-you-mean for a near miss', async () => {
    expect((await loadGuard('builtin')).name).toBe('builtin');
    await expect(loadGuard('alow-all')).rejects.toThrow(/did you mean `allow-all`/);
    await expect(loadGuard('alow-all')).rejects.toBeInstanceOf(GuardSpecError);
  });
  it('a module whose default export is not a guard, or whose features are wrong', async () => {
    const bad = join(dir, 'bad.mjs');
    writeFileSync(bad, 'export default { name: "x", decide() {} };\n');
    await expect(loadGuard(bad)).rejects.toThrow(/lacks `newSession`, `record`, `endSession`, `close`/);
    const wrong = join(dir, 'wrong.mjs');
    writeFileSync(wrong, 'const f = async () => {}; export default { name: "x", newSession: f, decide: f, record: f, endSession: f, close: f, features: { policy: "yes" } };\n');
    await expect(loadGuard(wrong)).rejects.toThrow(/feature `policy` must be true or false/);
    const modes = join(dir, 'modes.mjs');
    writeFileSync(modes, 'const f = async () => {}; export default { name: "x", newSession: f, decide: f, record: f, endSession: f, close: f, decideModes: true };\n');
    await expect(loadGuard(modes)).rejects.toThrow(/`decideModes` is not a function/);
    await expect(loadGuard(join(dir, 'missing.mjs'))).rejects.toThrow(/no guard module at/);
  });
});

describe('declared features', () => {
  /** A guard that answers the built-in guard's verdicts and nothing else, with these features. */
  const verdictsOnly = (features: GuardUnderTest['features']): GuardUnderTest => {
    const inner = builtinGuard();
    return {
      name: 'verdicts-only',
      ...(features !== undefined ? { features } : {}),
      newSession: (c) => inner.newSession(c),
      decide: async (s, c) => ({ verdict: (await inner.decide(s, c)).verdict }),
      record: (s, r, o) => inner.record(s, r, o),
      endSession: (s) => inner.endSession(s),
      close: () => inner.close(),
    };
  };
  it('a run that needs the capability gate is unsupported by a guard without it: counted apart, a skipped test, exit 0', async () => {
    const r: RunResults = await runScenarios(await load(), { guard: verdictsOnly(undefined), explore: false });
    const policy = r.scenarios.find((s) => s.id === 'proto/needs-policy');
    expect(policy?.status).toBe('unsupported');
    expect(policy?.unsupported).toEqual(['policy']);
    expect(r.totals.unsupported).toBe(1);
    expect(r.totals.passed).toBe(3);
    expect(renderJunit(r, { replayCommand: () => '' })).toContain('<skipped message="unsupported: the guard does not support policy"/>');
  });
  it('a rule the label names is checked only for a guard that reports the built-in rule ids', async () => {
    const sets = (await loadScenariosOrThrow(['challenge-sets/set-2-chains/crm.yaml'])).scenarios;
    const own = await runScenarios(sets, { guard: verdictsOnly({ policy: true, from: true, capabilities: false, rules: 'none', orderDependent: false }) });
    const builtinIds = await runScenarios(sets, { guard: verdictsOnly({ policy: true, from: true, capabilities: false, rules: 'builtin', orderDependent: false }) });
    expect(own.totals.luckyPass).toBe(0);
    expect(own.totals.pass).toBe(own.totals.steps);
    // The same verdicts from a guard that claims the built-in ids but reports none: lucky passes.
    expect(builtinIds.totals.luckyPass).toBeGreaterThan(10);
  });
});

describe('the example guards', () => {
  const strip = (r: RunResults): string => JSON.stringify({ ...r, guard: '' });
  it('the Python guard that allows everything gives the built-in allow-all’s results (guard name aside)', async () => {
    expect(existsSync('examples/guards/allow_all.py')).toBe(true);
    const sets = (await loadScenariosOrThrow(['challenge-sets/set-5-code-mode-batches', 'challenge-sets/set-2-chains/crm.yaml'])).scenarios;
    const py = await loadGuard('exec:python3 examples/guards/allow_all.py');
    const a = await runScenarios(sets, { guard: py });
    await py.close();
    const b = await runScenarios(sets, { guard: await loadGuard('allow-all') });
    expect(a.guard).toBe('allow-all (Python example)');
    expect(a.totals.miss).toBeGreaterThan(0);
    expect(strip(a)).toBe(strip(b));
  });
  it('the module guard that denies everything gives the built-in deny-all’s results (guard name aside)', async () => {
    const sets = (await loadScenariosOrThrow(['challenge-sets/set-6-tension-pairs'])).scenarios;
    const a = await runScenarios(sets, { guard: await loadGuard('./examples/guards/deny-all.mjs') });
    const b = await runScenarios(sets, { guard: await loadGuard('deny-all') });
    expect(a.totals.overBlock).toBeGreaterThan(0);
    expect(strip(a)).toBe(strip(b));
  });
});

describe('the guard spec travels', () => {
  it('results.json, the replay commands and the baseline name the spec the run used', async () => {
    const { cli } = await import('../cli/cli.js');
    const out = join(dir, 'spec-out');
    const r = await cli('run', 'test/fixtures/guards/protocol.yaml', '--guard', './examples/guards/deny-all.mjs', '--out', out, '--quiet');
    expect(r.code).toBe(1);
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
    expect([results.guard, results.guardSpec]).toEqual(['deny-all (module example)', './examples/guards/deny-all.mjs']);
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toContain('--guard ./examples/guards/deny-all.mjs');
    const base = join(dir, 'spec-base.json');
    expect((await cli('run', 'test/fixtures/guards/protocol.yaml', '--guard', './examples/guards/deny-all.mjs', '--out', out, '--quiet', '--update-baseline', '--baseline', base)).code).toBe(0);
    expect(JSON.parse(readFileSync(base, 'utf8'))).toMatchObject({ guard: 'deny-all (module example)', guardSpec: './examples/guards/deny-all.mjs' });
    // The same guard name under another spec is another guard: the gate refuses to compare them.
    const copy = join(dir, 'deny-all-copy.mjs');
    writeFileSync(copy, readFileSync('examples/guards/deny-all.mjs', 'utf8'));
    const gate = await cli('run', 'test/fixtures/guards/protocol.yaml', '--guard', copy, '--out', out, '--quiet', '--gate', '--baseline', base);
    expect(gate.code).toBe(2);
    expect(gate.err).toContain('compare like with like');
  });
});

describe('answers that are no decision', () => {
  it('are an error outcome for a module guard too, never read as a verdict', async () => {
    const inner = builtinGuard();
    const odd = (answer: unknown): GuardUnderTest => ({ ...inner, name: 'odd', decide: async () => answer as never });
    const scenarios = (await load()).filter((s) => s.id === 'proto/three-calls');
    for (const [answer, message] of [
      [{ verdict: 'maybe' }, /the guard answered a verdict that is not allow, ask or deny: "maybe"/],
      [{ verdict: 'allow', rules: 'chain.eit-pat' }, /`rules` that is not a list/],
      [{ verdict: 'allow', findings: [{ detector: 'pii.email', path: 'to' }] }, /`findings` that is not a list of objects with string `detector`, `path` and `preview`/],
      [{ verdict: 'allow', findings: 'a card' }, /`findings` that is not a list/],
      [null, /not an object/],
    ] as const) {
      const r = await runScenarios(scenarios, { guard: odd(answer), explore: false });
      expect(r.scenarios[0]?.steps[0]).toMatchObject({ outcome: 'error', actual: null });
      expect(r.scenarios[0]?.steps[0]?.detail).toMatch(message);
    }
  });
});
