import { describe, expect, it } from 'vitest';
import { createGuard } from '../../src/core/guard.js';
import { GuardConfigError } from '../../src/core/errors.js';

// A host tells a bad configuration apart from any other failure by the error's class, its `code`
// and its `name` (the `name` is what a log line or `String(error)` shows first).
describe('GuardConfigError', () => {
  it('shows its own name, its code and every issue', () => {
    const e = new GuardConfigError([
      { path: 'mode', message: 'expected one of permissive, balanced, strict' },
      { path: '', message: 'unknown key `moed`' },
    ]);
    expect(e.name).toBe('GuardConfigError');
    expect(e.code).toBe('GUARD_CONFIG_INVALID');
    expect(String(e)).toBe('GuardConfigError: invalid guard configuration: mode: expected one of permissive, balanced, strict; unknown key `moed`');
    expect(e).toBeInstanceOf(Error);
  });

  it('is what createGuard throws on a configuration it cannot use', () => {
    let thrown: unknown;
    try {
      createGuard({ mode: 'strickt' } as never);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(GuardConfigError);
    expect((thrown as Error).name).toBe('GuardConfigError');
    expect(String(thrown)).toMatch(/^GuardConfigError: invalid guard configuration: mode: /);
  });
});
