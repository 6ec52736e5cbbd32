// The messages between the page, its workers and the pool, typed once for both sides.
//
// - `Methods`: every facade method (py/flipside/facade.py) by name: its `params`, its
//   `result` and, for the methods that report while they run, its `report`. The page's
//   `Engine.call(method, params, onReport)` (engine.js) is typed by it, and so are the
//   pool's and the search workers' calls (pool.js, search-worker.js).
// - `PageToWorker`: what the page posts to a worker (worker.js): the runtime first, then
//   requests `{id, method, params, lang}`.
// - `WorkerToPage`: what a worker posts back: its start's progress, ready or failed, a
//   method's progress reports, and each request's answer `{id, result}` | `{id, error}`.
// - The pool's split search (`split_start`, `split_step`, `search_task`): the
//   coordinator's state and tasks, which the page carries between the workers unread.

import type {
  AtState,
  DepthReport,
  EngineInfo,
  Exported,
  ExploreAnswer,
  GameId,
  HintsAnswer,
  Level,
  LibraryExport,
  LibraryExportEntry,
  LibraryRead,
  LibrarySummaryOrError,
  MistakeCardAnswer,
  OpenedState,
  Opening,
  PerftAnswer,
  RatingAnswer,
  ReadProgress,
  ReadyInfo,
  Recognised,
  RecordText,
  ReviewRow,
  ReviewSummary,
  Side,
  SolveAnswer,
  State,
  ThinkAnswer,
  ValueAnswer,
  WarmAnswer,
  WthorList,
} from "./state";

/** The New game dialog's options for `new` (each game's `newGameOptions(choices)`; the
 *  adapter's `options_from_json` reads what it knows). */
export interface NewGameOptions {
  /** Othello: corners given (1..4) and to whom */
  handicap?: number;
  handicapFor?: Side;
  /** a set-up position */
  start?: string;
  /** Othello: seconds on each clock */
  clock?: number;
  /** Othello: a series */
  series?: { kind: "games" | "points"; target: number } | null;
  /** Othello: a dealt opening's kind */
  opening?: string | null;
  /** Themisto: the move limit, null for none */
  moveLimit?: number | null;
}

/** One result against a computer level, for `rating`. */
export interface RatedGame {
  game: GameId;
  level: Level;
  /** 1, 0.5 or 0 (the facade refuses any other) */
  score: number;
}

/** One puzzle tried, for `rating`. */
export interface RatedPuzzle {
  game: GameId;
  rating: number;
  /** 1 (solved) or 0 */
  score: number;
}

// -- the split search -----------------------------------------------------------------------

/** The searches the pool can split. */
export type SplitKind = "think" | "hints" | "solve";

/** The coordinator's state: the page hands it back with the next step, unread. */
export interface SplitState {
  game: GameId;
  [field: string]: unknown;
}

/** One task of a split search: posted to the worker it names (`worker`: an index into the
 *  split's workers) as `search_task`. */
export interface SearchTask {
  id: number;
  worker: number;
  game: GameId;
  kind: string;
  session?: string;
  [field: string]: unknown;
}

/** A task's answer, handed back to the coordinator unread. */
export type TaskResult = Record<string, unknown>;

/** A task finished since the last step: its answer, or "lost" (its worker died: the
 *  coordinator gives its work out again). */
export type TaskDone =
  | { task: SearchTask; result: TaskResult }
  | { task: SearchTask; error: "lost" };

/** What `think`, `hints` and `solve` answer, by the split's kind. */
export interface SplitAnswers {
  think: ThinkAnswer;
  hints: HintsAnswer;
  solve: SolveAnswer;
}

/** One step of a split search: the tasks to give out, the depth reports since the last
 *  step, and the search's answer (no tasks then) or null. */
export interface SplitStep<K extends SplitKind = SplitKind> {
  state: SplitState;
  tasks: SearchTask[];
  reports: DepthReport[];
  answer: SplitAnswers[K] | null;
  /** `endgame_start`'s answer for a middle-game move: not split (no state, tasks, answer) */
  declined?: boolean;
}

// -- the methods ----------------------------------------------------------------------------

/** Every facade method: its params, its result and (for some) its progress reports. */
export interface Methods {
  engine_info: { params: Record<string, never>; result: EngineInfo };
  new: {
    params: { game: GameId; options?: NewGameOptions | null; seed?: number | null };
    result: State;
  };
  state: { params: { record: RecordText }; result: State };
  play: { params: { record: RecordText; move: string }; result: State };
  undo: { params: { record: RecordText }; result: State };
  flag: { params: { record: RecordText; side: Side }; result: State };
  next_game: { params: { record: RecordText }; result: State };
  at: { params: { record: RecordText; ply: number }; result: AtState };
  open_link: { params: { fragment: string }; result: OpenedState };
  friend_link: { params: { record: RecordText; side: Side }; result: { link: string } };
  open_saved: { params: { text: string }; result: State };
  recognise: { params: { text: string }; result: Recognised };
  export: { params: { record: RecordText; ply?: number | null }; result: Exported };
  editor_check: {
    params: {
      game: GameId;
      cells: string;
      toMove: Side;
      pending?: number[] | null;
      moveLimit?: number | null;
    };
    result: State;
  };
  wthor_list: {
    params: { data: string; players?: string | null; tournaments?: string | null };
    result: WthorList;
  };
  perft: {
    params: { depth: number; position?: string | null; game?: GameId };
    result: PerftAnswer;
  };
  think: {
    params: {
      record: RecordText;
      level: Level;
      seconds?: number | null;
      seed?: number | null;
      /** seconds the computer's earlier moves in a row took (the player passing) */
      spent?: number | null;
    };
    result: ThinkAnswer;
    report: DepthReport;
  };
  shared_think: {
    params: {
      record: RecordText;
      level: Level;
      /** the shared search's number (shared-table.js) and this worker's (0: keeps the time) */
      run: number;
      worker: number;
      seconds?: number | null;
      spent?: number | null;
    };
    /** null: a helper's answer to a move the workers do not share */
    result: (ThinkAnswer & { worker: number }) | null;
    report: DepthReport;
  };
  hints: {
    params: { record: RecordText; seconds?: number | null; level?: Level | null };
    result: HintsAnswer;
    report: DepthReport;
  };
  value: { params: { record: RecordText; depth?: number | null }; result: ValueAnswer };
  opening: { params: { record: RecordText }; result: Opening | null };
  warm: { params: { game: GameId; level?: Level }; result: WarmAnswer };
  solve: { params: { position: string; game?: GameId }; result: SolveAnswer };
  explore: { params: { record: RecordText }; result: ExploreAnswer };
  split_start: {
    params: {
      kind: SplitKind;
      workers: number;
      record?: RecordText | null;
      position?: string | null;
      game?: GameId;
      level?: Level | null;
      seconds?: number | null;
      seed?: number | null;
    };
    result: SplitStep;
  };
  endgame_start: {
    params: {
      record: RecordText;
      level: Level;
      workers: number;
      seconds?: number | null;
      spent?: number | null;
    };
    result: SplitStep<"think">;
  };
  /** the line of an exact split answer, given to the worker that answers the next move */
  keep_line: { params: { record: RecordText; level: Level; answer: ThinkAnswer }; result: null };
  split_step: {
    params: { state: SplitState; done: TaskDone[]; elapsed: number };
    result: SplitStep;
  };
  search_task: { params: { task: SearchTask }; result: TaskResult };
  judge: {
    params: { record: RecordText; ply: number; seconds?: number | null; depth?: number | null };
    result: ReviewRow;
  };
  review_summary: { params: { record: RecordText; rows: ReviewRow[] }; result: ReviewSummary };
  training_cards: {
    params: { record: RecordText; rows: ReviewRow[]; sides?: Side[] | null };
    result: MistakeCardAnswer[];
  };
  opening_lines: { params: { game?: GameId }; result: { name: string; moves: string[] }[] };
  library_read: { params: { text: string }; result: LibraryRead; report: ReadProgress };
  library_summaries: { params: { records: RecordText[] }; result: LibrarySummaryOrError[] };
  library_export: { params: { entries: LibraryExportEntry[] }; result: LibraryExport };
  rating: {
    params: { games?: RatedGame[] | null; puzzles?: RatedPuzzle[] | null };
    result: RatingAnswer;
  };
}

/** A method's name. */
export type Method = keyof Methods;
/** Its params. */
export type Params<M extends Method> = Methods[M]["params"];
/** Its answer. */
export type Result<M extends Method> = Methods[M]["result"];
/** Its progress reports (never for a method that sends none). */
export type ReportOf<M extends Method> = Methods[M] extends { report: infer R } ? R : never;
/** Any progress report. */
export type Report = DepthReport | ReadProgress;
/** The methods that answer a game's state (the page's `show` takes their answers). */
export type StateMethod = {
  [M in Method]: Result<M> extends State ? M : never;
}[Method];
/** A callback for `M`'s progress reports. */
export type OnReport<M extends Method> = (report: ReportOf<M>) => void;

// -- page -> worker -------------------------------------------------------------------------

/** A request for `M`. `lang`: the page's language, which Python answers in. */
export interface Request<M extends Method = Method> {
  id: number;
  method: M;
  params: Params<M>;
  lang: string;
  type?: undefined;
}

/** Any request, by its method (narrowed by `method`). */
export type AnyRequest = { [M in Method]: Request<M> }[Method];

/** The page's first message: the runtime's compiled WebAssembly module if another worker
 *  made one, else null (the worker compiles its own); `cached`: the page came from the
 *  service worker, so the worker may read the build's files from its cache itself. */
export interface RuntimeMessage {
  type: "runtime";
  wasm: WebAssembly.Module | null;
  cached: boolean;
}

/** The page's shared table (a cross-origin isolated page's search workers: shared-table.js). */
export interface SharedMessage {
  type: "shared";
  buffer: SharedArrayBuffer;
}

export type PageToWorker = RuntimeMessage | SharedMessage | AnyRequest;

// -- worker -> page -------------------------------------------------------------------------

/** An error as the page gets it: the exception's class name and text; with the message's
 *  English `template` and its `values` when the worker wrote it (the page translates it). */
export interface ErrorInfo {
  type: string;
  message: string;
  template?: string;
  values?: Record<string, unknown>;
}

/** The values of a start's progress message: megabytes `got` and `size` (one decimal),
 *  seconds `left`. */
export type ProgressValues = {
  got?: string;
  size?: string;
  left?: number | null;
};

/** The start's progress: `text` in English, or its `message` and `values` for the page to
 *  translate; `fraction` of the download, null when unknown. */
export interface ProgressMessage {
  type: "progress";
  text: string;
  message?: string;
  values?: ProgressValues;
  fraction: number | null;
  id?: undefined;
}

/** The worker is ready; `wasm`: its compiled runtime, for the next workers (left out when
 *  the browser cannot send it). */
export interface ReadyMessage {
  type: "ready";
  info: ReadyInfo;
  wasm?: WebAssembly.Module;
  id?: undefined;
}

/** The worker's start failed (a download, an exception). */
export interface FailedMessage {
  type: "failed";
  error: ErrorInfo;
  id?: undefined;
}

/** A progress report of the method asked by request `id`, posted while it runs. */
export interface ReportMessage {
  id: number;
  type: "report";
  report: Report;
}

/** A request's answer; `heap`: the worker's WebAssembly memory in bytes. */
export interface ResultMessage<M extends Method = Method> {
  id: number;
  result: Result<M>;
  error?: undefined;
  heap?: number;
  type?: undefined;
}

/** A request's error (the facade echoes the request's id). */
export interface ErrorMessage {
  id: number;
  error: ErrorInfo;
  result?: undefined;
  heap?: number;
  type?: undefined;
}

export type AnswerMessage = ResultMessage | ErrorMessage;

export type WorkerToPage =
  | ProgressMessage
  | ReadyMessage
  | FailedMessage
  | ReportMessage
  | AnswerMessage;

/** The rules worker index.html starts as it is parsed (`self.flipsideEarly`), with the
 *  events it has sent since. */
export interface EarlyWorker {
  worker: Worker;
  events: (MessageEvent<WorkerToPage> | ErrorEvent)[];
}

declare global {
  interface Window {
    /** The rules worker index.html started (engine.js takes it over, once). */
    flipsideEarly?: EarlyWorker | null;
    /** Why the page's language did not load (boot.js), shown once the page is up. */
    flipsideLanguageError?: string;
  }
}
