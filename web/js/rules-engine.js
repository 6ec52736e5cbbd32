// The rules engine: the worker that answers every rules question, started by boot.js as the
// page's first act. Its download's progress shows in the loading overlay (index.html);
// boot.js listens too (`onProgress`), to load the rest of the page once the worker asks.

import { Engine } from "./engine.js";
import { formatNumber, onLanguageChange, tr } from "./i18n.js";

const listeners = [];
let last = null; // the progress on screen, redrawn in another language

/** Call `listener` on every progress report of the engine's start. */
export function onProgress(listener) {
  listeners.push(listener);
}

/** A progress report's text in the page's language: the worker sends its English `message`
 *  and `values` (megabytes `got` and `size` with one decimal, seconds `left`); `text` alone
 *  is shown as it is (already translated). */
function progressText({ text, message, values }) {
  if (!message) return text;
  const mb = (n) => formatNumber(Number(n), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const shown = { ...values };
  if (values?.got != null) shown.got = mb(values.got);
  if (values?.size != null) shown.size = mb(values.size);
  if (values?.left != null) shown.left = formatNumber(values.left);
  return tr(message, shown);
}

/** The engine's download and start, in the loading overlay. */
export function showProgress(report) {
  for (const listener of listeners) listener();
  last = report;
  document.getElementById("loading-text").textContent = progressText(report);
  const bar = document.getElementById("loading-bar");
  if (report.fraction == null) bar.removeAttribute("value");
  else bar.value = report.fraction;
}

onLanguageChange(() => {
  if (last) document.getElementById("loading-text").textContent = progressText(last);
});

export const engine = new Engine({ name: "rules", onProgress: showProgress });
export const started = engine.start();
