// The page's state queries: the position on screen and whether the player may act now.

/** @typedef {import("../types/app").App} App */

/**
 * Adds this room's functions to `app` (the page's shared parts, see main.js).
 * @param {App} app
 */
export function installState(app) {
  const { page, moveHistory, ai } = app;

  /** The state on screen: an earlier ply while the player looks back, else the live game. */
  function shownState() {
    return moveHistory.shown ?? page.state;
  }

  /** Whether the player may act now: the engine ready and free, the game on, their turn. */
  function canAct() {
    const s = shownState();
    return !!s && page.engineReady && !page.busy && !s.over && !ai.computerToMove(s);
  }

  Object.assign(app, /** @satisfies {import("../types/app").StateRoom} */ ({ shownState, canAct }));
}
