/**
 * Time budgets of the mutation runner's processes, in CPU time where the system tells it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { setImmediate } from 'node:timers';

/**
 * A budget is of CPU time where the system tells it (Linux's /proc): on a busy machine a run that
 * waited for a core is not a hang. When a budget runs out on the clock, the process's CPU time
 * decides: under its budget, the run gets what is left; past it, or past this many budgets of
 * wall time (a run that waits on nothing), it is a timeout.
 */
export const WALL_BUDGETS = 4;

/**
 * CPU time (user + system, ms) of a process, or of every process of a process group, from
 * /proc; undefined where there is none.
 */
export function cpuMs({ pid, group }) {
  try {
    const stat = (p) => {
      const text = readFileSync(`/proc/${p}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may hold spaces.
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      return { pgrp: Number(f[2]), ticks: Number(f[11]) + Number(f[12]) };
    };
    if (group === undefined) return stat(pid).ticks * 10;
    let ticks = 0;
    for (const p of readdirSync('/proc')) {
      if (!/^\d+$/.test(p)) continue;
      try {
        const st = stat(p);
        if (st.pgrp === group) ticks += st.ticks;
      } catch {
        // The process ended meanwhile.
      }
    }
    return ticks * 10;
  } catch {
    return undefined;
  }
}

/**
 * A timer for a budget of CPU time (see {@link WALL_BUDGETS}): `onHang` runs when the process (or
 * group) has used `ms` of CPU since `arm`, or when `WALL_BUDGETS × ms` of wall time have passed.
 *
 * Past the budget, the verdict waits one turn of this process's event loop: what re-arms the timer
 * (the worker saying it starts its next run) arrives as a message, and when this process was busy
 * for a while, those messages wait behind the timer. Decided at once, a worker that had moved on
 * through many short runs was taken for one run that hung.
 */
export function cpuTimer(target, onHang) {
  let timer;
  /** Which arming is current: a verdict of an earlier one is dropped. */
  let armed = 0;
  const arm = (ms) => {
    clearTimeout(timer);
    const id = ++armed;
    const cpu0 = cpuMs(target);
    const wall0 = Date.now();
    const check = (wait) => {
      timer = setTimeout(() => {
        const used = cpu0 === undefined ? undefined : (cpuMs(target) ?? Infinity) - cpu0;
        if (used !== undefined && used < ms && Date.now() - wall0 < WALL_BUDGETS * ms) check(Math.max(250, ms - used));
        else
          setImmediate(() => {
            if (id === armed) onHang();
          });
      }, wait);
    };
    check(ms);
  };
  return {
    arm,
    clear: () => {
      clearTimeout(timer);
      armed++;
    },
  };
}
