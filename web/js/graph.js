// The evaluation graph: one value per move, from the first player's view (+ = ahead; Othello:
// discs, Black's view), drawn as a filled line around zero. Pending values (null) are skipped.

import { themeColor } from "./board.js";
import { canvasSize } from "./canvas-size.js";
import { N_, tr } from "./i18n.js";

/** @typedef {{value: number, exact: boolean}} GraphPoint */
/** @typedef {import("./types/state").Mark} Mark */

/** The graph's range: 8, 16, 32 or 64 around zero, the first that holds `values`.
 *  @param {number[]} values */
function niceRange(values) {
  const biggest = Math.max(8, ...values.map((v) => Math.abs(v)));
  for (const step of [8, 16, 32, 64]) if (biggest <= step) return step;
  return 64;
}

/** Draw `points` ([{value, exact} | null], one per move) into `canvas`; `ahead` names the
 *  two directions in English (["Black ahead", "White ahead"], shown translated); `marker` (a move number, or null) marks
 *  the position on screen while the player looks back; `marks` ([{x, mark}], the review's
 *  marked moves) are dots on the line. Colours come from the page's CSS.
 *  @param {HTMLCanvasElement} canvas
 *  @param {(GraphPoint | null)[]} points
 *  @param {readonly string[]} [ahead]
 *  @param {number | null} [marker]
 *  @param {{x: number, mark: Mark}[]} [marks] */
export function drawGraph(
  canvas,
  points,
  ahead = [N_("Black ahead"), N_("White ahead")],
  marker = null,
  marks = [],
) {
  const INK = themeColor("--graph-ink");
  const MUTED = themeColor("--graph-muted");
  const GRID = themeColor("--graph-grid");
  const rect = canvasSize(canvas);
  const width = Math.max(1, Math.round(rect.width));
  const height = Math.max(1, Math.round(rect.height));
  const ratio = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
  }
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("This browser cannot draw on a canvas.");
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);

  const known = /** @type {{x: number, v: number, exact: boolean}[]} */ (
    points.map((p, i) => (p ? { x: i + 1, v: p.value, exact: p.exact } : null)).filter(Boolean)
  );
  const range = niceRange(known.map((p) => p.v));
  const left = 30;
  const right = width - 6;
  const top = 6;
  const bottom = height - 16;
  const mid = (top + bottom) / 2;
  const plies = Math.max(20, points.length);
  const xOf = (/** @type {number} */ x) => left + ((right - left) * x) / plies;
  const yOf = (/** @type {number} */ v) =>
    mid - ((bottom - top) / 2) * (Math.max(-range, Math.min(range, v)) / range);

  // Frame: zero line, the range's gridlines and labels.
  ctx.font = "10px system-ui, sans-serif";
  ctx.textBaseline = "middle";
  ctx.textAlign = "right";
  ctx.fillStyle = MUTED;
  for (const v of [range, range / 2, 0, -range / 2, -range]) {
    ctx.strokeStyle = v === 0 ? MUTED : GRID;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(left, Math.round(yOf(v)) + 0.5);
    ctx.lineTo(right, Math.round(yOf(v)) + 0.5);
    ctx.stroke();
    if (v !== range / 2 && v !== -range / 2) {
      ctx.fillText(v > 0 ? `+${v}` : v < 0 ? `\u2212${-v}` : "0", left - 4, yOf(v));
    }
  }
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  ctx.fillText(tr("move {n}", { n: points.length || 0 }), left, height - 3);
  ctx.textAlign = "right";
  ctx.fillText(`${tr(ahead[0])} \u2191  ${tr(ahead[1])} \u2193`, right, height - 3);
  if (marker != null) {
    ctx.strokeStyle = themeColor("--accent-strong");
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(xOf(marker), top);
    ctx.lineTo(xOf(marker), bottom);
    ctx.stroke();
  }
  if (!known.length) return;

  // Area between the line and zero: dark where Black leads, light where White does.
  const line = [{ x: 0, v: 0 }, ...known];
  for (const [sign, fill] of /** @type {[number, string][]} */ ([
    [1, themeColor("--graph-first")],
    [-1, themeColor("--graph-second")],
  ])) {
    ctx.save();
    ctx.beginPath();
    ctx.rect(left, sign > 0 ? top - 2 : mid, right - left, (bottom - top) / 2 + 2);
    ctx.clip();
    ctx.beginPath();
    ctx.moveTo(xOf(0), mid);
    for (const p of line) ctx.lineTo(xOf(p.x), yOf(p.v));
    ctx.lineTo(xOf(line[line.length - 1].x), mid);
    ctx.closePath();
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.restore();
  }
  ctx.strokeStyle = INK;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  for (const [i, p] of line.entries()) {
    if (i) ctx.lineTo(xOf(p.x), yOf(p.v));
    else ctx.moveTo(xOf(p.x), yOf(p.v));
  }
  ctx.stroke();
  for (const { x, mark } of marks) {
    const at = known.find((p) => p.x === x);
    if (!at) continue;
    ctx.fillStyle = themeColor(`--mark-${mark}`);
    ctx.beginPath();
    ctx.arc(xOf(x), yOf(at.v), mark === "blunder" ? 4.5 : 3.5, 0, 2 * Math.PI);
    ctx.fill();
  }
  const last = known[known.length - 1];
  ctx.fillStyle = last.exact ? themeColor("--accent-strong") : INK;
  ctx.beginPath();
  ctx.arc(xOf(last.x), yOf(last.v), 3, 0, 2 * Math.PI);
  ctx.fill();
}
