// Compile a pure-Python wheel's modules to bytecode for Pyodide's Python (run by
// build_site.py under Node): each `x.py` becomes `x.pyc` beside it (unchecked hash-based,
// compiled as written: docstrings and asserts kept, so it behaves as the sources), RECORD
// is rewritten with the new files' hashes and sizes, entry dates and order are kept. A
// normal start then imports the package without compiling it, and the start-up snapshot
// holds no compiler garbage.
// Usage: node py/tools/build/pyodide_compile_wheel.mjs <runtime dir> <wheel in> <wheel out>
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [runtimeDir, input, output] = process.argv.slice(2);
if (!runtimeDir || !input || !output) {
  console.error("usage: node pyodide_compile_wheel.mjs RUNTIME_DIR WHEEL_IN WHEEL_OUT");
  process.exit(2);
}
const indexURL = path.resolve(runtimeDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
// Without column positions (PYTHONNODEBUGRANGES): tracebacks keep their line numbers.
const pyodide = await loadPyodide({
  indexURL,
  env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" },
});
pyodide.FS.writeFile("/tmp/in.whl", readFileSync(input));
pyodide.runPython(`
import base64, hashlib, importlib._bootstrap_external as external, importlib.util, zipfile

def digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()

with zipfile.ZipFile("/tmp/in.whl") as wheel, zipfile.ZipFile("/tmp/out.whl", "w") as out:
    record_name = next(n for n in wheel.namelist() if n.endswith(".dist-info/RECORD"))
    lines = []
    for info in wheel.infolist():
        if info.filename == record_name:
            continue
        body = wheel.read(info)
        name = info.filename
        if name.endswith(".py"):
            code = compile(body, name, "exec", dont_inherit=True, optimize=0)
            body = bytes(external._code_to_hash_pyc(code, importlib.util.source_hash(body), False))
            name += "c"
        entry = zipfile.ZipInfo(name, info.date_time)
        entry.external_attr = info.external_attr
        out.writestr(entry, body, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
        lines.append(f"{name},{digest(body)},{len(body)}")
    lines.append(f"{record_name},,")
    entry = zipfile.ZipInfo(record_name, wheel.getinfo(record_name).date_time)
    out.writestr(entry, "\\n".join(lines) + "\\n", compress_type=zipfile.ZIP_DEFLATED)
`);
writeFileSync(output, pyodide.FS.readFile("/tmp/out.whl"));
