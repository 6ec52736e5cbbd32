// The training's cards (docs/training.md): a reviewed game's mistakes, a puzzle the player
// failed, an opening line. Each card holds the position it is trained from, so it works when
// the game it came from is gone. Made here, checked when read back (a card of another shape,
// damaged or from a backup, is skipped and named), scheduled by the training room
// (js/training/, ts-fsrs).

import { engine } from "../rules-engine.js";
import { formatNumber, ntr, tr } from "../i18n.js";

/** @typedef {import("../types/library").Answer} Answer */
/** @typedef {import("../types/library").Card} Card */
/** @typedef {import("../types/library").Deck} Deck */
/** @typedef {import("../types/library").Entry} Entry */
/** @typedef {import("./db.js").Library} Library */

/** The version of a card's record (`v`). */
export const CARD_VERSION = 1;
/** @type {Deck[]} */
export const DECKS = ["mistakes", "puzzles", "openings"];
/** The `meta` key of the games whose reviews have given their training cards: {id: true};
 *  a new review of a game takes its mark away (db.js `saveReview`). */
export const CARDED = "training.carded";

const GAME = /^([a-z]+)\//;
const MOVE = /^[a-z0-9-]+x?$/;

/**
 * A card as the page uses it, or null when the value is not one.
 * @param {unknown} value
 * @returns {Card | null}
 */
export function readCard(value) {
  if (!value || typeof value !== "object") return null;
  const c = /** @type {Record<string, unknown>} */ (value);
  if (c.v !== CARD_VERSION || typeof c.id !== "string" || !c.id) return null;
  if (!DECKS.includes(/** @type {Deck} */ (c.deck))) return null;
  if (typeof c.record !== "string" || GAME.exec(c.record)?.[1] !== c.game) return null;
  if (!Number.isFinite(c.due) || !Number.isFinite(c.created)) return null;
  if (c.schedule !== null && !readSchedule(c.schedule)) return null;
  const moves = (/** @type {unknown} */ list) =>
    Array.isArray(list) &&
    list.length > 0 &&
    list.every((m) => typeof m === "string" && MOVE.test(m));
  if (c.deck === "mistakes" && (!moves(c.accepted) || typeof c.move !== "string")) return null;
  if (c.deck === "puzzles" && !Number.isInteger(c.puzzle)) return null;
  if (c.deck === "openings" && (!moves(c.line) || typeof c.side !== "string")) return null;
  return /** @type {Card} */ (value);
}

/**
 * Whether `value` is a schedule as ts-fsrs's card (its numbers finite).
 * @param {unknown} value
 */
function readSchedule(value) {
  if (!value || typeof value !== "object") return false;
  const s = /** @type {Record<string, unknown>} */ (value);
  const fields = ["due", "stability", "difficulty", "reps", "lapses", "state"];
  return fields.every((f) => Number.isFinite(s[f]));
}

/**
 * An answer as the page uses it, or null.
 * @param {unknown} value
 * @returns {Answer | null}
 */
export function readAnswer(value) {
  if (!value || typeof value !== "object") return null;
  const a = /** @type {Record<string, unknown>} */ (value);
  if (!Number.isFinite(a.at) || typeof a.card !== "string") return null;
  if (!DECKS.includes(/** @type {Deck} */ (a.deck)) || ![1, 2, 3, 4].includes(Number(a.rating)))
    return null;
  return /** @type {Answer} */ (value);
}

/**
 * A new card: due at once, no schedule.
 * @param {Omit<Card, "v" | "created" | "due" | "schedule">} fields
 * @param {number} now
 * @returns {Card}
 */
export function newCard(fields, now) {
  return { ...fields, v: CARD_VERSION, created: now, due: now, schedule: null };
}

/**
 * The card of a failed puzzle.
 * @param {import("../types/state").GameId} game
 * @param {number} id the puzzle's
 * @param {number} now
 */
export function puzzleCard(game, id, now) {
  return newCard(
    { id: `puzzle:${game}:${id}`, deck: "puzzles", game, record: `${game}/`, puzzle: id },
    now,
  );
}

/**
 * The card of an opening line.
 * @param {import("../types/state").Side} side the player's
 * @param {string[]} line
 * @param {string | null} name
 * @param {number} now
 * @param {boolean} [marked] marked in the explorer for the repertoire
 */
export function openingCard(side, line, name, now, marked = false) {
  return newCard(
    {
      id: `opening:${side}:${line.join("")}`,
      deck: "openings",
      game: "othello",
      record: "othello/",
      side,
      line,
      name,
      marked,
    },
    now,
  );
}

/**
 * The sides a person played in `entry` (a game against the computer: the person's; two
 * players: both); none for an imported game (someone else's).
 * @param {Entry} entry
 */
export function personSides(entry) {
  if (entry.source === "import") return [];
  const players = entry.players ?? {};
  return (entry.sides ?? []).filter((side) => players[side] == null);
}

/**
 * The mistake cards of the reviewed games that have given none yet (each game once: the
 * `meta` key CARDED): Python reads each review (`training_cards`), the cards are added. The
 * number of cards added.
 * @param {Library} library
 * @param {number} [now]
 */
export async function sweepReviews(library, now = Date.now()) {
  const carded = /** @type {Record<string, boolean>} */ ((await library.meta(CARDED)) ?? {});
  const ids = (await library.reviewedIds()).filter((id) => !carded[id]);
  let added = 0;
  for (const id of ids) {
    const [entry, review] = await Promise.all([library.get(id), library.review(id)]);
    // A game played on since its review waits for its next review (which clears its mark).
    if (!entry || !review || review.record !== entry.record) continue;
    carded[id] = true;
    const sides = personSides(entry);
    if (!sides.length) continue;
    let made;
    try {
      made = await engine.call("training_cards", {
        record: review.record,
        rows: review.rows,
        sides,
      });
    } catch {
      continue; // a review Python cannot read gives no card
    }
    const cards = made.map((c) =>
      newCard(
        {
          ...c,
          id: `mistake:${id}:${c.ply}`,
          deck: /** @type {Deck} */ ("mistakes"),
          game: entry.game,
          source: id,
        },
        now - 100_000 + c.ply, // due now, in move order
      ),
    );
    added += await library.addCards(cards);
  }
  if (ids.some((id) => carded[id])) await library.setMeta(CARDED, carded);
  return added;
}

const DAY_MS = 86_400_000;
const RETENTION_DAYS = 30;
/** ts-fsrs's Review state: a card out of its learning steps. */
const LEARNED = 2;

/**
 * What the training has done: cards learned and due, the share of the answers of the last 30
 * days that were remembered (rated above "again"), and the streak (days in a row, to today or
 * yesterday, with an answer).
 * @param {Card[]} cards
 * @param {Answer[]} answers
 * @param {number} now
 */
export function trainingStats(cards, answers, now) {
  const learned = cards.filter((c) => c.schedule?.state === LEARNED).length;
  const due = cards.filter((c) => c.due <= now).length;
  const recent = answers.filter((a) => a.at > now - RETENTION_DAYS * DAY_MS);
  const retention = recent.length
    ? recent.filter((a) => a.rating > 1).length / recent.length
    : null;
  const days = new Set(answers.map((a) => dayOf(a.at)));
  let streak = 0;
  let day = new Date(now);
  if (!days.has(dayOf(day.getTime()))) day = addDays(day, -1);
  while (days.has(dayOf(day.getTime()))) {
    streak++;
    day = addDays(day, -1);
  }
  return { total: cards.length, learned, due, answers: answers.length, retention, streak };
}

/** @param {number} at */
const dayOf = (at) => new Date(at).toDateString();
/**
 * @param {Date} date
 * @param {number} n
 */
const addDays = (date, n) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + n, 12);

/**
 * The training's figures in words (the Training view and Progress).
 * @param {ReturnType<typeof trainingStats>} stats
 */
export function trainingStatsText(stats) {
  if (!stats.total) return tr("No training card yet: review a game, or miss a puzzle.");
  const parts = [
    tr("Cards learned: {learned} of {total}. Due now: {due}.", stats),
    stats.retention === null
      ? ""
      : tr("Remembered: {share} of your answers of the last 30 days.", {
          share: formatNumber(stats.retention, { style: "percent", maximumFractionDigits: 0 }),
        }),
    ntr("Streak: {n} day.", "Streak: {n} days.", stats.streak),
  ];
  return parts.filter(Boolean).join(" ");
}
