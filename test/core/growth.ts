/**
 * How a function's running time grows with its input, for the tests that claim linear time. A
 * ratio of CPU times, not a time: the machine's speed and its load cancel out, and a timeout is never
 * the check.
 */

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1] as number;
}

/**
 * The CPU time (user and system, in ms) `reps` calls of `run` take. CPU time, not wall time: on a
 * busy machine a test waits for a core, and waiting is no part of the cost being measured.
 */
function timeOf(run: () => void, reps: number): number {
  const started = process.cpuUsage();
  for (let i = 0; i < reps; i++) run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

export interface GrowthOptions {
  /** A ratio below this ends the measuring early. */
  readonly below: number;
  /** Measurements of the ratio at most; the smallest is returned. */
  readonly attempts?: number;
  /** Timed turns per measurement; the median turn counts. */
  readonly rounds?: number;
  /** Each timing repeats the call until the small input takes this long or more. */
  readonly windowMs?: number;
}

/**
 * The median time of `run` on an input `factor` times larger over its median time on the input of
 * size `n`. Both sizes are timed in turns, so that a slow moment of the machine falls on both, and in
 * short timings, so that most of them run undisturbed on a busy machine (the median is one of those). A
 * linear function gives about `factor` (less when a fixed cost dominates), a quadratic one about
 * `factor`². A ratio of `below` or more is measured again, up to `attempts` times, and the smallest
 * is returned: a busy machine can slow one measurement, not every one, while a quadratic cost shows
 * in each.
 * @param make builds the input of a given size
 * @param run the work measured
 */
export function growth<T>(make: (n: number) => T, run: (input: T) => void, n: number, factor: number, options: GrowthOptions): number {
  const { below, attempts = 3, rounds = 9, windowMs = 1 } = options;
  const small = make(n);
  const large = make(n * factor);
  // Warm up both sizes first, so that compilation is not measured.
  for (let i = 0; i < 3; i++) run(small);
  run(large);
  let reps = 1;
  while (reps < 1 << 16 && timeOf(() => run(small), reps) < windowMs) reps *= 2;
  let best = Infinity;
  for (let a = 0; a < attempts && best >= below; a++) {
    const ts: number[] = [];
    const tl: number[] = [];
    for (let r = 0; r < rounds; r++) {
      ts.push(timeOf(() => run(small), reps));
      tl.push(timeOf(() => run(large), reps));
    }
    best = Math.min(best, median(tl) / Math.max(median(ts), 1e-3));
  }
  return best;
}
