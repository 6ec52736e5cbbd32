// The game flow: the one owner of the game on screen. It asks the engine to play, undo,
// redo and flag, shows each answer (`show`) and keeps the computer's settings.

import { engine } from "../rules-engine.js";
import { afterMove, announce } from "../announce.js";
import { animateMove } from "../anim.js";
import { squareLabel } from "../board.js";
import { GAMES } from "../games/index.js";
import { levelValue } from "../levels.js";
import { writeLink } from "../link.js";
import { loadSettings, saveSettings, saveState, saveWorkers } from "../store.js";
import { ntr, tr } from "../i18n.js";
import { capitalize, errorText } from "./text.js";

/** @typedef {import("../types/app").App} App */
/** @typedef {import("../types/app").GameId} GameId */
/** @typedef {import("../types/app").Side} Side */
/** @typedef {import("../types/app").ShowOptions} ShowOptions */
/** @typedef {import("../types/state").State} State */
/** @typedef {import("../types/state").OpenedState} OpenedState */

/**
 * Adds this room's functions to `app` (the page's shared parts, see main.js).
 * @param {App} app
 */
export function installFlow(app) {
  const { page, moveHistory, clocks, ai, canvas, $ } = app;

  /**
   * The AI settings saved for `game` (checked against its sides and levels).
   * @param {GameId} game
   */
  function settingsOf(game) {
    const view = GAMES[game];
    return loadSettings(game, Object.keys(view.sides), Object.keys(view.levels));
  }

  function changeSettings() {
    const computer = $("computer").value === "off" ? null : $("computer").value;
    const settings = {
      ...ai.settings,
      computer,
      level: levelValue($("level").value),
      level2: levelValue($("level2").value),
      hints: $("hints").checked,
    };
    saveSettings(page.gameView.id, settings);
    ai.configure(settings);
    app.renderPanel();
    app.renderAI();
  }

  /** The pool of search workers' size, from its menu (kept for every game). */
  function changeWorkers() {
    const chosen = $("workers").value;
    const setting = chosen === "auto" ? "auto" : Number(chosen);
    saveWorkers(setting);
    ai.pool.choose(setting);
    app.renderAI();
  }

  /**
   * The computer's answer for `record`: played if the game is still there.
   * @param {string} record
   * @param {string} move
   */
  function computerPlays(record, move) {
    if (page.state?.record !== record) return;
    request("play", { record, move }, { animate: !moveHistory.viewing, keepView: true });
  }

  /** Seconds the computer may think when a clock runs (else null: the level's budget). */
  function computerBudget() {
    const s = page.state;
    if (!clocks.active || !s?.toMove) return null;
    const empties = [...s.cells].filter((c) => c === "-").length;
    return clocks.budget(s.toMove, empties, page.gameView.levelSeconds[ai.settings.level] ?? 2.4);
  }

  /**
   * Show a new state; animate when it follows a move. `clickedAt` times click-to-drawn.
   * @param {OpenedState} state (a link's: the ply to show, a friend's side)
   * @param {ShowOptions} [options]
   */
  function show(
    state,
    {
      animate = false,
      clickedAt = null,
      continued = false,
      settings = null,
      keepView = false,
      keepRedo = false,
      libraryId = null,
      source = null,
    } = {},
  ) {
    const before = app.shownState()?.cells;
    if (!keepRedo) moveHistory.clearRedo();
    if (!keepView) moveHistory.reset();
    settings = app.followFriend(state, continued) ?? settings; // a friend's link: the computer off
    if (settings) ai.use(settings, state.game);
    else if (state.game !== page.settingsGame) ai.use(settingsOf(state.game), state.game);
    page.settingsGame = state.game;
    page.gameView = GAMES[state.game];
    for (const game of Object.keys(GAMES))
      $(`switch-${game}`).setAttribute("aria-pressed", String(game === state.game));
    page.state = state;
    page.shows++;
    page.selection = page.gameView.newSelection();
    page.cancelAnim();
    saveState(state);
    app.keepGame(state, { continued, libraryId, source });
    writeLink((app.shownState() ?? state).link);
    clocks.update(state, continued, GAMES[state.game].clockSeconds(state));
    app.renderPanel();
    if (animate) {
      page.cancelAnim = animateMove(before, state, page.gameView.animationMs, (anim) => {
        page.anim = anim;
        app.draw();
      });
    } else {
      page.anim = null;
      page.cancelAnim = () => {};
      app.draw();
    }
    if (clickedAt != null) page.timings.lastMove = performance.now() - clickedAt;
    ai.showing(moveHistory.shown);
    ai.update(state);
    app.renderAI();
    if (moveHistory.shown)
      app.stepTo(moveHistory.shown.ply); // the live game grew: the same ply, new tail
    else if (state.ply != null && state.ply < state.moves.length) app.stepTo(state.ply); // a link's ply
  }

  /**
   * Ask the engine (`calls`) with the page busy, so that nothing else asks meanwhile: the
   * answer, or null after `failed(err)` (by default the error as a notice).
   * @template T
   * @param {() => Promise<T>} calls
   * @param {(err: unknown) => void} [failed]
   * @returns {Promise<T | null>}
   */
  async function ask(calls, failed = (err) => app.notice(`${capitalize(errorText(err))}.`)) {
    page.busy = true;
    try {
      return await calls();
    } catch (err) {
      page.busy = false;
      failed(err);
      return null;
    } finally {
      page.busy = false;
    }
  }

  /**
   * A failed play or undo: the game goes on from the state still shown.
   * @param {unknown} err
   */
  function goOn(err) {
    app.notice(`${capitalize(errorText(err))}.`);
    app.draw();
    if (page.state) ai.update(page.state);
  }

  /**
   * Ask the engine for the game's next state (`play`, `flag`) and show it.
   * @template {"play" | "flag"} M
   * @param {M} method
   * @param {import("../types/messages").Params<M>} params
   * @param {ShowOptions} [options]
   */
  async function request(method, params, options = {}) {
    if (!page.engineReady || page.busy) return;
    const base = page.state;
    const state = await ask(() => engine.call(method, params), goOn);
    if (state) {
      if (page.state !== base) return; // another game was opened meanwhile (a link): it wins
      app.notice("");
      show(state, { continued: true, ...options });
      if (method === "play") announce(afterMove(state));
      else if (method === "flag") announce(`${state.status}.`);
      app.soundAfter(state, method);
    }
    playQueued();
  }

  /** A square clicked while an answer was pending is played now (or told why not). */
  function playQueued() {
    const queued = page.queued;
    page.queued = null;
    if (!queued) return;
    if (app.shownState()?.over || ai.computerToMove(app.shownState())) {
      app.notice(
        tr("Your click on {square} came while the board was changing: it was not played.", {
          square: squareLabel(queued.square),
        }),
      );
      return;
    }
    pressSquare(queued.square, queued.clickedAt);
  }

  /**
   * A click, tap, drag end or Enter on `sq`: what it means is the game view's business.
   * @param {number} sq
   * @param {number} clickedAt
   */
  function pressSquare(sq, clickedAt) {
    const s = app.shownState();
    if (!s || !page.engineReady || s.over || ai.computerToMove(s)) return;
    if (page.busy) {
      page.queued = { square: sq, clickedAt }; // answered in turn, never dropped silently
      return;
    }
    const action = page.gameView.click(sq, s, page.selection);
    if (!action) return;
    if ("move" in action) {
      page.selection = page.gameView.newSelection();
      playMove(action.move, clickedAt);
    } else if ("choice" in action) {
      page.selection.choice = action.choice;
      app.renderChoice();
      app.draw();
      $("choose-capture").focus();
    } else if ("select" in action) {
      page.selection.selected = action.select;
      page.selection.choice = null;
      app.renderChoice();
      app.draw();
    }
  }

  /** @param {boolean} capture the capture, else the plain slide */
  function choose(capture) {
    const choice = page.selection.choice;
    if (!choice || !page.state) return;
    page.selection = page.gameView.newSelection();
    app.renderChoice();
    playMove(/** @type {string} */ (capture ? choice.capture : choice.plain)); // both are moves
    canvas.focus();
  }

  function cancelSelection() {
    if (page.selection.selected == null && !page.selection.choice) return;
    page.selection = page.gameView.newSelection();
    app.renderChoice();
    app.draw();
  }

  /**
   * A clock reached zero: the facade ends the game (the side to move loses).
   * @param {Side} side
   */
  async function timeRanOut(side) {
    const s = page.state;
    if (!s || s.over || s.toMove !== side) return;
    const wait = () => new Promise((resolve) => setTimeout(resolve, 20));
    while (page.busy) await wait();
    if (page.state !== s) return;
    await request("flag", { record: s.record, side });
  }

  /** Take back the last move; against the computer, back to your own last turn. */
  async function undo() {
    if (!page.state || !page.engineReady || page.busy) return;
    const base = page.state;
    const state = await ask(async () => {
      let taken = await engine.call("undo", { record: base.record });
      // Against the computer, go back to your own turn, past its moves and any forced passes.
      while (ai.computerToMove(taken) && taken.canUndo) {
        taken = await engine.call("undo", { record: taken.record });
      }
      return taken;
    }, goOn);
    if (!state || page.state !== base) return; // another game was opened meanwhile: it wins
    app.notice("");
    moveHistory.pushRedo(base.record);
    show(state, { continued: true, keepRedo: true });
    announce(tr("Took back. {status}.", { status: state.status }));
  }

  /** Play `move` (a name the facade listed, or typed text) in the position on screen. Played
   *  in an earlier position, it starts a new line there: after a confirmation when it drops
   *  later moves, and as a plain step forward when it is the move the game went on with.
   *  @param {string} move
   *  @param {number} [clickedAt] */
  async function playMove(move, clickedAt = performance.now()) {
    const live = page.state;
    const shown = app.shownState();
    if (!shown || !page.engineReady) return;
    if (moveHistory.shown && live) {
      const ply = moveHistory.shown.ply;
      if (live.moves[ply]?.text === move) return app.stepTo(ply + 1);
      const dropped = live.moves.length - ply;
      const ok = await confirmDrop(dropped);
      if (!ok || page.state !== live || app.shownState() !== shown) return;
    }
    await request("play", { record: shown.record, move }, { animate: true, clickedAt });
  }

  /**
   * Ask before a move in an earlier position drops the game's later moves.
   * @param {number} dropped
   * @returns {Promise<boolean>}
   */
  function confirmDrop(dropped) {
    const dialog = $("confirm-dialog");
    $("confirm-text").textContent = ntr(
      "Playing here starts a new line from this position: the {n} later move of the game will be dropped (Undo takes the new move back, Redo is not possible).",
      "Playing here starts a new line from this position: the {n} later moves of the game will be dropped (Undo takes the new move back, Redo is not possible).",
      dropped,
    );
    dialog.returnValue = "";
    dialog.showModal();
    $("confirm-ok").focus();
    return new Promise((resolve) => {
      dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), { once: true });
    });
  }

  /** Bring back what Undo took back. */
  async function redo() {
    const record = moveHistory.redoStack.at(-1);
    if (!record || !page.engineReady || page.busy) return;
    const state = await ask(() => engine.call("state", { record }));
    if (!state) return;
    moveHistory.popRedo();
    app.notice("");
    show(state, { continued: true, keepRedo: true });
    announce(tr("Redone. {said}", { said: afterMove(state) }));
  }

  Object.assign(
    app,
    /** @satisfies {import("../types/app").FlowRoom} */ ({
      ask,
      settingsOf,
      changeSettings,
      changeWorkers,
      computerPlays,
      computerBudget,
      show,
      request,
      playQueued,
      pressSquare,
      choose,
      cancelSelection,
      timeRanOut,
      undo,
      playMove,
      confirmDrop,
      redo,
    }),
  );
}
