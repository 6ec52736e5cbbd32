// The rules engine: the worker that answers every rules question, started by boot.js as the
// page's first act. Its download's progress shows in the loading overlay (index.html);
// boot.js listens too (`onProgress`), to load the rest of the page once the worker asks.

import { Engine } from "./engine.js";

const listeners = [];

/** Call `listener` on every progress report of the engine's start. */
export function onProgress(listener) {
  listeners.push(listener);
}

/** The engine's download and start, in the loading overlay. */
export function showProgress({ text, fraction }) {
  for (const listener of listeners) listener();
  document.getElementById("loading-text").textContent = text;
  const bar = document.getElementById("loading-bar");
  if (fraction == null) bar.removeAttribute("value");
  else bar.value = fraction;
}

export const engine = new Engine({ name: "rules", onProgress: showProgress });
export const started = engine.start();
