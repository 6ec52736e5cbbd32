// The page's shared parts, `app` (main.js): what main.js creates (the game on screen, the
// history, the clocks, the computer player, the canvas, `$`) and every function each room of
// js/page/ adds to it (`install<Room>(app)`, docs/page.md). Each room ends with
// `Object.assign(app, /** @satisfies {XRoom} */ ({...}))`, so its functions are checked
// against the interface here, and every room reads the others' through `App`.

import type { ComputerPlayer } from "../ai.js";
import type { Clocks } from "../clock.js";
import type { pageErrors } from "../errors.js";
import type { GAMES } from "../games/index.js";
import type { MoveHistory } from "../history.js";
import type { Elements } from "./elements";
import type { Anim, GameView, HintMark, Selection, Square } from "./games";
import type { KeptReview, PuzzleAttempt } from "./library";
import type { Params } from "./messages";
import type {
  GameId,
  Level,
  Mark,
  OpenedState,
  Opening as FoundOpening,
  ReviewRow,
  Side,
  State,
} from "./state";

export type { Elements, GameId, Level, Side, State };

/** The element of index.html with id `K` (an HTMLElement when the id is not a known one). */
export type ElementOf<K extends string> = K extends keyof Elements ? Elements[K] : HTMLElement;

/** The page's element by id; a missing one is an error (the page assumes index.html's). */
export type ElementGetter = <K extends string>(id: K) => ElementOf<K>;

/** The computer's settings for one game (store.js keeps them per game). */
export interface Settings {
  /** The side the computer plays, "both" (watching) or null (two players). */
  computer: Side | null;
  level: Level;
  /** Watching: the second side's level. */
  level2?: Level;
  hints: boolean;
  /** In a series, the player ("A" / "B") the person is. */
  you?: "A" | "B";
}

/** A notice's button. */
export interface NoticeAction {
  label: string;
  run: () => void;
}

/** What tests read of a room (window.flipside.snapshot()): plain data. */
export type Snapshot = Record<string, unknown>;

/** The game on screen and what the player is doing with it. */
export interface Page {
  /** The last state the engine returned (the live game), null before the first. */
  state: State | null;
  /** The game's view module (js/games/). */
  gameView: GameView;
  /** The view's own state (Themisto: the selected disk, the capture choice). */
  selection: Selection;
  /** The game whose computer settings `ai` holds. */
  settingsGame: GameId;
  engineReady: boolean;
  /** An engine call of the flow is pending: nothing else is asked meanwhile. */
  busy: boolean;
  /** A square clicked while an answer was pending: played after it. */
  queued: { square: Square; clickedAt: number } | null;
  hover: Square | null;
  /** The keyboard cursor. */
  cursor: Square | null;
  /** The square a pointer went down on. */
  drag: Square | null;
  anim: Anim | null;
  cancelAnim: () => void;
  /** How many states the page has shown (tests wait for a new one). */
  shows: number;
  /** Milliseconds since the page's start (and the last click-to-drawn). */
  timings: { boardDrawn: number | null; engineReady: number | null; lastMove: number | null };
}

/** What main.js creates. */
export interface AppBase {
  $: ElementGetter;
  /** The game views, for the modules loaded later (js/library.js). */
  games: typeof GAMES;
  canvas: HTMLCanvasElement;
  pageErrors: typeof pageErrors;
  page: Page;
  /** Resolved once the engine has shown the first game. */
  ready: Promise<void>;
  markReady: () => void;
  moveHistory: MoveHistory;
  clocks: Clocks;
  ai: ComputerPlayer;
}

/** page/state.js */
export interface StateRoom {
  /** The state on screen: an earlier ply while the player looks back, else the live game. */
  shownState(): State | null;
  /** The engine ready and free, the game on, the player's turn. */
  canAct(): boolean;
}

/** page/board-view.js */
export interface BoardViewRoom {
  draw(): void;
  /** The hints of the position on screen as the view's marks, or null. */
  hintSquares(): HintMark[] | null;
  /** The square under a pointer, or null. */
  pointerSquare(event: { clientX: number; clientY: number }): Square | null;
  /** The squares' rectangle in the viewport, in CSS pixels. */
  boardRect(): { x: number; y: number; width: number; height: number };
}

/** page/panel.js */
export interface PanelRoom {
  fillMenus(): void;
  /** A side's name in the page's language. */
  sideName(side: Side | null | undefined): string;
  renderAI(): void;
  roleOf(side: Side): "" | "computer" | "you";
  renderPlayers(): void;
  renderClocks(): void;
  renderSeries(): void;
  seriesPlayerName(player: string): string;
  renderPanel(): void;
  canTakeBack(state: State): boolean;
  /** Show `text` (empty hides the notice), with a button; `keep`: until its close button. */
  notice(text: string, action?: NoticeAction | null, options?: { keep?: boolean }): void;
  dismissNotice(): void;
  showRules(): void;
  renderChoice(): void;
}

/** page/moves.js */
export interface MovesRoom {
  renderMoveList(live: State, ply: number): void;
  renderHistory(live: State): void;
  /** Where the graph marks the position on screen (placed moves), or null. */
  graphMarker(): number | null;
}

/** What `show` is told of a state. */
export interface ShowOptions {
  animate?: boolean;
  /** When the click was (performance.now()), to time click-to-drawn. */
  clickedAt?: number | null;
  /** A move, an undo or a redo of the game on screen. */
  continued?: boolean;
  /** The computer's settings to show it with (null: the game's own). */
  settings?: Settings | null;
  keepView?: boolean;
  keepRedo?: boolean;
  /** Opened from the library: its id there. */
  libraryId?: string | null;
  /** How a new game came: "new", "link". */
  source?: string | null;
}

/** page/flow.js */
export interface FlowRoom {
  /** Run `calls` with the page busy: its answer, or null after `failed(err)`. */
  ask<T>(calls: () => Promise<T>, failed?: (err: unknown) => void): Promise<T | null>;
  settingsOf(game: GameId): Settings;
  changeSettings(): void;
  changeWorkers(): void;
  computerPlays(record: string, move: string): void;
  computerBudget(): number | null;
  /** Show a new state (a link's: at its ply, a friend's game). */
  show(state: OpenedState, options?: ShowOptions): void;
  /** Ask the engine for the game's next state and show it. */
  request<M extends "play" | "flag">(
    method: M,
    params: Params<M>,
    options?: ShowOptions,
  ): Promise<void>;
  playQueued(): void;
  pressSquare(sq: Square, clickedAt: number): void;
  choose(capture: boolean): void;
  cancelSelection(): void;
  timeRanOut(side: Side): Promise<void>;
  undo(): Promise<void>;
  playMove(move: string, clickedAt?: number): Promise<void>;
  confirmDrop(dropped: number): Promise<boolean>;
  redo(): Promise<void>;
}

/** page/stepping.js */
export interface SteppingRoom {
  stepTo(ply: number): Promise<void>;
  step(delta: number): void;
}

/** page/review.js */
export interface ReviewRoom {
  startReview(options?: { depth?: number }): Promise<void>;
  cancelReview(): void;
  renderReview(): void;
  reviewRow(index: number): ReviewRow | null;
  reviewBest(): Square[];
  graphMarks(): { x: number; mark: Mark }[];
  seekMistake(direction: number): void;
  reviewSnapshot(): Snapshot | null;
  /** A review kept in the library, shown when its game opens. */
  restoreReview(review: KeptReview): void;
  reviewSymbols: Record<Mark, string>;
  reviewMarkName(mark: string): string;
}

/** page/puzzles.js */
export interface PuzzlesRoom {
  openPuzzle(game: GameId, id?: number | null): Promise<void>;
  /** False when `link` is not a puzzle's. */
  openPuzzleLink(link: string): boolean;
  renderPuzzle(): void;
  puzzleSnapshot(): Snapshot | null;
  /** The puzzle on screen as the Share dialog sends it, or null. */
  puzzleShare(): { link: string; title: string } | null;
  isPuzzle(state: State): boolean;
}

/** page/explorer.js */
export interface ExplorerRoom {
  renderExplorer(): void;
  toggleExplorer(want?: boolean): void;
  explorerSnapshot(): Snapshot;
}

/** page/learn.js */
export interface LearnRoom {
  openLesson(index?: number): Promise<void>;
  renderLesson(): void;
  lessonSnapshot(): Snapshot | null;
  isLesson(state: State): boolean;
}

/** A puzzle's first try, as page/puzzles.js tells the training. */
export interface PuzzleJudged {
  game: GameId;
  id: number;
  result: "solved" | "failed";
  hinted: boolean;
}

/** page/training.js (the training itself is js/training.js, loaded when first opened) */
export interface TrainingRoom {
  openTraining(): Promise<void>;
  renderTraining(): void;
  /** Whether `state` is the training's card on screen (practice: not a game to keep). */
  isTraining(state: State): boolean;
  trainingSnapshot(): Snapshot | null;
  puzzleJudged(judged: PuzzleJudged): void;
  /** Add the line `moves` (from the standard start) to the player's opening repertoire. */
  addToRepertoire(moves: string[], name: string | null): Promise<void>;
}

/** page/share.js */
export interface ShareRoom {
  /** A friend's link turns the computer off: the settings to show `state` with, or null. */
  followFriend(state: OpenedState, continued: boolean): Settings | null;
  renderFriend(): void;
  shareShown(from?: HTMLElement | null): void;
  shareLink(link: string, title: string, from?: HTMLElement | null): void;
  shareSnapshot(): Snapshot;
}

/** page/sounds.js */
export interface SoundsRoom {
  playSound(name: string): void;
  soundAfter(state: State, method: string): void;
  soundsSnapshot(): Snapshot;
}

/** What the room of page/games.js hands the library with a game shown. */
export interface KeepOptions {
  continued?: boolean;
  libraryId?: string | null;
  source?: string | null;
}

/** This tab's game of a kind (sessionStorage). */
export interface TabGame {
  id?: string | null;
  record?: string;
  save?: string;
}

/** page/games.js */
export interface GamesRoom {
  olderMoved(): void;
  isPractice(state: State): boolean;
  keepGame(state: State, options?: KeepOptions): void;
  noteTabGame(game: GameId, id: string, record: string): void;
  /** The game this tab should show of `game`: its save, or `elsewhere` (another tab's). */
  resumable(game: GameId): Promise<{ save?: string | null; elsewhere?: boolean }>;
  openFromLibrary(state: State, id: string, settings: Settings | null): void;
  openGames(tab?: "games" | "progress"): Promise<void>;
  keepOpening(opening: Opening): void;
  keepReview(review: KeptReview): Promise<void>;
  keepPuzzle(attempt: Omit<PuzzleAttempt, "at">): Promise<void>;
  librarySnapshot(): Snapshot | null;
  /** The library's service (js/library.js), loaded once the game is ready. */
  libraryService(): Promise<LibraryService>;
}

/** What js/library.js's `startLibrary` gives the page. */
export type LibraryService = Awaited<ReturnType<typeof import("../library.js").startLibrary>>;

/** The opening's name the computer found (ai.js `opening`): the facade's answer, with the
 *  game and the record it was found for. */
export interface Opening extends FoundOpening {
  game?: GameId;
  record?: string;
}

/** How `openGame` opens a state. */
export interface OpenOptions {
  /** No computer, hints on. */
  analyse?: boolean;
  /** The side the computer plays. */
  computer?: Side | null;
  /** A puzzle or a lesson: no computer, no hints. */
  puzzle?: boolean;
  /** Keep the game replaced behind "Back to it". */
  keep?: boolean;
}

/** page/games-menu.js */
export interface GamesMenuRoom {
  /** A link replaced the save `replaced`: keep it and offer the way back. */
  offerPrevious(replaced: string | null | undefined, opened: State): void;
  keepSettingsForReturn(settings: Settings): void;
  returnToPrevious(): Promise<void>;
  newGame(): Promise<void>;
  switchGame(game: GameId): Promise<void>;
  nextSeriesGame(): Promise<void>;
  openGame(state: State, label: string, options?: OpenOptions): void;
  openLinkInAddressBar(link?: string): Promise<void>;
}

/** page/startup.js */
export interface StartupRoom {
  firstState(): Promise<State>;
  startEngine(): Promise<void>;
  startSearchWorker(): void;
  startSearch(): void;
  quiet(): Promise<void>;
  registerServiceWorker(): void;
}

/** page/language.js */
export interface LanguageRoom {
  relabel(): Promise<void>;
}

/** The page's shared parts and every room's functions. */
export type App = AppBase &
  StateRoom &
  BoardViewRoom &
  PanelRoom &
  MovesRoom &
  FlowRoom &
  SteppingRoom &
  ReviewRoom &
  PuzzlesRoom &
  ExplorerRoom &
  LearnRoom &
  TrainingRoom &
  ShareRoom &
  SoundsRoom &
  GamesRoom &
  GamesMenuRoom &
  StartupRoom &
  LanguageRoom;

/** window.flipside (page/automation.js): what tests and scripts read. */
export interface Automation {
  ready: Promise<void>;
  engine: typeof import("../rules-engine.js").engine;
  pool: ComputerPlayer["pool"];
  review(options?: { depth?: number }): Promise<void>;
  snapshot(): Snapshot;
}

declare global {
  interface Window {
    flipside?: Automation;
    /** Safari before 14.1. */
    webkitAudioContext?: typeof AudioContext;
    /** Why the page's words in the browser's language did not load (boot.js). */
    flipsideLanguageError?: string;
  }
}
