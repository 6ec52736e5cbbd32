// The engine: a module worker that loads Pyodide, then the app wheel (by name, through
// pyodide-lock.json), and answers {id, method, params} with {id, result} | {id, error}.
// Requests and answers cross into Python as JSON strings: no Python object leaves here.
// The page runs two of these: the rules worker (name "rules") and the search worker (name
// "search") for the AI, so a long search never delays a move. While a method runs, Python's
// progress reports (JSON strings) are posted at once as {id, type: "report", report}.

const RUNTIME = new URL("../pyodide/", import.meta.url).href;
// The rules methods. After a snapshot start they are answered at once, from modules imported
// in the snapshot (flipside.web with both games' rules); anything else (the AI) first waits
// until the app wheel's files are installed, since it imports more. The rules worker installs
// them only when such a method comes (never in the middle of play); the search worker at once.
const RULES_METHODS = new Set([
  "engine_info",
  "new",
  "state",
  "play",
  "undo",
  "flag",
  "next_game",
  "open_link",
  "open_saved",
  "at",
]);
let pyodide = null;
let handle = null;
let installed = null; // Promise: the app wheel's files are in site-packages
let queue = Promise.resolve();
const waiting = [];

function post(message) {
  self.postMessage(message);
}

function installApp() {
  installed ??= pyodide.loadPackage("flipside", { messageCallback: () => {} }).catch((err) => {
    installed = null; // try again on the next request
    throw err;
  });
  return installed;
}

async function answer({ id, method, params }) {
  let text;
  try {
    if (!RULES_METHODS.has(method)) await installApp();
    const progress = (json) => post({ id, type: "report", report: JSON.parse(json) });
    text = handle(JSON.stringify({ id, method, params }), progress);
  } catch (err) {
    post({ id, error: { type: "EngineError", message: String(err?.message ?? err) } });
    return;
  }
  post(JSON.parse(text));
}

function enqueue(request) {
  queue = queue.then(() => answer(request));
}

self.onmessage = ({ data }) => {
  if (handle) enqueue(data);
  else waiting.push(data);
};

// Count the bytes of every download (runtime, standard library, wheels) to show progress.
let loaded = 0;
let expected = 0;
let lastReport = 0;
function report(text, force = false) {
  const now = performance.now();
  if (!force && now - lastReport < 80) return;
  lastReport = now;
  const mb = (n) => (n / 1e6).toFixed(1);
  if (expected > 1e6 && loaded >= expected) {
    post({ type: "progress", text: "Starting Python…", fraction: null });
    return;
  }
  post({
    type: "progress",
    text: expected > 1e6 ? `${text} ${mb(loaded)} of ${mb(expected)} MB` : text,
    fraction: expected > 1e6 ? Math.min(loaded / expected, 1) : null,
  });
}

// A runtime file that cannot be downloaded makes Pyodide wait forever: fail at once instead.
let failed = false;
function fail(err) {
  if (failed || handle) return; // once running, a problem is answered per request
  failed = true;
  post({
    type: "failed",
    error: { type: err?.name || "Error", message: String(err?.message ?? err) },
  });
}
self.addEventListener("unhandledrejection", (event) => fail(event.reason));

const realFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const name = String(input?.url ?? input).split("/").pop();
  let response;
  try {
    response = await realFetch(input, init);
  } catch (err) {
    if (init?.optional !== true) fail(new Error(`could not download ${name}: ${err.message}`));
    throw err;
  }
  const optional = init?.optional === true; // our own flag: a miss is not fatal
  if (!response.ok && !optional) {
    fail(new Error(`could not download ${name} (HTTP ${response.status})`));
  }
  const size = Number(response.headers.get("content-length")) || 0;
  if (!response.ok || !response.body || !size) return response;
  expected += size;
  // Count the bytes of a copy: the original response goes to Pyodide untouched, so the
  // browser can still use its compiled-code cache for the .wasm.
  const reader = response.clone().body.getReader();
  (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      loaded += value.byteLength;
      report("Downloading the game engine…", loaded >= expected);
    }
  })().catch(() => {});
  return response;
};

// The interpreter's memory right after start-up, made at build time: restoring it skips
// seconds of start-up. Any problem with it means a normal start instead.
async function fetchSnapshot() {
  const response = await self.fetch(`${RUNTIME}startup-snapshot.bin.gz`, { optional: true });
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  const bytes = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(bytes).arrayBuffer());
}

async function boot() {
  report("Downloading the game engine…", true);
  const snapshot = fetchSnapshot(); // downloads while the runtime does
  snapshot.catch(() => {}); // a failure is handled below, not an unhandled rejection
  const { loadPyodide } = await import(`${RUNTIME}pyodide.mjs`);
  const options = {
    indexURL: RUNTIME,
    lockFileURL: `${RUNTIME}pyodide-lock.json`,
    packages: ["flipside"],
  };
  let startup = "snapshot";
  try {
    // Restore without the app wheel: flipside.web is already imported in the snapshot.
    pyodide = await loadPyodide({ ...options, packages: [], _loadSnapshot: snapshot });
  } catch (err) {
    console.warn("Flipside: start-up snapshot not usable, starting normally:", err);
    startup = "full";
    pyodide = await loadPyodide(options);
    installed = Promise.resolve();
  }
  report("Starting the game…", true);
  handle = pyodide.pyimport("flipside.web").handle;
  const info = JSON.parse(handle(JSON.stringify({ id: 0, method: "engine_info" }))).result;
  post({ type: "ready", info: { ...info, startup, role: self.name || "rules" } });
  for (const request of waiting.splice(0)) enqueue(request);
  // The search worker warms up at once: the app's files, the AI modules, the evaluation.
  if (self.name === "search") enqueue({ id: 0, method: "othello_value", params: { record: "othello/" } });
}

boot().catch(fail);
