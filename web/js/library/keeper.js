// Keeping the game on screen in the library: which stored game it is, writing it after every
// change, and never writing over another tab's game.
//
// Each tab plays one game at a time, known by its id. A move continues it; any other new
// game on screen (a new game, a link, an import, the game switcher) is looked up: this tab's
// own game of that record, or a stored game of the same record that no other tab has open,
// else it becomes a new game, stored from its first move. Every write names the revision it
// builds on: when another tab wrote the same game meanwhile, this tab's game goes on under a
// new id (both lines are kept). A tab holds a Web Lock named after its game's id, so the
// others (and a new tab) can tell which games are open elsewhere; every write is told to the
// other tabs on a BroadcastChannel, so their Games lists stay current.

import { tr } from "../i18n.js";
import { failureKind } from "./db.js";
import { entryOf, newId } from "./entry.js";

/** @typedef {import("../types/app").NoticeAction} NoticeAction */
/** @typedef {import("../types/app").Settings} Settings */
/** @typedef {import("../types/app").TabGame} TabGame */
/** @typedef {import("../types/library").Entry} Entry */
/** @typedef {import("../types/library").Failure} Failure */
/** @typedef {import("../types/library").KeptReview} KeptReview */
/** @typedef {import("../types/library").NewEntry} NewEntry */
/** @typedef {import("../types/library").PuzzleAttempt} PuzzleAttempt */
/** @typedef {import("../types/state").State} State */
/** @typedef {import("./db.js").Library} Library */

/**
 * What the keeper asks of the page: the computer's settings now, the opening name known for
 * a record, a notice in the page, and where this tab notes its game.
 * @typedef {object} KeeperHooks
 * @property {() => Settings} settings
 * @property {(record: string) => string | null} opening
 * @property {(text: string, action?: NoticeAction | null) => void} notice
 * @property {(game: string, id: string, record: string) => void} session
 */

/**
 * The game on screen, as last written: its id, record and revision (null: not written yet),
 * its entry, how it began.
 * @typedef {object} Current
 * @property {string} id
 * @property {string} record
 * @property {number | null} rev
 * @property {NewEntry | null} entry
 * @property {string} source
 */

/** What `keep` is told of the state (page/games.js).
 *  @typedef {import("../types/app").KeepOptions & {practice?: boolean, tabGame?: TabGame | null}} KeeperOptions */

export const CHANNEL = "flipside-library";
export const LOCK_PREFIX = "flipside.game.";

/**
 * The names of the games other tabs have open (their Web Locks); empty without the API.
 * @param {string | null} [mine] this tab's game, left out
 * @returns {Promise<Set<string>>}
 */
export async function gamesOpenElsewhere(mine = null) {
  try {
    const { held = [] } = (await navigator.locks?.query()) ?? {};
    return new Set(
      held
        .map((lock) => lock.name ?? "")
        .filter((name) => name.startsWith(LOCK_PREFIX))
        .map((name) => name.slice(LOCK_PREFIX.length))
        .filter((id) => id !== mine),
    );
  } catch {
    return new Set();
  }
}

export class Keeper {
  /** `library`: the open Library (db.js); `hooks`: {settings(), opening(record), notice(text,
   *  action), session(game, id, record)}: the computer's settings now, the opening name known
   *  for a record, a notice in the page, and where this tab notes its game. */
  /**
   * @param {Library} library
   * @param {KeeperHooks} hooks
   */
  constructor(library, hooks) {
    this.library = library;
    this.hooks = hooks;
    /** @type {Current | null} */
    this.current = null; // the game on screen, as last written
    /** @type {((value?: unknown) => void) | null} */
    this.released = null; // releases the Web Lock of the game on screen
    this.channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
    /** @type {Failure | null} */
    this.failure = null; // the last storage failure, shown in the Games view
    this.told = false; // the player has been told of a storage failure this session
    /** @type {string | null} */
    this.lockedId = null; // the id whose Web Lock this tab holds
    /** @type {Promise<unknown>} */
    this.chain = Promise.resolve(); // one change at a time: each builds on the last revision
    /** @type {string | undefined} */
    this.naming = undefined; // the game and opening name being written (keepOpening)
    // A page that is left (perhaps into the back/forward cache) lets go of its game's lock, so
    // that the next page of this tab does not take it for another tab's game.
    window.addEventListener("pagehide", () => {
      this.released?.();
      this.released = null;
      this.lockedId = null;
    });
  }

  /**
   * Run `change` after every change asked before it.
   * @template T
   * @param {() => T | Promise<T>} change
   * @returns {Promise<T>}
   */
  serial(change) {
    const run = this.chain.then(change);
    this.chain = run.catch(() => {});
    return run;
  }

  /** Keep `state`, the new game on screen. `continued`: it follows the game on screen (a
   *  move, an undo); `libraryId`: opened from the library; `source`: how a new game began;
   *  `practice`: a puzzle or a lesson step, which is not a game and is not kept.
   *  @param {State} state
   *  @param {KeeperOptions} [options] */
  keep(
    state,
    { continued = false, libraryId = null, source = null, practice = false, tabGame = null } = {},
  ) {
    return this.serial(async () => {
      if (practice) return this.follow(null);
      if (!continued || !this.current) await this.identify(state, libraryId, tabGame, source);
      await this.write(state);
    });
  }

  /**
   * Which stored game `state` is (this.current), before it is written.
   * @param {State} state
   * @param {string | null} libraryId
   * @param {TabGame | null} tabGame
   * @param {string | null} source
   */
  async identify(state, libraryId, tabGame, source) {
    const fresh = source === "new"; // a game just begun is never one already kept
    if (!fresh && !libraryId && this.current?.record === state.record) return;
    let id = libraryId ?? (!fresh && tabGame?.record === state.record ? tabGame.id : null);
    let stored = id ? await this.library.get(id) : null;
    if (!stored && !fresh && state.moves.length) {
      const elsewhere = await gamesOpenElsewhere(this.current?.id);
      const found = (await this.library.byRecord(state.record))
        .filter((e) => !elsewhere.has(e.id))
        .sort((a, b) => b.updated - a.updated);
      stored = found[0] ?? null;
    }
    id = stored?.id ?? id ?? newId();
    this.follow({
      id,
      record: state.record,
      rev: stored?.rev ?? null,
      entry: stored ?? null,
      source: source ?? "opened",
    });
  }

  /**
   * The game on screen is now `current` (or none): hold its lock.
   * @param {Current | null} current
   */
  follow(current) {
    if (this.lockedId !== (current?.id ?? null)) {
      this.released?.();
      this.released = null;
      this.lockedId = current?.id ?? null;
      if (current && navigator.locks?.request) {
        const id = current.id;
        // Granted after another game came on screen: let it go at once, or this tab would
        // hold it for good and take its own game for another tab's.
        navigator.locks
          .request(LOCK_PREFIX + id, { ifAvailable: true }, (lock) =>
            lock && this.lockedId === id
              ? new Promise((resolve) => (this.released = resolve))
              : null,
          )
          .catch(() => {});
      }
    }
    this.current = current;
  }

  /**
   * Write the game on screen (from its first move on).
   * @param {State} state
   */
  async write(state) {
    const current = this.current;
    if (!current) return;
    current.record = state.record;
    if (!state.moves.length && current.rev === null) return; // not a game until its first move
    const extra = { source: current.source, opening: this.hooks.opening(state.record) };
    const entry = entryOf(current.id, state, this.hooks.settings(), current.entry, extra);
    try {
      let written = await this.library.save(entry, current.rev);
      if (written.conflict) {
        // Another tab moved this game on: this tab's line becomes a game of its own.
        const fork = { ...entry, id: newId(), forkedFrom: current.id };
        written = await this.library.save(fork, null);
        this.follow({ ...current, id: fork.id, rev: null, entry: null });
        this.hooks.notice(
          tr(
            "This game was played on in another tab: your moves here are kept as a game of their own.",
          ),
        );
      }
      const stored = /** @type {Entry} */ (written.entry); // a save without a revision never conflicts
      const now = /** @type {Current} */ (this.current); // `current`, or its fork (above)
      now.rev = stored.rev;
      now.entry = stored;
      this.failure = null;
      this.hooks.session(state.game, stored.id, state.record);
      this.announce(stored.id);
    } catch (err) {
      this.failed(err);
    }
  }

  /**
   * Tell the other tabs that game `id` changed (or was deleted).
   * @param {string | null} id
   * @param {string} [kind] "changed", "deleted", "puzzle"
   */
  announce(id, kind = "changed") {
    try {
      this.channel?.postMessage({ kind, id });
    } catch {
      // a closed channel: the other tabs see the change when their list is next opened
    }
  }

  /**
   * A write that failed: said once a session, kept for the Games view; the game goes on.
   * @param {unknown} err
   */
  failed(err) {
    const kind = failureKind(err);
    const message = /** @type {{message?: unknown} | null | undefined} */ (err)?.message;
    this.failure = { kind, message: String(message ?? err) };
    if (this.told) return;
    this.told = true;
    this.hooks.notice(failureText(kind, this.failure.message));
  }

  /**
   * The entry `record` is kept as (this tab's game if it is that record), or null.
   * @param {string} record
   * @returns {Promise<NewEntry | null>}
   */
  async entryOfRecord(record) {
    if (this.current?.record === record && this.current.rev !== null) return this.current.entry;
    const found = await this.library.byRecord(record);
    return found.sort((a, b) => b.updated - a.updated)[0] ?? null;
  }

  /** The opening's name arrived (`name`: it names the game on screen, or null): written into
   *  the game's entry once, not on every redraw.
   *  @param {unknown} _opening
   *  @param {string | null} name */
  keepOpening(_opening, name) {
    const current = this.current;
    if (
      !name ||
      !current?.entry ||
      current.entry.opening === name ||
      this.naming === current.id + name
    )
      return;
    this.naming = current.id + name;
    return this.serial(() => this.nameOpening(current, name));
  }

  /**
   * @param {Current} current
   * @param {string} name
   */
  async nameOpening(current, name) {
    if (this.current !== current || !current.entry) return;
    try {
      const written = await this.library.save({ ...current.entry, opening: name }, current.rev);
      if (written.entry && this.current === current) {
        current.entry = written.entry;
        current.rev = written.entry.rev;
        this.announce(current.id);
      }
    } catch (err) {
      this.failed(err);
    }
  }

  /**
   * Keep a finished review with the game it reviews.
   * @param {KeptReview} review
   */
  keepReview(review) {
    return this.serial(() => this.saveReview(review));
  }

  /** @param {KeptReview} review */
  async saveReview(review) {
    try {
      const entry = await this.entryOfRecord(review.record);
      if (!entry) return;
      const accuracy = Object.fromEntries(
        Object.entries(review.summary.players).map(([side, s]) => [side, s.accuracy]),
      );
      await this.library.saveReview(entry.id, review, accuracy);
      if (this.current?.id === entry.id) {
        this.current.entry = (await this.library.get(entry.id)) ?? null;
        this.current.rev = this.current.entry?.rev ?? null;
      }
      this.announce(entry.id);
    } catch (err) {
      this.failed(err);
    }
  }

  /**
   * Keep a puzzle attempt ({game, id, rating, result}).
   * @param {Omit<PuzzleAttempt, "at">} attempt
   */
  keepPuzzle(attempt) {
    return this.serial(() => this.savePuzzle(attempt));
  }

  /** @param {Omit<PuzzleAttempt, "at">} attempt */
  async savePuzzle(attempt) {
    try {
      await this.library.addPuzzle({ ...attempt, at: Date.now() + Math.random() / 2 });
      this.announce(null, "puzzle");
    } catch (err) {
      this.failed(err);
    }
  }

  /**
   * The game on screen was deleted from the library: its next move starts a new record.
   * @param {string} id
   */
  forget(id) {
    return this.serial(() => {
      if (this.current?.id === id)
        this.follow({ ...this.current, id: newId(), rev: null, entry: null });
    });
  }
}

/**
 * A storage failure in words.
 * @param {string} kind
 * @param {string} message
 */
export function failureText(kind, message) {
  if (kind === "full") {
    return tr(
      "The browser's storage is full, so this game could not be kept in your library. The game goes on, and its link holds it.",
    );
  }
  if (kind === "unavailable") {
    return tr(
      "This browser does not let Flipside keep your games ({error}). The game goes on, and its link holds it.",
      { error: message },
    );
  }
  if (kind === "stale") {
    return tr("Flipside was updated in another tab: reload this one to keep your games.");
  }
  return tr(
    "This game could not be kept in your library ({error}). The game goes on, and its link holds it.",
    { error: message },
  );
}
