/**
 * A vitest pool worker that outlives the run it served: the unit-test host (unit-host.mjs) tries
 * mutant after mutant on the same test files, and vitest 4 otherwise starts a new worker process for
 * every run (`runTestSpecifications`), which then imports the project and its libraries afresh:
 * about 300–400 ms a run on this machine, whatever the tests.
 *
 * The pool's runners come and go as vitest wants; behind them sits one forked vitest worker per
 * host process. Its "start" is done once (a later runner's start is answered in its place), its
 * "stop" is answered without ending it, and each "run" carries the files to evaluate afresh
 * (`setInvalidates`): the mutated file and every module that imports it, directly or not, plus those
 * of the mutant before (which still hold its code). Libraries and the modules that cannot reach the
 * mutated file stay evaluated, as they would within one run of several files (`isolate: false`).
 * After `MAX_RUNS` runs the worker is really stopped, so that old module copies do not pile up.
 */
import { setImmediate } from 'node:timers';
import { ForksPoolWorker } from 'vitest/node';

const MAX_RUNS = 200;

/** The one worker of this process, and what its next run must evaluate afresh. */
const kept = { worker: undefined, started: false, runs: 0, invalidates: [] };

/** The files (absolute paths) the next run evaluates afresh in the worker; the run after it, none. */
export function setInvalidates(files) {
  kept.invalidates = files;
}

class KeptFork {
  name = 'kept-forks';
  cacheFs = true;
  #options;
  #worker;
  #listeners = [];

  constructor(options) {
    this.#options = options;
  }

  async start() {
    if (kept.worker === undefined) {
      const w = new ForksPoolWorker(this.#options);
      await w.start();
      w.on('exit', () => {
        if (kept.worker === w) kept.worker = undefined;
      });
      Object.assign(kept, { worker: w, started: false, runs: 0 });
    }
    this.#worker = kept.worker;
  }

  on(event, callback) {
    this.#listeners.push([event, callback]);
    this.#worker.on(event, callback);
  }

  off(event, callback) {
    this.#listeners = this.#listeners.filter(([e, c]) => e !== event || c !== callback);
    this.#worker.off(event, callback);
  }

  send(message) {
    if (message.type === 'start' && kept.started) return this.#answer({ type: 'started', __vitest_worker_response__: true });
    if (message.type === 'stop') return this.#answer({ type: 'stopped', __vitest_worker_response__: true });
    if (message.type === 'start') kept.started = true;
    if (message.type === 'run') {
      kept.runs++;
      message = { ...message, context: { ...message.context, invalidates: [...(message.context.invalidates ?? []), ...kept.invalidates] } };
      kept.invalidates = [];
    }
    this.#worker.send(message);
  }

  /** An answer in the worker's place, after the runner has begun to wait for it. */
  #answer(message) {
    setImmediate(() => {
      for (const [event, callback] of this.#listeners) if (event === 'message') callback(message);
    });
  }

  deserialize(data) {
    return data;
  }

  async stop() {
    for (const [event, callback] of this.#listeners) this.#worker?.off(event, callback);
    this.#listeners = [];
    if (kept.worker === this.#worker && kept.runs >= MAX_RUNS) {
      kept.worker = undefined;
      await this.#worker.stop();
    }
  }
}

/** The pool, as vitest's `pool` option takes a custom one. */
export const keptForks = { name: 'kept-forks', createPoolWorker: (options) => new KeptFork(options) };
