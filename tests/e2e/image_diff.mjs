// The visual layer's image comparison (tests/e2e/test_visual.py): screenshots against their
// committed baselines, by pixelmatch and pngjs (npm devDependencies, pinned).
//
//   node tests/e2e/image_diff.mjs < jobs.json
//
// stdin: {"threshold": 0.1, "maxShare": 0.001, "jobs": [{"actual", "baseline", "diff"}, ...]}
// (paths). `threshold` is pixelmatch's per-pixel colour distance (0 to 1) under which two
// pixels count as the same; `maxShare` the share of differing pixels an image may have and
// still pass. pixelmatch leaves anti-aliased pixels out of the count.
//
// stdout: one JSON array, a result per job in order: {"status", "differing", "share"} where
// status is "same", "differs" (the diff image is written to `diff`), "size" (the
// two images' sizes differ: {"actualSize", "baselineSize"}) or "missing" (no baseline).

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";

const input = JSON.parse(readFileSync(0, "utf8"));
const { threshold, maxShare, jobs } = input;

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
  const differing = pixelmatch(a.data, b.data, out.data, a.width, a.height, { threshold });
  const share = differing / (a.width * a.height);
  if (share <= maxShare) return { status: "same", differing, share };
  writeFileSync(diff, PNG.sync.write(out));
  return { status: "differs", differing, share };
});

process.stdout.write(`${JSON.stringify(results)}\n`);
