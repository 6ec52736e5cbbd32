// One search worker of the page's pool (pool.js): a worker.js engine that can be started
// again, its calls rejected with Cancelled when it was restarted or stopped under them, and
// with WorkerLost when it died (a crash, or a test's kill), even if another call has started
// it again before they heard of the loss.

import { Engine, EngineError } from "./engine.js";

/** @typedef {import("./types/messages").Method} Method */
/** @template {Method} M @typedef {import("./types/messages").Params<M>} Params */
/** @template {Method} M @typedef {import("./types/messages").Result<M>} Result */
/** @template {Method} M @typedef {import("./types/messages").OnReport<M>} OnReport */
/** @template {Method} M @typedef {import("./types/messages").ReportOf<M>} ReportOf */

export class Cancelled extends Error {}

/** A worker that went away under a call: it crashed (its error event), or a test killed it.
 *  `engine`: the engine that was lost (a worker is started again once per loss). */
export class WorkerLost extends Error {
  /** @param {string} message @param {Engine | null} engine */
  constructor(message, engine) {
    super(message);
    this.engine = engine;
  }
}

/** One search worker, restartable; calls made before a restart or a stop reject with
 *  Cancelled, calls whose worker died with WorkerLost. */
export class SearchWorker {
  /** @param {string} name the worker's name ("search", "search-1"...) */
  constructor(name = "search") {
    this.name = name;
    /** @type {Engine | null} */
    this.engine = null;
    /** @type {Promise<Engine> | null} */
    this.starting = null;
    this.generation = 0;
    this.ready = false;
    /** @type {Set<object>} */
    this.calls = new Set(); // this worker's calls not yet answered
    this.used = performance.now(); // when a call was last asked or answered
    /** @type {import("./types/state").GameId | null} */
    this.warmed = null; // the game its last `warm` was for
    this.held = false; // a review is judging its moves on it
    /** @type {Promise<import("./types/state").WarmAnswer> | null} */
    this.warming = null; // the pool's warm of its last start
    this.revived = 0; // starts again after a loss while warming, in a row
    /** @type {WeakSet<Engine>} */
    this.retired = new WeakSet(); // engines this worker stopped while they ran (not lost)
    /** @type {SharedArrayBuffer | null} */
    this.table = null; // the pool's shared table, given to each engine it starts
  }

  /** Give this worker (now and after each start) the pool's shared table.
   *  @param {SharedArrayBuffer} buffer */
  share(buffer) {
    this.table = buffer;
    this.engine?.share(buffer);
  }

  /** Stop the running engine on purpose: its calls reject with Cancelled. One already lost
   *  (its worker gone) stays lost: its calls reject with WorkerLost. */
  retire() {
    if (this.engine?.worker) this.retired.add(this.engine);
    this.engine?.stop();
  }

  start() {
    this.generation++;
    this.retire();
    const engine = new Engine({ name: this.name });
    this.engine = engine;
    this.ready = false;
    this.warmed = null;
    this.calls = new Set();
    this.used = performance.now();
    this.starting = engine.start().then(() => {
      if (this.engine === engine) this.ready = true;
      return engine;
    });
    this.starting.catch(() => {});
    if (this.table) engine.share(this.table); // after the runtime: the worker's messages keep their order
  }

  /** Terminate the worker; the next call starts a new one. */
  stop() {
    this.generation++;
    this.retire();
    this.engine = null;
    this.starting = null;
    this.ready = false;
    this.warmed = null;
    this.calls = new Set();
  }

  get running() {
    return this.engine !== null;
  }

  get busy() {
    return this.calls.size > 0;
  }

  /** `method` on this worker (started if it is not running).
   * @template {Method} M
   * @param {M} method
   * @param {Params<M>} params
   * @param {OnReport<M> | null} [onReport]
   * @returns {Promise<Result<M>>}
   */
  async call(method, params, onReport = null) {
    // Not started, stopped, or lost after it was ready: a new worker (one that failed to
    // start is not tried again before a restart).
    if (!this.engine || (this.ready && !this.engine.worker)) this.start();
    const generation = this.generation;
    const engine = /** @type {Engine} */ (this.engine); // started above
    const calls = this.calls;
    const call = {};
    calls.add(call);
    this.used = performance.now();
    try {
      await this.starting;
      if (generation !== this.generation) throw new Cancelled();
      const answer = await engine.call(method, params, (/** @type {ReportOf<M>} */ report) => {
        if (generation === this.generation) onReport?.(report);
      });
      if (method === "warm" && generation === this.generation)
        this.warmed = /** @type {Params<"warm">} */ (params).game;
      return answer;
    } catch (err) {
      const stopped = err instanceof EngineError && err.type === "EngineStopped";
      if (stopped && !this.retired.has(engine)) throw new WorkerLost(err.message, engine);
      if (generation !== this.generation) throw new Cancelled(); // retired: a restart or stop
      throw err;
    } finally {
      calls.delete(call);
      this.used = performance.now();
    }
  }
}
