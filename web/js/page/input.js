// Input: pointer (click, tap, drag), the board's keyboard cursor, typed moves, the
// history keys and every button of the page, each handed to the flow.

import { announce } from "../announce.js";
import { watchSize } from "../canvas-size.js";
import { GAMES } from "../games/index.js";
import { drawGraph } from "../graph.js";
import { tr } from "../i18n.js";

/** @typedef {import("../types/app").App} App */

/**
 * Adds this room's functions to `app` (the page's shared parts, see main.js).
 * @param {App} app
 */
export function installInput(app) {
  const { page, ai, canvas, $ } = app;

  canvas.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    const clickedAt = performance.now();
    const square = app.pointerSquare(event);
    page.drag = square;
    if (square != null) app.pressSquare(square, clickedAt);
  });

  canvas.addEventListener("pointerup", (event) => {
    // A drag: a disk picked up on one square and let go on another plays there.
    const start = page.drag;
    page.drag = null;
    const square = app.pointerSquare(event);
    if (start == null || square == null || square === start || page.selection.selected !== start)
      return;
    if (page.gameView.targets(page.state, start).some((t) => t.to === square))
      app.pressSquare(square, performance.now());
  });

  canvas.addEventListener("pointermove", (event) => {
    const square = app.pointerSquare(event);
    if (square !== page.hover) {
      page.hover = square;
      if (!page.anim) app.draw();
    }
  });

  canvas.addEventListener("pointerleave", () => {
    page.hover = null;
    if (!page.anim) app.draw();
  });

  canvas.addEventListener("keydown", (event) => {
    /** @type {Record<string, number>} */
    const arrows = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -8, ArrowDown: 8 };
    if (event.key in arrows) {
      event.preventDefault();
      const from = page.cursor ?? page.gameView.cursorStart(page.state, page.selection);
      const delta = arrows[event.key];
      const col = (from % 8) + (Math.abs(delta) === 1 ? delta : 0);
      const row = Math.floor(from / 8) + (Math.abs(delta) === 8 ? delta / 8 : 0);
      page.cursor = Math.min(7, Math.max(0, row)) * 8 + Math.min(7, Math.max(0, col));
      const words = page.gameView.describe(page.cursor, app.shownState(), page.selection);
      canvas.setAttribute("aria-label", words);
      announce(words);
      app.draw();
    } else if ((event.key === "Enter" || event.key === " ") && page.cursor != null) {
      event.preventDefault();
      app.pressSquare(page.cursor, performance.now());
    } else if (event.key === "Escape") {
      app.cancelSelection();
    } else if (/^[a-h]$/i.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Typing a move on the board goes on in the move box ("f5", "c1-c3x").
      event.preventDefault();
      $("move-input").value = event.key;
      $("move-input").focus();
    }
  });

  canvas.addEventListener("blur", () => {
    page.cursor = null;
    app.draw();
  });

  $("choose-capture").addEventListener("click", () => app.choose(true));
  $("choose-plain").addEventListener("click", () => app.choose(false));
  $("capture-choice").addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      app.cancelSelection();
      canvas.focus();
    }
  });
  $("pass").addEventListener("click", () => {
    if (app.shownState()?.extra?.canPass && app.canAct()) app.playMove("pass");
  });

  $("new-game").addEventListener("click", () => app.newGame());
  for (const game of Object.keys(GAMES))
    $(`switch-${game}`).addEventListener("click", () => app.switchGame(game));
  $("next-game").addEventListener("click", () => app.nextSeriesGame());
  $("undo").addEventListener("click", () => app.undo());
  $("move-now").addEventListener("click", () => ai.moveNow());
  $("rules").addEventListener("click", () => app.showRules());
  $("rules-close").addEventListener("click", () => $("rules-dialog").close());
  for (const id of ["computer", "level", "level2", "hints"])
    $(id).addEventListener("change", app.changeSettings);
  $("workers").addEventListener("change", app.changeWorkers);
  $("watch-pause").addEventListener("click", () => (ai.paused ? ai.resume() : ai.pause()));
  $("watch-step").addEventListener("click", () => ai.step());

  $("retry").addEventListener("click", () => app.startEngine());
  $("notice-close").addEventListener("click", () => app.dismissNotice());

  // The link the event brought: the address bar may already show the computer's move since.
  window.addEventListener("hashchange", (event) =>
    app.openLinkInAddressBar(new URL(event.newURL).hash.replace(/^#/, "")),
  );
  watchSize(canvas, () => app.draw());
  watchSize(/** @type {HTMLCanvasElement} */ ($("graph")), () =>
    drawGraph($("graph"), ai.evaluation(), page.gameView.graph.ahead, app.graphMarker()),
  );

  $("moves").addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target);
    const button = target.closest("button[data-ply]");
    if (button instanceof HTMLElement) app.stepTo(Number(button.dataset.ply));
  });
  $("history-start").addEventListener("click", () => app.stepTo(0));
  $("history-back").addEventListener("click", () => app.step(-1));
  $("history-forward").addEventListener("click", () => app.step(1));
  $("history-end").addEventListener(
    "click",
    () => page.state && app.stepTo(page.state.moves.length),
  );
  $("history-live").addEventListener(
    "click",
    () => page.state && app.stepTo(page.state.moves.length),
  );
  $("redo").addEventListener("click", () => app.redo());
  $("confirm-cancel").addEventListener("click", () => $("confirm-dialog").close(""));

  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("move-input").value.trim();
    if (!text) return;
    if (!app.canAct()) {
      const s = app.shownState();
      app.notice(
        s?.over
          ? tr("The game is over.")
          : page.busy
            ? tr("Wait for the last move first.")
            : tr("It is not your turn."),
      );
      return;
    }
    $("move-input").value = "";
    app.playMove(text);
  });

  // History keys anywhere but in a text field or an open dialog: ← → (the board's own arrows
  // move its cursor) or k j one move, Home / End the start / the live position; Ctrl+Z undo,
  // Ctrl+Y or Ctrl+Shift+Z redo.
  document.addEventListener("keydown", (event) => {
    if (
      event.defaultPrevented ||
      event.altKey ||
      event.metaKey ||
      document.querySelector("dialog[open]")
    )
      return;
    if (event.target instanceof Element && event.target.closest("input, select, textarea")) return;
    const key = event.key;
    if (event.ctrlKey) {
      const action = key === "z" ? app.undo : key === "y" || key === "Z" ? app.redo : null;
      if (!action) return;
      event.preventDefault();
      action();
      return;
    }
    const onBoard = event.target === canvas;
    /** @type {Record<string, number | null>} */
    const moves = {
      ArrowLeft: onBoard ? null : -1,
      ArrowRight: onBoard ? null : 1,
      k: -1,
      j: 1,
    };
    if (moves[key] != null) {
      event.preventDefault();
      app.step(moves[key]);
    } else if ((key === "n" || key === "p") && !onBoard) {
      event.preventDefault();
      app.seekMistake(key === "n" ? 1 : -1);
    } else if (key === "Home" || key === "End") {
      event.preventDefault();
      if (page.state) app.stepTo(key === "Home" ? 0 : page.state.moves.length);
    }
  });
}
