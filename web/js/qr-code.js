// The QR code of a link, drawn on a canvas: loaded by the Share dialog (page/share.js) when it
// first opens, as a bundle of its own (the build's LATER_MODULES), so that the page's first
// bundle does not carry the QR library (uqr, pinned in package.json).

import { encode } from "uqr";

/** Draw `text`'s QR code on `canvas`, about `cssSize` CSS pixels wide: dark modules on white
 *  with the standard quiet zone of four modules, each module a whole number of device pixels
 *  (sharp to a camera). Error correction: the highest level that fits the smallest version
 *  at level L. Returns {version, modules}, or null when the text is too long for a QR code.
 *  @param {HTMLCanvasElement} canvas
 *  @param {string} text
 *  @param {number} cssSize
 *  @returns {{version: number, modules: number} | null} */
export function drawQR(canvas, text, cssSize) {
  let code;
  try {
    code = encode(text, { ecc: "L", boostEcc: true, border: 4 });
  } catch {
    return null; // more than a QR code holds (about 2,900 bytes)
  }
  const modules = code.size;
  const ratio = window.devicePixelRatio || 1;
  const scale = Math.max(2, Math.floor((cssSize * ratio) / modules));
  const width = modules * scale;
  canvas.width = width;
  canvas.height = width;
  canvas.style.width = canvas.style.height = `${width / ratio}px`;
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, width);
  ctx.fillStyle = "#000000";
  for (const [y, row] of code.data.entries()) {
    for (const [x, dark] of row.entries()) {
      if (dark) ctx.fillRect(x * scale, y * scale, scale, scale);
    }
  }
  return { version: code.version, modules };
}
