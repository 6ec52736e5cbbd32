// The automation surface, window.flipside: what tests and scripts read of the page.
// Nothing else in the page reads it.

import { engine } from "../rules-engine.js";
import { formatValue, squareLabel } from "../board.js";
import { pageErrors } from "../errors.js";

/** @typedef {import("../types/app").App} App */

/**
 * Adds this room's functions to `app` (the page's shared parts, see main.js).
 * @param {App} app
 */
export function installAutomation(app) {
  const { page, moveHistory, clocks, ai, $ } = app;

  /** The legal moves of the position on screen, as its game names them. */
  function legalOnScreen() {
    const s = app.shownState();
    return s ? page.gameView.legalNames(s) : [];
  }

  /** @type {import("../types/app").Automation} */
  const automation = {
    ready: app.ready,
    engine,
    // For tests and benches: the pool of search workers (`kill(i)` as a crash does,
    // `idleMs`, `search(...)`, pool.js), and a review at a fixed depth per move.
    pool: ai.pool,
    review: (options) => app.startReview(options),
    snapshot() {
      const s = page.state;
      const choice = page.selection?.choice;
      const hints = app.hintSquares() ? ai.hints : null; // the hints on the board
      return {
        game: s?.game ?? page.gameView.id,
        record: s?.record ?? null,
        shows: page.shows, // how many states were shown: a new game of the same look is new

        position: s?.position ?? null,
        toMove: s?.toMove ?? null,
        moves: s ? s.moves.map((m) => m.text) : [],
        // The position on screen (an earlier ply while looking back) and what was announced.
        ply: s ? moveHistory.plyOf(s) : 0,
        live: !moveHistory.viewing,
        shownRecord: app.shownState()?.record ?? null,
        shownCells: app.shownState()?.cells ?? null,
        shownLink: app.shownState()?.link ?? null,
        canRedo: moveHistory.redoStack.length > 0,
        announced: $("announcer").textContent,
        legal: legalOnScreen(),
        transcript: s ? page.gameView.transcript(s) : "",
        counts: s ? { ...s.counts } : null,
        status: $("status").textContent,
        result: s?.result ?? null,
        link: s?.link ?? null,
        notice: $("notice").hidden ? null : $("notice-text").textContent,
        over: s?.over ?? false,
        ready: page.engineReady,
        busy: page.busy || page.anim != null,
        boardRect: app.boardRect(),
        timings: { ...page.timings },
        selected: page.selection?.selected != null ? squareLabel(page.selection.selected) : null,
        targets: page.gameView.targets(s, page.selection?.selected).map((t) => squareLabel(t.to)),
        choice: choice
          ? {
              plain: choice.plain,
              capture: choice.capture,
              captures: choice.captures.map(squareLabel),
            }
          : null,
        row: (s?.extra?.row ?? []).map(squareLabel),
        clocks: clocks.snapshot(),
        series: s?.extra?.series ?? null,
        supply: s?.extra?.supply ?? null,
        // The AI: settings, search in progress, hints, opening name, evaluation graph.
        computer: ai.settings.computer,
        level: ai.settings.level,
        hintMode: ai.settings.hints,
        thinking: ai.thinking !== null,
        thought: ai.thinking?.report ?? null,
        lastThink: ai.lastThink,
        searchReady: ai.search.ready,
        // The search worker's last answers, in order ({method, record, asked, at, heap}): what waited for what.
        searchAnswers: ai.search.engine?.answered ?? [],
        // Each worker's WebAssembly memory in bytes, as of its last answer.
        heaps: {
          rules: engine.answered.at(-1)?.heap ?? null,
          search: ai.search.engine?.answered.at(-1)?.heap ?? null,
        },
        // "shared": the search worker instantiated the rules worker's compiled runtime.
        searchRuntime: ai.search.engine?.info?.runtime ?? null,
        // The pool of search workers: its setting and size, workers running, splits, losses.
        pool: ai.pool.snapshot(),
        aiError: ai.error,
        hints: hints ? { ...hints.values } : null,
        hintsExact: hints ? hints.exact : null,
        hintMarks: (app.hintSquares() ?? []).map((h) => ({
          square: squareLabel(h.sq),
          label: h.ring ? null : (h.label ?? formatValue(h.value)),
          best: !h.ring && h.best,
          ring: !!h.ring,
        })),
        bestLineText: $("best-line").hidden ? null : $("best-line").textContent,
        bestLine: hints ? [...hints.pv] : null,
        opening: ai.opening?.name ?? null,
        evaluation: ai.evaluation().map((p) => (p ? p.value : null)),
        review: app.reviewSnapshot(),
        puzzle: app.puzzleSnapshot(),
        lesson: app.lessonSnapshot(),
        training: app.trainingSnapshot(),
        explorer: app.explorerSnapshot?.() ?? null,
        share: app.shareSnapshot(),
        sounds: app.soundsSnapshot(),
        library: app.librarySnapshot(),
        // What went wrong in the page (errors.js), and every resource it loaded.
        errors: [...pageErrors],
        resources: performance.getEntriesByType("resource").map((entry) => entry.name),
      };
    },
  };
  window.flipside = automation;
}
