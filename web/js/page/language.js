// The language room: the masthead's choice of language (kept; without one the page follows
// the browser), and a change redrawn everywhere: index.html's own texts (i18n.translatePage),
// what the rooms wrote (their render functions) and what Python wrote (the state on screen,
// asked again in the new language: statuses, what each move did, the result).

import { currentLanguage, onLanguageChange, tr, useLanguage } from "../i18n.js";
import { engine } from "../rules-engine.js";

/** @typedef {import("../types/app").App} App */

/**
 * Adds this room's functions to `app` (the page's shared parts, see main.js).
 * @param {App} app
 */
export function installLanguage(app) {
  const { $, page, moveHistory } = app;
  const select = $("language");
  select.value = currentLanguage();

  select.addEventListener("change", async () => {
    const wanted = select.value;
    try {
      await useLanguage(wanted, { keep: true });
    } catch (err) {
      select.value = currentLanguage();
      app.notice(
        tr("The language could not be changed: {reason}. The page stays as it was.", {
          reason: /** @type {Error} */ (err).message,
        }),
      );
    }
  });

  /** The state on screen again, from Python, in the language now in use. */
  async function restate() {
    const live = page.state;
    if (!live || !page.engineReady) return;
    const fresh = await engine.call("state", { record: live.record });
    if (page.state !== live) return; // a move came meanwhile: it is already in the new language
    Object.assign(live, fresh); // the same object: a move asked meanwhile still applies to it
    moveHistory.cache.clear();
    if (moveHistory.shown)
      moveHistory.shown = await moveHistory.stateAt(live, moveHistory.shown.ply);
  }

  async function relabel() {
    select.value = currentLanguage();
    try {
      await restate();
    } catch {
      // the texts Python wrote stay as they were until the next move
    }
    app.ai.relabel();
    app.fillMenus();
    app.renderPanel(); // with the move list, history, review, puzzle and lesson
    app.renderAI();
    app.draw();
  }

  onLanguageChange(() => relabel());
  // The catalog's failure (boot.js) may come before this room is installed or after it.
  const tell = () =>
    app.notice(
      tr("The page's words in your language did not load ({reason}): it speaks English for now.", {
        reason: self.flipsideLanguageError,
      }),
    );
  if (self.flipsideLanguageError) tell();
  else self.addEventListener("flipside-language-error", tell, { once: true });
  Object.assign(app, /** @satisfies {import("../types/app").LanguageRoom} */ ({ relabel }));
}
