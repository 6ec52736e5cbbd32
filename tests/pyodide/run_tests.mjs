// Layer 2 of ./build.sh test: the rules tests again, inside Pyodide (Python 3.14) under Node.
// Usage: node tests/pyodide/run_tests.mjs <wheel dir with pytest + hypothesis> [pytest args]
// Test files among the arguments (tests/test_facade.py, tests/test_facade.py::test_x) replace
// the default list, the rules and facade test files.
// The package comes from dist/pyodide (the app wheel, loaded by name through the lock file);
// the repository and ../shared are mounted at their own paths so tests find their data.
// CLI tests are left out: they start subprocesses, which Pyodide cannot.
// --shard=K/N runs every Nth test from the Kth (0-based): build.sh runs N such processes side
// by side, one per core (Pyodide is single-threaded); --without=FILE leaves a file out.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { REPO, mountHostDir, startPyodide } from "./runtime.mjs";

const [wheelDir, ...extraArgs] = process.argv.slice(2);
if (!wheelDir) {
  console.error("usage: node tests/pyodide/run_tests.mjs WHEEL_DIR [pytest args]");
  process.exit(2);
}
const testsDir = path.join(REPO, "tests");
// pytest runs in /tmp inside Pyodide: a file named on the command line becomes its absolute
// path (the repository is mounted at its own path).
const isTestPath = (arg) => !arg.startsWith("-") && /\.py($|::)/.test(arg);
const isShard = (arg) => arg.startsWith("--shard=");
const isWithout = (arg) => arg.startsWith("--without=");
const named = extraArgs.filter(isTestPath).map((arg) => path.resolve(arg));
const without = extraArgs.filter(isWithout).map((arg) => path.resolve(arg.split("=")[1]));
const options = extraArgs.filter((arg) => !isTestPath(arg) && !isShard(arg) && !isWithout(arg));
const shardArg = extraArgs.find(isShard)?.slice("--shard=".length) ?? "0/1";
const [shard, shards] = shardArg.split("/").map(Number);
if (!(shards >= 1 && shard >= 0 && shard < shards)) {
  console.error(`run_tests: --shard=${shardArg} is not K/N with 0 <= K < N`);
  process.exit(2);
}
const rulesFiles = () =>
  readdirSync(testsDir)
    .filter((f) => /^test_(othello|themisto|facade)\w*\.py$/.test(f) && !f.includes("cli"))
    .sort()
    .map((f) => path.join(testsDir, f));
const files = (named.length > 0 ? named : rulesFiles()).filter((f) => !without.includes(f));
if (files.length === 0) {
  console.error("run_tests: no rules test files found in tests/");
  process.exit(1);
}

// pytest and hypothesis need more of the standard library than the site ships.
const pyodide = await startPyodide({ wheelDir: path.resolve(wheelDir), fullStdlib: true });
mountHostDir(pyodide, REPO);
const shared = path.resolve(REPO, "..", "shared");
if (existsSync(shared)) mountHostDir(pyodide, shared);

pyodide.globals.set("pytest_args", pyodide.toPy([...files, ...options]));
pyodide.globals.set("shard", shard);
pyodide.globals.set("shards", shards);
const status = await pyodide.runPythonAsync(`
import os, sys
import flipside, pytest


class Shard:
    """Keep every shards-th collected test from the shard-th: the other shards run the rest."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config, items):
        others = [item for i, item in enumerate(items) if i % shards != shard]
        if others:
            config.hook.pytest_deselected(items=others)
            items[:] = [item for i, item in enumerate(items) if i % shards == shard]


os.chdir("/tmp")  # hypothesis keeps its example database in the working directory
print(f"flipside {flipside.__file__} on Python {sys.version.split()[0]} ({sys.platform})"
      + (f", shard {shard + 1} of {shards}" if shards > 1 else ""))
int(pytest.main(["-p", "no:cacheprovider", "-q", *pytest_args], plugins=[Shard()]))
`);
process.exit(status);
