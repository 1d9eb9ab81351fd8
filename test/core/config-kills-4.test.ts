import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGuard } from '../../src/core/guard.js';
import { parseGuardConfig, readToolSpec } from '../../src/core/config.js';
import { GuardConfigError } from '../../src/core/errors.js';
import type { Detector } from '../../src/core/detectors.js';

/** The issues of a configuration `createGuard` must reject (fails the test when it is accepted). */
function issuesOf(config: unknown): { path: string; message: string }[] {
  try {
    createGuard(config as never);
  } catch (e) {
    expect(e).toBeInstanceOf(GuardConfigError);
    return [...(e as GuardConfigError).issues];
  }
  throw new Error(`accepted: ${JSON.stringify(config)}`);
}

const EMPLOYEE_ID: Detector = {
  id: 'pii.employee-id',
  kind: 'PII',
  scan: (v: string) => [...v.matchAll(/\bEMP-\d{6}\b/g)].map((m) => ({ start: m.index, end: m.index + m[0].length })),
};

/** A network-capable command: the guard scans its arguments for findings. */
const SHELL = { name: 'bash', description: 'Run a shell command and return its output' };
const CURL = { tool: 'bash', args: { command: 'curl -s -d "badge EMP-204817" https://hr.example/lookup' } };

describe('every documented key is accepted on its own', () => {
  it.each([
    ['mode', 'strict'],
    ['unknownTool', 'deny'],
    ['overrides', { notes_search: [] }],
    ['policy', { granted: 'all' }],
    ['tools', [{ name: 'notes_search', description: 'Search the notes' }]],
    ['limits', { history: 4 }],
    ['salt', 'pepper'],
    ['onError', 'ask'],
    ['detectors', [EMPLOYEE_ID]],
  ])('%s', (key, value) => {
    expect(parseGuardConfig({ [key]: value }).ok).toBe(true);
  });

  it('no configuration, undefined or null, is every default', () => {
    for (const input of [undefined, null, {}]) {
      const r = parseGuardConfig(input);
      expect(r.ok).toBe(true);
      if (r.ok) expect([r.config.mode, r.config.unknownTool, r.config.onError]).toEqual(['balanced', 'ask', 'deny']);
    }
    expect(createGuard(null as never).config.onError).toBe('deny');
  });
});

describe('salt', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a given salt is kept as given', () => {
    expect(createGuard({ salt: 'pepper' }).config.salt).toBe('pepper');
    expect(createGuard({ salt: '' }).config.salt).toBe('');
  });

  it('without one, the salt is four random 32-bit words in base 36', () => {
    const calls: number[] = [];
    vi.stubGlobal('crypto', {
      getRandomValues: (a: Uint32Array) => {
        calls.push(a.length);
        a.set([35, 36, 1295, 1296].slice(0, a.length));
        return a;
      },
    });
    expect(createGuard().config.salt).toBe('z10zz100');
    expect(calls).toEqual([4]);
  });

  it('without Web Crypto, the salt is the fixed fallback', () => {
    vi.stubGlobal('crypto', undefined);
    expect(createGuard().config.salt).toBe('guard-eval');
  });

  it('two guards without a salt get different salts', () => {
    expect(createGuard().config.salt).not.toBe(createGuard().config.salt);
  });
});

describe('shapes that are not what an option expects', () => {
  it.each([
    [{ overrides: ['notes_search'] }, 'overrides', 'expected a map of tool name to a capability list'],
    [{ overrides: null }, 'overrides', 'expected a map of tool name to a capability list'],
    [{ limits: [] }, 'limits', 'expected an object'],
    [{ limits: null }, 'limits', 'expected an object'],
    [{ limits: { histroy: 4 } }, 'limits.histroy', 'unknown limit `histroy` (did you mean `history`?)'],
    [{ limits: { scripts: '8' } }, 'limits.scripts', 'expected an integer from 0 to 1000000, got `8`'],
    [{ limits: { errors: 2.5 } }, 'limits.errors', 'expected an integer from 0 to 1000000, got `2.5`'],
    [{ limits: { scopes: 1_000_001 } }, 'limits.scopes', 'expected an integer from 0 to 1000000, got `1000001`'],
    [{ tools: { notes_search: 5 } }, 'tools.notes_search', 'expected a tool spec with a non-empty string `name`'],
    [{ tools: [{ name: '' }] }, 'tools[0]', 'expected a tool spec with a non-empty string `name`'],
    [{ tools: [{ name: 7 }] }, 'tools[0]', 'expected a tool spec with a non-empty string `name`'],
    [{ tools: 'notes_search' }, 'tools', 'expected a list of tool specs or a map of name to spec'],
    [{ detectors: 5 }, 'detectors', 'expected a list of detectors'],
    [{ detectors: { id: 'x', kind: 'PII', scan: () => [] } }, 'detectors', 'expected a list of detectors'],
    [{ detectors: [null] }, 'detectors[0]', 'expected a detector `{id, kind: PII|SECRET, scan(value, key)}`'],
    [{ detectors: [7] }, 'detectors[0]', 'expected a detector'],
    [{ detectors: [{ kind: 'PII', scan: () => [] }] }, 'detectors[0]', 'expected a detector'],
    [{ detectors: [{ id: 'x', kind: 'PHI', scan: () => [] }] }, 'detectors[0]', 'expected a detector'],
    [{ detectors: [{ id: 'x', kind: 'PII', scan: 'not a function' }] }, 'detectors[0]', 'expected a detector'],
  ])('%j', (config, path, message) => {
    const issues = issuesOf(config);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe(path);
    expect(issues[0]?.message).toContain(message);
  });

  it('an unknown capability that is not a string is named without a suggestion', () => {
    expect(issuesOf({ overrides: { notes_search: [5] } })).toEqual([{ path: 'overrides.notes_search[0]', message: 'unknown capability `5`' }]);
  });

  it('a map of tools takes each name from its key', () => {
    const g = createGuard({ tools: { notes_search: { description: 'Search the notes the user saved' } } });
    expect(g.tool('notes_search').known).toBe(true);
  });

  it('limits at both ends of the range are accepted', () => {
    expect(createGuard({ limits: { scopes: 0, history: 1_000_000 } }).config.limits).toMatchObject({ scopes: 0, history: 1_000_000 });
  });

  it('policy issues are placed under `policy`', () => {
    expect(issuesOf({ policy: 'all' }).map((i) => i.path)).toEqual(['policy']);
    expect(issuesOf({ policy: { granted: ['ReadPrivat'] } }).map((i) => i.path)).toEqual(['policy.granted[0]']);
  });
});

describe('detectors are read once, into copies that keep their functions', () => {
  it('a SECRET detector is accepted next to a PII one', () => {
    const vendorKey: Detector = { id: 'secret.vendor', kind: 'SECRET', scan: (v: string) => (v.includes('vk_live_') ? [{ start: 0, end: v.length }] : []) };
    expect(createGuard({ detectors: [EMPLOYEE_ID, vendorKey] }).allDetectors.map((d) => d.id)).toContain('secret.vendor');
  });

  it('the `scan` function is read once, at construction', () => {
    let reads = 0;
    const det = {
      id: 'pii.employee-id',
      kind: 'PII',
      get scan() {
        reads++;
        return EMPLOYEE_ID.scan;
      },
    };
    const s = createGuard({ detectors: [det as unknown as Detector], tools: [SHELL] }).session('s');
    expect(s.decide(CURL).findings.map((f) => f.detector)).toContain('pii.employee-id');
    expect(s.decide(CURL).findings.map((f) => f.detector)).toContain('pii.employee-id');
    expect(reads).toBe(1);
  });

  it('a detector’s `quick` pre-check is kept', () => {
    let quickCalls = 0;
    const det: Detector = { ...EMPLOYEE_ID, quick: () => (quickCalls++, true) };
    const s = createGuard({ detectors: [det], tools: [SHELL] }).session('s');
    expect(s.decide(CURL).findings.map((f) => f.detector)).toContain('pii.employee-id');
    expect(quickCalls).toBeGreaterThan(0);
  });

  it('at most 10 000 detectors are read', () => {
    const many: unknown[] = Array.from({ length: 10_000 }, (_, i) => ({ ...EMPLOYEE_ID, id: `d${i}` }));
    many.push(null);
    const g = createGuard({ detectors: many as Detector[] });
    expect(g.allDetectors.filter((d) => d.id.startsWith('d')).length).toBe(10_000);
  });
});

describe('a configuration that cannot be read is a GuardConfigError', () => {
  it('keys that cannot be listed', () => {
    const p = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('no keys');
        },
      },
    );
    expect(issuesOf(p)).toEqual([{ path: '', message: 'could not read the configuration (Error: no keys)' }]);
  });

  it('a revoked Proxy is unreadable, not "not an object"', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const issues = issuesOf(proxy);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.message).toContain('could not read the configuration');
  });

  it('a top-level getter that throws', () => {
    const cfg = {
      get mode(): string {
        throw new Error('nope');
      },
    };
    expect(issuesOf(cfg)).toEqual([{ path: 'mode', message: 'could not read the configuration here (Error: nope)' }]);
  });

  it('a nested getter that throws, under a map and under a list', () => {
    const limits = {
      get history(): number {
        throw new Error('gone');
      },
    };
    expect(issuesOf({ limits })).toEqual([{ path: 'limits.history', message: 'could not read the configuration here (Error: gone)' }]);
    const tools = [
      {
        name: 'x',
        get description(): string {
          throw new Error('gone');
        },
      },
    ];
    expect(issuesOf({ tools })).toEqual([{ path: 'tools[0].description', message: 'could not read the configuration here (Error: gone)' }]);
  });

  it('a value that is itself unreadable is named by its key', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const issues = issuesOf({ overrides: proxy });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe('overrides');
  });

  it('a value past the reader’s caps says so', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 1_200; i++) deep = { a: deep };
    const issues = issuesOf({ overrides: deep });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.message).toContain('past the reader’s caps');
    expect(issues[0]?.path.startsWith('overrides.a.a')).toBe(true);
  });

  it('an unknown key is reported', () => {
    expect(issuesOf({ mdoe: 'strict' })).toEqual([{ path: 'mdoe', message: 'unknown key `mdoe` (did you mean `mode`?)' }]);
  });

  it('the readable keys are still resolved when they are all fine', () => {
    expect(createGuard({ mode: 'strict', onError: 'ask' }).config).toMatchObject({ mode: 'strict', onError: 'ask' });
  });
});

describe('tool specs', () => {
  it('a spec without a readable name is a GuardConfigError', () => {
    const g = createGuard();
    for (const bad of [null, 5, {}, { name: '' }, { name: 7 }]) {
      expect(() => g.registerTool(bad as never)).toThrow(GuardConfigError);
    }
  });

  it('a spec with a name but an unreadable field is kept, and its calls fail closed', () => {
    const g = createGuard();
    const spec = {
      name: 'notes_search',
      get description(): string {
        throw new Error('gone');
      },
    };
    expect(g.registerTool(spec as never).known).toBe(true);
    const d = g.session('s').decide({ tool: 'notes_search', args: {} });
    expect(d.rules[0]?.id).toBe('guard.internal-error');
    expect(d.rules[0]?.reason).toContain('could not read the tool spec here (Error: gone)');
  });

  it('readToolSpec: a plain spec is read, a non-record has no name', () => {
    const read = readToolSpec({ name: 'notes_search', description: 'Search notes' });
    expect(read).toMatchObject({ ok: true, spec: { name: 'notes_search', description: 'Search notes' } });
    // Its content tells apart what reads apart: a value's kind, a key, a text.
    const content = (v: unknown): string | undefined => {
      const r = readToolSpec(v);
      return r.ok ? r.content : undefined;
    };
    expect(read.ok && read.content).toBe(content({ name: 'notes_search', description: 'Search notes' }));
    const variants = [
      { name: 'notes_search', description: 'Search note' },
      { name: 'notes_search', describe: 'Search notes' },
      { name: 'notes_search', description: ['Search notes'] },
      { name: 'notes_search', description: 'Search notes', x: null },
      { name: 'notes_search', description: 'Search notes', x: 'null' },
      { name: 'notes_search', description: 'Search notes', x: Number.NaN },
    ];
    expect(new Set([read.ok && read.content, ...variants.map(content)]).size).toBe(variants.length + 1);
    const r = readToolSpec(null);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.name).toBeUndefined();
  });

  // Caps of reading one spec: 16 MiB of text (keys included), 1 000 000 leaves, 4 000 000 values,
  // nesting 1 000. Each is checked one past its bound, where the spec stops being readable.
  it('16 MiB of text is the text cap', () => {
    const keys = 'name'.length + 't'.length + 'description'.length;
    expect(readToolSpec({ name: 't', description: 'x'.repeat(16 * 1_048_576 - keys) }).ok).toBe(true);
    const r = readToolSpec({ name: 't', description: 'x'.repeat(16 * 1_048_576 - keys + 1) });
    expect(r.ok).toBe(false);
  }, 60_000);

  it('1 000 000 leaves is the leaf cap', () => {
    const r = readToolSpec({ name: 't', inputSchema: { enum: new Array(1_000_000).fill(1) } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issue.message).toContain('more than 1000000 leaves');
  }, 60_000);

  it('4 000 000 values is the visit cap', () => {
    const r = readToolSpec({ name: 't', inputSchema: { enum: new Array(3_999_997).fill(null) } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issue.message).toContain('more than 4000000 values');
  }, 60_000);

  it('1 000 levels is the depth cap', () => {
    const nest = (n: number): unknown => {
      let v: unknown = 1;
      for (let i = 0; i < n; i++) v = { a: v };
      return v;
    };
    expect(readToolSpec({ name: 't', inputSchema: nest(DEPTH_OK) }).ok).toBe(true);
    expect(readToolSpec({ name: 't', inputSchema: nest(DEPTH_OK + 1) }).ok).toBe(false);
  });
});

const DEPTH_OK = 1_000;
