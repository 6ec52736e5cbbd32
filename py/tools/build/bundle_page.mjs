// Bundle one of the page's entry modules (web/js/main.js, or a module loaded later such as
// web/js/library.js) and what it imports into one ES module.
// Usage: node bundle_page.mjs WEB_JS ENTRY OUT_FILE META_FILE SEPARATE_MODULE...
// The separate modules (boot.js, engine.js, ...) stay files of their own: an import of one
// becomes an import of "./<name>" beside the bundle. META_FILE gets esbuild's metafile,
// whose "inputs" name every source file the bundle holds (relative to the working folder).
import { build } from "esbuild";
import { basename, resolve } from "node:path";
import { writeFileSync } from "node:fs";

const [webJs, entry, outFile, metaFile, ...separate] = process.argv.slice(2);
if (!webJs || !entry || !outFile || !metaFile) {
  console.error("usage: node bundle_page.mjs WEB_JS ENTRY OUT_FILE META_FILE SEPARATE_MODULE...");
  process.exit(2);
}

/** Keep the separate modules out of the bundle, imported from beside it. */
const keepSeparate = {
  name: "keep-separate",
  setup(b) {
    b.onResolve({ filter: /\.js$/ }, (args) => {
      if (args.kind === "entry-point") return undefined;
      const name = basename(args.path);
      if (!separate.includes(name)) return undefined;
      return { path: `./${name}`, external: true };
    });
  },
};

const result = await build({
  entryPoints: [resolve(webJs, entry)],
  outfile: outFile,
  allowOverwrite: true,
  bundle: true,
  format: "esm",
  minifySyntax: true,
  minifyWhitespace: true,
  keepNames: true, // the page's error log names functions
  legalComments: "none",
  metafile: true,
  logLevel: "warning",
  plugins: [keepSeparate],
});
writeFileSync(metaFile, JSON.stringify(result.metafile));
