// The page's first module. It starts the rules engine's worker at once (rules-engine.js),
// and loads the rest of the page (main.js and its modules) when the worker has asked for
// the runtime's files (its first progress report): on a host that serves a browser over a
// few connections (HTTP/1.1: six), the runtime's 5 MB then never wait behind the page's
// small files, and the link carries them from the start. main.js waits for `started`.

import "./errors.js"; // first: it records errors from here on
import { preferredLanguage, useLanguage } from "./i18n.js";
import { onProgress, started } from "./rules-engine.js";

// The page's words in the kept or the browser's language (German: its catalog loads beside
// the engine); if the catalog fails to load the page stays English, and says so once loaded.
export const language = useLanguage(preferredLanguage()).catch((err) => {
  self.flipsideLanguageError = /** @type {Error} */ (err).message;
  self.dispatchEvent(new Event("flipside-language-error")); // the page may be up already
  return useLanguage("en");
});

/** The page's modules, imported once (whichever of progress and start comes first). */
let page = null;
function loadPage() {
  page ??= import("./main.js");
  return page;
}

onProgress(loadPage);
started.then(loadPage, loadPage); // main.js shows a failure
setTimeout(loadPage, 1000); // in any case
