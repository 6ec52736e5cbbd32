// Start-up: the rules engine's first state (link, save or new game), the search worker,
// the service worker, and the back/forward cache.

import { engine, showProgress, started } from "../rules-engine.js";
import { readLink } from "../link.js";
import { loadGame } from "../store.js";
import { N_, onLanguageChange, tr } from "../i18n.js";
import { capitalize, errorText } from "./text.js";

/** @typedef {import("../types/app").App} App */

/** How long the player's input must have been still before background work starts. */
const QUIET_MS = 1500;
/** @typedef {import("../types/state").State} State */

/**
 * Adds this room's functions to `app` (the page's shared parts, see main.js).
 * @param {App} app
 */
export function installStartup(app) {
  const { page, ai, canvas, $ } = app;

  /** @returns {Promise<State>} */
  async function firstState() {
    const link = readLink();
    let linkProblem = null;
    const { save: saved, elsewhere } = await app.resumable(loadGame());
    if (link.startsWith("puzzle/")) {
      puzzleLink = link; // opened once the page is ready, over the saved game
    } else if (link) {
      try {
        const state = await engine.call("open_link", { fragment: link });
        const mine = state.game === loadGame() ? saved : (await app.resumable(state.game)).save;
        app.offerPrevious(mine, state);
        startSource = "link";
        return state;
      } catch (err) {
        linkProblem = capitalize(errorText(err));
      }
    }
    if (saved) {
      try {
        const state = await engine.call("open_saved", { text: saved });
        if (linkProblem)
          app.notice(tr("{problem}. Showing your saved game instead.", { problem: linkProblem }));
        return state;
      } catch (err) {
        const problem = capitalize(errorText(err));
        app.notice(
          linkProblem
            ? tr("{link}. {problem}. Starting a new game.", { link: linkProblem, problem })
            : tr("{problem}. Starting a new game.", { problem }),
        );
        return engine.call("new", { game: loadGame() });
      }
    }
    if (linkProblem) app.notice(tr("{problem}. Starting a new game.", { problem: linkProblem }));
    else if (elsewhere) {
      app.notice(
        tr(
          "Your last game is open in another tab, so this tab starts a new one. Every game is in Games.",
        ),
      );
      startSource = "new";
    }
    return engine.call("new", { game: loadGame() });
  }

  /** @type {Promise<unknown> | null} */
  let starting = started; // the first start began in boot.js; a retry starts anew
  /** @type {string | null} */
  let startSource = null; // how the first game came: "link", "new" (in place of another tab's)
  /** @type {string | null} */
  let puzzleLink = null;
  /** @type {unknown} */
  let failure = null; // why the engine did not load (shown until a retry), redrawn in another language

  function showFailure() {
    $("failure-text").textContent = tr(
      "The game engine could not load ({error}). Check your connection, then try again.",
      {
        error: errorText(failure),
      },
    );
    $("status").textContent = tr("The game engine is not loaded.");
  }

  onLanguageChange(() => {
    if (failure && !$("failure").hidden) showFailure();
  });

  async function startEngine() {
    $("failure").hidden = true;
    $("loading").hidden = false;
    let start = starting;
    starting = null;
    if (!start) {
      showProgress({
        type: "progress",
        text: "",
        message: N_("Loading the game engine…"),
        values: {},
        fraction: null,
      });
      start = engine.start();
    }
    try {
      await start;
      const state = await firstState();
      page.engineReady = true;
      page.timings.engineReady = performance.now();
      $("loading").hidden = true;
      app.show(state, { source: startSource });
      startSearchWorker();
      if (puzzleLink) app.openPuzzleLink(puzzleLink);
      app.markReady();
      quiet().then(registerServiceWorker); // its precache would compete with a click
    } catch (err) {
      engine.stop();
      $("loading").hidden = true;
      failure = err;
      showFailure();
      $("failure").hidden = false;
    }
  }

  /** The search worker (the computer, hints, graph) starts at once when the computer is to
   *  move or hints are on, otherwise when the page is idle after the first frames, so that its
   *  start (a second Python) does not compete with the player's first clicks; or when work
   *  asks for it sooner (a review: `startSearch`). Against the computer, the player's first
   *  press starts it a moment later (the reply will need it); in a game of two players it
   *  waits for the quiet moment (it made the second move of a fresh page slow to show). */
  function startSearchWorker() {
    if (ai.computerToMove() || ai.settings.hints) return startSearch();
    quiet().then(startSearch);
    canvas.addEventListener(
      "pointerdown",
      () => {
        if (ai.settings.computer) setTimeout(startSearch, 400);
      },
      { once: true },
    );
  }

  let lastInput = performance.now(); // the player's last pointer or key press
  for (const type of ["pointerdown", "keydown"])
    window.addEventListener(type, () => (lastInput = performance.now()), {
      capture: true,
      passive: true,
    });

  /** A moment after ready when no click is being answered: the page has been ready and the
   *  player's input still for QUIET_MS, and the page waits for no answer. What the page does
   *  after ready in the background (the search worker's idle start, the service worker's registration and
   *  precache, the library's modules) waits for it, so that a first click is answered as
   *  quickly as a later one.
   *  @returns {Promise<void>} */
  function quiet() {
    return app.ready.then(
      () =>
        new Promise((resolve) => {
          const check = () => {
            // From ready on: the start itself is no quiet moment (the first click comes then).
            const since = Math.max(lastInput, page.timings.engineReady ?? performance.now());
            const still = performance.now() - since;
            if (still >= QUIET_MS && !page.busy && !page.anim) resolve(undefined);
            else setTimeout(check, Math.max(50, QUIET_MS - still));
          };
          check();
        }),
    );
  }

  let searchStarted = false;
  function startSearch() {
    if (searchStarted) return;
    searchStarted = true;
    ai.start();
    if (page.state) ai.update(page.state);
  }

  /** Tell the player, once the page is ready, when a new build's service worker takes over
   *  the page an older one served: the game is saved, and a reload brings the page up to date
   *  (its workers would otherwise mix the two builds). Watched from the page's first moment: the browser checks
   *  for a new build on its own when the page loads, and a new service worker may take over
   *  before the page is ready (it did in a CI run, and the notice never came). */
  function watchForANewBuild() {
    if (!("serviceWorker" in navigator)) return;
    const updating = navigator.serviceWorker.controller !== null;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (!updating) return; // the first install, not an update
      app.ready.then(() =>
        app.notice(tr("A new version of Flipside is ready. Your game is saved."), {
          label: tr("Reload"),
          run: () => location.reload(),
        }),
      );
    });
  }
  watchForANewBuild();

  let registered = false;
  function registerServiceWorker() {
    if (registered || !("serviceWorker" in navigator)) return;
    registered = true;
    navigator.serviceWorker.register("sw.js").catch(() => {
      // No offline copy (e.g. served over plain http from another host): the game still works.
    });
  }

  // A page put in the back/forward cache keeps its workers in WebKit: two Pythons that would
  // compete with the next page's start (a repeat visit took 14 s instead of 3 there). It
  // gives them up when hidden that way, and reloads if it is shown again (the game is saved).
  window.addEventListener("pagehide", (event) => {
    if (!event.persisted) return;
    engine.worker?.terminate();
    ai.pool.terminate();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) location.reload();
  });

  Object.assign(
    app,
    /** @satisfies {import("../types/app").StartupRoom} */ ({
      firstState,
      startEngine,
      startSearchWorker,
      startSearch,
      quiet,
      registerServiceWorker,
    }),
  );
}
