// The facade's answers (py/flipside/facade.py and the games' adapters, `view()`): the game
// state the page draws, and what the computer player, the review, the explorer, import /
// export and the library answer. Plain JSON: what Python's `json.dumps` makes of the dicts
// (tuples are arrays, None is null). The requests that get them are in messages.d.ts.
//
// Shapes for every game: a game's own fields are optional here (`Extra`), and each game's
// are spelled out in `OthelloExtra` and `ThemistoExtra` for the modules that know their game
// (web/js/games/).

/** A game's id: a key of web/js/games/index.js's GAMES ("othello", "themisto"). */
export type GameId = string;
/** A side's id: "black" / "white" (Othello), "one" / "two" (Themisto). */
export type Side = string;
/** A square: 0..63, a1 = 0, row by row. */
export type Square = number;
/** A record's text (`flipside/record.py`): "othello/f5d6c3", "themisto/b1-b4,c1-c3x". */
export type RecordText = string;
/** A computer level: a number of the game's ladder, "max", or a text such as "loss:2". */
export type Level = number | string;

/** One entry of the move list. */
export interface MoveEntry {
  /** the move as the game writes it ("f5", "c1-c3x", "pass") */
  text: string;
  /** the side that made it */
  by: Side;
  /** what it did, in words ("passes", "captures d2"), "" when nothing to say */
  note: string;
  /** Themisto: the same in words that are never translated ("pass", "capture", "moves
   *  twice", "win", "draw") */
  does?: string[];
}

/** A finished game's result. */
export interface GameResult {
  winner: Side | null;
  /** Othello "no moves" or "time"; Themisto "row", or the draw's reason */
  reason: string;
  /** Othello: the final score [black, white] (the empties to the winner) */
  score?: [number, number];
  /** Othello: the discs on the board [black, white] */
  discs?: [number, number];
  /** Themisto: the winning row's squares ([] for a draw) */
  row?: Square[];
}

/** One game of an Othello series. */
export interface SeriesGame {
  number: number;
  /** the player ("A" / "B") who had Black */
  black: "A" | "B";
  score: [number, number];
  winner: "A" | "B" | null;
}

/** An Othello series' standing (`series_standing`). */
export interface Series {
  kind: "games" | "points";
  target: number;
  games: SeriesGame[];
  score: { A: number; B: number };
  /** the number of the game being played */
  number: number;
  /** the player who has Black in it */
  black: "A" | "B";
  over: boolean;
  winner: "A" | "B" | null;
}

/** Othello's own fields of a state. */
export interface OthelloExtra {
  transcript: string;
  /** the last entry of the move list is a pass */
  passed: boolean;
  supply: { black: number; white: number };
  /** the note of a disc given from the other supply, or null */
  gave: string | null;
  handicap: { corners: number; for: Side } | null;
  /** seconds on each clock, 0 for none */
  clock: number;
  /** the side whose time ran out */
  flag: Side | null;
  series: Series | null;
  /** a dealt opening: its kind and the plies it played */
  opening: { kind: string; plies: number } | null;
}

/** One destination of a Themisto disk that can move. */
export interface ThemistoTarget {
  to: Square;
  /** the plain slide's move name, null when illegal */
  plain: string | null;
  /** the capturing slide's move name, null when illegal */
  capture: string | null;
  /** the disks the capture turns over */
  captures: Square[];
}

/** Themisto's own fields of a state. */
export interface ThemistoExtra {
  /** movable disk (its square as a string) -> its destinations */
  targets: Record<string, ThemistoTarget[]>;
  canPass: boolean;
  /** side -> lost turns pending */
  pending: Record<Side, number>;
  /** the words of a lost turn the last move caused, or null */
  lostTurn: string | null;
  captured: Square[];
  row: Square[];
  /** a draw's reason, or null */
  draw: string | null;
  moveLimit: number | null;
  movesPlayed: number;
}

/** Any game's own fields: each game has its own (OthelloExtra, ThemistoExtra). */
export type Extra = Partial<OthelloExtra> & Partial<ThemistoExtra>;

/** A game's state: one shape for every game (docs/architecture.md, "The state"). */
export interface State<E = Extra> {
  game: GameId;
  record: RecordText;
  /** the game's own position string */
  position: string;
  /** 64 characters of X, O, - */
  cells: string;
  /** null when the game is over */
  toMove: Side | null;
  sides: Side[];
  /** the squares that can be clicked: Othello's legal squares, Themisto's movable disks */
  legal: Square[];
  /** Othello: the move names of `legal`, in the same order (Themisto: []) */
  legalNames: string[];
  lastMove: Square | null;
  /** Themisto: the last move's origin */
  lastFrom: Square | null;
  /** the squares the move just played turned over (for the animation) */
  changed: Square[];
  moves: MoveEntry[];
  /** the record after each entry of the move list */
  prefixes: RecordText[];
  /** the last move in words for a screen reader, "" before any move */
  said: string;
  counts: { black: number; white: number };
  over: boolean;
  result: GameResult | null;
  status: string;
  canUndo: boolean;
  /** the link fragment (no "#") */
  link: string;
  /** the save string the page keeps and hands back to `open_saved` */
  save: string;
  extra: E;
}

export type OthelloState = State<OthelloExtra>;
export type ThemistoState = State<ThemistoExtra>;

/** `at`'s answer: the state after `ply` entries of the move list. */
export interface AtState extends State {
  ply: number;
  /** the whole game's length */
  plies: number;
}

/** `open_link`'s answer: the game, with the ply the link showed and the friend's side. */
export interface OpenedState extends State {
  ply?: number;
  friend?: Side;
}

/** `engine_info`'s answer. */
export interface EngineInfo {
  flipside: string;
  filesInstalled: boolean;
  python: string;
  platform: string;
  methods: string[];
  games: GameId[];
}

/** What the worker adds to `engine_info` when it is ready (worker.js). */
export interface ReadyInfo extends EngineInfo {
  /** "snapshot": restored from the start-up snapshot; "full": a normal start */
  startup: "snapshot" | "full";
  /** "shared": the page gave the compiled runtime; "compiled": compiled here */
  runtime: "shared" | "compiled";
  /** the worker's name: "rules", "search", "search-1"... */
  role: string;
  /** the files of its start read from the service worker's cache by the worker itself */
  cached: string[];
}

// -- the computer player --------------------------------------------------------------------

/** What a search says after each finished depth (and what `think` answers). */
export interface SearchInfo {
  depth: number;
  move: string;
  /** the mover's view: Othello discs, Themisto points */
  score: number;
  pv: string[];
  nodes: number;
  exact: boolean;
  seconds: number;
  /** Othello: a move of the opening book */
  book?: boolean;
  /** Themisto: a forced win found, or null */
  proven?: { winner: Side; plies: number } | null;
  /** Themisto: "player one wins by force in N", or null */
  verdict?: string | null;
}

/** A progress report of `think` and `hints`, after each finished depth. */
export interface DepthReport extends SearchInfo {
  type: "depth";
}

/** `library_read`'s progress. */
export interface ReadProgress {
  type: "progress";
  done: number;
  total: number;
}

/** `think`'s answer: the computer's move. */
export interface ThinkAnswer extends SearchInfo {
  level: Level;
  record: RecordText;
  /** Othello's chosen-error levels: what the move loses */
  loss?: number;
}

/** `hints`' answer: a value per legal move (the side to move's view). */
export interface HintsAnswer {
  values: Record<string, number>;
  best: string;
  pv: string[];
  exact: boolean;
  depth: number;
  nodes: number;
  seconds: number;
  record: RecordText;
  level: Level;
  /** Themisto: a label per move ("W3", "L2", "+1.5"), in the request's language */
  labels?: Record<string, string>;
  /** Themisto: the moves whose value is proven */
  exactMoves?: string[];
  /** Themisto: "player one wins by force in N", or null */
  verdict?: string | null;
  /** Themisto: the best move's origin square (null for a pass) */
  bestFrom?: Square | null;
  proven?: { winner: Side; plies: number } | null;
}

/** `value`'s answer: one position's value, the first player's view. */
export interface ValueAnswer {
  record: RecordText;
  value: number;
  exact: boolean;
}

/** `opening`'s answer: the named line the game begins with (Othello), or null. */
export interface Opening {
  name: string;
  moves: string;
  length: number;
}

/** `solve`'s answer (Othello): the exact score and every best move. */
export interface SolveAnswer {
  score: number;
  best: string[];
  empties: number;
  nodes: number;
  seconds: number;
}

/** `warm`'s answer. */
export interface WarmAnswer {
  game: GameId;
  level: Level;
  seconds: number;
}

/** `perft`'s answer. */
export interface PerftAnswer {
  depth: number;
  nodes: number;
  seconds: number;
}

// -- the review -----------------------------------------------------------------------------

export type Mark = "inaccuracy" | "mistake" | "blunder";

/** `judge`'s answer: one move of a game reviewed (values in the mover's view, the game's
 *  review unit; null for a move with no choice). */
export interface ReviewRow {
  ply: number;
  move: string;
  by: Side;
  best: string;
  bestValue: number | null;
  value: number | null;
  loss: number | null;
  exact: boolean;
  choices: number;
  mark: Mark | null;
  bestSquares?: Square[];
  /** Themisto: the move's and the best move's labels */
  label?: string;
  bestLabel?: string;
  /** Every legal move's value, the mover's view (reviews made before training have none). */
  values?: Record<string, number>;
}

/** `training_cards`'s answer: a marked move of a person's as a card (flipside.training). */
export interface MistakeCardAnswer {
  ply: number;
  /** The position before the move. */
  record: RecordText;
  move: string;
  by: Side;
  mark: Mark;
  loss: number;
  best: string;
  bestValue: number;
  value: number;
  exact: boolean;
  /** The best move first, then every move the review would not mark. */
  accepted: string[];
  /** Every legal move's value (null: a review made before the rows held them). */
  values: Record<string, number> | null;
  unit: string;
}

/** One player's part of a review summary. */
export interface ReviewPlayer {
  moves: number;
  meanLoss: number | null;
  accuracy: number | null;
  inaccuracy: number;
  mistake: number;
  blunder: number;
}

/** `review_summary`'s answer. */
export interface ReviewSummary {
  /** side -> its marks, mean loss and accuracy */
  players: Record<Side, ReviewPlayer>;
  scale: {
    /** "discs", "points" */
    unit: string;
    marks: Record<Mark, number>;
    halfLoss: number;
  };
}

// -- the opening explorer -------------------------------------------------------------------

/** One move of the explorer's tree from a position. */
export interface ExplorerMove {
  move: string;
  games: number;
  /** the first player's wins */
  first: number;
  draws: number;
  second: number;
  /** Othello: the mean final disc difference (Black's view), or null */
  score: number | null;
  /** Othello: the mean theoretical score, or null */
  theory: number | null;
}

/** `explore`'s answer. */
export interface ExploreAnswer {
  found: boolean;
  games: number;
  moves: ExplorerMove[];
  opening: string | null;
  /** where the game left the tree, or null */
  left: { ply: number; move: string; games: number } | null;
  /** the tree's metadata (which games it holds) */
  source: Record<string, unknown>;
}

// -- import / export ------------------------------------------------------------------------

/** `recognise`'s answer: what a paste is and the game it opens. */
export interface Recognised {
  kind: string;
  label: string;
  state: State & { ply?: number };
}

/** `export`'s answer. */
export interface Exported {
  transcript: string;
  position: string;
  link: string;
  text: string;
  /** Othello: the game as GGF, else null */
  ggf: string | null;
  filename: string;
}

/** One game of a WTHOR file. */
export interface WthorGame {
  index: number;
  black: string;
  white: string;
  tournament: string;
  year: number;
  score: [number, number];
  theoretical: number;
  moves: number;
  record: RecordText;
}

/** `wthor_list`'s answer. */
export interface WthorList {
  year: number;
  count: number;
  /** the players' names came with the file */
  named: boolean;
  games: WthorGame[];
}

// -- the game library -----------------------------------------------------------------------

/** `library_summaries`' answer for one record (or `{error}`). */
export interface LibrarySummary {
  record: RecordText;
  game: GameId;
  sides: Side[];
  moves: number;
  over: boolean;
  result: GameResult | null;
  opening: string | null;
}

/** A summary, or why the record could not be read (`error`: never empty). */
export type LibrarySummaryOrError = (LibrarySummary & { error?: undefined }) | { error: string };

/** One game of an import file. */
export interface LibraryReadGame extends LibrarySummary {
  black: string;
  white: string;
  date: string;
  place: string;
}

/** `library_read`'s answer. */
export interface LibraryRead {
  games: LibraryReadGame[];
  errors: { number: number; message: string }[];
  format: string;
}

/** What `library_export` takes of a game. */
export interface LibraryExportEntry {
  record: RecordText;
  black?: string;
  white?: string;
  date?: string;
  place?: string;
}

/** `library_export`'s answer. */
export interface LibraryExport {
  ggf: string | null;
  text: string | null;
  counts: { ggf: number; text: number };
}

/** A rating estimate. */
export interface RatingPoint {
  rating: number;
  sd: number;
}

/** A game's rating: the last estimate, the number of results and the estimate after each. */
export interface GameRating extends RatingPoint {
  count: number;
  history: RatingPoint[];
}

/** `rating`'s answer. */
export interface RatingAnswer {
  games: Record<GameId, GameRating>;
  puzzles: Record<GameId, GameRating>;
  /** game -> level ("3", "loss:2") -> rating */
  levels: Record<GameId, Record<string, number>>;
  prior: RatingPoint;
}
