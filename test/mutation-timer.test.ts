/**
 * The mutation runner's time budgets (scripts/mutation/cpu-timer.mjs) count CPU time where /proc
 * tells it: a run that waits for a core on a busy machine is not a hang, a run that spins is.
 */
import { spawn } from 'node:child_process';
import { existsSync, stat } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ESM script without type declarations
import { WALL_BUDGETS, cpuMs, cpuTimer } from '../scripts/mutation/cpu-timer.mjs';

const hasProc = existsSync('/proc/self/stat');

function child(code: string): { pid: number; stop: () => void } {
  const c = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
  return { pid: c.pid as number, stop: () => c.kill('SIGKILL') };
}

function hangAfter(pid: number, budgetMs: number): Promise<{ wallMs: number; cpuUsedMs: number }> {
  return new Promise((resolve) => {
    const cpu0 = cpuMs({ pid }) as number;
    const t0 = Date.now();
    const timer = cpuTimer({ pid }, () => resolve({ wallMs: Date.now() - t0, cpuUsedMs: (cpuMs({ pid }) as number) - cpu0 }));
    timer.arm(budgetMs);
  });
}

describe.skipIf(!hasProc)('budgets of CPU time', () => {
  it('a process that spins is a hang once it has used its budget of CPU', async () => {
    const c = child('for (;;) {}');
    try {
      const r = await hangAfter(c.pid, 400);
      // Either it used the budget (the usual case), or it waited four budgets for a core.
      expect(r.cpuUsedMs >= 400 - 20 || r.wallMs >= WALL_BUDGETS * 400).toBe(true);
    } finally {
      c.stop();
    }
  });

  it('a process that uses no CPU is not a hang at one budget of wall time, only at four', async () => {
    const c = child('setTimeout(() => {}, 60_000)');
    try {
      const r = await hangAfter(c.pid, 300);
      expect(r.cpuUsedMs).toBeLessThan(300);
      expect(r.wallMs).toBeGreaterThanOrEqual(WALL_BUDGETS * 300);
    } finally {
      c.stop();
    }
  });

  it('a re-arming that waited behind the timer (this process was busy) cancels the verdict', async () => {
    const c = child('for (;;) {}');
    try {
      let hung = false;
      const timer = cpuTimer({ pid: c.pid }, () => (hung = true));
      timer.arm(200);
      await new Promise<void>((resolve) => {
        setTimeout(() => {
          // The worker's "next run" message: its callback runs in the same turn as the timer's
          // check, after it, as a message that arrived while this process was busy would.
          stat(process.execPath, () => timer.arm(60_000));
          // Busy past the budget: the spinning child has used it all by the time this ends.
          const until = Date.now() + 700;
          while (Date.now() < until);
          resolve();
        }, 10);
      });
      await new Promise((r) => setTimeout(r, 100));
      timer.clear();
      expect(hung).toBe(false);
    } finally {
      c.stop();
    }
  });

  it('reads the CPU time of a process group', () => {
    expect(cpuMs({ group: Number.MAX_SAFE_INTEGER })).toBe(0);
    expect(cpuMs({ pid: process.pid })).toBeGreaterThan(0);
    expect(cpuMs({ pid: 2 ** 30 })).toBeUndefined();
  });
});
