// Stepping through the game's history: the position after any ply, quick presses added up.

import { announce } from "../announce.js";
import { writeLink } from "../link.js";
import { tr } from "../i18n.js";
import { capitalize, errorText } from "./text.js";

/** @typedef {import("../types/app").App} App */

/**
 * Adds this room's functions to `app` (the page's shared parts, see main.js).
 * @param {App} app
 */
export function installStepping(app) {
  const { page, moveHistory, ai } = app;

  /** Steps under way: the ply the latest one goes to, so that quick presses add up.
   *  @type {{latest: number, target: number | null}} */
  const steps = { latest: 0, target: null };

  /**
   * Show ply `ply` of the live game (its last ply: the live position itself).
   * @param {number} ply
   */
  async function stepTo(ply) {
    const live = page.state;
    if (!live || !page.engineReady) return;
    const stepId = ++steps.latest;
    steps.target = Math.max(0, Math.min(live.moves.length, ply));
    let shown;
    try {
      shown = await moveHistory.stateAt(live, steps.target);
    } catch (err) {
      if (stepId === steps.latest) steps.target = null;
      app.notice(`${capitalize(errorText(err))}.`);
      return;
    }
    if (stepId !== steps.latest) return; // a later step (a quick second click) decides
    steps.target = null;
    if (page.state !== live) return; // the game changed meanwhile
    const changed = shown !== moveHistory.shown;
    moveHistory.shown = shown;
    if (!changed) return;
    page.selection = page.gameView.newSelection();
    page.cursor = null;
    page.cancelAnim();
    page.anim = null;
    writeLink((app.shownState() ?? live).link);
    app.renderPanel();
    ai.showing(moveHistory.shown);
    ai.update(live);
    app.renderAI();
    const s = app.shownState() ?? live; // the state just stepped to
    const at = moveHistory.plyOf(live);
    const where =
      at === 0
        ? tr("Start position.")
        : tr("Move {n} of {total}: {said}.", {
            n: at,
            total: live.moves.length,
            said: s.said || live.moves[at - 1].text,
          });
    const now = moveHistory.viewing
      ? `${s.status}.`
      : tr("Live position. {status}.", { status: s.status });
    announce(`${where} ${now}`);
  }

  /**
   * One move back or forward from the position on screen.
   * @param {number} delta
   */
  function step(delta) {
    if (page.state) stepTo((steps.target ?? moveHistory.plyOf(page.state)) + delta);
  }

  Object.assign(app, /** @satisfies {import("../types/app").SteppingRoom} */ ({ stepTo, step }));
}
