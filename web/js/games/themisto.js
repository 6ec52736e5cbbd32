// Themisto's view: select a disk, then a destination (click-click, tap-tap or drag); when
// a destination allows the plain slide and the capture, the page asks which. No rules: the
// movable disks, destinations, captures and every text come from the facade's state. Its words
// are English, marked N_ and translated where they are shown (tr), or translated when made.

import {
  centre,
  drawCursor,
  drawDisc,
  drawFrame,
  drawMarker,
  drawValue,
  ring,
  shade,
  squareLabel,
} from "../board.js";
import { N_, ntr, tr } from "../i18n.js";

/** @typedef {import("../types/games").ThemistoState} ThemistoState */
/** @typedef {import("../types/games").ThemistoHints} ThemistoHints */
/** @typedef {import("../types/games").Target} Target */
/** @typedef {import("../types/games").HintMark} HintMark */
/** @typedef {import("../types/games").Geometry} Geometry */
/** @typedef {import("../types/games").Anim} Anim */

const GOLD = "#f2c14e";
const SLIDE = 0.55; // share of the animation spent sliding; the rest turns disks over

/** The facade's targets of the disk on `sq`: [{to, plain, capture, captures}].
 *  @param {ThemistoState | null} state
 *  @param {number | null | undefined} sq
 *  @returns {Target[]} */
export function targetsOf(state, sq) {
  return (sq != null && state?.extra?.targets?.[String(sq)]) || [];
}

/** @type {import("../types/games").GameView<ThemistoState, ThemistoHints>} */
export const themisto = {
  id: "themisto",
  /** The game's name in the language in use. */
  get title() {
    return tr("Themisto");
  },
  sides: { one: N_("Player one"), two: N_("Player two") },
  firstSide: "one",
  // Where the disks stand before any game is loaded (shown while the engine starts).
  startCells: "XOXOXOXOO------XX------OO------XX------OO------XX------OOXOXOXOX",
  /** The moves a player may make in `state`: the squares of the disks that can move. */
  legalNames: (state) => state.legal.map(squareLabel),
  /** The game's moves as one transcript ("b1-b4 g8-g6"). */
  transcript: (state) => state.moves.map((m) => m.text).join(" "),
  /** The words of the capture choice: which disks the capture would turn over. */
  choiceWords(choice) {
    const names = choice.captures.map(squareLabel).join(" ");
    const n = choice.captures.length;
    return {
      question: tr("{from} to {to}: capture?", {
        from: squareLabel(choice.from),
        to: squareLabel(choice.to),
      }),
      capture: ntr("Capture {n} disk ({squares})", "Capture {n} disks ({squares})", n, {
        squares: names,
      }),
      plain: tr("Slide only"),
    };
  },
  /** Where the disk on `sq` may go (a drag ends on one of these). */
  targets: targetsOf,
  animationMs: 520, // a slide, then the disks turning over
  /** Themisto has no clock. */
  clockSeconds: () => 0,

  // The New game dialog: who moves first, and the move limit.
  firstLabels: {
    label: N_("You are"),
    first: N_("Player one (moves first)"),
    second: N_("Player two"),
  },
  /** The dialog's `choices` as options for the facade ({options} or {error}). */
  newGameOptions(c) {
    const limit = c["move-limit"];
    const moves = limit === "custom" ? Number(c["move-limit-custom"]) : limit === "off" ? 0 : 200;
    if (limit === "custom" && !(Number.isInteger(moves) && moves >= 10 && moves <= 1000)) {
      return { error: tr("The move limit is 10 to 1000 moves.") };
    }
    return { options: moves === 200 ? {} : { moveLimit: moves } };
  },

  // The board editor: the paint buttons, the side to move, lost turns and the move limit.
  editor: { X: N_("Black disk"), O: N_("White disk"), turns: [N_("Player one"), N_("Player two")] },
  /** Fill the editor's Themisto fields from the state shown. */
  editorOpen(state, $) {
    $("pending-one").checked = !!state.extra?.pending?.one;
    $("pending-two").checked = !!state.extra?.pending?.two;
    $("editor-limit").value = String(state.extra.moveLimit ?? 0);
  },
  /** The editor's Themisto parameters of `editor_check`: pending lost turns, move limit. */
  editorParams: ($) => ({
    pending: [$("pending-one").checked ? 1 : 0, $("pending-two").checked ? 1 : 0],
    moveLimit: Number($("editor-limit").value) || 0,
  }),
  sideRules: {
    one: N_("exactly five wins · captures 1–3 disks"),
    two: N_("five or more wins · captures any length"),
  },
  hasAI: true,
  levels: { 1: N_("Beginner"), 2: N_("Novice"), 3: N_("Club"), 4: N_("Strong") },
  // The searches shared over the pool of search workers when it has two or more (pool.js;
  // docs/page.md): the top level's move and the hints.
  pooled: { think: ["4"], shared: [], endgame: [], hints: true },
  // The computer's page budget per move (the level's native seconds x 2).
  levelSeconds: { 1: 0.6, 2: 0.6, 3: 1.2, 4: 2.4 },
  graph: {
    legend: N_("(player one's view)"),
    ahead: [N_("Player one ahead"), N_("Player two ahead")],
  },
  hasOpening: false,
  showsCounts: false,

  /** The side's mark in the panel and the move list: a numbered badge. */
  mark(el, side) {
    el.className = `badge ${side}`;
    el.textContent = side === "one" ? "1" : "2";
  },

  /** The hints as marks: with a disk selected, a value on each of its destinations (the
   *  better of slide and capture), the best move's ringed; else the best move's disk ringed. */
  hintMarks(state, selection, hints) {
    if (selection.selected == null)
      return hints.bestFrom == null ? [] : [{ sq: hints.bestFrom, ring: true }];
    /** @type {HintMark[]} */
    const marks = [];
    for (const t of targetsOf(state, selection.selected)) {
      const names = [t.plain, t.capture].filter(
        /** @type {(name: string | null) => name is string} */
        (name) => !!name && name in hints.values,
      );
      if (!names.length) continue;
      const name = names.reduce((a, b) => (hints.values[b] > hints.values[a] ? b : a));
      const exact = hints.exactMoves.includes(name);
      marks.push({
        sq: t.to,
        value: hints.values[name],
        label: hints.labels[name],
        exact,
        best: names.includes(hints.best),
      });
    }
    return marks;
  },

  newSelection() {
    return { selected: null, choice: null };
  },

  /** What a click on `sq` asks for: {move}, {select: sq|null} or {choice: {...}}. */
  click(sq, state, selection) {
    if (selection.choice) return { select: null };
    const target = targetsOf(state, selection.selected).find((t) => t.to === sq);
    if (target) {
      if (target.plain && target.capture)
        // a target is a destination of the selected disk
        return { choice: { from: /** @type {number} */ (selection.selected), ...target } };
      return { move: /** @type {string} */ (target.plain ?? target.capture) }; // one or both
    }
    if (state.legal.includes(sq) && sq !== selection.selected) return { select: sq };
    return { select: null };
  },

  active(sq, state, selection) {
    return (
      state.legal.includes(sq) || targetsOf(state, selection.selected).some((t) => t.to === sq)
    );
  },

  /** A move as typed in the move box (its placeholder). */
  moveExample: "c1-c3x",

  /** Square `sq` in words, for the keyboard cursor: the disk on it, whether it can move or
   *  is selected, and what moving the selected disk there would do (all from the state), in
   *  the page's language. A destination is always empty (a disk slides to empty squares). */
  describe(sq, state, selection) {
    const cell = state?.cells[sq];
    const square = squareLabel(sq);
    const disk = cell === "X" || cell === "O";
    if (disk) {
      const black = cell === "X";
      if (selection?.selected === sq) {
        return black
          ? tr("{square}, black disk, selected", { square })
          : tr("{square}, white disk, selected", { square });
      }
      if (state?.legal.includes(sq)) {
        return black
          ? tr("{square}, black disk, can move", { square })
          : tr("{square}, white disk, can move", { square });
      }
      return black
        ? tr("{square}, black disk", { square })
        : tr("{square}, white disk", { square });
    }
    const target = targetsOf(state, selection?.selected).find((t) => t.to === sq);
    if (!target) return tr("{square}, empty", { square });
    const words = {
      square,
      from: squareLabel(/** @type {number} */ (selection.selected)), // a target's disk
      captures: target.captures?.map(squareLabel).join(" "),
    };
    if (target.plain && target.capture) {
      return tr(
        "{square}, empty, {from} can slide here, {from} can slide here and capture {captures}",
        words,
      );
    }
    return target.capture
      ? tr("{square}, empty, {from} can slide here and capture {captures}", words)
      : tr("{square}, empty, {from} can slide here", words);
  },

  cursorStart(state, selection) {
    return selection.selected ?? state?.legal[0] ?? 0;
  },

  draw(ctx, geo, frame) {
    drawFrame(ctx, geo);
    const { cells, anim, state, selection } = frame;
    if (!cells) return;
    if (anim && anim.t < 1 && state?.lastFrom != null) {
      drawSlide(ctx, geo, cells, anim, state);
      return;
    }
    const row = new Set(state?.extra?.row ?? []);
    for (const sq of row) shade(ctx, geo, sq, "rgba(242, 193, 78, 0.55)");
    if (selection?.choice)
      for (const sq of selection.choice.captures) shade(ctx, geo, sq, "rgba(228, 87, 46, 0.55)");
    if (state?.lastFrom != null) shade(ctx, geo, state.lastFrom, "rgba(255, 255, 255, 0.12)");
    for (let sq = 0; sq < 64; sq++) {
      if (cells[sq] === "X" || cells[sq] === "O") drawDisc(ctx, geo, sq, cells[sq]);
    }
    for (const sq of row) ring(ctx, geo, sq, GOLD, 0.07);
    if (state?.lastMove != null && !row.size) drawMarker(ctx, geo, state.lastMove);
    const hints = frame.hints ?? [];
    if (frame.legal.length && selection) {
      const valued = new Set(hints.filter((h) => !h.ring).map((h) => h.sq));
      if (selection.selected != null) {
        ring(ctx, geo, selection.selected, GOLD, 0.07);
        for (const t of targetsOf(state, selection.selected)) {
          if (!valued.has(t.to)) drawTarget(ctx, geo, t, frame.hover === t.to);
        }
      } else if (frame.hover != null && frame.legal.includes(frame.hover)) {
        ring(ctx, geo, frame.hover, "rgba(242, 193, 78, 0.7)", 0.05);
      }
    }
    for (const hint of hints) {
      if (hint.ring) ring(ctx, geo, hint.sq, "rgba(255, 255, 255, 0.95)", 0.06, 0.47);
      else drawValue(ctx, geo, hint);
    }
    if (frame.cursor != null) drawCursor(ctx, geo, frame.cursor);
  },
};

/** A destination: a dot, with an outer ring when a capture is possible there.
 *  @param {CanvasRenderingContext2D} ctx
 *  @param {Geometry} geo
 *  @param {Target} target
 *  @param {boolean} hovered */
function drawTarget(ctx, geo, target, hovered) {
  const [x, y] = centre(geo, target.to);
  ctx.fillStyle = "rgba(242, 193, 78, 0.85)";
  ctx.beginPath();
  ctx.arc(x, y, geo.cell * (hovered ? 0.19 : 0.13), 0, 2 * Math.PI);
  ctx.fill();
  if (target.capture) ring(ctx, geo, target.to, "rgba(228, 87, 46, 0.9)", 0.05, 0.3);
}

/** The last move animated: the disk slides from lastFrom to lastMove, then it and the
 *  captured disks turn over (a slide has both squares).
 *  @param {CanvasRenderingContext2D} ctx
 *  @param {Geometry} geo
 *  @param {string} cells
 *  @param {Anim} anim
 *  @param {ThemistoState} state */
function drawSlide(ctx, geo, cells, anim, state) {
  const from = /** @type {number} */ (state.lastFrom);
  const to = /** @type {number} */ (state.lastMove);
  const turning = new Set(state.changed);
  if (anim.t < SLIDE) {
    for (let sq = 0; sq < 64; sq++) {
      const c = anim.from[sq];
      if (sq !== from && (c === "X" || c === "O")) drawDisc(ctx, geo, sq, c);
    }
    const k = anim.t / SLIDE;
    const ease = k * k * (3 - 2 * k);
    const [x0, y0] = centre(geo, from);
    const [x1, y1] = centre(geo, to);
    drawDisc(ctx, geo, to, anim.from[from], 1, 1, [x0 + (x1 - x0) * ease, y0 + (y1 - y0) * ease]);
    return;
  }
  const k = (anim.t - SLIDE) / (1 - SLIDE);
  for (let sq = 0; sq < 64; sq++) {
    const now = cells[sq];
    if (turning.has(sq)) {
      const before = sq === to ? anim.from[from] : anim.from[sq];
      drawDisc(ctx, geo, sq, k < 0.5 ? before : now, Math.abs(Math.cos(Math.PI * k)));
    } else if (now === "X" || now === "O") {
      drawDisc(ctx, geo, sq, now);
    }
  }
}
