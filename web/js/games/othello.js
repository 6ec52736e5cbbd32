// Othello's view: how its state is drawn and what a click means. No rules: the legal squares,
// the flipped discs and every text come from the facade's state.

import { drawCursor, drawDisc, drawFrame, drawHint, drawMarker, drawValue, squareLabel } from "../board.js";

export const othello = {
  id: "othello",
  title: "Othello",
  sides: { black: "Black", white: "White" },
  firstSide: "black",
  rulesText: "Black moves first. Place a disc so that it flanks a line of the opponent's discs.",
  hasAI: true,
  levels: { 1: "Beginner", 2: "Novice", 3: "Casual", 4: "Club", 5: "Strong", 6: "Expert" },
  // The computer's page budget per move (the level's native seconds x 2), for a clock.
  levelSeconds: { 1: 0.2, 2: 0.2, 3: 0.4, 4: 0.8, 5: 1.6, 6: 2.4 },
  graph: { legend: "(discs, Black's view)", ahead: ["Black ahead", "White ahead"] },
  hasOpening: true,
  showsCounts: true,

  /** The side's mark in the panel and the move list: a disc of its colour. */
  mark(el, side) {
    el.className = `disc ${side}`;
    el.textContent = "";
  },

  /** Per-game view state (Othello has none: a click plays at once). */
  newUI() {
    return {};
  },

  /** What a click on `sq` asks for: {move} when it is a legal square, else null. */
  click(sq, state) {
    const index = state.legal.indexOf(sq);
    return index < 0 ? null : { move: state.legalNames[index] };
  },

  /** The hints as marks on the board: a value on each legal square, the best one ringed. */
  hintMarks(state, ui, hints) {
    return state.legal
      .map((sq, i) => ({ sq, name: state.legalNames[i] }))
      .filter(({ name }) => name in hints.values)
      .map(({ sq, name }) => ({ sq, value: hints.values[name], exact: hints.exact, best: name === hints.best }));
  },

  /** Whether the pointer over `sq` can do something (for the cursor style). */
  active(sq, state) {
    return state.legal.includes(sq);
  },

  /** A move as typed in the move box (its placeholder). */
  moveExample: "f5",

  /** Square `sq` in words, for the keyboard cursor ("d4, black disc"; "c4, empty, legal"). */
  describe(sq, state) {
    const cell = state?.cells[sq];
    const what = cell === "X" ? "black disc" : cell === "O" ? "white disc" : "empty";
    const legal = state?.legal.includes(sq) ? `, ${state.toMove} can play here` : "";
    return `${squareLabel(sq)}, ${what}${legal}`;
  },

  /** Squares the keyboard cursor starts on. */
  cursorStart(state) {
    return state?.legal[0] ?? 27;
  },

  /**
   * Draw a frame. view: {state (or null before the engine), cells, legal (shown or []),
   * hints, hover, cursor, anim: {from: cells, t} | null, ui}.
   */
  draw(ctx, geo, view) {
    drawFrame(ctx, geo);
    const { cells, anim, state } = view;
    if (!cells) return;
    const animating = anim && anim.t < 1;
    const flipped = new Set(animating ? state.changed : []);
    for (let sq = 0; sq < 64; sq++) {
      const now = cells[sq];
      if (animating && sq === state.lastMove) {
        drawDisc(ctx, geo, sq, now, 1, Math.min(1, 0.55 + anim.t * 1.5));
      } else if (flipped.has(sq)) {
        // Turn the disc over: it narrows to its edge, then widens showing the other side.
        drawDisc(ctx, geo, sq, anim.t < 0.5 ? anim.from[sq] : now, Math.abs(Math.cos(Math.PI * anim.t)));
      } else if (now === "X" || now === "O") {
        drawDisc(ctx, geo, sq, now);
      }
    }
    if (animating) return;
    if (state?.lastMove != null) drawMarker(ctx, geo, state.lastMove);
    const valued = new Set((view.hints || []).map((hint) => hint.sq));
    for (const sq of view.legal) {
      if (!valued.has(sq)) drawHint(ctx, geo, sq, state.toMove, sq === view.hover);
    }
    for (const hint of view.hints || []) drawValue(ctx, geo, hint);
    if (view.cursor != null) drawCursor(ctx, geo, view.cursor);
  },
};
