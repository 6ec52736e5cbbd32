// The training's spaced repetition: FSRS through ts-fsrs (pinned in package.json, bundled
// into js/trainer.js; docs/training.md says why). A card's schedule is ts-fsrs's `Card` with
// its dates as milliseconds, so that it is plain JSON in IndexedDB and in the backup.

import { createEmptyCard, fsrs, Rating } from "ts-fsrs";

/** @typedef {import("../types/library").Card} Card */
/** @typedef {import("../types/library").Schedule} Schedule */

/** The ratings the training gives: a first try wrong (or the solution shown), right after a
 *  hint, right at once. */
export const AGAIN = Rating.Again;
export const HARD = Rating.Hard;
export const GOOD = Rating.Good;

// The default parameters (90% retention wanted, learning steps of 1 and 10 minutes), no fuzz:
// the same answers give the same dates.
const scheduler = fsrs({ enable_fuzz: false, enable_short_term: true });

/**
 * ts-fsrs's card of a schedule (a new card without one).
 * @param {Schedule | null} schedule
 * @param {number} now
 */
function fsrsCard(schedule, now) {
  if (!schedule) return createEmptyCard(new Date(now));
  return {
    ...schedule,
    due: new Date(schedule.due),
    last_review: schedule.last_review === null ? undefined : new Date(schedule.last_review),
  };
}

/**
 * The card after an answer rated `rating` at `now`: its new schedule and due time.
 * @param {Card} card
 * @param {number} rating AGAIN, HARD or GOOD
 * @param {number} now
 * @returns {Card}
 */
export function answered(card, rating, now) {
  const next = scheduler.next(
    fsrsCard(card.schedule, now),
    new Date(now),
    /** @type {import("ts-fsrs").Grade} */ (rating),
  ).card;
  /** @type {Schedule} */
  const schedule = {
    due: next.due.getTime(),
    stability: next.stability,
    difficulty: next.difficulty,
    elapsed_days: next.elapsed_days,
    scheduled_days: next.scheduled_days,
    learning_steps: next.learning_steps,
    reps: next.reps,
    lapses: next.lapses,
    state: next.state,
    last_review: next.last_review ? next.last_review.getTime() : null,
  };
  return { ...card, schedule, due: schedule.due };
}

/** A card is learned once it has left the learning steps (ts-fsrs's Review state). */
export const LEARNED_STATE = 2;
