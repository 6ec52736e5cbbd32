// Long because: one pool drives every search over several workers (a review's moves, the
// root split's steps, the endgame's split, the shared search) and mends each one's lost workers.
// The page's pool of search workers (issue 39). The search worker (the pool's worker 0) does
// everything a pool of one does, exactly as the page did before there was a pool; extra
// workers (the same worker.js, each restored from the same start-up snapshot and
// instantiating the compiled runtime the first worker made) start only when work needs them
// (a review, a search the game's view lists in `pooled`) and stop after `idleMs` without
// work, so a first visit and an idle page cost one search worker, as before.
//
// A search over several workers is the facade's root split (split_start, split_step,
// search_task; docs/architecture.md, "A search over several workers"), which `split` drives
// step by step: the coordinator's tasks go to the workers they name, finished ones go back
// with the seconds elapsed, one step at a time. A worker that dies is started again and its
// task reported lost (the coordinator gives its work out again); one that cannot start is
// left out, and the work goes on with fewer. Python cannot be interrupted, so a cancel
// terminates: a dropped split's busy extra workers are started again.
//
// Othello's top level shares instead (`share`): when the page is cross-origin isolated, every
// worker gets one SharedArrayBuffer (shared-table.js) and searches the same move on it, the
// search worker keeping the level's time; the helpers stop when it answers (a signal in the
// table, no termination) and the deepest answer is played (docs/othello-ai.md, "Several
// workers"). Its endgame's phases (the exact solve) are split at the root (`endgame`), with or
// without shared memory, and the solve's line goes to the search worker.

import { Cancelled, SearchWorker, WorkerLost } from "./search-worker.js";

export { Cancelled, SearchWorker, WorkerLost };

/** @typedef {import("./types/state").GameId} GameId */
/** @typedef {import("./types/state").Level} Level */
/** @typedef {import("./types/state").DepthReport} DepthReport */
/** @typedef {import("./types/messages").Method} Method */
/** @template {Method} M @typedef {import("./types/messages").Params<M>} Params */
/** @template {Method} M @typedef {import("./types/messages").Result<M>} Result */
/** @typedef {import("./types/messages").SearchTask} SearchTask */
/** @typedef {import("./types/messages").SplitStep} SplitStep */
/** @typedef {import("./types/messages").SplitKind} SplitKind */
/** @typedef {import("./types/messages").TaskDone} TaskDone */
/** @typedef {import("./store.js").WorkersSetting} WorkersSetting */
/** A search the pool can split ("think" or "hints").
 *  @typedef {"think" | "hints"} PoolSearch */

/** A finished task of the split under way: the worker that answered and its entry for the
 *  coordinator (`slot` null: the worker was lost), or a failure that ends the search.
 *  @typedef {{slot?: SearchWorker | null, entry?: TaskDone, failure?: unknown}} Finished */

/** What the browser says of the device's memory (Chromium's `navigator.deviceMemory`, GB).
 *  @returns {number | undefined} */
const deviceMemory = () =>
  /** @type {Navigator & {deviceMemory?: number}} */ (navigator).deviceMemory;

/** How long an extra worker may stay idle before it is stopped and its memory given back. */
export const IDLE_MS = 60_000;
/** The setting's choices besides "auto". */
export const SIZES = [1, 2, 4, 8];
/** The most workers Auto chooses (the split gains little beyond, and each is a Python). */
const MOST = 8;
/** How long a shared search waits, after the search worker's answer, for the helpers' own
 *  (each stops at its next poll of the signal, every 1,024 nodes: some 30 ms). */
export const HELPERS_MS = 250;

/** Whether this page can share memory with its workers (cross-origin isolated). */
export const isolated = () =>
  typeof SharedArrayBuffer === "function" && self.crossOriginIsolated === true;

/** The pool's size on a device with `cores` logical processors and `memory` GB (what the
 *  browser tells: `navigator.hardwareConcurrency`, `navigator.deviceMemory`, either may be
 *  missing): every core of a 2-core device (a review's moves, the hints and Themisto's top
 *  level share them; the page stays responsive: docs/page.md), beyond that one core left for
 *  the page and the rules worker; a device of less than 4 GB gets one worker, one of less
 *  than 8 GB two; at most MOST.
 *  @param {number | undefined} cores
 *  @param {number | undefined} memory
 *  @returns {number} */
export function autoSize(cores, memory) {
  const told = typeof cores === "number" && Number.isFinite(cores) ? Math.floor(cores) : 1;
  const spare = told <= 2 ? Math.max(1, told) : told - 1;
  const byMemory =
    typeof memory !== "number" || !Number.isFinite(memory)
      ? MOST
      : memory < 4
        ? 1
        : memory < 8
          ? 2
          : MOST;
  return Math.max(1, Math.min(spare, byMemory, MOST));
}

/** The search worker and the extra workers, with the splits over them (see the top). */
export class Pool {
  /**
   * @param {SearchWorker} main the search worker (the pool's worker 0)
   * @param {{setting?: WorkersSetting, keep?: () => boolean}} [options]  setting: the pool's
   *   size or "auto"; keep: whether idle extra workers are still wanted (the computer plays
   *   at a level that searches on the pool, so its next move will need them)
   */
  constructor(main, { setting = "auto", keep = () => false } = {}) {
    this.main = main;
    /** @type {SearchWorker[]} */
    this.extras = [];
    this.setting = setting;
    this.keep = keep;
    this.idleMs = IDLE_MS;
    /** @type {GameId} */
    this.game = "othello"; // what a new worker is warmed for
    /** @type {Level} */
    this.level = "max";
    this.generation = 0; // cancel() drops the split under way
    /** @type {SearchWorker[]} */
    this.splitting = []; // the workers of the split under way
    /** @type {(() => void) | null} */
    this.wake = null; // wakes the split under way (a task finished, or a cancel)
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
    this.counts = { splits: 0, shared: 0, started: 0, lost: 0, failed: 0 }; // failed: splits answered alone
    /** @type {Promise<import("./shared-table.js").SharedTable> | null} */
    this.table = null; // the shared table, made on the first shared search
    /** @type {{table: import("./shared-table.js").SharedTable, run: number} | null} */
    this.sharing = null; // the shared search under way
  }

  /** The workers' shared table, made (and given to every worker) on first use.
   *  @returns {Promise<import("./shared-table.js").SharedTable>} */
  sharedTable() {
    this.table ??= import("./shared-table.js").then(({ SharedTable }) => {
      const table = new SharedTable();
      for (const slot of this.slots()) slot.share(table.buffer);
      return table;
    });
    return this.table;
  }

  /** The number of workers the setting asks for on this device.
   *  @returns {number} */
  get size() {
    return this.setting === "auto" ? this.auto : this.setting;
  }

  /** What Auto chooses here. */
  get auto() {
    return autoSize(navigator.hardwareConcurrency, deviceMemory());
  }

  slots() {
    return [this.main, ...this.extras];
  }

  /** A new setting ("auto" or a number); extra workers beyond it stop once idle.
   *  @param {WorkersSetting} setting */
  choose(setting) {
    this.setting = setting;
    this.watchIdle(0);
  }

  /** Warm the search worker for `game` at `level` (a fresh one's first request), and note
   *  them for the extra workers started later.
   *  @param {GameId} game
   *  @param {Level} level */
  warm(game, level) {
    this.game = game;
    this.level = level;
    this.main.call("warm", { game, level }).catch(() => {});
  }

  /** Start the extra workers up to the pool's size (in the background; each warmed for
   *  `game` first), and warm for `game` an idle one warmed for another game; the extra
   *  workers wanted.
   *  @param {GameId} game
   *  @param {Level} [level]
   *  @returns {SearchWorker[]} */
  grow(game, level = this.level) {
    this.game = game;
    this.level = level;
    while (this.extras.length < this.size - 1) {
      const slot = new SearchWorker(`search-${this.extras.length + 1}`);
      if (this.main.table) slot.share(this.main.table);
      this.extras.push(slot);
    }
    const wanted = this.extras.slice(0, Math.max(0, this.size - 1));
    for (const slot of wanted) {
      if (!slot.running) this.begin(slot);
      else if (slot.ready && !slot.busy && !slot.held && slot.warmed !== game)
        slot.call("warm", { game, level }).catch(() => {});
    }
    this.watchIdle();
    return wanted;
  }

  /** Start `slot` (again) and warm it. One lost while warming is started again (twice at
   *  most in a row); an extra worker that cannot start is left out.
   *  @param {SearchWorker} slot */
  begin(slot) {
    this.counts.started++;
    slot.start();
    slot.warming = slot.call("warm", { game: this.game, level: this.level });
    slot.warming.then(
      () => (slot.revived = 0),
      (err) => {
        if (err instanceof Cancelled) return;
        if (err instanceof WorkerLost && slot.engine === err.engine && slot.revived < 2) {
          slot.revived++;
          this.recover(slot, err);
        } else if (slot !== this.main) slot.stop();
      },
    );
  }

  /** A worker lost (`lost`, a WorkerLost) is started again, once per loss.
   *  @param {SearchWorker} slot
   *  @param {WorkerLost} lost */
  recover(slot, lost) {
    this.counts.lost++;
    if (slot.engine === lost.engine) this.begin(slot);
  }

  /** Resolves when `slot` is warmed for `game` (through a restart), rejects if it stops.
   *  @param {SearchWorker} slot
   *  @param {GameId} game
   *  @returns {Promise<void>} */
  async whenReady(slot, game) {
    for (;;) {
      if (!slot.running) throw new WorkerLost("the worker is not running", null);
      if (slot.warmed === game) return;
      const warming = slot.warming;
      await warming?.catch(() => {});
      if (slot.warming !== warming || slot.warmed === game || !slot.running) continue;
      await slot.call("warm", { game, level: this.level }).catch((err) => {
        if (!(err instanceof Cancelled)) throw err;
      });
    }
  }

  /** The workers a new search of `game` may use now: the search worker, then each extra
   *  worker that is within the size, started, warmed for `game`, idle and not a review's.
   *  @param {GameId} game
   *  @returns {SearchWorker[]} */
  free(game) {
    const extras = this.extras.slice(0, Math.max(0, this.size - 1));
    return [this.main, ...extras.filter((s) => s.ready && s.warmed === game && !s.busy && !s.held)];
  }

  /** A search (`method` "think" or "hints") of `game`'s `params`: split over the free
   *  workers when `split` and two or more are free (when they are not, the extra workers
   *  start for the next search), else the search worker's own call, as with one worker.
   * @template {PoolSearch} M
   * @param {M} method
   * @param {Params<M>} params
   * @param {((report: DepthReport) => void) | null} onReport
   * @param {{game: GameId, level?: Level, split?: boolean, share?: boolean, endgame?: boolean}} how
   *   share: a "think" the workers search on one shared table where the page is isolated;
   *   endgame: a "think" in the endgame's phases split over the workers (a middle-game move
   *   goes on to `share`, or to one worker)
   * @returns {Promise<Result<M>>}
   */
  async search(
    method,
    params,
    onReport,
    { game, level = this.level, split = false, share = false, endgame = false },
  ) {
    if (endgame && method === "think" && this.size > 1) {
      try {
        const think = /** @type {Params<"think">} */ (params);
        const grow = () => this.grow(game, level);
        const answer = await this.endgame(think, onReport, this.free(game), grow);
        if (answer) return /** @type {Result<M>} */ (answer);
      } catch (err) {
        if (err instanceof Cancelled) throw err;
        this.counts.failed++;
        console.warn("Flipside: a split endgame search failed; searching on one worker:", err);
      }
    }
    if (share && method === "think" && this.size > 1 && isolated()) {
      const table = this.sharedTable();
      this.grow(game, level);
      const workers = this.free(game);
      if (workers.length > 1) {
        try {
          const think = /** @type {Params<"think">} */ (params);
          return /** @type {Result<M>} */ (await this.share(think, onReport, workers, await table));
        } catch (err) {
          if (err instanceof Cancelled) throw err;
          this.counts.failed++;
          console.warn("Flipside: a shared search failed; searching on one worker:", err);
        }
      }
    }
    if (split && this.size > 1) {
      this.grow(game, level);
      const workers = this.free(game);
      if (workers.length > 1) {
        try {
          return /** @type {Result<M>} */ (await this.split(method, params, onReport, workers));
        } catch (err) {
          if (err instanceof Cancelled) throw err;
          // The split's own failure (not a lost worker: those are mended): the search worker
          // answers alone, as with one worker; a request that cannot be answered fails there.
          this.counts.failed++;
          console.warn("Flipside: a split search failed; searching on one worker:", err);
        }
      }
    }
    return this.call(
      method,
      params,
      /** @type {import("./types/messages").OnReport<M> | null} */ (onReport),
    );
  }

  /** `method` on the search worker; if the worker dies under it, it is started again and
   *  asked again.
   * @template {Method} M
   * @param {M} method
   * @param {Params<M>} params
   * @param {import("./types/messages").OnReport<M> | null} [onReport]
   * @returns {Promise<Result<M>>}
   */
  async call(method, params, onReport = null) {
    try {
      return await this.main.call(method, params, onReport);
    } catch (err) {
      if (!(err instanceof WorkerLost)) throw err;
      this.recover(this.main, err);
      return this.main.call(method, params, onReport);
    }
  }

  /** The computer's move (`params` of "think") searched by `workers` (worker 0 the search
   *  worker) on the shared `table`: the deepest answer (the search worker's when as deep),
   *  with every worker's nodes and how many answered (`workers`). A helper lost is started
   *  again and missed; Cancelled when `cancel()` drops the search.
   * @param {Params<"think">} params
   * @param {((report: DepthReport) => void) | null} onReport
   * @param {SearchWorker[]} workers
   * @param {import("./shared-table.js").SharedTable} table
   * @returns {Promise<Result<"think"> & {workers: number}>}
   */
  async share(params, onReport, workers, table) {
    const generation = ++this.generation;
    this.counts.shared++;
    const run = table.begin(Number(params.level));
    this.sharing = { table, run };
    /** @type {Result<"shared_think">[]} */
    const answers = [];
    const helpers = workers.slice(1).map((slot, i) =>
      slot.call("shared_think", { ...params, run, worker: i + 1 }).then(
        (answer) => void answers.push(answer),
        (err) => {
          if (err instanceof WorkerLost) this.recover(slot, err);
        },
      ),
    );
    /** @type {Result<"shared_think">} */
    let first;
    try {
      first = await this.call("shared_think", { ...params, run, worker: 0 }, onReport);
    } finally {
      table.end(run);
      if (this.sharing?.run === run) this.sharing = null;
    }
    if (generation !== this.generation) throw new Cancelled();
    if (!first) throw new Error("the search worker gave no answer");
    await Promise.race([
      Promise.all(helpers),
      new Promise((resolve) => setTimeout(resolve, HELPERS_MS)),
    ]);
    let best = first;
    let nodes = first.nodes;
    let answered = 1;
    for (const answer of answers) {
      if (!answer) continue;
      answered++;
      nodes += answer.nodes;
      if (answer.depth > best.depth) best = answer;
    }
    return { ...best, nodes, workers: answered };
  }

  /** The computer's move (`params` of "think") split over the free `workers` when it is in
   *  the endgame's phases (`endgame_start`); null for a middle-game move (not split), and
   *  for the first endgame move with one free worker, which `grow`s the pool for the next
   *  ones (the extra workers start only once the endgame comes). The line of an exact answer
   *  goes to the search worker, which answers the later moves on it at once (`keep_line`),
   *  as after a solve of its own.
   * @param {Params<"think">} params
   * @param {((report: DepthReport) => void) | null} onReport
   * @param {SearchWorker[]} workers
   * @param {() => void} grow
   * @returns {Promise<Result<"think"> | null>}
   */
  async endgame(params, onReport, workers, grow) {
    const { record, level } = params;
    const generation = this.generation;
    const first = await this.call("endgame_start", { ...params, workers: workers.length });
    if (generation !== this.generation) throw new Cancelled();
    if (first.declined) return null;
    if (!first.answer && workers.length < 2) {
      grow();
      return null;
    }
    if (first.answer) {
      // Answered by the search worker's own engine (a book or forced move, its kept line).
      for (const report of first.reports) onReport?.(report);
      return /** @type {Result<"think">} */ (first.answer);
    }
    const answer = /** @type {Result<"think">} */ (
      await this.split("think", params, onReport, workers, async () => first)
    );
    if (answer.exact)
      this.main
        .call("keep_line", { record, level, answer })
        .catch((err) => console.warn("Flipside: the solved line was not kept:", err));
    return answer;
  }

  /** The answer of `kind`'s search of `params` split over `workers` (worker 0 the search
   *  worker): the coordinator's steps, each task on the worker it names; `onReport` gets
   *  each depth's report. Rejects with Cancelled when `cancel()` drops it. `start`: its first
   *  step (`split_start` by default).
   * @param {SplitKind} kind
   * @param {Omit<Params<"split_start">, "kind" | "workers">} params
   * @param {((report: DepthReport) => void) | null} onReport
   * @param {SearchWorker[]} workers
   * @param {() => Promise<SplitStep>} [start]
   * @returns {Promise<NonNullable<SplitStep["answer"]>>}
   */
  async split(kind, params, onReport, workers, start) {
    const generation = ++this.generation;
    this.counts.splits++;
    this.splitting = workers;
    const began = performance.now();
    /** @type {Finished[]} */
    const finished = []; // {slot, entry: {task, result} | {task, error}} | {failure}
    /** @type {Map<number, number>} */
    const losses = new Map(); // worker -> times lost in this search
    const current = () => {
      if (generation !== this.generation) throw new Cancelled();
    };
    let answered = false;
    try {
      let found = await (start?.() ??
        this.call("split_start", { ...params, kind, workers: workers.length }));
      for (;;) {
        current();
        for (const report of found.reports) onReport?.(report);
        if (found.answer) {
          answered = true;
          return found.answer;
        }
        for (const task of found.tasks) this.run(task, workers, finished, losses, generation);
        while (!finished.length) {
          await /** @type {Promise<void>} */ (new Promise((resolve) => (this.wake = resolve)));
          current();
        }
        const done = finished.splice(0);
        const failed = done.find((d) => d.failure);
        if (failed) throw failed.failure;
        const at = done.findLast((d) => d.slot)?.slot ?? workers.find((s) => !s.busy) ?? this.main;
        const step = {
          state: found.state,
          done: done.map((d) => /** @type {TaskDone} */ (d.entry)), // no failure here
        };
        found = await this.step(at, step, began, workers);
      }
    } finally {
      if (generation === this.generation) {
        this.splitting = [];
        this.wake = null;
        // A search that failed leaves no task running; one answered leaves the tasks of a
        // depth it gave up, which stop by their seconds (free() skips those workers).
        if (!answered) this.restartBusy(workers);
      }
    }
  }

  /** The coordinator's next step on `slot` (the seconds since `began` added); if that worker
   *  is lost, the same step on another (a step is pure: the same answer anywhere).
   * @param {SearchWorker} slot
   * @param {Omit<Params<"split_step">, "elapsed">} step
   * @param {number} began
   * @param {SearchWorker[]} workers
   * @returns {Promise<SplitStep>}
   */
  async step(slot, step, began, workers) {
    for (;;) {
      try {
        return await slot.call("split_step", {
          ...step,
          elapsed: (performance.now() - began) / 1000,
        });
      } catch (err) {
        if (!(err instanceof WorkerLost)) throw err;
        this.recover(slot, err);
        slot = workers.find((s) => !s.busy) ?? slot;
      }
    }
  }

  /** Post `task` to the worker it names; its answer (or its loss) goes to `finished`. A
   *  worker lost twice in one search is not asked again: its tasks go to the search worker.
   * @param {SearchTask} task
   * @param {SearchWorker[]} workers
   * @param {Finished[]} finished
   * @param {Map<number, number>} losses
   * @param {number} generation
   */
  run(task, workers, finished, losses, generation) {
    const slot = (losses.get(task.worker) ?? 0) >= 2 ? this.main : workers[task.worker];
    slot
      .call("search_task", { task })
      .then(
        (result) => finished.push({ slot, entry: { task, result } }),
        (err) => {
          if (generation !== this.generation) {
            // A task of a search already answered or dropped: a lost worker is still started
            // again (and counted), or it would wait dead for its next call.
            if (err instanceof WorkerLost) this.recover(slot, err);
            return;
          }
          if (
            err instanceof WorkerLost ||
            err instanceof Cancelled ||
            err?.type === "WorkerError"
          ) {
            losses.set(task.worker, (losses.get(task.worker) ?? 0) + 1);
            if (err instanceof WorkerLost) this.recover(slot, err);
            else this.begin(slot);
            finished.push({ slot: null, entry: { task, error: "lost" } });
          } else {
            finished.push({ failure: err });
          }
        },
      )
      .finally(() => this.wake?.());
  }

  /** Terminate the busy extra workers among `workers` and start them again.
   *  @param {SearchWorker[]} workers */
  restartBusy(workers) {
    for (const slot of workers) if (slot !== this.main && slot.busy) this.begin(slot);
  }

  /** Drop the split under way (the caller restarts the search worker): its busy extra
   *  workers are terminated and started again. */
  cancel() {
    this.generation++;
    if (this.sharing) this.sharing.table.end(this.sharing.run); // its helpers stop and answer
    this.sharing = null;
    const workers = this.splitting;
    this.splitting = [];
    this.wake?.();
    this.wake = null;
    this.restartBusy(workers);
  }

  /** Stop the extra workers that have been idle for `idleMs` (unless `keep()` says the
   *  computer will need them, and the page is visible) or are beyond the pool's size;
   *  looks again while any runs. `soon`: the first look's delay.
   *  @param {number | null} [soon] */
  watchIdle(soon = null) {
    clearTimeout(this.timer ?? undefined);
    const look = () => {
      const now = performance.now();
      this.extras.forEach((slot, i) => {
        if (!slot.running || slot.busy || slot.held) return;
        const beyond = i >= this.size - 1;
        const idle = now - slot.used >= this.idleMs && (document.hidden || !this.keep());
        if (beyond || idle) slot.stop();
      });
      this.timer = this.extras.some((s) => s.running) ? setTimeout(look, this.every()) : null;
    };
    this.timer = setTimeout(look, soon ?? this.every());
  }

  every() {
    return Math.max(100, Math.min(5_000, this.idleMs / 4));
  }

  /** Terminate every worker (the page goes into the back/forward cache). */
  terminate() {
    for (const slot of this.slots()) slot.engine?.worker?.terminate();
  }

  /** For tests: kill worker `i` (0: the search worker) as a crash does (its error event:
   *  the worker terminated, its calls rejected).
   *  @param {number} i */
  kill(i) {
    const slot = this.slots()[i];
    if (!slot?.engine?.worker) return false;
    slot.engine.stop();
    return true;
  }

  /** What tests and benches read (`snapshot().pool`). */
  snapshot() {
    const slots = this.slots();
    return {
      setting: this.setting,
      size: this.size,
      auto: this.auto,
      cores: navigator.hardwareConcurrency ?? null,
      memory: deviceMemory() ?? null,
      running: slots.filter((s) => s.running).length,
      ready: slots.filter((s) => s.ready).length,
      warmed: slots.filter((s) => s.ready && s.warmed === this.game).length,
      busy: slots.filter((s) => s.busy).length,
      heaps: slots.map((s) => (s.running ? (s.engine?.answered.at(-1)?.heap ?? null) : null)),
      // Each worker's last answers ({method, asked, at}): what waited for what.
      answered: slots.map((s) => s.engine?.answered ?? []),
      ...this.counts,
    };
  }
}
