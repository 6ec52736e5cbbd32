// The page's first module. It starts the rules engine's worker at once, shows its progress,
// and loads the rest of the page (main.js and its ~15 modules) when the worker has asked for
// the runtime's files (its first message): on a host that serves a browser over a few
// connections (HTTP/1.1: six), the runtime's 5 MB then never wait behind the page's small
// files, and the link carries them from the start. main.js takes this engine and waits for
// `started`.

import "./errors.js"; // first: it records errors from here on
import { Engine } from "./engine.js";

let page = null;
function loadPage() {
  page ??= import("./main.js");
}

/** The engine's download and start, in the loading overlay (index.html). */
export function showProgress({ text, fraction }) {
  loadPage();
  document.getElementById("loading-text").textContent = text;
  const bar = document.getElementById("loading-bar");
  if (fraction == null) bar.removeAttribute("value");
  else bar.value = fraction;
}

export const engine = new Engine({ name: "rules", onProgress: showProgress });
export const started = engine.start();
started.then(loadPage, loadPage); // main.js shows a failure
setTimeout(loadPage, 1000); // in any case
