// Othello's view: how its state is drawn and what a click means. No rules: the legal squares,
// the flipped discs and every text come from the facade's state. Its words are English, marked
// N_ and translated where they are shown (tr), or translated here when they are made.

import {
  drawCursor,
  drawDisc,
  drawFrame,
  drawHint,
  drawMarker,
  drawValue,
  squareLabel,
} from "../board.js";
import { N_, tr } from "../i18n.js";

/** @typedef {import("../types/games").OthelloState} OthelloState */
/** @typedef {import("../types/games").ValueMark} ValueMark */

/** @type {import("../types/games").GameView<OthelloState>} */
export const othello = {
  id: "othello",
  /** The game's name in the language in use. */
  get title() {
    return tr("Othello");
  },
  sides: { black: N_("Black"), white: N_("White") },
  firstSide: "black",
  rulesText: "Black moves first. Place a disc so that it flanks a line of the opponent's discs.",
  hasAI: true,
  // The levels by what they do, then the opponents of a chosen average error.
  levels: {
    1: N_("Beginner (random)"),
    2: N_("Novice (1 ahead)"),
    3: N_("Casual (2 ahead)"),
    4: N_("Club (4 ahead)"),
    5: N_("Strong (6 ahead)"),
    6: N_("Expert (deep)"),
    "loss:0.5": N_("Loses ½ disc a move"),
    "loss:1": N_("Loses 1 disc a move"),
    "loss:2": N_("Loses 2 discs a move"),
    "loss:4": N_("Loses 4 discs a move"),
  },
  // The searches shared over the pool of search workers when it has two or more (pool.js;
  // docs/page.md): the hints (a value for every move), and the top level's move on one
  // shared table where the page is cross-origin isolated. Not split at the root where it is
  // not: that gains little (docs/notes/2026-11-27-parallel-search.md).
  pooled: { think: [], shared: ["6"], endgame: ["6"], hints: true },
  // The computer's page budget per move (the level's native seconds x 2), for a clock.
  levelSeconds: {
    1: 0.2,
    2: 0.2,
    3: 0.4,
    4: 0.8,
    5: 1.6,
    6: 2.4,
    "loss:0.5": 1.6,
    "loss:1": 1.6,
    "loss:2": 1.6,
    "loss:4": 1.6,
  },
  graph: { legend: N_("(discs, Black's view)"), ahead: [N_("Black ahead"), N_("White ahead")] },
  hasOpening: true,
  showsCounts: true,
  // Where the discs stand before any game is loaded (shown while the engine starts).
  startCells: `${"-".repeat(27)}OX------XO${"-".repeat(27)}`,

  /** The moves a player may make in `state`, by name (for scripts and tests). */
  legalNames: (state) => [...state.legalNames],
  /** The game's moves as one transcript ("f5d6c3"). */
  transcript: (state) => state.extra.transcript,
  /** Where the piece on `sq` may be dragged: Othello places discs, nothing is dragged. */
  targets: () => [],
  animationMs: 320, // a flip
  exportsGgf: true, // Import / export offers the game as a GGF file
  /** Seconds on each clock of the game `state` (0: no clock). */
  clockSeconds: (state) => state.extra?.clock ?? 0,
  // Storage keys from before there were two games: still read, so old saves open.
  oldSaveKey: "flipside.save.v1",
  oldSettingsKey: "flipside.settings.v1",

  // The New game dialog: who moves first, and the options of the published rules.
  firstLabels: { label: N_("You play"), first: N_("Black (moves first)"), second: N_("White") },
  /** The dialog's `choices` as options for the facade ({options} or {error}). */
  newGameOptions(c) {
    /** @type {import("../types/messages").NewGameOptions} */
    const options = {};
    if (c.handicap !== "0")
      Object.assign(options, { handicap: Number(c.handicap), handicapFor: c["handicap-for"] });
    const minutes = c.clock === "custom" ? Number(c["clock-custom"]) : Number(c.clock);
    if (!(minutes >= 0 && minutes <= 360))
      return { error: tr("The clock takes 0.05 to 360 minutes.") };
    if (minutes) options.clock = Math.max(1, Math.round(minutes * 60));
    if (c["opening-kind"] === "xot") options.opening = "xot";
    else if (c["opening-kind"] === "random") {
      const plies = Number(c["opening-plies"]);
      if (!Number.isInteger(plies) || plies < 1 || plies > 20)
        return { error: tr("A random opening has 1–20 moves.") };
      if (c.handicap !== "0")
        return { error: tr("An opening starts from the standard position: choose no handicap.") };
      options.opening = `random:${plies}`;
    }
    if (options.opening === "xot" && c.handicap !== "0") {
      return { error: tr("An opening starts from the standard position: choose no handicap.") };
    }
    if (c.series !== "none") {
      const target = Number(c["series-target"]);
      const most = c.series === "games" ? 20 : 640;
      if (!Number.isInteger(target) || target < 1 || target > most) {
        return {
          error:
            c.series === "games"
              ? tr("A series is first to 1–{most} games.", { most })
              : tr("A series is first to 1–{most} points.", { most }),
        };
      }
      options.series = { kind: /** @type {"games" | "points"} */ (c.series), target };
    }
    return { options };
  },

  // The board editor: the paint buttons and the side to move.
  editor: { X: N_("Black"), O: N_("White"), turns: [N_("Black"), N_("White")] },
  /** The editor's game-specific fields, from the state shown (Othello has none). */
  editorOpen() {},
  /** The editor's game-specific parameters of `editor_check`. */
  editorParams: () => ({}),

  /** The side's mark in the panel and the move list: a disc of its colour. */
  mark(el, side) {
    el.className = `disc ${side}`;
    el.textContent = "";
  },

  /** Per-game view state (Othello has none: a click plays at once). */
  newSelection() {
    return {};
  },

  /** What a click on `sq` asks for: {move} when it is a legal square, else null. */
  click(sq, state) {
    const index = state.legal.indexOf(sq);
    return index < 0 ? null : { move: state.legalNames[index] };
  },

  /** The hints as marks on the board: a value on each legal square, the best one ringed. */
  hintMarks(state, _selection, hints) {
    return state.legal
      .map((sq, i) => ({ sq, name: state.legalNames[i] }))
      .filter(({ name }) => name in hints.values)
      .map(({ sq, name }) => ({
        sq,
        value: hints.values[name],
        exact: hints.exact,
        best: name === hints.best,
      }));
  },

  /** Whether the pointer over `sq` can do something (for the cursor style). */
  active(sq, state) {
    return state.legal.includes(sq);
  },

  /** A move as typed in the move box (its placeholder). */
  moveExample: "f5",

  /** Square `sq` in words, for the keyboard cursor ("d4, black disc"; "c4, empty, black can
   *  play here"), in the page's language. */
  describe(sq, state) {
    const cell = state?.cells[sq];
    const square = squareLabel(sq);
    if (cell === "X") return tr("{square}, black disc", { square });
    if (cell === "O") return tr("{square}, white disc", { square });
    if (!state?.legal.includes(sq)) return tr("{square}, empty", { square });
    return state.toMove === "black"
      ? tr("{square}, empty, black can play here", { square })
      : tr("{square}, empty, white can play here", { square });
  },

  /** Squares the keyboard cursor starts on. */
  cursorStart(state) {
    return state?.legal[0] ?? 27;
  },

  /**
   * Draw a frame. frame: {state (or null before the engine), cells, legal (shown or []),
   * hints, hover, cursor, anim: {from: cells, t} | null, selection}.
   */
  draw(ctx, geo, frame) {
    drawFrame(ctx, geo);
    const { cells, anim, state } = frame;
    if (!cells) return;
    const animating = state && anim && anim.t < 1; // a move's animation follows its state
    const flipped = new Set(animating ? state.changed : []);
    for (let sq = 0; sq < 64; sq++) {
      const now = cells[sq];
      if (animating && sq === state.lastMove) {
        drawDisc(ctx, geo, sq, now, 1, Math.min(1, 0.55 + anim.t * 1.5));
      } else if (animating && flipped.has(sq)) {
        // Turn the disc over: it narrows to its edge, then widens showing the other side.
        drawDisc(
          ctx,
          geo,
          sq,
          anim.t < 0.5 ? anim.from[sq] : now,
          Math.abs(Math.cos(Math.PI * anim.t)),
        );
      } else if (now === "X" || now === "O") {
        drawDisc(ctx, geo, sq, now);
      }
    }
    if (animating) return;
    if (state?.lastMove != null) drawMarker(ctx, geo, state.lastMove);
    const valued = new Set((frame.hints || []).map((hint) => hint.sq));
    for (const sq of frame.legal) {
      if (!valued.has(sq)) drawHint(ctx, geo, sq, state?.toMove, sq === frame.hover);
    }
    // Othello's marks are all values (hintMarks above).
    for (const hint of frame.hints || []) drawValue(ctx, geo, /** @type {ValueMark} */ (hint));
    if (frame.cursor != null) drawCursor(ctx, geo, frame.cursor);
  },
};
