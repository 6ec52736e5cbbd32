// Move animation timing: `draw(t)` is called with t from 0 to 1, then with null for the
// final frame. With prefers-reduced-motion only the final frame is drawn.

/** @typedef {import("./types/games").Anim} Anim */

const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)");

/** Animate the move that led to `state` (from `fromCells`) over `duration` ms; returns a
 *  cancel function. `draw(anim)` draws a frame (null: the final one).
 *  @param {string | null | undefined} fromCells
 *  @param {import("./types/state").State} state
 *  @param {number} duration
 *  @param {(anim: Anim | null) => void} draw
 *  @returns {() => void} */
export function animateMove(fromCells, state, duration, draw) {
  if (reduced?.matches || !fromCells || state.lastMove == null) {
    draw(null);
    return () => {};
  }
  /** @type {Anim} */
  const anim = { from: fromCells, t: 0 };
  const start = performance.now();
  let frame = 0;
  let done = false;
  const step = (/** @type {number} */ now) => {
    anim.t = Math.min(1, (now - start) / duration);
    if (anim.t >= 1) {
      done = true;
      draw(null);
    } else {
      draw(anim);
      frame = requestAnimationFrame(step);
    }
  };
  draw(anim); // the first frame of the move is drawn at once
  frame = requestAnimationFrame(step);
  return () => {
    if (!done) {
      cancelAnimationFrame(frame);
      done = true;
    }
  };
}
