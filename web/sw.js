// Service worker: precache every file of this build, serve cache-first, drop old builds; and
// make the page it serves cross-origin isolated (`isolating`), so that the search workers can
// share one hash table (pool.js): from the second visit on, or the first where the host sends
// the same two headers (README, Hosting).
// build_site.py replaces the next line with {version, files} for the build.
// The precache asks the server whether each file changed ("no-cache": a conditional request),
// so files the page has just downloaded are not downloaded a second time.
/** The build: its version (a content hash), its files, and the files left out of the
 *  precache but kept once fetched (`lazy`: "puzzles/othello.json", "explorer/othello.bin").
 *  @typedef {{version: string, files: string[], lazy?: string[]}} Build */
/** @type {Build | null} */
const BUILD = null; // replaced by build_site.py
/** The build (null only in the source, which is never served). */
const build = /** @type {Build} */ (/** @type {unknown} */ (BUILD));
/** This service worker's global scope (the checker's `self` is a plain worker's). */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const CACHE = `flipside-${build.version}`;

sw.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(build.files.map((f) => new Request(f, { cache: "no-cache" }))))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith("flipside-") && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => sw.clients.claim()),
  );
});

/** `response` with the headers that make a page cross-origin isolated, for the documents
 *  and workers, which need them: the page loads nothing from another origin, so
 *  "require-corp" refuses nothing. The other files (same-origin, so they need none) are
 *  served as the cache holds them, and so is a response the page cannot read (opaque, a
 *  redirect).
 *  @param {Request} request
 *  @param {Response} response */
function isolating(request, response) {
  const needs = request.mode === "navigate" || request.destination === "worker";
  if (!needs || (response.type !== "basic" && response.type !== "default")) return response;
  const headers = new Headers(response.headers);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Embedder-Policy", "require-corp");
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== sw.location.origin) return;
  event.respondWith((async () => isolating(request, await served(request)))());
});

/** What the service worker answers `request` with: the build's cache, else the network
 *  (a lazy file kept once fetched).
 *  @param {Request} request
 *  @returns {Promise<Response>} */
async function served(request) {
  try {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    if (request.mode === "navigate") {
      const page = await cache.match("./");
      if (page) return page;
    }
  } catch {
    // The cache could not be read (Firefox, while the precache writes it): the network.
  }
  const response = await fetch(request).catch(() => fetch(request)); // once more, for a failure that passes
  // A file the precache leaves out (the puzzles, the explorer's): kept once fetched, for offline use.
  const path = new URL(request.url).pathname.split("/").slice(-2).join("/");
  if (response.ok && build.lazy?.includes(path)) {
    const copy = response.clone();
    caches
      .open(CACHE)
      .then((cache) => cache.put(request, copy))
      .catch(() => {});
  }
  return response;
}
