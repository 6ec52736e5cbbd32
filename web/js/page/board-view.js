// The board on screen: drawing the position (with hints, hover, cursor, animation) and
// where the board lies under a pointer.

import { drawRing, fitCanvas, squareAt } from "../board.js";
import { loadPreview } from "../store.js";

/** @typedef {import("../types/app").App} App */

/**
 * Adds this room's functions to `app` (the page's shared parts, see main.js).
 * @param {App} app
 */
export function installBoardView(app) {
  const { page, ai, canvas } = app;

  function draw() {
    const { ctx, geo } = fitCanvas(canvas);
    const s = app.shownState();
    page.gameView.draw(ctx, geo, {
      state: s,
      cells: s ? s.cells : (loadPreview() ?? page.gameView.startCells),
      legal: s && app.canAct() ? s.legal : [],
      hints: hintSquares(),
      hover: page.hover,
      cursor: page.cursor,
      anim: page.anim,
      selection: page.selection,
    });
    if (!page.anim || page.anim.t >= 1) for (const sq of app.reviewBest()) drawRing(ctx, geo, sq);
    const active =
      page.hover != null &&
      !!s &&
      app.canAct() &&
      page.gameView.active(page.hover, s, page.selection);
    canvas.classList.toggle("can-play", active);
  }

  /** The hints of the current position as the view's marks ([{sq, value, exact, best}]), or
   *  null when there are none to show. */
  function hintSquares() {
    const s = app.shownState();
    const h = ai.hints;
    if (!s || !h || h.record !== s.record || !ai.settings.hints || page.busy) return null;
    if (ai.computerToMove(s)) return null; // hints are for the human to move
    return page.gameView.hintMarks(s, page.selection, h);
  }

  /** @param {{clientX: number, clientY: number}} event */
  function pointerSquare(event) {
    const rect = canvas.getBoundingClientRect();
    const { geo } = fitCanvas(canvas);
    return squareAt(geo, event.clientX - rect.left, event.clientY - rect.top);
  }

  function boardRect() {
    const rect = canvas.getBoundingClientRect();
    const { margin, cell } = fitCanvas(canvas).geo;
    return { x: rect.left + margin, y: rect.top + margin, width: 8 * cell, height: 8 * cell };
  }

  Object.assign(
    app,
    /** @satisfies {import("../types/app").BoardViewRoom} */ ({
      draw,
      hintSquares,
      pointerSquare,
      boardRect,
    }),
  );
}
