// Promise-based client of the engine worker: call(method, params) -> result, or rejects with
// an EngineError carrying the Python exception's type and message. Every request carries the
// page's language, so Python answers in it; the worker's own errors come as an English
// template with values, translated here.

import { currentLanguage, tr } from "./i18n.js";

/** @typedef {import("./types/messages").Method} Method */
/** @template {Method} M @typedef {import("./types/messages").Params<M>} Params */
/** @template {Method} M @typedef {import("./types/messages").Result<M>} Result */
/** @template {Method} M @typedef {import("./types/messages").OnReport<M>} OnReport */
/** @typedef {import("./types/messages").Report} Report */
/** @typedef {import("./types/messages").ErrorInfo} ErrorInfo */
/** @typedef {import("./types/messages").EarlyWorker} EarlyWorker */
/** @typedef {import("./types/messages").ProgressMessage} ProgressMessage */
/** @typedef {import("./types/messages").WorkerToPage} WorkerToPage */
/** @typedef {import("./types/state").ReadyInfo} ReadyInfo */

/**
 * A call waiting for its answer.
 * @typedef {object} Pending
 * @property {(result: unknown) => void} resolve
 * @property {(error: unknown) => void} reject
 * @property {((report: Report) => void) | null} onReport
 * @property {Method} method
 * @property {string | null} record the game it was asked about (a record, or a warm's game)
 * @property {number} asked when it was asked (ms)
 * @property {number | null} spent a think's seconds already spent on the reply (its `spent`)
 */

/**
 * One answer, as `answered` keeps it.
 * @typedef {object} Answered
 * @property {Method} method
 * @property {string | null} record
 * @property {number} asked
 * @property {number | null} spent a think's seconds already spent on the reply (its `spent`)
 * @property {number} at when it was answered (ms)
 * @property {number | null} heap the worker's WebAssembly memory then (bytes)
 */

export class EngineError extends Error {
  /** `error`: {type, message} as the worker posts it (with `template` and `values` when the
   *  message is the worker's own).
   * @param {string} type the Python exception's class name, or the page's own kind
   *   ("WorkerError", "EngineStopped")
   * @param {string} message
   * @param {{template?: string | null, values?: Record<string, unknown> | null}} [translated]
   */
  constructor(type, message, { template = null, values = null } = {}) {
    super(template ? tr(template, values ?? undefined) : message);
    this.name = "EngineError";
    this.type = type;
    if (template) {
      /** the English message, when the worker wrote it (set only then) */
      this.template = template;
      this.values = values;
    }
  }
}

/** @param {ErrorInfo} error */
const fromWorker = (error) => new EngineError(error.type, error.message, error);

// The runtime's WebAssembly module, compiled by the first worker that started: every later
// worker (the search worker, a restarted one) instantiates it instead of compiling its own
// copy (the compiled code is shared, not duplicated: tens of MB less, and no second compile).
/** @type {WebAssembly.Module | null} */
let compiledRuntime = null;
const ANSWERS_KEPT = 100;

/** The rules worker index.html started as it was parsed, with the events it has sent since
 *  (once: a restart makes a new one).
 *  @returns {EarlyWorker | null} */
function takeEarlyWorker() {
  const early = self.flipsideEarly ?? null;
  self.flipsideEarly = null;
  return early;
}

export class Engine {
  /**
   * @param {{onProgress?: (p: ProgressMessage) => void,
   *          name?: string}} hooks  name: the worker's role ("rules" or "search")
   */
  constructor(hooks = {}) {
    this.hooks = hooks;
    this.name = hooks.name ?? "rules";
    /** @type {Worker | null} */
    this.worker = null;
    /** @type {Map<number, Pending>} */
    this.pending = new Map();
    this.nextId = 1;
    /** @type {ReadyInfo | null} */
    this.info = null;
    /** @type {Answered[]} */
    this.answered = []; // the last ANSWERS_KEPT answers, in order: {method, record (a warm's game), asked, spent, at (ms), heap (bytes)}
  }

  /** Start (or restart) the worker; resolves with engine info when Python is ready.
   *  @returns {Promise<ReadyInfo>} */
  start() {
    this.stop();
    return new Promise((resolve, reject) => {
      const early = this.name === "rules" ? takeEarlyWorker() : null;
      let worker = early?.worker;
      try {
        worker ??= new Worker(new URL("./worker.js", import.meta.url), {
          type: "module",
          name: this.name,
        });
      } catch (err) {
        reject(
          new EngineError(
            "WorkerError",
            tr("could not start the engine worker: {reason}", {
              reason: /** @type {Error} */ (err).message,
            }),
          ),
        );
        return;
      }
      this.worker = worker;
      if (!early) {
        const cached = !!navigator.serviceWorker?.controller;
        try {
          worker.postMessage({ type: "runtime", wasm: compiledRuntime, cached });
        } catch {
          worker.postMessage({ type: "runtime", wasm: null, cached }); // the browser cannot share it
        }
      }
      /** @param {MessageEvent<WorkerToPage>} event */
      const onMessage = ({ data }) => {
        if (data.type === "progress") {
          this.hooks.onProgress?.(data);
        } else if (data.type === "ready") {
          compiledRuntime ??= data.wasm ?? null;
          this.info = data.info;
          resolve(data.info);
        } else if (data.type === "failed") {
          this.stop();
          reject(fromWorker(data.error));
        } else if (data.type === "report") {
          this.pending.get(data.id)?.onReport?.(data.report);
        } else if (this.pending.has(data.id)) {
          const {
            resolve: ok,
            reject: fail,
            method,
            record,
            asked,
            spent,
          } = /** @type {Pending} */ (this.pending.get(data.id));
          this.pending.delete(data.id);
          const answer = {
            method,
            record,
            asked,
            spent,
            at: Math.round(performance.now()),
            heap: data.heap ?? null,
          };
          this.answered = [...this.answered.slice(1 - ANSWERS_KEPT), answer];
          if (data.error) fail(fromWorker(data.error));
          else ok(data.result);
        }
      };
      /** @param {ErrorEvent} event */
      const onError = (event) => {
        event.preventDefault();
        this.stop();
        reject(
          new EngineError("WorkerError", event.message || tr("the engine worker failed to start")),
        );
      };
      worker.onmessage = onMessage;
      worker.onerror = onError;
      for (const event of early?.events ?? []) {
        if (this.worker !== worker) break; // it failed
        if (event.type === "error") onError(/** @type {ErrorEvent} */ (event));
        else onMessage(/** @type {MessageEvent<WorkerToPage>} */ (event));
      }
    });
  }

  /** Stop the worker; calls still waiting are rejected. */
  /** Give the worker the page's shared table (a search worker: shared-table.js).
   *  @param {SharedArrayBuffer} buffer */
  share(buffer) {
    this.worker?.postMessage({ type: "shared", buffer });
  }

  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    for (const { reject } of this.pending.values()) {
      reject(new EngineError("EngineStopped", tr("the engine was stopped")));
    }
    this.pending.clear();
  }

  /** Send one request; resolves with the method's plain-JSON result. `onReport` gets the
   *  method's progress reports (the AI's search, after each depth) while it runs.
   * @template {Method} M
   * @param {M} method
   * @param {Params<M>} [params]
   * @param {OnReport<M> | null} [onReport]
   * @returns {Promise<Result<M>>}
   */
  call(method, params = /** @type {Params<M>} */ ({}), onReport = null) {
    const worker = this.worker;
    if (!worker)
      return Promise.reject(new EngineError("EngineStopped", tr("the engine is not running")));
    const id = this.nextId++;
    const about = /** @type {{record?: string, game?: string, spent?: number} | undefined} */ (
      /** @type {unknown} */ (params)
    );
    return new Promise((resolve, reject) => {
      const asked = Math.round(performance.now());
      this.pending.set(id, {
        resolve: /** @type {(result: unknown) => void} */ (resolve),
        reject,
        onReport: /** @type {((report: Report) => void) | null} */ (onReport),
        method,
        record: about?.record ?? about?.game ?? null,
        asked,
        spent: about?.spent ?? null,
      });
      /** @type {import("./types/messages").Request<M>} */
      const request = { id, method, params, lang: currentLanguage() };
      worker.postMessage(request);
    });
  }
}
