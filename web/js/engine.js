// Promise-based client of the engine worker: call(method, params) -> result, or rejects with
// an EngineError carrying the Python exception's type and message. Every request carries the
// page's language, so Python answers in it; the worker's own errors come as an English
// template with values, translated here.

import { currentLanguage, tr } from "./i18n.js";

export class EngineError extends Error {
  /** `error`: {type, message} as the worker posts it (with `template` and `values` when the
   *  message is the worker's own). */
  constructor(type, message, { template = null, values = null } = {}) {
    super(template ? tr(template, values) : message);
    this.name = "EngineError";
    this.type = type;
    Object.assign(this, template ? { template, values } : {});
  }
}

const fromWorker = (error) => new EngineError(error.type, error.message, error);

// The runtime's WebAssembly module, compiled by the first worker that started: every later
// worker (the search worker, a restarted one) instantiates it instead of compiling its own
// copy (the compiled code is shared, not duplicated: tens of MB less, and no second compile).
let compiledRuntime = null;
const ANSWERS_KEPT = 100;

/** The rules worker index.html started as it was parsed, with the events it has sent since
 *  (once: a restart makes a new one). */
function takeEarlyWorker() {
  const early = self.flipsideEarly ?? null;
  self.flipsideEarly = null;
  return early;
}

export class Engine {
  /**
   * @param {{onProgress?: (p: {text: string, fraction: number|null}) => void,
   *          name?: string}} hooks  name: the worker's role ("rules" or "search")
   */
  constructor(hooks = {}) {
    this.hooks = hooks;
    this.name = hooks.name ?? "rules";
    this.worker = null;
    this.pending = new Map();
    this.nextId = 1;
    this.info = null;
    this.answered = []; // the last ANSWERS_KEPT answers, in order: {method, record (a warm's game), asked, at (ms), heap (bytes)}
  }

  /** Start (or restart) the worker; resolves with engine info when Python is ready. */
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
            tr("could not start the engine worker: {reason}", { reason: err.message }),
          ),
        );
        return;
      }
      this.worker = worker;
      if (!early) {
        try {
          worker.postMessage({ type: "runtime", wasm: compiledRuntime });
        } catch {
          worker.postMessage({ type: "runtime", wasm: null }); // the browser cannot share it
        }
      }
      worker.onmessage = ({ data }) => {
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
          const { resolve: ok, reject: fail, method, record, asked } = this.pending.get(data.id);
          this.pending.delete(data.id);
          const answer = {
            method,
            record,
            asked,
            at: Math.round(performance.now()),
            heap: data.heap ?? null,
          };
          this.answered = [...this.answered.slice(1 - ANSWERS_KEPT), answer];
          if (data.error) fail(fromWorker(data.error));
          else ok(data.result);
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        this.stop();
        reject(
          new EngineError("WorkerError", event.message || tr("the engine worker failed to start")),
        );
      };
      for (const event of early?.events ?? []) {
        if (this.worker !== worker) break; // it failed
        (event.type === "error" ? worker.onerror : worker.onmessage)(event);
      }
    });
  }

  /** Stop the worker; calls still waiting are rejected. */
  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    for (const { reject } of this.pending.values()) {
      reject(new EngineError("EngineStopped", tr("the engine was stopped")));
    }
    this.pending.clear();
  }

  /** Send one request; resolves with the method's plain-JSON result. `onReport` gets the
   *  method's progress reports (the AI's search, after each depth) while it runs. */
  call(method, params = {}, onReport = null) {
    if (!this.worker)
      return Promise.reject(new EngineError("EngineStopped", tr("the engine is not running")));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const asked = Math.round(performance.now());
      this.pending.set(id, {
        resolve,
        reject,
        onReport,
        method,
        record: params?.record ?? params?.game ?? null,
        asked,
      });
      this.worker.postMessage({ id, method, params, lang: currentLanguage() });
    });
  }
}
