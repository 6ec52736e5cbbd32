// A canvas's size in CSS pixels, kept by a ResizeObserver: reading it does not make the
// browser lay the page out (getBoundingClientRect before every draw did, several times a move).

/** @type {WeakMap<Element, {width: number, height: number}>} */
const sizes = new WeakMap();

/** The size of `canvas` in CSS pixels: as its `watchSize` observer last saw it, or measured
 *  (which makes the browser lay the page out first, a cost when a draw follows a change of
 *  the page: several a move).
 *  @param {HTMLCanvasElement} canvas */
export function canvasSize(canvas) {
  const seen = sizes.get(canvas);
  if (seen) return seen;
  const { width, height } = canvas.getBoundingClientRect();
  return { width, height };
}

/** Keep `canvas`'s size for `canvasSize` and call `redraw` whenever it changes (and once at
 *  the start), after the size is kept.
 *  @param {HTMLCanvasElement} canvas
 *  @param {() => void} redraw */
export function watchSize(canvas, redraw) {
  new ResizeObserver(([entry]) => {
    const box = entry.borderBoxSize?.[0];
    const { width, height } = box
      ? { width: box.inlineSize, height: box.blockSize }
      : entry.target.getBoundingClientRect();
    sizes.set(canvas, { width, height });
    redraw();
  }).observe(canvas);
}
