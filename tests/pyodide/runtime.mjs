// Start Pyodide under Node from the very files of dist/pyodide (runtime, lock, app wheel),
// with no network: packages come from dist/pyodide or from local wheel files.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Load Pyodide from `<dist>/pyodide`, the app wheel by name, then `wheelDir`'s wheels.
 *  dist/ ships a reduced standard library (what the package imports); `fullStdlib` takes
 *  the npm package's whole one instead, for test tools such as pytest. */
export async function startPyodide({
  dist = path.join(REPO, "dist"),
  wheelDir = null,
  fullStdlib = false,
} = {}) {
  const indexURL = path.join(dist, "pyodide") + path.sep;
  const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
  const full = path.join(REPO, "node_modules", "pyodide", "python_stdlib.zip");
  const pyodide = await loadPyodide({
    indexURL,
    ...(fullStdlib ? { stdLibURL: full } : {}),
    lockFileURL: path.join(indexURL, "pyodide-lock.json"),
    packages: ["flipside"],
  });
  // The AI's data files and the catalogs, which the build serves beside the wheel (the worker
  // does the same).
  const files = JSON.parse(readFileSync(path.join(indexURL, "data", "files.json"), "utf8"));
  const home = pyodide.runPython("import flipside, os; os.path.dirname(flipside.__file__)");
  for (const [target, served] of Object.entries(files)) {
    pyodide.FS.mkdirTree(path.dirname(`${home}/${target}`));
    pyodide.FS.writeFile(`${home}/${target}`, readFileSync(path.join(indexURL, "data", served)));
  }
  // The opening explorer's modules and each game's tree, which the build serves in explorer/
  // (the worker fetches them when the explorer is first opened).
  const explorer = path.join(dist, "explorer");
  const modules = JSON.parse(readFileSync(path.join(explorer, "modules.json"), "utf8"));
  for (const [target, served] of Object.entries(modules)) {
    pyodide.FS.writeFile(`${home}/${target}`, readFileSync(path.join(explorer, served)));
  }
  for (const file of readdirSync(explorer).filter((f) => f.endsWith(".bin"))) {
    pyodide.FS.writeFile(
      `${home}/${file.replace(".bin", "")}/explorer.bin`,
      readFileSync(path.join(explorer, file)),
    );
  }
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  const raw = (stream) => ({
    write: (bytes) => {
      stream.write(bytes);
      return bytes.length;
    },
  });
  pyodide.setStdout(raw(process.stdout));
  pyodide.setStderr(raw(process.stderr));
  if (wheelDir) {
    const wheels = readdirSync(wheelDir)
      .filter((f) => f.endsWith(".whl"))
      .map((f) => path.join(wheelDir, f));
    await pyodide.loadPackage(wheels, { messageCallback: () => {} });
  }
  return pyodide;
}

/** Make a host directory visible inside Pyodide at the same absolute path. */
export function mountHostDir(pyodide, hostDir) {
  pyodide.FS.mkdirTree(hostDir);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: hostDir }, hostDir);
}
