// What every game's view module (web/js/games/<game>.js) provides, and what the page hands
// it: the board's geometry, a frame to draw, the hints' marks, a click's meaning. The page's
// rooms use only this interface, so no module outside js/games/ names a game
// (docs/page.md, "Rooms and the game registry"; docs/architecture.md, "One page, N games").

import type { ElementGetter } from "./app";
import type { NewGameOptions, Params } from "./messages";
import type {
  HintsAnswer,
  OthelloState,
  Square,
  State,
  ThemistoState,
  ThemistoTarget,
} from "./state";

export type { HintsAnswer, OthelloState, Square, State, ThemistoState };

/** Themisto's hints: a label per move, the proven moves and the best move's origin. */
export type ThemistoHints = HintsAnswer & {
  labels: Record<string, string>;
  exactMoves: string[];
  bestFrom: Square | null;
};

/** The board in a square canvas, in CSS pixels (board.js's `layout`). */
export interface Geometry {
  /** The canvas' side. */
  size: number;
  /** The frame around the squares, where the coordinates are written. */
  margin: number;
  /** A square's side. */
  cell: number;
}

/** A point in CSS pixels from the canvas' top-left. */
export type Point = [x: number, y: number];

/** A move's animation in progress (anim.js): the cells before the move, `t` from 0 to 1. */
export interface Anim {
  from: string;
  t: number;
}

/** A hint's value on its square: a pill, gold when `exact`, ringed when `best`; `label`
 *  (Themisto's "W3") is written instead of the rounded value when given. */
export interface ValueMark {
  sq: Square;
  value: number;
  label?: string;
  exact: boolean;
  best: boolean;
  ring?: undefined;
}

/** The best move's disk ringed (Themisto with no disk selected). */
export interface RingMark {
  sq: Square;
  ring: true;
}

/** The hints as the view's marks on the board (`hintMarks`). */
export type HintMark = ValueMark | RingMark;

/** Where a piece may go (Themisto's `extra.targets`): the move's name for the plain slide
 *  and for the capture (null when that one is not a move), the disks the capture turns. */
export type Target = ThemistoTarget;

/** A destination that allows both the plain slide and the capture: the page asks which. */
export interface Choice extends Target {
  from: Square;
}

/** The view's own state between clicks (`newSelection`): Othello has none; Themisto's
 *  selected disk and the pending capture choice. The page reads and sets these two. */
export interface Selection {
  selected?: Square | null;
  choice?: Choice | null;
}

/** What a click means (`click`): a move to play (its name), a disk selected (or none), or a
 *  choice to ask; null: nothing. */
export type Action = { move: string } | { select: Square | null } | { choice: Choice } | null;

/** What the page hands `draw` for one frame. */
export interface Frame<S extends State = State> {
  /** The state on screen, or null before the engine has answered. */
  state: S | null;
  /** The 64 cells drawn (X, O, -). */
  cells: string;
  /** The squares that can be clicked now ([] while the player cannot act). */
  legal: Square[];
  /** The hints' marks, or null. */
  hints: HintMark[] | null;
  hover: Square | null;
  /** The keyboard cursor. */
  cursor: Square | null;
  anim: Anim | null;
  selection: Selection;
}

/** A text in English marked with N_, translated (tr) where it is shown. */
export type Message = string;

/** The New game dialog's choices (dialog.js): each field's value by its id, and `game`. */
export type Choices = Record<string, string>;

/** What the dialog's choices make: the options of the facade's `new`, or an error text. */
export type NewGameAnswer =
  | { options: NewGameOptions; error?: undefined }
  | { error: string; options?: undefined };

/** A game's own parameters of the editor's `editor_check` (Themisto's lost turns, limit). */
export type EditorParams = Omit<Params<"editor_check">, "game" | "cells" | "toMove">;

/** The searches a game shares over the pool of search workers (pool.js). */
export interface Pooled {
  /** The levels whose move is split over the pool (the root split). */
  think: string[];
  /** The levels whose move the pool searches on one shared table where the page is
   *  cross-origin isolated (pool.js, `share`); split as `think` where it is not, if listed
   *  there, else searched by one worker. */
  shared: string[];
  /** The levels whose move in the endgame's phases (the exact solve, the win/draw/loss
   *  searches) is split over the pool, the middle game's left to `shared` or one worker. */
  endgame: string[];
  hints: boolean;
}

/** A game's view: its names, its dialogs' fields, how it is drawn and what a click means.
 *  `S` and `H` are its own game's state and hints: the registry (games/index.js) hands a view
 *  only the states of its game (`GAMES[state.game]`), so a module is checked against
 *  `GameView<OthelloState>` and the page sees every game as a `GameView`. */
export interface GameView<S extends State = State, H extends HintsAnswer = HintsAnswer> {
  /** The game's id, the records' and the registry's (games/index.js). */
  id: string;
  /** The game's name in the language in use (a getter: its English name through tr). */
  readonly title: string;
  /** Each side's name, by the side's id, in the order of play. */
  sides: Record<string, Message>;
  firstSide: string;
  /** Each side's own rule, under its name in the panel (Themisto). */
  sideRules?: Record<string, Message>;
  rulesText?: string;
  /** Where the pieces stand before any game is loaded (shown while the engine starts). */
  startCells: string;
  /** Whether the game has a computer player (then `levels` and the rest below). */
  hasAI: boolean;
  /** The computer's levels: {level: name}. */
  levels: Record<string, Message>;
  pooled: Pooled;
  /** The computer's page budget per move, in seconds, by level (for a clock). */
  levelSeconds: Record<string, number>;
  /** The evaluation graph's legend and its two directions. */
  graph: { legend: Message; ahead: [Message, Message] };
  hasOpening: boolean;
  /** Whether the panel shows each side's count of discs. */
  showsCounts: boolean;
  /** A move's animation, in ms. */
  animationMs: number;
  /** Whether Import / export offers the game as a GGF file. */
  exportsGgf?: boolean;
  /** Storage keys from before there were two games, still read. */
  oldSaveKey?: string;
  oldSettingsKey?: string;
  /** A move as typed in the move box (its placeholder). */
  moveExample: string;

  /** The moves a player may make in `state`, by name. */
  legalNames(state: S): string[];
  /** The game's moves as one transcript. */
  transcript(state: S): string;
  /** Where the piece on `sq` may be dragged ([] when nothing is). */
  targets(state: S | null, sq: Square | null | undefined): Target[];
  /** Seconds on each clock of the game `state` (0: no clock). */
  clockSeconds(state: S): number;
  /** The words of a capture choice (only a game whose click can ask one). */
  choiceWords?(choice: Choice): { question: string; capture: string; plain: string };

  /** The New game dialog: the label of who moves first, and its two choices. */
  firstLabels: { label: Message; first: Message; second: Message };
  newGameOptions(choices: Choices): NewGameAnswer;

  /** The board editor: the paint buttons' names and the sides to move. */
  editor: { X: Message; O: Message; turns: [Message, Message] };
  /** Fill the editor's own fields of the game from the state shown. */
  editorOpen(state: S, $: ElementGetter): void;
  /** The editor's own parameters of the game for `editor_check`. */
  editorParams($: ElementGetter): EditorParams;

  /** The side's mark in the panel and the move list. */
  mark(el: HTMLElement, side: string): void;
  /** A new view state (after a move, or another game). */
  newSelection(): Selection;
  click(sq: Square, state: S, selection: Selection): Action;
  /** Whether the pointer over `sq` can do something (the cursor style). */
  active(sq: Square, state: S, selection: Selection): boolean;
  /** The hints as marks on the board. */
  hintMarks(state: S, selection: Selection, hints: H): HintMark[];
  /** Square `sq` in words, for the keyboard cursor, in the page's language. */
  describe(sq: Square, state: S | null, selection: Selection): string;
  /** The square the keyboard cursor starts on. */
  cursorStart(state: S | null, selection: Selection): Square;
  /** Draw a frame with board.js's primitives. */
  draw(ctx: CanvasRenderingContext2D, geo: Geometry, frame: Frame<S>): void;
}
