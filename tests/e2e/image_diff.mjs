// The visual layer's image comparison (tests/e2e/test_visual.py): screenshots against their
// committed baselines, by pixelmatch and pngjs (npm devDependencies, pinned).
//
//   node tests/e2e/image_diff.mjs < jobs.json
//
// stdin: {"threshold": 0.1, "maxShare": 0.001, "jobs": [{"actual", "baseline", "diff"}, ...]}
// (paths). `threshold` is pixelmatch's per-pixel colour distance (0 to 1) under which two
// pixels count as the same; `maxShare` the share of differing pixels an image may have and
// still pass. pixelmatch leaves anti-aliased pixels out of the count, and so does this file
// a differing pixel that the other image has within one pixel (`shifted`): an edge drawn
// a pixel higher (a control's sub-pixel position rounded the other way) is not a change,
// while a view that lost its styles or its layout changes whole areas.
//
// stdout: one JSON array, a result per job in order: {"status", "differing", "share",
// "shifted"} (`differing` counts pixelmatch's differing pixels less the `shifted` ones) where
// status is "same", "differs" (the diff image is written to `diff`), "size" (the
// two images' sizes differ: {"actualSize", "baselineSize"}) or "missing" (no baseline).

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";

const input = JSON.parse(readFileSync(0, "utf8"));
const { threshold, maxShare, jobs } = input;

const RED = [255, 0, 0]; // pixelmatch's colour for a differing pixel in the diff image
const NEAR = 24; // the largest channel difference of two pixels taken as the same colour

/** Whether image `x` has, within one pixel of (i, j), the colour `y` has at (i, j). */
function nearby(x, y, width, height, i, j) {
  const at = (j * width + i) * 4;
  for (let dj = -1; dj <= 1; dj++) {
    for (let di = -1; di <= 1; di++) {
      const u = i + di;
      const v = j + dj;
      if (u < 0 || v < 0 || u >= width || v >= height) continue;
      const k = (v * width + u) * 4;
      if (
        Math.abs(x[k] - y[at]) <= NEAR &&
        Math.abs(x[k + 1] - y[at + 1]) <= NEAR &&
        Math.abs(x[k + 2] - y[at + 2]) <= NEAR
      )
        return true;
    }
  }
  return false;
}

const results = jobs.map(({ actual, baseline, diff }) => {
  if (!existsSync(baseline)) return { status: "missing", differing: null, share: null };
  const a = PNG.sync.read(readFileSync(actual));
  const b = PNG.sync.read(readFileSync(baseline));
  if (a.width !== b.width || a.height !== b.height) {
    return {
      status: "size",
      differing: null,
      share: null,
      actualSize: [a.width, a.height],
      baselineSize: [b.width, b.height],
    };
  }
  const out = new PNG({ width: a.width, height: a.height });
  const { width, height } = a;
  let differing = pixelmatch(a.data, b.data, out.data, width, height, { threshold });
  let shifted = 0;
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      const k = (j * width + i) * 4;
      if (out.data[k] !== RED[0] || out.data[k + 1] !== RED[1] || out.data[k + 2] !== RED[2])
        continue;
      if (
        nearby(b.data, a.data, width, height, i, j) &&
        nearby(a.data, b.data, width, height, i, j)
      )
        shifted++;
    }
  }
  differing -= shifted;
  const share = differing / (width * height);
  if (share <= maxShare) return { status: "same", differing, share, shifted };
  writeFileSync(diff, PNG.sync.write(out));
  return { status: "differs", differing, share, shifted };
});

process.stdout.write(`${JSON.stringify(results)}\n`);
