// A small line chart in SVG (the page's own: no library, no canvas): one or more series of
// points over their index, with an optional band (a rating's uncertainty), axis ticks and
// an accessible name. Colours come from CSS classes (css/progress.css: .plot-*), so both themes
// apply.

const SVG = "http://www.w3.org/2000/svg";

function element(name, attributes = {}, text = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

/** Round tick values between `low` and `high` (about `count` of them). */
export function ticks(low, high, count = 4) {
  const span = high - low || 1;
  const raw = span / count;
  const step = [1, 2, 5, 10]
    .map((m) => m * 10 ** Math.floor(Math.log10(raw)))
    .find((s) => s >= raw);
  const out = [];
  for (let v = Math.ceil(low / step) * step; v <= high + 1e-9; v += step)
    out.push(Math.round(v * 1e6) / 1e6);
  return out;
}

/** An SVG chart of `series` ([{points: [{y, low?, high?}], className}]) drawn over their
 *  index 1..n; `label`: its accessible name; `format(y)`: a tick's text. */
export function lineChart({
  series,
  label,
  format = String,
  width = 560,
  height = 180,
  yMin = null,
  yMax = null,
}) {
  const svg = element("svg", {
    viewBox: `0 0 ${width} ${height}`,
    role: "img",
    "aria-label": label,
    class: "plot",
  });
  const values = series.flatMap((s) => s.points.flatMap((p) => [p.y, p.low ?? p.y, p.high ?? p.y]));
  const n = Math.max(1, ...series.map((s) => s.points.length));
  if (!values.length) return svg;
  const low = yMin ?? Math.min(...values);
  const high = yMax ?? Math.max(...values);
  const pad = { left: 44, right: 12, top: 10, bottom: 22 };
  const x = (i) => pad.left + (n === 1 ? 0.5 : i / (n - 1)) * (width - pad.left - pad.right);
  const y = (v) =>
    height - pad.bottom - ((v - low) / (high - low || 1)) * (height - pad.top - pad.bottom);
  for (const t of ticks(low, high)) {
    svg.append(
      element("line", {
        x1: pad.left,
        x2: width - pad.right,
        y1: y(t),
        y2: y(t),
        class: "plot-grid",
      }),
    );
    svg.append(
      element(
        "text",
        { x: pad.left - 6, y: y(t) + 4, "text-anchor": "end", class: "plot-tick" },
        format(t),
      ),
    );
  }
  for (const t of ticks(1, n, Math.min(5, n)).filter(Number.isInteger)) {
    svg.append(
      element(
        "text",
        { x: x(t - 1), y: height - 6, "text-anchor": "middle", class: "plot-tick" },
        String(t),
      ),
    );
  }
  for (const s of series) {
    const points = s.points;
    if (points.some((p) => p.low !== undefined)) {
      const upper = points.map((p, i) => `${x(i)},${y(p.high)}`);
      const lower = points.map((p, i) => `${x(i)},${y(p.low)}`).reverse();
      svg.append(
        element("polygon", {
          points: [...upper, ...lower].join(" "),
          class: `plot-band ${s.className}`,
        }),
      );
    }
    const line = points.map((p, i) => `${x(i)},${y(p.y)}`).join(" ");
    svg.append(element("polyline", { points: line, class: `plot-line ${s.className}` }));
    if (points.length <= 60) {
      for (const [i, p] of points.entries()) {
        svg.append(
          element("circle", { cx: x(i), cy: y(p.y), r: 2.5, class: `plot-dot ${s.className}` }),
        );
      }
    }
  }
  return svg;
}
