// The move list and the history bar under the board (views only).

import { tr } from "../i18n.js";

/** @typedef {import("../types/app").App} App */
/** @typedef {import("../types/state").State} State */
/** @typedef {import("../types/state").MoveEntry} MoveEntry */
/** @typedef {import("../types/state").ReviewRow} ReviewRow */

/**
 * Adds this room's functions to `app` (the page's shared parts, see main.js).
 * @param {App} app
 */
export function installMoves(app) {
  const { page, moveHistory, ai, $ } = app;

  /** What each item of the move list shows (its words included): an item whose text is
   *  unchanged is kept. Rebuilding the whole list after every move left thousands of nodes a
   *  game for Firefox's collector (some 3 MB a game of Othello). */
  const itemTexts = new WeakMap();
  /** A scroll of the list is asked for the next frame (scrollMoveList). */
  let scrollQueued = false;

  /**
   * The move list: one button per move (it shows the position after that move).
   * @param {State} live
   * @param {number} ply the ply on screen
   */
  function renderMoveList(live, ply) {
    const list = $("moves");
    live.moves.forEach((move, i) => {
      const judged = app.reviewRow(i);
      const text = JSON.stringify([
        page.gameView.id,
        move.by,
        move.text,
        move.note ?? null,
        tr("Move {n}, {side}:", { n: i + 1, side: app.sideName(move.by) }),
        judged?.mark
          ? [judged.mark, app.reviewSymbols[judged.mark], app.reviewMarkName(judged.mark)]
          : null,
        i === live.moves.length - 1,
        i + 1 === ply,
      ]);
      const old = list.children[i];
      if (old && itemTexts.get(old) === text) return;
      const item = moveItem(live, ply, move, i, judged);
      itemTexts.set(item, text);
      if (old) old.replaceWith(item);
      else list.append(item);
    });
    while (list.children.length > live.moves.length) list.lastElementChild?.remove();
    if (scrollQueued) return;
    scrollQueued = true;
    requestAnimationFrame(() => {
      scrollQueued = false;
      scrollMoveList();
    });
  }

  /** Scroll the move list to the move on screen (live: to its end). Done in the next frame,
   *  after the panel's other writes: reading the list's size while they were still coming
   *  laid the page out twice a move (once here, once for the frame). */
  function scrollMoveList() {
    const list = $("moves");
    const current = /** @type {HTMLElement | null} */ (list.querySelector(".current"));
    if (current && moveHistory.viewing) {
      list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 2;
    } else {
      list.scrollTop = list.scrollHeight;
    }
  }

  /**
   * The move list's item of move `i` of `live` (`judged`: its review row, if any).
   * @param {State} live
   * @param {number} ply
   * @param {MoveEntry} move
   * @param {number} i
   * @param {ReviewRow | null} judged
   */
  function moveItem(live, ply, move, i, judged) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.dataset.ply = String(i + 1);
    const mark = document.createElement("span");
    page.gameView.mark(mark, move.by);
    mark.setAttribute("aria-hidden", "true");
    // Its name is what it shows plus, for a screen reader, the move number, side and note.
    const said = (/** @type {string} */ text) =>
      Object.assign(document.createElement("span"), {
        className: "visually-hidden",
        textContent: text,
      });
    button.append(
      mark,
      said(`${tr("Move {n}, {side}:", { n: i + 1, side: app.sideName(move.by) })} `),
      move.text,
    );
    if (judged?.mark) {
      const symbol = Object.assign(document.createElement("span"), {
        className: `review-mark ${judged.mark}`,
        textContent: app.reviewSymbols[judged.mark],
        title: app.reviewMarkName(judged.mark),
      });
      symbol.setAttribute("aria-hidden", "true");
      button.append(symbol, said(`, ${app.reviewMarkName(judged.mark)}`));
    }
    if (move.note) button.append(said(`, ${move.note}`));
    item.append(button);
    if (move.note) {
      const note = document.createElement("span");
      note.className = "note";
      note.textContent = move.note;
      note.setAttribute("aria-hidden", "true");
      item.append(note);
    }
    if (move.text === "pass") item.classList.add("pass");
    if (i === live.moves.length - 1) item.classList.add("last");
    if (i + 1 === ply) {
      item.classList.add("current");
      button.setAttribute("aria-current", "step");
    }
    return item;
  }

  /**
   * The history controls and the "not live" banner under the board.
   * @param {State} live
   */
  function renderHistory(live) {
    const ply = moveHistory.plyOf(live);
    const plies = live.moves.length;
    $("history-start").disabled = ply === 0;
    $("history-back").disabled = ply === 0;
    $("history-forward").disabled = ply >= plies;
    $("history-end").disabled = ply >= plies;
    const marker = $("live-marker");
    marker.textContent = moveHistory.viewing
      ? tr("Move {n} of {total}", { n: ply, total: plies })
      : tr("Live");
    marker.classList.toggle("behind", moveHistory.viewing);
    $("history-banner").hidden = !moveHistory.viewing;
    $("history-banner-text").textContent = !moveHistory.viewing
      ? ""
      : ply
        ? tr("Viewing move {n} of {total}: not the live position.", { n: ply, total: plies })
        : tr("Viewing the start of {total}: not the live position.", { total: plies });
  }

  /** Where the graph marks the position on screen (its number of placed moves), or null. */
  function graphMarker() {
    if (!moveHistory.shown || !page.state) return null;
    const prefixes = page.state.prefixes.slice(0, moveHistory.shown.ply);
    return ai.prefixes(/** @type {State} */ ({ prefixes })).length; // it reads only these
  }

  Object.assign(
    app,
    /** @satisfies {import("../types/app").MovesRoom} */ ({
      renderMoveList,
      renderHistory,
      graphMarker,
    }),
  );
}
