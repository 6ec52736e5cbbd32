// Run a Python snippet inside Pyodide under Node (runtime and app wheel from dist/pyodide)
// and print the value of its last expression. Used by py/tools/bench/sections/web.py.
// Usage: node tests/pyodide/run_python.mjs "import flipside; flipside.__version__"
import { startPyodide } from "./runtime.mjs";

const code = process.argv[2];
if (!code) {
  console.error('usage: node tests/pyodide/run_python.mjs "<python code>"');
  process.exit(2);
}
const pyodide = await startPyodide();
const value = await pyodide.runPythonAsync(code);
console.log(String(value));
