// Move animation: the placed disc grows in and the flipped discs turn over.
// With prefers-reduced-motion the new position is drawn at once.

const DURATION_MS = 320;
const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)");

/** Animate from `fromCells` to the state's cells; `draw(anim)` draws one frame (anim may be
 *  null for the final frame). Returns a function that cancels the animation. */
export function animateMove(fromCells, state, draw) {
  if (reduced?.matches || !fromCells || state.lastMove == null) {
    draw(null);
    return () => {};
  }
  const anim = { from: fromCells, placed: state.lastMove, flipped: new Set(state.flipped), t: 0 };
  const start = performance.now();
  let frame = 0;
  let done = false;
  const step = (now) => {
    anim.t = Math.min(1, (now - start) / DURATION_MS);
    if (anim.t >= 1) {
      done = true;
      draw(null);
    } else {
      draw(anim);
      frame = requestAnimationFrame(step);
    }
  };
  draw(anim); // the placed disc is drawn in this very frame
  frame = requestAnimationFrame(step);
  return () => {
    if (!done) {
      cancelAnimationFrame(frame);
      done = true;
    }
  };
}
