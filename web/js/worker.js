// Long because: one start-up sequence (snapshot or wheel, the queue of requests, progress)
// that only this worker runs; its parts share the interpreter and the queue.
// The engine: a module worker that loads Pyodide, then the app wheel (by name, through
// pyodide-lock.json), and answers {id, method, params, lang} with {id, result} | {id, error}.
// Requests and answers cross into Python as JSON strings: no Python object leaves here.
// The page runs two of these: the rules worker (name "rules") and the search worker (name
// "search") for the AI, so a long search never delays a move. While a method runs, Python's
// progress reports (JSON strings) are posted at once as {id, type: "report", report}.

/** @typedef {import("./types/messages").AnyRequest} AnyRequest */
/** @typedef {import("./types/messages").PageToWorker} PageToWorker */
/** @typedef {import("./types/messages").WorkerToPage} WorkerToPage */
/** @typedef {import("./types/messages").ErrorInfo} ErrorInfo */
/** @typedef {import("./types/messages").ProgressValues} ProgressValues */
/** The Pyodide runtime; `_module` (its Emscripten module) is not in Pyodide's published
 *  types: the answers read its heap's size.
 *  @typedef {import("pyodide").PyodideAPI & {_module: {HEAP8: Int8Array}}} Pyodide */
/** `flipside.facade.handle`, a Python function (Pyodide calls it with JavaScript strings):
 *  a request's JSON in, the answer's JSON out; `progress` gets each report's JSON.
 *  @typedef {(request: string, progress?: (json: string) => void) => string} Handle */
/** `fetch`'s options with our own flag: `optional`, a miss is not fatal.
 *  @typedef {RequestInit & {optional?: boolean}} FetchInit */
/** An error whose message the page can translate.
 *  @typedef {Error & {template: string, values: Record<string, unknown>}} Problem */
/** A download counted for the start's progress (bytes: its size, over the wire, read).
 *  @typedef {{raw: number, wire: number, read: number, known: boolean}} Download */

const RUNTIME = new URL("../pyodide/", import.meta.url).href;
// The rules methods. After a snapshot start they are answered at once, from modules imported
// in the snapshot (flipside.facade with both games' rules); anything else (the AI) first waits
// until the app wheel's files are installed, since it imports more. The rules worker installs
// them only when such a method comes (never in the middle of play); the search worker at once.
// The opening explorer's `explore` (the rules worker's) needs the wheel and the game's tree,
// not the AI's data (installExplorer).
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
  "friend_link",
  "at",
]);
/** A game with a dealt opening (New game's `opening`, a record's `opening=`) reads the XOT
 *  list and may ask the AI for balanced moves: files the snapshot does not hold.
 *  @param {(Record<string, unknown> & {options?: {opening?: unknown} | null}) | undefined} params */
function dealsOpening(params) {
  return (
    !!params?.options?.opening ||
    Object.values(params ?? {}).some((v) => typeof v === "string" && v.includes("opening="))
  );
}
// Set by boot() before any request is answered (requests wait in `waiting` until then).
let pyodide = /** @type {Pyodide} */ (/** @type {unknown} */ (null));
/** @type {Handle | null} */
let handle = null;
/** @type {Promise<void> | null} */
let installed = null; // Promise: the app wheel's files are in site-packages
/** @type {AnyRequest[]} */
const queue = [];
/** @type {AnyRequest[]} */
const waiting = [];

/** @param {WorkerToPage} message */
function post(message) {
  self.postMessage(message);
}

// This worker has no catalog: the texts it sends the page (progress, its own errors) go as
// the English message with its {names} filled (`text`, `message`) and as the message and its
// values (`template`, `values`), which the page translates (rules-engine.js, page/text.js).
// N_ marks them for the extractor (python -m tools.i18n).
/** @param {string} message */
const N_ = (message) => message;
/** @param {string} message @param {Record<string, unknown>} values */
const fill = (message, values) =>
  message.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));

/** An error whose message the page can translate: `template` with `values`.
 *  @param {string} template
 *  @param {Record<string, unknown>} values
 *  @returns {Problem} */
function problem(template, values) {
  return Object.assign(new Error(fill(template, values)), { template, values });
}

/** Anything thrown, read as an error that may carry a template.
 *  @typedef {{name?: string, message?: unknown, template?: string,
 *             values?: Record<string, unknown>} | null | undefined} Thrown */

/** An error as the page gets it: {type, message} (and the message's template and values).
 *  @param {unknown} err
 *  @param {string} [type]
 *  @returns {ErrorInfo} */
function errorOf(err, type = /** @type {Thrown} */ (err)?.name || "Error") {
  const e = /** @type {Thrown} */ (err);
  const out = { type, message: String(e?.message ?? err) };
  if (e?.template) Object.assign(out, { template: e.template, values: e.values });
  return out;
}

// The app's files: the wheel (by name, through the lock file), then its data files (the AI's
// evaluation weights and opening book), which the build keeps out of the wheel so that a
// first visit does not wait for them: they are fetched here, when the AI is first asked.
/** @type {Promise<unknown> | null} */
let wheel = null; // Promise: the app wheel's modules are in site-packages
function installWheel() {
  wheel ??= pyodide.loadPackage("flipside", { messageCallback: () => {} }).catch((err) => {
    wheel = null; // try again on the next request
    throw err;
  });
  return wheel;
}

async function installFiles() {
  await installWheel();
  /** @type {Record<string, string>} */
  const files = await (await self.fetch(`${RUNTIME}data/files.json`)).json(); // target -> served
  /** @type {string} */
  const home = pyodide.runPython("import flipside, os; os.path.dirname(flipside.__file__)");
  await Promise.all(
    Object.entries(files).map(([target, served]) =>
      installData(home, target, `${RUNTIME}data/${served}`),
    ),
  );
}

/** Fetch one data file the build keeps out of the wheel and write it into the package.
 *  @param {string} home the package's folder
 *  @param {string} target its path in the package
 *  @param {string} url */
async function installData(home, target, url) {
  const response = await self.fetch(url);
  if (!response.ok) {
    const file = url.split("/").pop();
    throw problem(N_("could not download {file} (HTTP {status})"), {
      file,
      status: response.status,
    });
  }
  pyodide.FS.mkdirTree(`${home}/${target.split("/").slice(0, -1).join("/")}`);
  pyodide.FS.writeFile(`${home}/${target}`, new Uint8Array(await response.arrayBuffer()));
}

// The opening explorer (`explore`): the app wheel, the explorer's modules and the game's tree
// (explorer/modules.json and explorer/<game>.bin, which the build keeps out of the wheel and
// the precache), fetched when the page first asks about a position of that game. Not the
// AI's data files.
const EXPLORERS = new URL("../explorer/", import.meta.url).href;
/** @type {Map<string, Promise<void>>} */
const explorerFiles = new Map(); // "modules" or a game -> Promise: installed

/** Run `install` once for `key` (again after a failure, on the next request).
 *  @param {string} key
 *  @param {() => Promise<void>} install
 *  @returns {Promise<void>} */
function installOnce(key, install) {
  if (!explorerFiles.has(key)) {
    explorerFiles.set(
      key,
      install().catch((err) => {
        explorerFiles.delete(key);
        throw err;
      }),
    );
  }
  return /** @type {Promise<void>} */ (explorerFiles.get(key));
}

/** @param {string} home */
async function installExplorerModules(home) {
  const response = await self.fetch(`${EXPLORERS}modules.json`);
  if (!response.ok) {
    throw problem(N_("could not download {file} (HTTP {status})"), {
      file: "modules.json",
      status: response.status,
    });
  }
  /** @type {Record<string, string>} */
  const files = await response.json();
  await Promise.all(
    Object.entries(files).map(([target, served]) =>
      installData(home, target, `${EXPLORERS}${served}`),
    ),
  );
  pyodide.runPython("import importlib; importlib.invalidate_caches()"); // modules new since the last look
}

/** @param {unknown} record the request's record */
async function installExplorer(record) {
  const game = /^([a-z]+)\//.exec(String(record ?? ""))?.[1];
  await installWheel();
  /** @type {string} */
  const home = pyodide.runPython("import flipside, os; os.path.dirname(flipside.__file__)");
  await installOnce("modules", () => installExplorerModules(home));
  if (game)
    await installOnce(game, () =>
      installData(home, `${game}/explorer.bin`, `${EXPLORERS}${game}.bin`),
    );
}

// A language's catalog (locale/<lang>.mo), fetched when a request first asks for it: the
// rules worker answers in German before (and without) the rest of the app's files.
/** @type {Map<string, Promise<void>>} */
const catalogs = new Map(); // lang -> Promise
/** @param {string | undefined} lang */
function installCatalog(lang) {
  if (!lang || lang === "en") return null;
  if (!catalogs.has(lang)) {
    /** @type {string} */
    const home = pyodide.runPython("import flipside, os; os.path.dirname(flipside.__file__)");
    const loading = installData(home, `locale/${lang}.mo`, `${RUNTIME}data/locale-${lang}.mo`);
    catalogs.set(
      lang,
      loading.catch((err) => {
        catalogs.delete(lang); // try again on the next request
        throw err;
      }),
    );
  }
  return catalogs.get(lang);
}

function installApp() {
  installed ??= installFiles().catch((err) => {
    installed = null; // try again on the next request
    throw err;
  });
  return installed;
}

/** @param {AnyRequest} request */
async function answer({ id, method, params, lang }) {
  /** @type {string} */
  let text;
  // The fields the worker looks at itself (the facade checks them all).
  const fields = /** @type {Record<string, unknown> & {options?: {opening?: unknown}}} */ (params);
  try {
    if (method === "explore") await installExplorer(fields?.record);
    else if (!RULES_METHODS.has(method) || dealsOpening(fields)) await installApp();
    if (method === "shared_think") await sharedAttached;
    try {
      await installCatalog(lang);
    } catch {
      lang = "en"; // answered in English rather than not at all
    }
    /** @param {string} json */
    const progress = (json) => post({ id, type: "report", report: JSON.parse(json) });
    text = /** @type {Handle} */ (handle)(JSON.stringify({ id, method, params, lang }), progress);
  } catch (err) {
    post({ id, error: errorOf(err, "EngineError") });
    return;
  }
  // The answer says how big the worker's WebAssembly memory is (it never shrinks: the
  // long-session bench watches it).
  post({ ...JSON.parse(text), heap: pyodide._module.HEAP8.length });
}

// Requests are answered one at a time, in order, except that the evaluation graph's values
// ("value", asked for every move of a game just opened) wait behind everything else: the
// computer's move or the hints asked after them come first.
/** @type {AnyRequest[]} */
const later = [];
let running = false;

/** @param {AnyRequest} request */
function enqueue(request) {
  (request.method === "value" ? later : queue).push(request);
  if (!running) drain();
}

async function drain() {
  running = true;
  while (queue.length || later.length)
    await answer(/** @type {AnyRequest} */ (queue.shift() ?? later.shift())).catch(() => {});
  running = false;
}

// The page's first message: the runtime's compiled WebAssembly module if another worker has
// one (see engine.js), else null.
/** @type {(wasm: WebAssembly.Module | null) => void} */
let given;
/** @type {Promise<WebAssembly.Module | null>} */
const runtimeGiven = new Promise((resolve) => (given = resolve));
/** The page came from the service worker (its first message says so): see fromCache. */
let pageCached = false;
/** The page's shared table (a search worker of a cross-origin isolated page), once given:
 *  its functions for Python (shared-table.js, loaded then). `shared_think` waits for it.
 *  @type {Promise<import("./shared-table.js").TableAccess> | null} */
let shared = null;
let sharedAttached = /** @type {Promise<void>} */ (Promise.resolve());

/** Hand the shared table to Python once both are there. */
function attachShared() {
  const access = shared;
  if (!access || !handle) return;
  sharedAttached = access.then((table) => pyodide.pyimport("flipside.facade").attach_shared(table));
}

/** @param {MessageEvent<PageToWorker>} event */
self.onmessage = ({ data }) => {
  if (data?.type === "runtime") {
    pageCached = data.cached === true;
    given(data.wasm ?? null);
  } else if (data?.type === "shared") {
    const buffer = data.buffer;
    shared = import("./shared-table.js").then((m) => m.tableAccess(buffer));
    attachShared();
  } else if (handle) enqueue(data);
  else waiting.push(data);
};

// Progress in bytes over the wire and seconds left, from the real transfer. A host may gzip
// a file: its Content-Length is then the wire size, while the page reads the unpacked bytes,
// whose total the build writes here (SIZES). The share read of a file times its wire size
// is what crossed the wire. The files a start needs are expected from its beginning, so the
// total does not grow as their downloads begin.
/** @type {Record<string, number>} */
const SIZES = {}; // replaced by build_site.py
const WHEEL = Object.keys(SIZES).find((name) => name.startsWith("flipside-"));
/** @type {Map<string, Download>} */
const downloads = new Map(); // file name -> {raw, wire, read}
/** @type {number | null} */
let firstByte = null;
/** @type {number | null} */
let firstAsked = null; // when the first counted download went out (the link's measure)
let lastReport = 0;

/** A download the start will need; `known`: its wire size is its size (hosts do not
 *  compress a wheel), so the total need not wait for its response.
 *  @param {string | undefined} name
 *  @param {boolean} [known] */
function expect(name, known = false) {
  if (name && SIZES[name] && !downloads.has(name)) {
    downloads.set(name, { raw: SIZES[name], wire: SIZES[name], read: 0, known });
  }
}

// The progress texts: each stage alone, and with the bytes so far and the time left.
const STAGES = {
  download: {
    alone: N_("Downloading the game engine…"),
    sized: N_("Downloading the game engine… {got} of {size} MB"),
    second: N_("Downloading the game engine… {got} of {size} MB, about a second left"),
    seconds: N_("Downloading the game engine… {got} of {size} MB, about {left} s left"),
  },
  start: {
    alone: N_("Starting the game…"),
    sized: N_("Starting the game… {got} of {size} MB"),
    second: N_("Starting the game… {got} of {size} MB, about a second left"),
    seconds: N_("Starting the game… {got} of {size} MB, about {left} s left"),
  },
};

/** A progress report: the text in English, and its message and values for the page (the
 *  values `got` and `size` are megabytes with one decimal, `left` whole seconds).
 *  @param {string} message
 *  @param {ProgressValues} values
 *  @param {number | null} fraction */
function progress(message, values, fraction) {
  post({ type: "progress", text: fill(message, values), message, values, fraction });
}

/** Report the start's progress at `stage` (a key of STAGES).
 *  @param {keyof typeof STAGES} stage
 *  @param {boolean} [force] */
function report(stage, force = false) {
  const now = performance.now();
  if (!force && now - lastReport < 100) return;
  lastReport = now;
  let size = 0;
  let got = 0;
  let known = true; // every expected download has told its wire size
  for (const d of downloads.values()) {
    size += d.wire;
    got += Math.min(d.read / d.raw, 1) * d.wire;
    known &&= d.known;
  }
  const texts = STAGES[stage];
  if (size < 1e6 || !known) {
    progress(texts.alone, {}, null);
    return;
  }
  if (got >= size) {
    progress(N_("Starting Python…"), {}, null);
    return;
  }
  const seconds = firstByte === null ? 0 : (now - firstByte) / 1000;
  const rate = seconds > 0.3 ? got / seconds : 0;
  const left = rate > 0 ? Math.ceil((size - got) / rate) : null;
  /** @param {number} n */
  const mb = (n) => (n / 1e6).toFixed(1);
  const message = left === null ? texts.sized : left <= 1 ? texts.second : texts.seconds;
  progress(message, { got: mb(got), size: mb(size), left }, got / size);
}

// A runtime file that cannot be downloaded makes Pyodide wait forever: fail at once instead.
let failed = false;
/** @param {unknown} err */
function fail(err) {
  if (failed || handle) return; // once running, a problem is answered per request
  failed = true;
  post({ type: "failed", error: errorOf(err) });
}
self.addEventListener("unhandledrejection", (event) => fail(event.reason));

const realFetch = self.fetch.bind(self);

/** @type {Promise<Cache | null> | null} */
let buildCache = null;
/** The files fromCache answered (the ready message tells the page). @type {string[]} */
const cachedFiles = [];
/** The service worker's cache of this build, read here directly: on a repeat visit each file
 *  then comes without the service worker's hop (ready 10–20% sooner). Only when the page
 *  came from the service worker (a first visit does not wait for the cache's keys), and while
 *  this build's cache is the only one: during an update the old and the new build's caches
 *  are both there, and the service worker decides.
 *  @param {string} url
 *  @returns {Promise<Response | undefined>} */
async function fromCache(url) {
  buildCache ??= (async () => {
    if (!pageCached || !self.caches) return null;
    const builds = (await caches.keys()).filter((name) => name.startsWith("flipside-"));
    return builds.length === 1 ? caches.open(builds[0]) : null;
  })().catch(() => null); // a cache that cannot be read (Firefox, while it is written)
  const cache = await buildCache;
  return cache?.match(url).catch(() => undefined);
}

/** A fetch's URL, as text.
 *  @param {RequestInfo | URL} input */
const urlOf = (input) =>
  String(/** @type {{url?: string} | undefined} */ (/** @type {unknown} */ (input))?.url ?? input);

/** `fetch`, with the download counted for the progress and a failure reported at once.
 *  @param {RequestInfo | URL} input
 *  @param {FetchInit} [init]
 *  @returns {Promise<Response>} */
async function countedFetch(input, init) {
  const url = urlOf(input);
  const name = /** @type {string} */ (url.split("/").pop());
  let response;
  firstAsked ??= performance.now();
  try {
    const hit = await fromCache(url);
    if (hit) cachedFiles.push(name);
    response = hit ?? (await realFetch(input, init));
  } catch (err) {
    if (init?.optional !== true) {
      const error = /** @type {Error} */ (err).message;
      fail(problem(N_("could not download {file}: {error}"), { file: name, error }));
    }
    throw err;
  }
  const optional = init?.optional === true; // our own flag: a miss is not fatal
  if (!response.ok && !optional) {
    fail(
      problem(N_("could not download {file} (HTTP {status})"), {
        file: name,
        status: response.status,
      }),
    );
  }
  const length = Number(response.headers.get("content-length")) || 0;
  const raw = SIZES[name] ?? length;
  if (!response.ok || !response.body || !raw) return response;
  const download = { raw, wire: length || raw, read: 0, known: true };
  downloads.set(name, download);
  // Count the bytes of a copy: the original response goes to Pyodide untouched, so the
  // browser can still use its compiled-code cache for the .wasm.
  const reader = /** @type {ReadableStream<Uint8Array>} */ (response.clone().body).getReader();
  (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      firstByte ??= performance.now();
      download.read += value.byteLength;
      report("download");
    }
    if (name === "pyodide.asm.wasm") runtimeArrived();
  })().catch(() => downloads.delete(name)); // given up (the snapshot on a slow link)
  return response;
}

// The runtime's last byte. A normal start asks for the app wheel only then: the link carries
// the runtime and the standard library alone (the interpreter cannot start before both are
// in), and the wheel's 0.2 MB come in while the interpreter starts.
/** @type {() => void} */
let runtimeArrived;
/** @type {Promise<void>} */
const runtimeIn = new Promise((resolve) => (runtimeArrived = resolve));

/** The link's speed so far (bytes over the wire per second, since the first request): measured
 *  from the start's own downloads once they are all in, or PROBE_MS after their first byte if
 *  they are not. Infinity when they came at once (a cache, localhost).
 *  @returns {Promise<number>} */
async function linkRate() {
  const begun = performance.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const now = performance.now();
    let got = 0;
    let pending = false;
    for (const [name, d] of downloads) {
      if (name === SNAPSHOT) continue;
      got += Math.min(d.read / d.raw, 1) * d.wire;
      pending ||= d.read < d.raw;
    }
    if (firstByte !== null && (!pending || now - firstByte >= PROBE_MS)) {
      // From the first request, not the first byte read: a busy worker reads its chunks
      // late and in bursts, which would make a slow link look fast. Latency only lowers it.
      const seconds = (now - /** @type {number} */ (firstAsked)) / 1000; // asked before a byte
      return seconds > 0.05 ? got / seconds : Infinity;
    }
    if (now - begun > 10_000) return 0; // nothing came in ten seconds
  }
}

// Files asked for ahead of Pyodide (so that they download side by side instead of one after
// the other), or fetched by a start attempt that gave up before reading them: the next
// request for the same URL gets that response instead of downloading it again.
/** @type {Map<string, Promise<Response>>} */
const ahead = new Map(); // url -> Promise<Response>
/** @type {Map<string, Promise<Response>> | null} */
let attempt = null; // url -> Promise<Response>, every fetch of the current start attempt

/** When a request may go out: the app wheel after the runtime (see runtimeIn), all else at once.
 *  @param {string} url
 *  @returns {Promise<void>} */
function inTurn(url) {
  return WHEEL && url === `${RUNTIME}${WHEEL}` ? runtimeIn : Promise.resolve();
}

/** @param {string} url */
function fetchAhead(url) {
  if (ahead.has(url)) return;
  const response = inTurn(url).then(() => countedFetch(url));
  response.catch(() => {});
  ahead.set(url, response);
}

/** @type {Promise<WebAssembly.Module> | null} */
let compiled = null; // Promise<WebAssembly.Module>: the runtime, given by the page or compiled here

/** @param {RequestInfo | URL} input @param {FetchInit} [init] */
self.fetch = (input, init) => {
  const url = urlOf(input);
  // The runtime is compiled (or given) apart: Pyodide's own request for the .wasm needs no
  // answer (see useCompiled).
  if (compiled && url === `${RUNTIME}pyodide.asm.wasm`) return Promise.resolve(new Response(null));
  const early = ahead.get(url);
  ahead.delete(url);
  const response = early
    ? early.then((r) => (r.bodyUsed ? countedFetch(input, init) : r))
    : inTurn(url).then(() => countedFetch(input, init));
  if (!init?.signal) attempt?.set(url, response);
  return response;
};

// The interpreter's memory right after start-up, made at build time: restoring it skips
// seconds of start-up, but it is a large download (4.4 MB). It is used when it comes
// fast (from the service worker's cache, or a fast link). It is asked for only when the
// runtime's own downloads say the link is fast enough to bring it in NORMAL_START_S (so a
// slow link never carries any of it), and its download is watched for PROBE_MS and given up
// if the rest would take longer than that after all. On a slow first visit the normal start
// wins; the service worker then caches the snapshot for the next visit. Any problem with it
// means a normal start too.
const SNAPSHOT = "startup-snapshot.bin.gz";
const PROBE_MS = 300;
const NORMAL_START_S = 2;

class SlowSnapshot extends Error {}

/** @returns {Promise<Uint8Array>} */
async function fetchSnapshot() {
  const rate = await linkRate();
  if (SIZES[SNAPSHOT] > rate * NORMAL_START_S) {
    const mbits = ((rate * 8) / 1e6).toFixed(1);
    throw new SlowSnapshot(`the link brings ${mbits} Mbit/s: the snapshot would take too long`);
  }
  const controller = new AbortController();
  const response = await self.fetch(
    `${RUNTIME}${SNAPSHOT}`,
    /** @type {FetchInit} */ ({ optional: true, signal: controller.signal }),
  );
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  const size = Number(response.headers.get("content-length")) || 0;
  const begun = performance.now();
  let received = 0;
  const body = /** @type {ReadableStream<Uint8Array<ArrayBuffer>>} */ (response.body); // ok: it has one
  const counted = body.pipeThrough(
    new TransformStream({
      /** @param {Uint8Array<ArrayBuffer>} chunk
       *  @param {TransformStreamDefaultController<Uint8Array<ArrayBuffer>>} out */
      transform(chunk, out) {
        received += chunk.byteLength;
        out.enqueue(chunk);
      },
    }),
  );
  const bytes = unpack(counted.pipeThrough(new DecompressionStream("gzip")));
  bytes.catch(() => {});
  const probe = new Promise((resolve) => setTimeout(resolve, PROBE_MS));
  const first = await Promise.race([bytes.then(() => "done"), probe.then(() => "probe")]);
  if (first === "probe" && size) {
    const rate = received / ((performance.now() - begun) / 1000); // bytes per second
    const left = (size - received) / Math.max(rate, 1);
    if (left > NORMAL_START_S) {
      controller.abort();
      throw new SlowSnapshot(`the snapshot would take ${left.toFixed(1)} s more to download`);
    }
  }
  return new Uint8Array(await bytes);
}

/** A stream's bytes in one ArrayBuffer: a resizable one where the browser has them, whose
 *  memory `resize(0)` gives back at once. (A plain one's waits for a full garbage collection,
 *  which an idle worker may not run for minutes: 31 MB per worker, and Pyodide keeps a
 *  reference to the snapshot in its options for the worker's life.)
 *  @param {ReadableStream<Uint8Array>} stream
 *  @returns {Promise<ArrayBuffer>} */
async function unpack(stream) {
  if (!ArrayBuffer.prototype.resize) return new Response(stream).arrayBuffer();
  const buffer = new ArrayBuffer(0, { maxByteLength: 256 << 20 });
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return buffer;
    const at = buffer.byteLength;
    buffer.resize(at + value.byteLength);
    new Uint8Array(buffer, at).set(value);
  }
}

/** Run `start` with a TextDecoder that also reads resizable buffers (the restore decodes the
 *  snapshot's header with one, and TextDecoder refuses views of resizable buffers).
 *  @template T
 *  @param {() => Promise<T>} start
 *  @returns {Promise<T>} */
async function withResizableText(start) {
  const decode = TextDecoder.prototype.decode;
  /** @this {TextDecoder} @param {AllowSharedBufferSource} [input] @param {TextDecodeOptions} [options] */
  TextDecoder.prototype.decode = function (input, options) {
    const view = /** @type {Uint8Array | undefined} */ (input); // the restore's are bytes
    const copy = /** @type {ArrayBuffer | undefined} */ (view?.buffer)?.resizable
      ? view?.slice()
      : input;
    return decode.call(this, copy, options);
  };
  try {
    return await start();
  } finally {
    TextDecoder.prototype.decode = decode;
  }
}

/** @returns {Promise<WebAssembly.Module>} */
async function compileRuntime() {
  const response = await countedFetch(`${RUNTIME}pyodide.asm.wasm`);
  return WebAssembly.compileStreaming(response);
}

/** Pyodide instantiates the runtime from `compiled`: the module the page gave, or the one this
 *  worker began to compile as its first bytes came in (not when Pyodide gets to it, after
 *  its script, the lock file and, on a restore, the snapshot have loaded). */
function useCompiled() {
  WebAssembly.instantiateStreaming = async (_response, imports) => {
    const module = /** @type {WebAssembly.Module} */ (await compiled); // set before Pyodide asks
    return { instance: await WebAssembly.instantiate(module, imports), module };
  };
}

/** Run `start` with the snapshot's copy into the fresh wasm memory made sparse: the restore
 *  copies all of the 30 MiB heap (`HEAP8.set(snapshot)`), which touches every page, while
 *  more than half of the snapshot's pages are zeros that the new memory already holds. So
 *  while `start` runs, a copy from the snapshot's buffer skips each 4 KiB page that is zero
 *  on both sides: those pages are never touched, and the worker keeps about 18 MB less.
 *  @template T
 *  @param {Promise<Uint8Array>} snapshot
 *  @param {() => Promise<T>} start
 *  @returns {Promise<T>} */
async function withSparseRestore(snapshot, start) {
  /** @type {ArrayBufferLike | null} */
  let buffer = null;
  snapshot.then(
    (bytes) => (buffer = bytes.buffer),
    () => {},
  );
  const set = Int8Array.prototype.set;
  const PAGE = 4096;
  /** @this {Int8Array} @param {Uint8Array} source @param {number} [offset] */
  const sparseSet = function (source, offset = 0) {
    const aligned = source?.byteOffset % 4 === 0 && this.byteOffset % 4 === 0;
    if (
      !buffer ||
      source?.buffer !== buffer ||
      offset !== 0 ||
      !aligned ||
      source.length > this.length
    ) {
      return set.call(this, source, offset);
    }
    const from = new Uint32Array(source.buffer, source.byteOffset, source.length >> 2);
    const to = new Uint32Array(this.buffer, this.byteOffset, this.length >> 2);
    /** @param {Uint32Array} words @param {number} at @param {number} end */
    const zero = (words, at, end) => {
      for (let i = at; i < end; i++) if (words[i] !== 0) return false;
      return true;
    };
    const step = PAGE >> 2;
    let run = -1; // start (in words) of the pages still to copy
    for (let at = 0; at < from.length; at += step) {
      const end = Math.min(at + step, from.length);
      const skip = zero(from, at, end) && zero(to, at, end);
      if (skip && run >= 0) {
        to.set(from.subarray(run, at), run);
        run = -1;
      } else if (!skip && run < 0) run = at;
    }
    if (run >= 0) to.set(from.subarray(run), run);
    const tail = from.length << 2; // a length that is not a multiple of 4
    if (tail < source.length) set.call(this.subarray(tail), source.subarray(tail));
  };
  Int8Array.prototype.set = /** @type {Int8Array["set"]} */ (sparseSet);
  try {
    return await start();
  } finally {
    Int8Array.prototype.set = set;
  }
}

async function boot() {
  const given = await runtimeGiven;
  const runtime = given ? "shared" : "compiled"; // given by the page, or compiled here
  const files = ["python_stdlib.zip", SNAPSHOT];
  for (const name of given ? files : ["pyodide.asm.wasm", ...files]) expect(name);
  const snapshot = fetchSnapshot(); // on a fast link, downloads while the runtime does
  // Without it, a normal start needs the app wheel: it goes out when the runtime is in
  // (inTurn), whoever asks first.
  snapshot.catch(() => WHEEL && fetchAhead(`${RUNTIME}${WHEEL}`));
  // Asked for now, not when Pyodide would (the .wasm after pyodide.mjs has loaded, the
  // standard library after the .wasm is compiled): on a slow link, round trips saved. The
  // .wasm is compiled as it arrives.
  compiled = given ? Promise.resolve(given) : compileRuntime();
  compiled.catch(fail);
  compiled.finally(runtimeArrived).catch(() => {});
  useCompiled();
  fetchAhead(`${RUNTIME}python_stdlib.zip`);
  /** @type {Promise<typeof import("pyodide")>} */
  const script = import(`${RUNTIME}pyodide.mjs`);
  // The first message: the page loads its own modules once the runtime's requests are out
  // (boot.js), so that on a host with few connections they do not queue behind the page's.
  report("download", true);
  const { loadPyodide } = await script;
  const options = {
    indexURL: RUNTIME,
    lockFileURL: `${RUNTIME}pyodide-lock.json`,
    packages: ["flipside"],
  };
  let startup = /** @type {"snapshot" | "full"} */ ("snapshot");
  attempt = new Map();
  try {
    // Restore without the app wheel: flipside.facade is already imported in the snapshot.
    pyodide = /** @type {Pyodide} */ (
      await withSparseRestore(snapshot, () =>
        withResizableText(() => loadPyodide({ ...options, packages: [], _loadSnapshot: snapshot })),
      )
    );
    // Restored: give the snapshot's 31 MB back.
    const buffer = /** @type {ArrayBuffer} */ ((await snapshot).buffer); // unpack's, not shared
    if (buffer.resizable) buffer.resize(0);
  } catch (err) {
    if (err instanceof SlowSnapshot) console.info(`Flipside: a normal start (${err.message})`);
    else console.warn("Flipside: start-up snapshot not usable, starting normally:", err);
    startup = "full";
    downloads.delete(SNAPSHOT);
    expect(WHEEL, true);
    for (const [url, response] of attempt) if (!ahead.has(url)) ahead.set(url, response);
    attempt = null;
    pyodide = /** @type {Pyodide} */ (await loadPyodide(options));
  }
  attempt = null;
  ahead.clear();
  report("start", true);
  handle = pyodide.pyimport("flipside.facade").handle;
  attachShared();
  const request = JSON.stringify({ id: 0, method: "engine_info" });
  const info = JSON.parse(/** @type {Handle} */ (handle)(request)).result;
  /** @type {import("./types/messages").ReadyMessage} */
  const ready = {
    type: "ready",
    info: { ...info, startup, runtime, role: self.name || "rules", cached: cachedFiles },
  };
  try {
    post({ ...ready, wasm: await compiled });
  } catch {
    post(ready); // a browser that cannot send a WebAssembly.Module: each worker compiles
  }
  // The search worker's first request is the page's "warm" (ai.js): it comes before any move.
  for (const request of waiting.splice(0)) enqueue(request);
}

boot().catch(fail);
