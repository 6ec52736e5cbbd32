// The game library's storage: IndexedDB through `idb` (a thin promise wrapper that keeps
// IndexedDB's own model: stores, indexes, transactions). One record per game, the reviews in
// a store of their own (a list of 10,000 games reads no review), the puzzle attempts, and a
// `meta` store (the one-time move of the older localStorage saves); from version 2 the
// training's cards and answers (library/cards.js, docs/training.md).
//
// Every failure becomes a `LibraryError` with a `kind`: "unavailable" (no IndexedDB, as in
// some private modes, or it refused to open), "full" (the quota), "blocked" (an older tab holds
// the database during an upgrade) or "failed"; the page says so and the game goes on.

import { openDB } from "idb";
import { CARDED } from "./cards.js";

/** @typedef {import("../types/library").Answer} Answer */
/** @typedef {import("../types/library").Card} Card */
/** @typedef {import("../types/library").Deck} Deck */
/** @typedef {import("../types/library").Entry} Entry */
/** @typedef {import("../types/library").KeptReview} KeptReview */
/** @typedef {import("../types/library").LibrarySchema} LibrarySchema */
/** @typedef {import("../types/library").NewEntry} NewEntry */
/** @typedef {import("../types/library").PuzzleAttempt} PuzzleAttempt */
/** @typedef {import("../types/library").StoredReview} StoredReview */
/** @typedef {import("idb").IDBPDatabase<LibrarySchema>} LibraryDB */

export const DB_NAME = "flipside";
/** The schema's version: a new store or index is a new version and a step in `upgrade`. */
export const DB_VERSION = 2;
/** The version of a game's record in the `games` store (`v`), read by `readEntry`. */
export const ENTRY_VERSION = 1;

export class LibraryError extends Error {
  /**
   * @param {string} kind "unavailable", "full", "blocked", "stale" or "failed"
   * @param {unknown} cause the error (or the words) it comes from
   */
  constructor(kind, cause) {
    super(
      String(
        /** @type {{message?: unknown} | null | undefined} */ (cause)?.message ?? cause ?? kind,
      ),
    );
    this.name = "LibraryError";
    this.kind = kind;
    this.cause = cause;
  }
}

/**
 * The kind of a storage failure: a full quota is told apart from the rest.
 * @param {unknown} err
 * @returns {string}
 */
export function failureKind(err) {
  if (err instanceof LibraryError) return err.kind;
  const e =
    /** @type {{name?: string, inner?: {name?: string}, message?: unknown} | null | undefined} */ (
      err
    );
  const name = e?.name ?? e?.inner?.name ?? "";
  if (name === "QuotaExceededError" || /quota/i.test(String(e?.message))) return "full";
  if (name === "InvalidStateError" || name === "SecurityError" || name === "UnknownError")
    return "unavailable";
  return "failed";
}

const wrapped = (/** @type {unknown} */ err) =>
  err instanceof LibraryError ? err : new LibraryError(failureKind(err), err);

/**
 * Each version's step: what a database of `oldVersion` needs to become `DB_VERSION`.
 * @param {LibraryDB} db
 * @param {number} oldVersion
 */
function upgrade(db, oldVersion) {
  if (oldVersion < 1) {
    const games = db.createObjectStore("games", { keyPath: "id" });
    games.createIndex("started", "started");
    games.createIndex("record", "record");
    db.createObjectStore("reviews", { keyPath: "id" });
    const puzzles = db.createObjectStore("puzzles", { keyPath: "at" });
    puzzles.createIndex("game", "game");
    db.createObjectStore("meta", { keyPath: "key" });
  }
  if (oldVersion < 2) {
    const cards = db.createObjectStore("cards", { keyPath: "id" });
    cards.createIndex("deck", "deck");
    cards.createIndex("due", ["deck", "due"]);
    cards.createIndex("source", "source");
    const answers = db.createObjectStore("answers", { keyPath: "at" });
    answers.createIndex("card", "card");
  }
}

/** Open the library; `onStale` runs when a newer page wants to upgrade it (this tab then
 *  closes its connection and should reload).
 *  @param {{onStale?: () => void}} [options]
 *  @returns {Promise<LibraryDB>} */
export async function openLibraryDB({ onStale = () => {} } = {}) {
  if (typeof indexedDB === "undefined" || indexedDB === null) {
    throw new LibraryError("unavailable", new Error("IndexedDB is not available"));
  }
  /** @type {LibraryDB | undefined} */
  let db;
  try {
    db = await openDB(DB_NAME, DB_VERSION, {
      upgrade,
      blocked: () => {},
      blocking: () => {
        db?.close();
        onStale();
      },
    });
  } catch (err) {
    const name = /** @type {{name?: string} | null} */ (err)?.name;
    throw new LibraryError(name === "VersionError" ? "stale" : "unavailable", err);
  }
  return db;
}

const SIDE = /^[a-z]+$/;

/** A stored game as the page uses it, or null when the record is not one (a damaged or
 *  foreign record is skipped, never fatal).
 *  @param {unknown} stored
 *  @returns {Entry | null} */
export function readEntry(stored) {
  if (!stored || typeof stored !== "object") return null;
  const value = /** @type {Record<string, unknown>} */ (stored);
  const { id, game, record, started } = value;
  if (typeof id !== "string" || !id || typeof game !== "string" || typeof record !== "string")
    return null;
  if (!record.startsWith(`${game}/`) || !Number.isFinite(started)) return null;
  if (!Number.isInteger(value.moves) || /** @type {number} */ (value.moves) < 0) return null;
  if (value.v !== ENTRY_VERSION) return null;
  const result = value.result && typeof value.result === "object" ? value.result : null;
  if (result && "winner" in result && result.winner !== null && !SIDE.test(String(result.winner)))
    return null;
  return /** @type {Entry} */ (stored); // its other fields as the library wrote them
}

/** The library's operations over one open database. */
export class Library {
  /** @param {LibraryDB} db */
  constructor(db) {
    this.db = db;
  }

  /**
   * Run `fn`, its failure a LibraryError.
   * @template T
   * @param {() => Promise<T>} fn
   * @returns {Promise<T>}
   */
  async run(fn) {
    try {
      return await fn();
    } catch (err) {
      throw wrapped(err);
    }
  }

  /** @param {string} id */
  get(id) {
    return this.run(() => this.db.get("games", id));
  }

  /** Write `entry` unless another writer changed it since revision `rev` (null: a new
   *  game): {entry} with its new revision, or {conflict: stored entry}.
   *  @param {NewEntry} entry
   *  @param {number | null} rev
   *  @returns {Promise<{entry: Entry, conflict?: undefined} | {conflict: Entry, entry?: undefined}>} */
  save(entry, rev) {
    return this.run(async () => {
      const tx = this.db.transaction("games", "readwrite");
      const stored = await tx.store.get(entry.id);
      if (stored && rev !== null && stored.rev !== rev) {
        tx.abort();
        await tx.done.catch(() => {});
        return { conflict: stored };
      }
      const written = { ...entry, rev: (stored?.rev ?? 0) + 1 };
      await tx.store.put(written);
      await tx.done;
      return { entry: written };
    });
  }

  /**
   * Put whole entries (an import, an undo of a delete), with their reviews.
   * @param {Entry[]} entries
   * @param {StoredReview[]} [reviews]
   */
  putAll(entries, reviews = []) {
    return this.run(async () => {
      const tx = this.db.transaction(["games", "reviews"], "readwrite");
      for (const entry of entries) tx.objectStore("games").put(entry);
      for (const review of reviews) tx.objectStore("reviews").put(review);
      await tx.done;
    });
  }

  /**
   * Delete a game and its review; the deleted entry and review (for an undo).
   * @param {string} id
   */
  remove(id) {
    return this.run(async () => {
      const tx = this.db.transaction(["games", "reviews"], "readwrite");
      const entry = await tx.objectStore("games").get(id);
      const review = await tx.objectStore("reviews").get(id);
      tx.objectStore("games").delete(id);
      tx.objectStore("reviews").delete(id);
      await tx.done;
      return { entry, review };
    });
  }

  /**
   * The first `limit` games, newest first: {entries, skipped} (records not understood).
   * @param {number} limit
   */
  newest(limit) {
    return this.run(async () => {
      /** @type {Entry[]} */
      const entries = [];
      let skipped = 0;
      let cursor = await this.db
        .transaction("games")
        .store.index("started")
        .openCursor(null, "prev");
      while (cursor && entries.length < limit) {
        const entry = readEntry(cursor.value);
        if (entry) entries.push(entry);
        else skipped++;
        cursor = await cursor.continue();
      }
      return { entries, skipped };
    });
  }

  /** Every game, newest first: {entries, skipped}. */
  all() {
    return this.run(async () => {
      const values = await this.db.getAllFromIndex("games", "started");
      /** @type {Entry[]} */
      const entries = [];
      let skipped = 0;
      for (let i = values.length - 1; i >= 0; i--) {
        const entry = readEntry(values[i]);
        if (entry) entries.push(entry);
        else skipped++;
      }
      return { entries, skipped };
    });
  }

  count() {
    return this.run(() => this.db.count("games"));
  }

  /**
   * The games whose record is `record` (understood ones only).
   * @param {string} record
   * @returns {Promise<Entry[]>}
   */
  byRecord(record) {
    return this.run(async () =>
      (await this.db.getAllFromIndex("games", "record", record)).flatMap(
        (value) => readEntry(value) ?? [],
      ),
    );
  }

  /** @param {string} id */
  review(id) {
    return this.run(() => this.db.get("reviews", id));
  }

  /**
   * Keep `review` ({rows, summary}) for game `id` and its accuracy in the game's entry.
   * @param {string} id
   * @param {KeptReview} review
   * @param {Record<string, number | null>} accuracy
   */
  saveReview(id, review, accuracy) {
    return this.run(async () => {
      const tx = this.db.transaction(["games", "reviews", "meta"], "readwrite");
      const entry = await tx.objectStore("games").get(id);
      if (entry) {
        // Its training cards are made again from this review (a card kept keeps its schedule).
        const carded = (await tx.objectStore("meta").get(CARDED))?.value;
        if (carded && typeof carded === "object" && id in carded) {
          const { [id]: _mark, ...others } = /** @type {Record<string, boolean>} */ (carded);
          tx.objectStore("meta").put({ key: CARDED, value: others });
        }
        tx.objectStore("reviews").put({
          id,
          record: review.record,
          rows: review.rows,
          summary: review.summary,
        });
        tx.objectStore("games").put({ ...entry, accuracy, reviewed: true, rev: entry.rev + 1 });
      }
      await tx.done;
      return !!entry;
    });
  }

  /** @param {PuzzleAttempt} attempt */
  addPuzzle(attempt) {
    return this.run(() => this.db.put("puzzles", attempt));
  }

  puzzles() {
    return this.run(() => this.db.getAll("puzzles"));
  }

  /** @param {string} key */
  meta(key) {
    return this.run(async () => (await this.db.get("meta", key))?.value ?? null);
  }

  /**
   * @param {string} key
   * @param {unknown} value
   */
  setMeta(key, value) {
    return this.run(() => this.db.put("meta", { key, value }));
  }

  /** @param {string[]} ids */
  reviewsOf(ids) {
    return this.run(async () => {
      const tx = this.db.transaction("reviews");
      const found = await Promise.all(ids.map((id) => tx.store.get(id)));
      return found.flatMap((review) => review ?? []);
    });
  }

  // -- training (library/cards.js makes the cards, training/ answers them) --------------------

  /**
   * Add the cards whose id the library does not hold yet (a card kept keeps its schedule);
   * the number added.
   * @param {Card[]} cards
   */
  addCards(cards) {
    return this.run(async () => {
      const tx = this.db.transaction("cards", "readwrite");
      const known = await Promise.all(cards.map((card) => tx.store.getKey(card.id)));
      let added = 0;
      cards.forEach((card, i) => {
        if (known[i] === undefined) {
          tx.store.put(card);
          added++;
        }
      });
      await tx.done;
      return added;
    });
  }

  /**
   * Per deck: the cards due by `now`, by `today` (the day's end) and all of them (index
   * counts: no card is read).
   * @param {Deck[]} decks
   * @param {number} now
   * @param {number} today
   * @returns {Promise<Record<string, {due: number, today: number, total: number}>>}
   */
  cardCounts(decks, now, today) {
    return this.run(async () => {
      const tx = this.db.transaction("cards");
      const due = tx.store.index("due");
      const deck = tx.store.index("deck");
      const counts = await Promise.all(
        decks.map(async (name) => ({
          due: await due.count(IDBKeyRange.bound([name, -Infinity], [name, now])),
          today: await due.count(IDBKeyRange.bound([name, -Infinity], [name, today])),
          total: await deck.count(name),
        })),
      );
      return Object.fromEntries(decks.map((name, i) => [name, counts[i]]));
    });
  }

  /**
   * The cards of `deck` due by `until`, the soonest first (at most `limit`).
   * @param {Deck} deck
   * @param {number} until
   * @param {number} limit
   * @returns {Promise<Card[]>}
   */
  dueCards(deck, until, limit) {
    return this.run(() =>
      this.db.getAllFromIndex(
        "cards",
        "due",
        IDBKeyRange.bound([deck, -Infinity], [deck, until]),
        limit,
      ),
    );
  }

  /** @param {Deck} deck */
  deckCards(deck) {
    return this.run(() => this.db.getAllFromIndex("cards", "deck", deck));
  }

  /** @param {string} id */
  card(id) {
    return this.run(() => this.db.get("cards", id));
  }

  cards() {
    return this.run(() => this.db.getAll("cards"));
  }

  answers() {
    return this.run(() => this.db.getAll("answers"));
  }

  /**
   * An answer: the card with its new schedule and the answer, in one transaction.
   * @param {Card} card
   * @param {Answer} answer
   */
  saveAnswer(card, answer) {
    return this.run(async () => {
      const tx = this.db.transaction(["cards", "answers"], "readwrite");
      tx.objectStore("cards").put(card);
      tx.objectStore("answers").put(answer);
      await tx.done;
    });
  }

  /**
   * A card changed (an opening line marked for the repertoire).
   * @param {Card} card
   */
  putCard(card) {
    return this.run(() => this.db.put("cards", card));
  }

  /**
   * Put a backup's answers (those at a time the library holds no answer for).
   * @param {Answer[]} answers
   */
  addAnswers(answers) {
    return this.run(async () => {
      const tx = this.db.transaction("answers", "readwrite");
      const known = await Promise.all(answers.map((a) => tx.store.getKey(a.at)));
      answers.forEach((a, i) => {
        if (known[i] === undefined) tx.store.put(a);
      });
      await tx.done;
    });
  }

  /** The ids of the games that have a review (keys only). */
  reviewedIds() {
    return this.run(() => this.db.getAllKeys("reviews"));
  }

  close() {
    this.db.close();
  }
}
