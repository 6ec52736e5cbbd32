// Start-up: the rules engine's first state (link, save or new game), the search worker,
// the service worker, and the back/forward cache.

import { engine, showProgress, started } from "../rules-engine.js";
import { readLink } from "../link.js";
import { loadGame, loadSaved } from "../store.js";
import { capitalize } from "./text.js";

/** Adds this room's functions to `app` (the page's shared parts, see main.js). */
export function installStartup(app) {
  const { page, ai, canvas, $ } = app;

  async function firstState() {
    const link = readLink();
    let linkProblem = null;
    const saved = loadSaved();
    if (link.startsWith("puzzle/")) {
      puzzleLink = link; // opened once the page is ready, over the saved game
    } else if (link) {
      try {
        const state = await engine.call("open_link", { fragment: link });
        app.offerPrevious(loadSaved(state.game), state);
        return state;
      } catch (err) {
        linkProblem = capitalize(err.message);
      }
    }
    if (saved) {
      try {
        const state = await engine.call("open_saved", { text: saved });
        if (linkProblem) app.notice(`${linkProblem}. Showing your saved game instead.`);
        return state;
      } catch (err) {
        app.notice(`${linkProblem ? linkProblem + ". " : ""}${capitalize(err.message)}. Starting a new game.`);
        return engine.call("new", { game: loadGame() });
      }
    }
    if (linkProblem) app.notice(`${linkProblem}. Starting a new game.`);
    return engine.call("new", { game: loadGame() });
  }

  let starting = started; // the first start began in boot.js; a retry starts anew
  let puzzleLink = null;

  async function startEngine() {
    $("failure").hidden = true;
    $("loading").hidden = false;
    let start = starting;
    starting = null;
    if (!start) {
      showProgress({ text: "Loading the game engine…", fraction: null });
      start = engine.start();
    }
    try {
      await start;
      const state = await firstState();
      page.engineReady = true;
      page.timings.engineReady = performance.now();
      $("loading").hidden = true;
      app.show(state);
      startSearchWorker();
      if (puzzleLink) app.openPuzzleLink(puzzleLink);
      app.markReady();
      registerServiceWorker();
    } catch (err) {
      engine.stop();
      $("loading").hidden = true;
      $("failure-text").textContent =
        `The game engine could not load (${err.message}). ` + "Check your connection, then try again.";
      $("failure").hidden = false;
      $("status").textContent = "The game engine is not loaded.";
    }
  }

  /** The search worker (the computer, hints, graph) starts at once when the computer is to
   *  move or hints are on, otherwise when the page is idle after the first frames, so that its
   *  start (a second Python) does not compete with the player's first click. */
  function startSearchWorker() {
    let searchStarted = false;
    const start = () => {
      if (searchStarted) return;
      searchStarted = true;
      ai.start();
      if (page.state) ai.update(page.state);
    };
    if (ai.computerToMove() || ai.settings.hints) return start();
    setTimeout(start, 1500);
    canvas.addEventListener("pointerdown", () => setTimeout(start, 400), { once: true });
  }

  function registerServiceWorker() {
    if (!("serviceWorker" in navigator)) return;
    // A new build took over a page an older build served: the game is saved, so offer the
    // reload that brings the page up to date (its workers would otherwise mix the two builds).
    const updating = navigator.serviceWorker.controller !== null;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (!updating) return; // the first install, not an update
      app.notice("A new version of Flipside is ready. Your game is saved.", {
        label: "Reload",
        run: () => location.reload(),
      });
    });
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
    ai.search.engine?.worker?.terminate();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) location.reload();
  });

  Object.assign(app, { firstState, startEngine, startSearchWorker, registerServiceWorker });
}
