// The game library's records (js/library/, docs/library.md): a game's entry, its review, a
// puzzle attempt, the `meta` store's values, the IndexedDB schema that holds them (for
// `idb`'s typed stores) and the JSON backup. What a store gives back is what the library
// wrote, unless something else wrote it: `readEntry` (db.js) checks each entry it lists.

import type { DBSchema } from "idb";
import type { GameId, GameResult, RecordText, ReviewRow, ReviewSummary, Side } from "./state";

export type { ReviewRow, ReviewSummary };

/** How a kept game began: "new" (here, from the New game dialog, the switcher or a series),
 *  "link", "opened" (an import, the editor, a retry), "import", "backup", "migrated". */
export type Source = "new" | "link" | "opened" | "import" | "backup" | "migrated";

/** A game's entry in the `games` store (entry.js makes it; `v` is ENTRY_VERSION). */
export interface Entry {
  v: number;
  id: string;
  game: GameId;
  record: RecordText;
  sides: Side[];
  source: Source | string;
  /** Milliseconds since 1970 (Date.now()). */
  started: number;
  updated: number;
  ended: number | null;
  /** The entries of its move list. */
  moves: number;
  over: boolean;
  result: GameResult | null;
  /** Each side: the computer's level as text, or null for a person. */
  players: Record<Side, string | null>;
  /** The person's side against the computer, or null. */
  you: Side | null;
  /** "human", "watch" or "level:<L>", as the game began. */
  opponent: string;
  /** The opponent changed during the game. */
  mixed: boolean;
  /** An imported game's players, by side. */
  names: Record<Side, string> | null;
  /** An imported game's date and place, as its file wrote them. */
  date: string | null;
  place: string | null;
  opening: string | null;
  /** Per side, from a review. */
  accuracy: Record<Side, number | null> | null;
  reviewed: boolean;
  /** The revision: one more on every write. */
  rev: number;
  /** A game another tab played on: the id this line was forked from. */
  forkedFrom?: string;
}

/** An entry as made from a state (entry.js `entryOf`), before the library gives it its
 *  revision (a stored entry it builds on brings its own). */
export type NewEntry = Omit<Entry, "rev"> & { rev?: number };

/** A finished review of a game (page/review.js keeps it): one row per move and the summary. */
export interface KeptReview {
  record: RecordText;
  rows: ReviewRow[];
  summary: ReviewSummary;
}

/** A review in the `reviews` store: its game's id. */
export interface StoredReview extends KeptReview {
  id: string;
}

/** A puzzle attempt in the `puzzles` store (`at`: when, its key). */
export interface PuzzleAttempt {
  at: number;
  game: GameId;
  id: number;
  rating: number | null;
  result: "solved" | "failed";
  hinted?: boolean;
  /** A puzzle solved before the library (migrate.js). */
  migrated?: boolean;
}

/** `meta.migrated`: when the older saves were moved, and what. */
export interface Migrated {
  at: number;
  games: number;
  reviews: number;
  puzzles: number;
  /** The saves that could not be read, in words. */
  problems: string[];
}

/** The `meta` store's records. */
export interface MetaRecord {
  key: string;
  value: unknown;
}

/** The training decks (docs/training.md). */
export type Deck = "mistakes" | "puzzles" | "openings";

/** A card's spaced-repetition state: ts-fsrs's `Card`, its dates as milliseconds. */
export interface Schedule {
  due: number;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  /** ts-fsrs's State: 0 new, 1 learning, 2 review, 3 relearning. */
  state: number;
  last_review: number | null;
}

/** A training card in the `cards` store (library/cards.js makes and checks them). */
export interface Card {
  v: number;
  id: string;
  deck: Deck;
  game: GameId;
  /** When it was made. */
  created: number;
  /** When it is next due (its schedule's, or when it was made): the `due` index. */
  due: number;
  /** Null until its first answer. */
  schedule: Schedule | null;
  /** The position it is trained from: a mistake's position before the move, a puzzle's,
   *  the opening trainer's start. */
  record: RecordText;
  /** The library game it came from (a mistake), which may be gone since. */
  source?: string | null;
  /** A mistake: its move number (0-based), the move played, who played it, the review's
   *  mark, loss, best move, values and the moves the card accepts. */
  ply?: number;
  move?: string;
  by?: Side;
  mark?: string;
  loss?: number;
  best?: string;
  bestValue?: number;
  value?: number;
  exact?: boolean;
  accepted?: string[];
  values?: Record<string, number> | null;
  unit?: string;
  /** A puzzle the player failed: its id in the game's set. */
  puzzle?: number;
  /** An opening line: the side the player plays, the line's moves, its name. */
  side?: Side;
  line?: string[];
  name?: string | null;
  /** An opening line marked in the explorer (part of "My repertoire"). */
  marked?: boolean;
}

/** An answer to a card in the `answers` store (`at`: when, its key). */
export interface Answer {
  at: number;
  card: string;
  deck: Deck;
  /** ts-fsrs's Rating: 1 again, 2 hard, 3 good, 4 easy. */
  rating: number;
}

/** The database `flipside` (db.js, DB_VERSION 2: version 2 added the training's cards and
 *  answers). */
export interface LibrarySchema extends DBSchema {
  games: { key: string; value: Entry; indexes: { started: number; record: string } };
  reviews: { key: string; value: StoredReview };
  puzzles: { key: number; value: PuzzleAttempt; indexes: { game: string } };
  meta: { key: string; value: MetaRecord };
  cards: {
    key: string;
    value: Card;
    indexes: { deck: string; due: [string, number]; source: string };
  };
  answers: { key: number; value: Answer; indexes: { card: string } };
}

/** The JSON backup (backup.js). */
export interface Backup {
  format: string;
  version: number;
  /** ISO date and time. */
  exported: string;
  /** The entries without their revision. */
  games: Omit<Entry, "rev">[];
  reviews: StoredReview[];
  puzzles: PuzzleAttempt[];
  /** The training's cards and answers (a backup of an older Flipside has none). */
  cards?: Card[];
  answers?: Answer[];
}

/** A backup as read back: what it holds that has the least shape (a record, a review's rows),
 *  each game otherwise unchecked until the engine's `library_summaries`; `skipped`: games
 *  without a record. */
export interface ReadBackup {
  games: BackupGame[];
  reviews: StoredReview[];
  puzzles: PuzzleAttempt[];
  skipped: number;
  cards: Card[];
  answers: Answer[];
  /** The cards that could not be read: their ids (or their place in the file). */
  skippedCards: string[];
}

/** A game of a backup file: a record, and whatever else its entry had (checked field by field
 *  by `entryFromBackup`). */
export interface BackupGame {
  record: string;
  [field: string]: unknown;
}

/** What the library's failures say (db.js's LibraryError, keeper.js's last failure). */
export interface Failure {
  /** "unavailable", "full", "blocked", "stale" or "failed". */
  kind: string;
  message: string;
}

/** What the Games view (library/view.js, files.js, progress.js) is given of the library: the
 *  open store, the keeper and the storage failure (each may be null). */
export interface LibraryAccess {
  library(): import("../library/db.js").Library | null;
  keeper(): import("../library/keeper.js").Keeper | null;
  failure(): Failure | null;
}
