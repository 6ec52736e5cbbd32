// The game library's storage: IndexedDB through `idb` (a thin promise wrapper that keeps
// IndexedDB's own model: stores, indexes, transactions). One record per game, the reviews in
// a store of their own (a list of 10,000 games reads no review), the puzzle attempts, and a
// `meta` store (the one-time move of the older localStorage saves).
//
// Every failure becomes a `LibraryError` with a `kind`: "unavailable" (no IndexedDB, as in
// some private modes, or it refused to open), "full" (the quota), "blocked" (an older tab holds
// the database during an upgrade) or "failed"; the page says so and the game goes on.

import { openDB } from "idb";

/** @typedef {import("../types/library").Entry} Entry */
/** @typedef {import("../types/library").KeptReview} KeptReview */
/** @typedef {import("../types/library").LibrarySchema} LibrarySchema */
/** @typedef {import("../types/library").NewEntry} NewEntry */
/** @typedef {import("../types/library").PuzzleAttempt} PuzzleAttempt */
/** @typedef {import("../types/library").StoredReview} StoredReview */
/** @typedef {import("idb").IDBPDatabase<LibrarySchema>} LibraryDB */

export const DB_NAME = "flipside";
/** The schema's version: a new store or index is a new version and a step in `upgrade`. */
export const DB_VERSION = 1;
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
      const tx = this.db.transaction(["games", "reviews"], "readwrite");
      const entry = await tx.objectStore("games").get(id);
      if (entry) {
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

  close() {
    this.db.close();
  }
}
