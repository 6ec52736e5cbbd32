// Make the reduced standard library the site ships (run by build_site.py under Node).
// Pyodide's python_stdlib.zip holds the whole standard library as sources (2.5 MB, 9.6 MB
// unpacked); the site needs a small part of it. This starts Pyodide with the full one, loads
// the app wheel as the page does, imports every module of the package the page can reach
// and runs the facade's rules, AI and explorer methods for both games, then writes a zip of exactly the standard
// library modules that ended up imported (plus Pyodide's own packages and the common text
// codecs; not the modules frozen into the interpreter, which never read the zip), each
// compiled to bytecode by this very Python (unchecked hash-based .pyc, without docstrings,
// asserts and column positions: PYTHONNODEBUGRANGES keeps the line numbers of tracebacks and
// drops the columns of their ^^^ marks, a quarter of the bytes). Micropip's modules are left
// out: the site serves micropip but never loads it. Bytecode is larger to download than the
// sources (1.57 MB against 0.96 MB zipped, both with columns) but Pyodide's start, which
// imports about 180 of them, no longer compiles them: under Node the interpreter's start took 2.2-2.7 s against 6.6-8.9 s with sources.
// Usage: node py/tools/build/pyodide_stdlib.mjs <full runtime dir> <app wheel> <out>
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [runtimeDir, wheel, output] = process.argv.slice(2);
if (!runtimeDir || !wheel || !output) {
  console.error("usage: node pyodide_stdlib.mjs RUNTIME_DIR APP_WHEEL OUTPUT");
  process.exit(2);
}
const indexURL = path.resolve(runtimeDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL,
  env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" },
});
await pyodide.loadPackage(path.resolve(wheel), { messageCallback: () => {} });
const zipBytes = pyodide.runPython(`
import importlib, importlib.util, io, json, pkgutil, sys, zipfile
import flipside, flipside.facade  # noqa: F401

for info in pkgutil.walk_packages(flipside.__path__, "flipside."):
    if not info.name.endswith((".cli", ".__main__")):
        importlib.import_module(info.name)

def call(method, **params):
    answer = json.loads(flipside.facade.handle(json.dumps({"id": 1, "method": method, "params": params})))
    error = answer.get("error") or {}
    assert "Import" not in error.get("type", ""), answer  # a missing module, not a game's end
    return answer.get("result") or {}

for game in ("othello", "themisto"):
    state = call("new", game=game)
    record = state["record"]
    for level in (1, 3):
        move = call("think", record=record, level=level, seconds=0.2).get("move")
        record = call("play", record=record, move=move).get("record", record) if move else record
    call("hints", record=record, seconds=0.2)
    call("value", record=record)
    call("opening", record=record)
    call("explore", record=record)
    call("open_link", fragment=record)
    call("open_saved", text=call("state", record=record).get("save", ""))
    call("at", record=record, ply=1)
    call("export", record=record, ply=1)
    call("recognise", text=record)
    call("editor_check", game=game, cells=state["cells"], toMove=state["toMove"])
# a search split over workers, its tasks run here one after the other
for record, level in (("othello/d3e3f6c5b5b6f3f2e2d2c1d1c3b4e1g3c2g7h4g1g4d6g2h3", 5), ("themisto/", 3)):
    found = call("split_start", kind="think", record=record, level=level, seconds=0.2, workers=2)
    queue = list(found.get("tasks", []))
    while found.get("answer") is None and queue:
        task = queue.pop(0)
        done = [{"task": task, "result": call("search_task", task=task)}]
        found = call("split_step", state=found["state"], done=done, elapsed=0.1)
        queue += found.get("tasks", [])
call("recognise", text="(;GM[Othello]PB[a]PW[b]B[f5]W[d6];)")
call("recognise", text="f5d6c3")
# a WTHOR file with one game (the study dialog's list); names tables are optional
import base64, struct
wtb = bytes([20, 26, 1, 1]) + struct.pack("<IHHBBBB", 1, 0, 2026, 8, 0, 22, 0) + struct.pack(
    "<HHHBB", 0, 0, 0, 32, 32) + bytes([56] + [0] * 59)
call("wthor_list", data=base64.b64encode(wtb).decode())
flipside.facade.handle("not json")  # the error path
# German (flipside.i18n imports gettext when a request first asks for it)
flipside.facade.handle(json.dumps({"id": 2, "method": "state", "params": {"record": "othello/f5"}, "lang": "de"}))

stdlib = next(p for p in sys.path if p.endswith(".zip"))
full = zipfile.ZipFile(stdlib)
names = set(full.namelist())
chosen = set()
for module in list(sys.modules.values()):
    file = getattr(module, "__file__", None) or ""
    if getattr(getattr(module, "__spec__", None), "origin", None) == "frozen":
        continue  # built into the interpreter (os, io, site, codecs...): never read from the zip
    if file.startswith(stdlib + "/"):
        chosen.add(file[len(stdlib) + 1 :])
codecs = ("__init__", "aliases", "utf_8", "utf_8_sig", "ascii", "latin_1", "utf_16", "utf_16_le",
          "utf_16_be", "utf_32", "unicode_escape", "raw_unicode_escape", "idna", "punycode", "cp437")
chosen |= {f"encodings/{name}.py" for name in codecs}
chosen |= {n for n in names if n.startswith(("pyodide/", "_pyodide/")) and n.endswith(".py")}

def stamp(name):
    info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    return info

out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as reduced:
    for name in sorted(chosen & names):
        source = full.read(name)
        code = compile(source, f"{stdlib}/{name}", "exec", dont_inherit=True, optimize=2)
        pyc = importlib._bootstrap_external._code_to_hash_pyc(
            code, importlib.util.source_hash(source), checked=False)
        reduced.writestr(stamp(name + "c"), bytes(pyc))
    for name in sorted(n for n in names if not n.endswith((".py", "/"))):
        if name.startswith(("pyodide/", "_pyodide/")):  # their data files (py.typed)
            reduced.writestr(stamp(name), full.read(name))
print(f"reduced stdlib: {len(chosen & names)} modules of {sum(n.endswith('.py') for n in names)}",
      file=sys.stderr)
out.getvalue()
`);
writeFileSync(output, zipBytes.toJs());
zipBytes.destroy();
