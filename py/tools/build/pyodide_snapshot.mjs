// Make a memory snapshot of a started Pyodide with the app imported (run by build_site.py
// under Node). Restoring it in the browser skips the interpreter's start-up and the import
// of flipside.facade (seconds); the worker falls back to a normal start if it cannot be used.
// The app's files are unpacked with Python's zipfile, not loadPackage: Pyodide refuses to
// snapshot after loadPackage. File contents are not part of the snapshot (they live on the
// JavaScript side), so the worker still loads the app wheel after restoring: modules imported
// later (the AI, say) come from it.
// Usage: node py/tools/build/pyodide_snapshot.mjs <runtime dir> <app wheel> <output file>
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [runtimeDir, wheel, output] = process.argv.slice(2);
if (!runtimeDir || !wheel || !output) {
  console.error("usage: node pyodide_snapshot.mjs RUNTIME_DIR APP_WHEEL OUTPUT");
  process.exit(2);
}
const indexURL = path.resolve(runtimeDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
pyodide.FS.writeFile("/tmp/app.whl", readFileSync(wheel));
pyodide.runPython(`
import sys, zipfile
site_packages = next(p for p in sys.path if p.endswith("site-packages"))
with zipfile.ZipFile("/tmp/app.whl") as wheel:
    wheel.extractall(site_packages)
import flipside.facade
`);
// A few moves of each game through the facade, as the page's first clicks make them: the
// interpreter's first calls (specialising its bytecode, filling the rules' caches) are then
// in the snapshot, not in the player's first move. Then every object so far is frozen out of
// the cyclic collector's passes (gc.freeze), which otherwise walk the whole imported heap.
pyodide.runPython(`
import gc, json
from flipside.facade import handle

def warm(game, pick):
    state = json.loads(handle(json.dumps({"id": 0, "method": "new", "params": {"game": game}})))
    for _ in range(4):
        record = state["result"]["record"]
        move = pick(state["result"])
        state = json.loads(handle(json.dumps({"id": 0, "method": "play", "params": {"record": record, "move": move}})))
        assert "result" in state, state

warm("othello", lambda s: s["legalNames"][0])
warm("themisto", lambda s: next(t["plain"] for ts in s["extra"]["targets"].values() for t in ts if t["plain"]))
del warm
gc.collect()
gc.freeze()
`);
pyodide.FS.unlink("/tmp/app.whl");
writeFileSync(output, pyodide.makeMemorySnapshot());
