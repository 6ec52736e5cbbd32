// Make a memory snapshot of a freshly started Pyodide (run by build_site.py under Node).
// Restoring it skips the interpreter's start-up (seconds) in the browser; the worker falls
// back to a normal start if it cannot be used. The snapshot holds no package: the app wheel
// is loaded after the restore, so the snapshot depends only on the runtime files.
// Usage: node py/tools/pyodide_snapshot.mjs <runtime dir> <output file>
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [runtimeDir, output] = process.argv.slice(2);
if (!runtimeDir || !output) {
  console.error("usage: node pyodide_snapshot.mjs RUNTIME_DIR OUTPUT");
  process.exit(2);
}
const indexURL = path.resolve(runtimeDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
writeFileSync(output, pyodide.makeMemorySnapshot());
