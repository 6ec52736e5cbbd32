// Layers of a canvas drawing, painted once into small canvases in device pixels and copied
// (drawImage) while their key stays the same: a copy costs a fraction of painting again
// (gradients, anti-aliased curves, text). The board's frame and its still discs are kept so
// (board.js): a frame of a move's animation paints only the moving discs.

/** @typedef {CanvasRenderingContext2D} Context */

/** @type {Map<string, HTMLCanvasElement>} */
const layers = new Map();
const LAYERS_KEPT = 80;

/** The device-pixel scale and offset of `ctx`'s transform, or null when it is not a plain
 *  scale (then nothing is copied).
 *  @param {Context} ctx */
export function deviceScale(ctx) {
  const m = ctx.getTransform();
  return m.b === 0 && m.c === 0 && m.a === m.d && m.a > 0 ? m : null;
}

/** A canvas of `width` x `height` device pixels painted by `paint` with the device scale
 *  `ratio` and origin (`x`, `y`), kept under `key`.
 *  @param {string} key
 *  @param {number} width
 *  @param {number} height
 *  @param {number} ratio
 *  @param {number} x
 *  @param {number} y
 *  @param {(ctx: Context) => void} paint */
export function layer(key, width, height, ratio, x, y, paint) {
  let canvas = layers.get(key);
  if (!canvas) {
    if (layers.size >= LAYERS_KEPT) layers.clear();
    canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("This browser cannot draw on a canvas.");
    ctx.setTransform(ratio, 0, 0, ratio, x, y);
    paint(ctx);
    layers.set(key, canvas);
  }
  return canvas;
}

/** Copy the whole-canvas layer `key` (painted by `paint` at `ctx`'s scale) onto `ctx`.
 *  @param {Context} ctx
 *  @param {string} key
 *  @param {(ctx: Context) => void} paint */
export function copyLayer(ctx, key, paint) {
  const m = deviceScale(ctx);
  const { width, height } = ctx.canvas;
  const atOrigin = m !== null && m.e === 0 && m.f === 0;
  if (!atOrigin) {
    paint(ctx);
    return;
  }
  const canvas = layer(`${key} ${m.a} ${width} ${height}`, width, height, m.a, 0, 0, paint);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(canvas, 0, 0);
  ctx.restore();
}
