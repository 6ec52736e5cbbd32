// The rules engine: the worker that answers every rules question, started by boot.js as the
// page's first act. Its download's progress shows in the loading overlay (index.html);
// boot.js listens too (`onProgress`), to load the rest of the page once the worker asks.

import { Engine } from "./engine.js";
import { formatNumber, onLanguageChange, tr } from "./i18n.js";

/** @typedef {import("./types/messages").ProgressMessage} ProgressMessage */

/** @type {(() => void)[]} */
const listeners = [];
/** @type {ProgressMessage | null} */
let last = null; // the progress on screen, redrawn in another language

/** Call `listener` on every progress report of the engine's start.
 *  @param {() => void} listener */
export function onProgress(listener) {
  listeners.push(listener);
}

/** A progress report's text in the page's language: the worker sends its English `message`
 *  and `values` (megabytes `got` and `size` with one decimal, seconds `left`); `text` alone
 *  is shown as it is (already translated).
 *  @param {ProgressMessage} report
 *  @returns {string} */
function progressText({ text, message, values }) {
  if (!message) return text;
  /** @param {string} n */
  const mb = (n) => formatNumber(Number(n), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  /** @type {Record<string, unknown>} */
  const shown = { ...values };
  if (values?.got != null) shown.got = mb(values.got);
  if (values?.size != null) shown.size = mb(values.size);
  if (values?.left != null) shown.left = formatNumber(values.left);
  return tr(message, shown);
}

/** The loading overlay's text (index.html has it). */
const loadingText = () => /** @type {HTMLElement} */ (document.getElementById("loading-text"));

/** The engine's download and start, in the loading overlay.
 *  @param {ProgressMessage} report */
export function showProgress(report) {
  for (const listener of listeners) listener();
  last = report;
  loadingText().textContent = progressText(report);
  const bar = /** @type {HTMLProgressElement} */ (document.getElementById("loading-bar"));
  if (report.fraction == null) bar.removeAttribute("value");
  else bar.value = report.fraction;
}

onLanguageChange(() => {
  if (last) loadingText().textContent = progressText(last);
});

export const engine = new Engine({ name: "rules", onProgress: showProgress });
export const started = engine.start();
