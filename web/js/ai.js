// The computer opponent, move hints, the evaluation graph and the opening name.
//
// Searches run in a second engine worker (role "search": the same worker.js), so the rules
// worker always answers at once and the page stays responsive; the searches a game's view
// lists in `pooled` are shared over the pool of search workers (pool.js) when it has more
// than one. Cancelling a search (undo, new game, "Move now", a changed setting) terminates
// that worker (and a split's busy extra workers) and starts a fresh one in the background (a
// snapshot start, about a second); answers from a terminated worker are never used. Every
// answer is checked against the game record it was asked for.
// Nothing here is particular to one game: the facade's `think`, `hints`, `value` and
// `opening` answer for the record's game (hints at that game's hint level).

import { EngineError } from "./engine.js";
import { GAMES } from "./games/index.js";
import { onLanguageChange, tr } from "./i18n.js";
import { Cancelled, Pool, SearchWorker, WorkerLost } from "./pool.js";
import { errorText } from "./page/text.js";

export { Cancelled };

/** @typedef {import("./types/state").State} State */
/** @typedef {import("./types/state").GameId} GameId */
/** @typedef {import("./types/state").Level} Level */
/** @typedef {import("./types/state").DepthReport} DepthReport */
/** @typedef {import("./types/state").HintsAnswer} HintsAnswer */
/** @typedef {import("./types/app").Settings} Settings */

/**
 * The move the computer is thinking about.
 * @typedef {object} Thinking
 * @property {string} record the game it is for
 * @property {Level} level
 * @property {DepthReport | null} report the last depth finished
 * @property {boolean} moveNow "Move now" was asked before any depth was finished
 */

/**
 * The last move the computer played.
 * @typedef {object} LastThink
 * @property {string} record
 * @property {string} move
 * @property {boolean} exact
 * @property {number} depth
 * @property {number} seconds
 * @property {number} nodes
 */

/** A position's value on the evaluation graph (the first player's view).
 *  @typedef {{value: number, exact: boolean}} GraphValue */

/** The opening's name, with the game and record it was found for.
 *  @typedef {import("./types/state").Opening & {game: GameId, record: string}} FoundOpening */

/** Watching the computer play itself: the pause before each move, so the eye can follow. */
export const WATCH_GAP_MS = 400;

/** Page-side state of the AI features; `update(state)` after every new game state. */
export class ComputerPlayer {
  /**
   * @param {{play: (record: string, move: string) => void, changed: () => void,
   *          budget: () => number|null, settings: Settings,
   *          workers?: "auto"|number}} hooks
   *   play: the computer's move (the page sends it to the rules worker);
   *   changed: something shown in the panel or on the board changed;
   *   budget: seconds the computer may spend on this move (its clock), or null;
   *   workers: the pool's size setting.
   */
  constructor({ play, changed, budget, settings, workers = "auto" }) {
    this.play = play;
    this.changed = changed;
    this.budget = budget;
    this.settings = settings;
    this.search = new SearchWorker();
    this.pool = new Pool(this.search, { setting: workers, keep: () => this.keepsPool() });
    /** @type {State | null} */
    this.state = null;
    /** @type {State | null} */
    this.focus = null; // the state on screen when it is an earlier ply (hints follow it)
    /** @type {Thinking | null} */
    this.thinking = null; // {record, level, report, moveNow}
    /** @type {number | null} */
    this.replyStart = null; // when the computer's reply began (performance.now()), while it keeps the move
    /** @type {LastThink | null} */
    this.lastThink = null; // the last move played: {record, move, exact, depth, seconds, nodes}
    /** @type {HintsAnswer | null} */
    this.hints = null; // {record, values, best, pv, exact} (hints of the current position)
    /** @type {string | null} */
    this.hintsFor = null; // record whose hints are being computed
    /** @type {Map<string, GraphValue>} */
    this.values = new Map(); // record after a move -> {value, exact}
    /** @type {Set<string>} */
    this.asked = new Set(); // prefixes requested from the current search worker
    /** @type {FoundOpening | null} */
    this.opening = null;
    /** @type {string | null} */
    this.error = null; // message of the last search failure
    /** @type {unknown} */
    this.failure = null; // that failure (its message is written anew in another language)
    onLanguageChange(() => {
      if (this.error && this.failure) this.error = this.failureText(this.failure);
    });
    this.started = false; // nothing is asked of the search worker before start()
    this.paused = false; // watching: no move is asked while paused
    this.stepping = false; // watching, paused: one move is asked
  }

  /** Start the search worker (after the rules engine is ready, not to slow its start); once. */
  start() {
    if (this.started) return;
    this.started = true;
    this.search.start();
    this.warm();
    /** @type {Promise<unknown>} */ (this.search.starting).then(
      () => this.changed(),
      (err) => this.fail(err),
    );
  }

  /** Abandon whatever the search worker is doing: it is replaced by a fresh one.
   *  @param {GameId} [game] */
  cancel(game = this.state?.game) {
    this.thinking = null;
    this.replyStart = null;
    this.hintsFor = null;
    this.asked.clear();
    this.pool.cancel();
    this.search.start();
    this.warm(game);
    /** @type {Promise<unknown>} */ (this.search.starting).then(
      () => this.changed(),
      (err) => this.fail(err),
    );
  }

  /** A fresh search worker's first request: load the game's AI (modules, evaluation, book,
   *  tables) so that no move it is asked pays for that inside its time.
   *  @param {GameId} [game] */
  warm(game = this.state?.game ?? "othello") {
    this.pool.warm(game, this.settings.level);
  }

  /** Whether `kind`'s search ("think" at `level` split over the pool, "shared": searched
   *  by the pool on one shared table, "endgame": its endgame's phases split over the pool,
   *  "hints") of `game` uses the pool (the game view's `pooled`).
   *  @param {GameId} game
   *  @param {"think" | "shared" | "endgame" | "hints"} kind
   *  @param {Level | null} [level] */
  pooled(game, kind, level = null) {
    const pooled = GAMES[game]?.pooled;
    if (kind === "hints") return !!pooled?.hints;
    return !!pooled?.[kind]?.includes(String(level));
  }

  /** Whether the pool's idle extra workers are kept: the computer plays a side of a game
   *  going on at a level that searches on the pool (its next move will need them). */
  keepsPool() {
    const state = this.state;
    if (!state || state.over || !this.settings.computer) return false;
    const levels = this.watching()
      ? [this.settings.level, this.settings.level2]
      : [this.settings.level];
    return levels.some(
      (level) =>
        this.pooled(state.game, "think", level) ||
        this.pooled(state.game, "shared", level) ||
        this.pooled(state.game, "endgame", level),
    );
  }

  /** Whether the computer is to move in `state` (the live game by default).
   *  @param {State | null} [state] */
  computerToMove(state = this.state) {
    return !!state && !state.over && (this.watching() || this.settings.computer === state.toMove);
  }

  /** Whether the computer plays both sides (the New game dialog's "watch"). */
  watching() {
    return this.settings.computer === "both";
  }

  /** The level the computer plays `state`'s side to move at.
   *  @param {State} state
   *  @returns {Level} */
  levelFor(state) {
    const second = state?.sides?.[1];
    return this.watching() && state?.toMove === second
      ? (this.settings.level2 ?? this.settings.level)
      : this.settings.level;
  }

  /** Watching: stop after the move being thought about is dropped (nothing moves). */
  pause() {
    this.paused = true;
    this.stepping = false;
    if (this.thinking) this.cancel();
    this.changed();
  }

  /** Watching: go on playing. */
  resume() {
    this.paused = false;
    if (this.state) this.update(this.state);
  }

  /** Watching, paused: play one move. */
  step() {
    if (!this.paused || this.thinking) return;
    this.stepping = true;
    if (this.state) this.update(this.state);
  }

  /** The position on screen while the player looks back (null: the live one): hints are
   *  for it, asked when the computer is not thinking about the live game.
   *  @param {State | null} state */
  showing(state) {
    this.focus = state;
  }

  /** @param {State} state the live game's new state */
  update(state) {
    this.state = state;
    if (!this.computerToMove() || this.watching()) this.replyStart = null; // the reply is over
    const target = this.focus ?? state;
    const stale =
      (this.thinking && (this.thinking.record !== state.record || !this.computerToMove())) ||
      (this.hintsFor !== null && (this.hintsFor !== target.record || !this.settings.hints));
    if (stale) this.cancel();
    if (this.hints?.record !== target.record) this.hints = null;
    if (this.opening && this.opening.game !== state.game) this.opening = null;
    if (!this.started) {
      // A move asked before the search worker's idle start: it starts now, and the move waits for it.
      if (!this.computerToMove()) return this.changed();
      this.start();
    }
    if (this.computerToMove()) {
      // The reply first: the opening's name and the graph's values wait for the next state.
      const held = this.watching() && this.paused && !this.stepping;
      if (!this.error && !this.thinking && !held) this.think(state);
      if (this.watching() && !this.error) {
        // Watching, every turn is the computer's: these go in the pause before its move.
        this.askOpening(state);
        this.askValues(state);
      }
      return this.changed();
    }
    this.askOpening(state);
    if (this.error) return this.changed();
    this.askValues(state);
    if (
      this.settings.hints &&
      !target.over &&
      !this.computerToMove(target) &&
      !this.hints &&
      this.hintsFor === null
    ) {
      this.askHints(target);
    }
    this.changed();
  }

  /** The language changed: the hints shown hold Python's words (labels, verdict), so they
   *  are asked again in the new one. */
  relabel() {
    if (!this.hints) return;
    this.hints = null;
    if (this.state) this.update(this.state);
  }

  /** New settings ({computer, level, hints}); restarts what they change.
   *  @param {Settings} settings */
  configure(settings) {
    this.use(settings);
    if (this.state) this.update(this.state);
  }

  /** Take new settings (another game's, for one: `game`, whose engine is warmed) without
   *  asking anything yet: the caller follows with `update(state)`.
   *  @param {Settings} settings
   *  @param {GameId} [game] */
  use(settings, game = this.state?.game) {
    const levelChanged =
      settings.level !== this.settings.level || settings.level2 !== this.settings.level2;
    const gameChanged = game !== this.state?.game;
    if (settings.computer !== "both") this.paused = this.stepping = false;
    this.settings = settings;
    if (this.error) {
      this.error = null; // a changed setting is also a retry
      this.cancel(game);
    } else if (this.thinking && (levelChanged || gameChanged || !this.computerToMove())) {
      this.cancel(game);
    } else if ((levelChanged || gameChanged) && this.started) {
      this.warm(game); // the new game's or level's engine, before its first move
    }
    if (!settings.hints) this.hints = null;
  }

  /** Ask the computer's move in `state`, and play it.
   *  @param {State} state */
  async think(state) {
    /** @type {Thinking} */
    const job = { record: state.record, level: this.levelFor(state), report: null, moveNow: false };
    this.thinking = job;
    const seconds = this.budget?.() ?? null;
    // The computer's moves in a row (the player passing) share one reply's budget: Python
    // gives this one what its earlier ones left (`spent`).
    const now = performance.now();
    const spent = this.replyStart === null ? null : (now - this.replyStart) / 1000;
    if (!this.watching()) this.replyStart ??= now;
    try {
      if (this.watching()) await new Promise((resolve) => setTimeout(resolve, WATCH_GAP_MS));
      if (this.thinking !== job) return;
      const game = state.game;
      const split = this.pooled(game, "think", job.level);
      const share = this.pooled(game, "shared", job.level);
      const endgame = this.pooled(game, "endgame", job.level);
      /** @type {{record: string, level: Level, seconds?: number, spent?: number}} */
      const params = { record: job.record, level: job.level };
      if (seconds) params.seconds = seconds;
      // The root split (`split`) has no `spent`; the endgame split and the shared search have.
      if (spent && (share || endgame || !split)) params.spent = spent;
      const answer = await this.pool.search(
        "think",
        params,
        (report) => {
          if (this.thinking !== job) return;
          job.report = report;
          if (job.moveNow) this.moveNow();
          else this.changed();
        },
        { game, level: job.level, split, share, endgame },
      );
      if (this.thinking !== job) return;
      this.thinking = null;
      const { move, exact, depth, seconds: took, nodes } = answer;
      this.lastThink = { record: job.record, move, exact, depth, seconds: took, nodes };
      this.stepping = false;
      this.play(job.record, answer.move);
    } catch (err) {
      if (err instanceof Cancelled || this.thinking !== job) return;
      this.thinking = null;
      this.fail(err);
    }
  }

  /** Play the best move found so far at once (as soon as there is one). */
  moveNow() {
    const job = this.thinking;
    if (!job) return;
    if (!job.report) {
      job.moveNow = true;
      return;
    }
    this.cancel();
    this.play(job.record, job.report.move);
  }

  /** @param {State} state */
  async askHints(state) {
    const record = state.record;
    this.hintsFor = record;
    try {
      const game = state.game;
      const found = await this.pool.search("hints", { record }, null, {
        game,
        split: this.pooled(game, "hints"),
      });
      if (this.hintsFor !== record) return;
      this.hintsFor = null;
      this.hints = { ...found, record };
      this.changed();
    } catch (err) {
      if (err instanceof Cancelled || this.hintsFor !== record) return;
      this.hintsFor = null;
      this.fail(err);
    }
  }

  /** The game after each placed move, as records (the facade's `prefixes`; a pass leaves
   *  the record as it was, so it is left out).
   *  @param {State | null} [state]
   *  @returns {string[]} */
  prefixes(state = this.state) {
    return (state?.prefixes ?? []).filter((record, i, all) => record !== all[i - 1]);
  }

  /** @param {State} state */
  askValues(state) {
    for (const record of this.prefixes(state)) {
      if (this.values.has(record) || this.asked.has(record)) continue;
      this.asked.add(record);
      this.search.call("value", { record }).then(
        (answer) => {
          this.values.set(record, { value: answer.value, exact: answer.exact });
          this.changed();
        },
        (err) => {
          this.asked.delete(record); // asked again with the next state
          if (!(err instanceof Cancelled || err instanceof WorkerLost)) this.fail(err);
        },
      );
    }
  }

  /** The opening's name, from the search worker: the rules worker would have to install
   *  the app's data files first, which would hold up the next move.
   *  @param {State} state */
  async askOpening(state) {
    const record = state.record;
    try {
      const opening = await this.search.call("opening", { record });
      if (this.state?.record !== record) return;
      const game = /** @type {State} */ (this.state).game; // its record is `record`
      this.opening = opening && { ...opening, game, record };
      this.changed();
    } catch {
      // The opening name is a nicety (asked again after the next move).
    }
  }

  /** @param {unknown} err */
  fail(err) {
    this.failure = err;
    this.error = this.failureText(err);
    this.thinking = null;
    this.hintsFor = null;
    this.changed();
  }

  /** The words of a search failure.
   *  @param {unknown} err */
  failureText(err) {
    const values = { error: errorText(err) };
    return err instanceof EngineError && err.type === "WorkerError"
      ? tr(
          "The computer player could not start ({error}). Your game is safe; change a setting to try again.",
          values,
        )
      : tr(
          "The computer player failed ({error}). Your game is safe; change a setting to try again.",
          values,
        );
  }

  /** Values of the game so far, one per move (the first player's view; null while computing).
   *  @returns {(GraphValue | null)[]} */
  evaluation() {
    return this.prefixes().map((t) => this.values.get(t) ?? null);
  }
}
