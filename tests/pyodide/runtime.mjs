// Start Pyodide under Node from the very files of dist/pyodide (runtime, lock, app wheel),
// with no network: packages come from dist/pyodide or from local wheel files.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Load Pyodide from `<dist>/pyodide`, the app wheel by name, then `wheelDir`'s wheels. */
export async function startPyodide({ dist = path.join(REPO, "dist"), wheelDir = null } = {}) {
  const indexURL = path.join(dist, "pyodide") + path.sep;
  const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    indexURL,
    lockFileURL: path.join(indexURL, "pyodide-lock.json"),
    packages: ["flipside"],
  });
  const raw = (stream) => ({ write: (bytes) => (stream.write(bytes), bytes.length) });
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
