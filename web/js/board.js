// Canvas drawing of an 8x8 board: a pure function of what the facade returned (cells, legal
// targets, last move) plus the view's own state (animation progress, keyboard cursor).
// Squares are numbered 8 * row + column, a1 = 0 at the top-left, h8 = 63.

/** @typedef {import("./types/games").Geometry} Geometry */
/** @typedef {import("./types/games").Point} Point */
/** @typedef {import("./types/games").ValueMark} ValueMark */
/** @typedef {CanvasRenderingContext2D} Context */

import { canvasSize } from "./canvas-size.js";
import { copyLayer, deviceScale, layer } from "./layers.js";

const FILES = "abcdefgh";
// The board's colours are the page's CSS custom properties (`--board-*` in css/tokens.css), so
// the light and dark themes (prefers-color-scheme) restyle the canvas too.
const COLOR_VARS = {
  felt: "--board-felt",
  feltDark: "--board-felt-dark",
  frame: "--board-frame",
  line: "--board-line",
  label: "--board-label",
  cursor: "--board-cursor",
  last: "--board-last",
};
/** @type {Map<string, string>} */
const cache = new Map();
/** The board's colours by name, read when used. */
const COLORS = /** @type {Record<keyof typeof COLOR_VARS, string>} */ (
  new Proxy(
    {},
    { get: (_, key) => themeColor(COLOR_VARS[/** @type {keyof typeof COLOR_VARS} */ (key)]) },
  )
);

/** The value of CSS custom property `name` on the page (cached until the theme changes).
 *  @param {string} name
 *  @returns {string} */
export function themeColor(name) {
  let color = cache.get(name);
  if (color === undefined) {
    color = getComputedStyle(document.documentElement).getPropertyValue(name).trim() || "#888";
    cache.set(name, color);
  }
  return color;
}

window
  .matchMedia?.("(prefers-color-scheme: light)")
  .addEventListener?.("change", () => cache.clear());

/** Geometry of the board drawn in a square canvas of `size` CSS pixels.
 *  @param {number} size
 *  @returns {Geometry} */
export function layout(size) {
  const margin = Math.round(size * 0.055);
  const cell = (size - 2 * margin) / 8;
  return { size, margin, cell };
}

/** Square under a point (CSS pixels from the canvas' top-left), or null.
 *  @param {Geometry} geo
 *  @param {number} x
 *  @param {number} y
 *  @returns {number | null} */
export function squareAt(geo, x, y) {
  const col = Math.floor((x - geo.margin) / geo.cell);
  const row = Math.floor((y - geo.margin) / geo.cell);
  if (col < 0 || col > 7 || row < 0 || row > 7) return null;
  return row * 8 + col;
}

/** Size the canvas backing store for its CSS size and the device pixel ratio.
 *  @param {HTMLCanvasElement} canvas
 *  @returns {{ctx: Context, geo: Geometry}} */
export function fitCanvas(canvas) {
  const size = Math.max(1, Math.round(canvasSize(canvas).width));
  const ratio = window.devicePixelRatio || 1;
  const pixels = Math.round(size * ratio);
  if (canvas.width !== pixels || canvas.height !== pixels) {
    canvas.width = pixels;
    canvas.height = pixels;
  }
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("This browser cannot draw on a canvas.");
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  return { ctx, geo: layout(size) };
}

/** Centre of square `sq` in CSS pixels.
 *  @param {Geometry} geo
 *  @param {number} sq
 *  @returns {Point} */
export function centre(geo, sq) {
  return [
    geo.margin + ((sq % 8) + 0.5) * geo.cell,
    geo.margin + (Math.floor(sq / 8) + 0.5) * geo.cell,
  ];
}

/** The frame, the felt, the lines, the four stars (unless `stars` is false) and the
 *  coordinates.
 *  @param {Context} ctx
 *  @param {Geometry} geo
 *  @param {{stars?: boolean}} [options] */
export function drawFrame(ctx, geo, { stars = true } = {}) {
  const { size } = geo;
  const colors = [COLORS.frame, COLORS.felt, COLORS.feltDark, COLORS.line, COLORS.label];
  const key = `frame ${size} ${stars} ${colors.join(" ")}`;
  copyLayer(ctx, key, (layer) => paintFrame(layer, geo, stars));
}

/** What drawFrame draws, painted anew.
 *  @param {Context} ctx
 *  @param {Geometry} geo
 *  @param {boolean} stars */
function paintFrame(ctx, geo, stars) {
  const { size, margin, cell } = geo;
  ctx.fillStyle = COLORS.frame;
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = feltGradient(ctx, margin, size);
  ctx.fillRect(margin, margin, cell * 8, cell * 8);
  ctx.strokeStyle = COLORS.line;
  ctx.lineWidth = Math.max(1, size / 400);
  ctx.beginPath();
  for (let i = 0; i <= 8; i++) {
    const p = margin + i * cell;
    ctx.moveTo(p, margin);
    ctx.lineTo(p, margin + 8 * cell);
    ctx.moveTo(margin, p);
    ctx.lineTo(margin + 8 * cell, p);
  }
  ctx.stroke();
  ctx.fillStyle = COLORS.line;
  for (const [c, r] of stars
    ? /** @type {Point[]} */ ([
        [2, 2],
        [6, 2],
        [2, 6],
        [6, 6],
      ])
    : []) {
    ctx.beginPath();
    ctx.arc(margin + c * cell, margin + r * cell, Math.max(2, cell * 0.06), 0, 2 * Math.PI);
    ctx.fill();
  }
  ctx.fillStyle = COLORS.label;
  ctx.font = `600 ${Math.round(margin * 0.5)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (let i = 0; i < 8; i++) {
    const p = margin + (i + 0.5) * cell;
    ctx.fillText(FILES[i], p, margin / 2);
    ctx.fillText(String(i + 1), margin / 2, p);
  }
}

/** A disc of `color` ("X" black, "O" white) at square `sq` (or at the point `at`),
 *  squeezed horizontally by `squeeze` (1 = round, 0 = edge-on) and scaled by `scale`.
 *  @param {Context} ctx
 *  @param {Geometry} geo
 *  @param {number} sq
 *  @param {string} color
 *  @param {number} [squeeze]
 *  @param {number} [scale]
 *  @param {Point | null} [at] */
export function drawDisc(ctx, geo, sq, color, squeeze = 1, scale = 1, at = null) {
  const { cell } = geo;
  const [cx, cy] = at ?? centre(geo, sq);
  const r = cell * 0.41 * scale;
  if (r <= 0) return;
  const k = Math.max(r * squeeze, 0.5) / r; // the width, in radii
  // A still disc (not turning, growing or moving) is copied.
  if (squeeze === 1 && scale === 1 && !at && copySprite(ctx, color, cx, cy, r)) return;
  ctx.save();
  ctx.translate(cx, cy);
  paintDisc(ctx, color, r, k);
  ctx.restore();
}

/** A disc of radius `r` and width `k` radii centred at the origin, with its shadow: drawn in
 *  its own units (its centre at 0, its radius 1), with its gradient.
 *  @param {Context} ctx
 *  @param {string} color
 *  @param {number} r
 *  @param {number} k */
function paintDisc(ctx, color, r, k) {
  ctx.save();
  ctx.scale(r, r);
  ctx.fillStyle = "rgba(0, 0, 0, 0.35)";
  ctx.beginPath();
  ctx.ellipse(0.06, 0.1, k, 1, 0, 0, 2 * Math.PI);
  ctx.fill();
  ctx.fillStyle = discGradient(ctx, color === "X", k);
  ctx.beginPath();
  ctx.ellipse(0, 0, k, 1, 0, 0, 2 * Math.PI);
  ctx.fill();
  ctx.restore();
}

// A still disc is a layer (layers.js) per colour and per position within a device pixel (in
// quarter pixels), so a copy lands where a painted disc would.
/** Copy a still disc of `color` and radius `r` centred at (`cx`, `cy`) onto `ctx`; false
 *  when its transform is not a plain scale (the caller paints it).
 *  @param {Context} ctx
 *  @param {string} color
 *  @param {number} cx
 *  @param {number} cy
 *  @param {number} r */
function copySprite(ctx, color, cx, cy, r) {
  const m = deviceScale(ctx);
  if (!m) return false;
  const ratio = m.a;
  const [dx, dy] = [m.e + cx * ratio, m.f + cy * ratio];
  const [ix, iy] = [Math.floor(dx), Math.floor(dy)];
  const [qx, qy] = [Math.round((dx - ix) * 4) / 4, Math.round((dy - iy) * 4) / 4];
  const half = Math.ceil(1.2 * r * ratio) + 2; // the disc and its shadow, with a margin
  const rim = themeColor(color === "X" ? "--disc-black-rim" : "--disc-white-rim");
  const key = `disc ${color} ${rim} ${r} ${ratio} ${qx} ${qy}`;
  const sprite = layer(key, 2 * half, 2 * half, ratio, half + qx, half + qy, (c) =>
    paintDisc(c, color, r, 1),
  );
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(sprite, ix - half, iy - half);
  ctx.restore();
  return true;
}

// The gradients are made once and kept: a new one for each disc in each frame (some 70,000 in
// a game of Othello, its flips animated) piles up in Firefox, whose garbage collector does not
// count the memory behind each (the page grew 20-25 MB a game). A disc's is made in its own
// units (see drawDisc), for its colour and width (in 1/32 radius steps: the highlight moves
// by under 0.1 pixel); the felt's for the board's size.
/** @type {Map<string, CanvasGradient>} */
const gradients = new Map();

/** The gradient of a disc (`black` or white) `k` radii wide, centred at 0 with radius 1.
 *  @param {Context} ctx
 *  @param {boolean} black
 *  @param {number} k */
function discGradient(ctx, black, k) {
  const step = Math.round(k * 32) / 32;
  const rim = themeColor(black ? "--disc-black-rim" : "--disc-white-rim");
  const key = `disc ${black} ${step} ${rim}`;
  let grad = gradients.get(key);
  if (!grad) {
    grad = ctx.createRadialGradient(-step * 0.35, -0.4, 0.1, 0, 0, 1);
    grad.addColorStop(0, black ? "#5a5a5a" : "#ffffff");
    grad.addColorStop(0.55, black ? "#1a1a1a" : "#ececec");
    grad.addColorStop(1, rim);
    gradients.set(key, grad);
  }
  return grad;
}

/** The felt's gradient, from the top of the board (`margin`) to its bottom.
 *  @param {Context} ctx
 *  @param {number} margin
 *  @param {number} size */
function feltGradient(ctx, margin, size) {
  const key = `felt ${margin} ${size} ${COLORS.felt} ${COLORS.feltDark}`;
  let felt = gradients.get(key);
  if (!felt) {
    for (const old of gradients.keys()) if (old.startsWith("felt ")) gradients.delete(old); // another size
    felt = ctx.createLinearGradient(0, margin, 0, size - margin);
    felt.addColorStop(0, COLORS.felt);
    felt.addColorStop(1, COLORS.feltDark);
    gradients.set(key, felt);
  }
  return felt;
}

/** A legal square's dot in the colour of the side to move, larger when `hovered`.
 *  @param {Context} ctx
 *  @param {Geometry} geo
 *  @param {number} sq
 *  @param {string | null | undefined} toMove
 *  @param {boolean} hovered */
export function drawHint(ctx, geo, sq, toMove, hovered) {
  const { margin, cell } = geo;
  const cx = margin + ((sq % 8) + 0.5) * cell;
  const cy = margin + (Math.floor(sq / 8) + 0.5) * cell;
  ctx.fillStyle = toMove === "white" ? "rgba(255, 255, 255, 0.55)" : "rgba(0, 0, 0, 0.5)";
  ctx.beginPath();
  ctx.arc(cx, cy, cell * (hovered ? 0.2 : 0.12), 0, 2 * Math.PI);
  ctx.fill();
}

/** "+4", "−2", "0": a disc difference rounded for a hint.
 *  @param {number} value */
export function formatValue(value) {
  const n = Math.round(value);
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0";
}

/** A move's value (or its `label`) on its (empty) square: a pill, gold when exact, ringed
 *  for the best.
 *  @param {Context} ctx
 *  @param {Geometry} geo
 *  @param {ValueMark} hint */
export function drawValue(ctx, geo, hint) {
  const { margin, cell } = geo;
  const cx = margin + ((hint.sq % 8) + 0.5) * cell;
  const cy = margin + (Math.floor(hint.sq / 8) + 0.5) * cell;
  const w = cell * 0.78;
  const h = cell * 0.46;
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(cx - w / 2, cy - h / 2, w, h, h / 2);
  ctx.fillStyle = hint.exact ? "rgba(242, 193, 78, 0.95)" : "rgba(8, 28, 19, 0.82)";
  ctx.fill();
  if (hint.best) {
    ctx.lineWidth = Math.max(2, cell * 0.05);
    ctx.strokeStyle = hint.exact ? "#ffffff" : COLORS.cursor;
    ctx.stroke();
  }
  ctx.fillStyle = hint.exact ? "#1a1206" : "#ffffff";
  // The page's font: a label may be a word (Themisto's W3, Japanese 勝3 in a Japanese font).
  const family = getComputedStyle(ctx.canvas).fontFamily || "system-ui, sans-serif";
  ctx.font = `700 ${Math.round(cell * 0.3)}px ${family}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(hint.label ?? formatValue(hint.value), cx, cy + cell * 0.015);
  ctx.restore();
}

/** The review's best move: a ring in the square (the `--best-ring` colour).
 *  @param {Context} ctx
 *  @param {Geometry} geo
 *  @param {number} sq */
export function drawRing(ctx, geo, sq) {
  const { margin, cell } = geo;
  ctx.save();
  ctx.strokeStyle = themeColor("--best-ring");
  ctx.lineWidth = Math.max(3, cell * 0.08);
  ctx.beginPath();
  ctx.arc(
    margin + ((sq % 8) + 0.5) * cell,
    margin + (Math.floor(sq / 8) + 0.5) * cell,
    cell * 0.4,
    0,
    2 * Math.PI,
  );
  ctx.stroke();
  ctx.restore();
}

/** The keyboard cursor: a gold square outline.
 *  @param {Context} ctx
 *  @param {Geometry} geo
 *  @param {number} sq */
export function drawCursor(ctx, geo, sq) {
  const { margin, cell } = geo;
  ctx.strokeStyle = COLORS.cursor;
  ctx.lineWidth = Math.max(2, cell * 0.06);
  ctx.strokeRect(
    margin + (sq % 8) * cell + 2,
    margin + Math.floor(sq / 8) * cell + 2,
    cell - 4,
    cell - 4,
  );
}

/** The last move's marker: a small red dot.
 *  @param {Context} ctx
 *  @param {Geometry} geo
 *  @param {number} sq */
export function drawMarker(ctx, geo, sq) {
  const [x, y] = centre(geo, sq);
  ctx.fillStyle = COLORS.last;
  ctx.beginPath();
  ctx.arc(x, y, geo.cell * 0.07, 0, 2 * Math.PI);
  ctx.fill();
}

/** A square tinted with `color` (selection, winning row, capture preview).
 *  @param {Context} ctx
 *  @param {Geometry} geo
 *  @param {number} sq
 *  @param {string} color */
export function shade(ctx, geo, sq, color) {
  const { margin, cell } = geo;
  ctx.fillStyle = color;
  ctx.fillRect(
    margin + (sq % 8) * cell + 1,
    margin + Math.floor(sq / 8) * cell + 1,
    cell - 2,
    cell - 2,
  );
}

/** A ring around square `sq`, `width` and `radius` in squares.
 *  @param {Context} ctx
 *  @param {Geometry} geo
 *  @param {number} sq
 *  @param {string} color
 *  @param {number} [width]
 *  @param {number} [radius] */
export function ring(ctx, geo, sq, color, width = 0.06, radius = 0.46) {
  const [x, y] = centre(geo, sq);
  ctx.strokeStyle = color;
  ctx.lineWidth = Math.max(2, geo.cell * width);
  ctx.beginPath();
  ctx.arc(x, y, geo.cell * radius, 0, 2 * Math.PI);
  ctx.stroke();
}

/** Name of a square for screen readers ("f5"): a label, not notation parsing.
 *  @param {number} sq */
export function squareLabel(sq) {
  return FILES[sq % 8] + String(Math.floor(sq / 8) + 1);
}
