// The game review: every move of the game on screen judged on the pool of search workers
// (pool.js), each worker one move at a time (the facade's `judge`), the results shown as they
// come, with progress, cancel and a summary per player; marks in
// the move list and on the graph, the best move ringed on the board, next / previous
// mistake, and "Retry from here". A finished review is kept in the browser by its game's
// record (store.js), so a reloaded game shows it again without computing it.

import { Cancelled, WorkerLost } from "../pool.js";
import { saveReview, loadReview } from "../store.js";
import { announce } from "../announce.js";
import { formatNumber, N_, ntr, tr } from "../i18n.js";
import { capitalize, errorText, setText } from "./text.js";

/** @typedef {import("../types/app").App} App */
/** @typedef {import("../types/state").Mark} Mark */
/** @typedef {import("../types/state").ReviewRow} ReviewRow */
/** @typedef {import("../types/state").ReviewSummary} ReviewSummary */
/** @typedef {import("../search-worker.js").SearchWorker} SearchWorker */

/**
 * A review being computed: the moves left to judge (plies), how many are judged.
 * @typedef {object} ReviewJob
 * @property {boolean} cancelled
 * @property {number} began performance.now() when it began
 * @property {number} judged
 * @property {number[]} todo
 * @property {number} [depth] a fixed depth per move (tests, benches)
 */

/**
 * The review of a game: one row per move judged so far, the summary once finished.
 * @typedef {object} Review
 * @property {string} record
 * @property {(ReviewRow | null)[]} rows
 * @property {ReviewSummary | null} summary
 * @property {number} plies
 * @property {ReviewJob | null} job
 * @property {string | null} error why it stopped, in words
 */

/** @type {Record<Mark, string>} */
const SYMBOLS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
/** The marks' names (the facade's `mark` is the English word). */
/** @type {Record<string, string>} */
const MARKS = { inaccuracy: N_("inaccuracy"), mistake: N_("mistake"), blunder: N_("blunder") };
/** The review's units (the facade's `scale.unit`). */
/** @type {Record<string, string>} */
const UNITS = { discs: N_("discs"), points: N_("points") };
const markName = (/** @type {string} */ mark) => (mark in MARKS ? tr(MARKS[mark]) : mark);
const unitName = (/** @type {string} */ unit) => (unit in UNITS ? tr(UNITS[unit]) : unit);
const PAUSE_MS = 150; // how often a paused review looks whether the computer has replied

/**
 * Adds this room's functions to `app` (the page's shared parts, see main.js).
 * @param {App} app
 */
export function installReview(app) {
  const { page, ai, moveHistory, $ } = app;
  /** The review of `record`: rows (one per move judged so far), summary when finished. */
  /** @type {Review | null} */
  let review = null;
  /** @type {string | null} */
  let seenRecord = null;

  /** The review of the live game, or null (a review of another game is not shown). */
  function current() {
    return review && page.state && review.record === page.state.record ? review : null;
  }

  /** @param {{depth?: number}} [options] */
  async function start(options = {}) {
    const live = page.state;
    if (!live || !page.engineReady) return;
    if (!live.moves.length) {
      app.notice(tr("There is no move to review yet."));
      return;
    }
    app.startSearch(); // asked before the search worker's idle start: it starts now
    const plies = live.moves.length;
    const job = {
      cancelled: false,
      began: performance.now(),
      judged: 0,
      todo: [...Array(plies).keys()],
      depth: options.depth,
    };
    review = {
      record: live.record,
      rows: new Array(plies).fill(null),
      summary: null,
      plies,
      job,
      error: null,
    };
    render();
    // The moves are judged on the pool's workers at once, each taking the next move as it is
    // free (with one worker: in order, as before there was a pool); the extra workers join
    // once they have started.
    const extras = ai.pool.grow(live.game).map((slot) =>
      ai.pool.whenReady(slot, live.game).then(
        () => judgeOn(slot, job),
        () => {}, // it did not start: the others do its share
      ),
    );
    await Promise.all([judgeOn(ai.search, job), ...extras]);
    // A move an extra worker gave back after the others were done.
    while (job.todo.length && !job.cancelled && review?.job === job) await judgeOn(ai.search, job);
    if (job.cancelled || review?.job !== job || review.error || job.judged < plies) return;
    const rows = /** @type {ReviewRow[]} */ (review.rows); // every move judged
    try {
      review.summary = await ai.search.call("review_summary", { record: review.record, rows });
    } catch (err) {
      if (!job.cancelled) fail(job, err);
      return;
    }
    if (job.cancelled) return;
    review.job = null;
    const summary = /** @type {ReviewSummary} */ (review.summary);
    saveReview({ record: review.record, rows, summary });
    app.keepReview?.({ record: review.record, rows, summary });
    const marks = rows.filter((r) => r.mark).length;
    announce(ntr("Review finished: {n} marked move.", "Review finished: {n} marked moves.", marks));
    refresh();
  }

  /** Judge the review's moves on `slot` (a worker of the pool), one at a time, until none is
   *  left. A computer reply goes first: the review waits while the computer is to move (the
   *  move in hand is finished first). A move whose worker was restarted (an undo, a new
   *  setting) or lost is asked again; an extra worker that is lost and cannot start again,
   *  or is beyond a smaller pool size, leaves its moves to the others.
   *  @param {SearchWorker} slot
   *  @param {ReviewJob} job */
  async function judgeOn(slot, job) {
    const extra = slot !== ai.search;
    try {
      for (;;) {
        slot.held = false;
        while (!job.cancelled && (ai.thinking || ai.computerToMove())) await sleep(PAUSE_MS);
        if (job.cancelled || !job.todo.length || review?.job !== job) return;
        if (extra && ai.pool.extras.indexOf(slot) >= ai.pool.size - 1) return;
        slot.held = extra;
        const ply = /** @type {number} */ (job.todo.shift()); // there is one (above)
        let row;
        try {
          const params = { record: review.record, ply };
          row = await slot.call("judge", job.depth ? { ...params, depth: job.depth } : params);
        } catch (err) {
          if (job.cancelled) return;
          job.todo.unshift(ply);
          if (err instanceof Cancelled) continue; // restarted: ask again
          if (err instanceof WorkerLost) {
            ai.pool.recover(slot, err); // started again; the move goes to whoever is free first
            if (extra) await ai.pool.whenReady(slot, page.state?.game ?? "othello").catch(() => {});
            if (slot.running) continue;
            return;
          }
          if (extra) return; // the others judge it
          return fail(job, err);
        }
        if (job.cancelled) return;
        review.rows[ply] = row;
        job.judged++;
        render();
      }
    } finally {
      slot.held = false;
    }
  }

  /**
   * @param {ReviewJob} job
   * @param {unknown} err
   */
  function fail(job, err) {
    if (review?.job !== job) return;
    review.job = null;
    review.error = errorText(err); // shown by errorLine()
    refresh();
  }

  function cancel() {
    if (!review?.job) return;
    review.job.cancelled = true;
    review = null;
    seenRecord = null; // the game's kept review, if any, comes back
    announce(tr("Review cancelled."));
    refresh();
  }

  function refresh() {
    render();
    app.renderPanel();
    app.renderAI();
    app.draw();
  }

  const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /** The review's row for move `index` (0-based) of the live game, or null. */
  /** @param {number} index */
  function reviewRow(index) {
    return current()?.rows[index] ?? null;
  }

  /** The squares to ring on the board: the best move in the position on screen, when the
   *  move played there was marked. */
  function reviewBest() {
    const live = page.state;
    const done = current();
    if (!done || !live) return [];
    const row = done.rows[moveHistory.plyOf(live)];
    return row?.mark ? (row.bestSquares ?? []) : [];
  }

  /** The graph's marks: [{x, mark}] with x the number of placed moves (passes left out). */
  function graphMarks() {
    const done = current();
    const live = page.state;
    if (!done || !live) return [];
    /** @type {{x: number, mark: Mark}[]} */
    const marks = [];
    let placed = 0;
    live.moves.forEach((move, i) => {
      if (move.text !== "pass") placed++;
      const row = done.rows[i];
      if (row?.mark) marks.push({ x: placed, mark: row.mark });
    });
    return marks;
  }

  /** Step to the position before the next (`direction` 1) or previous (-1) marked move. */
  /** @param {number} direction */
  function seekMistake(direction) {
    const done = current();
    if (!done || !page.state) return;
    const here = moveHistory.plyOf(page.state);
    const marked = done.rows.flatMap((r) => (r?.mark ? [r.ply] : []));
    const target =
      direction > 0 ? marked.find((p) => p > here) : marked.reverse().find((p) => p < here);
    if (target === undefined) {
      announce(direction > 0 ? tr("No later mistake.") : tr("No earlier mistake."));
      return;
    }
    app.stepTo(target);
  }

  /** Open the position before the marked move on screen as a new game against the computer,
   *  which plays the other side; the reviewed game stays behind "Back to it". */
  async function retry() {
    const done = current();
    const live = page.state;
    const row = done && live ? done.rows[moveHistory.plyOf(live)] : null;
    const shown = app.shownState();
    if (!row?.mark || !shown) return;
    const computer = Object.keys(page.gameView.sides).find((side) => side !== row.by);
    app.openGame(shown, tr("the position before move {n}", { n: row.ply + 1 }), { computer });
  }

  /** Load a kept review when the live game changes to one that has been reviewed. */
  function follow() {
    const record = page.state?.record ?? null;
    if (record === seenRecord) return;
    seenRecord = record;
    if (review?.job || (review && review.record === record)) return;
    const kept = record ? loadReview(record) : null;
    review = kept ? { ...kept, plies: kept.rows.length, job: null, error: null } : null;
    // The finished game's banner: offer the review (unless another notice is showing, or
    // the game is a puzzle or a lesson step).
    const practice =
      app.puzzleSnapshot?.() || app.lessonSnapshot?.() || app.trainingSnapshot?.()?.active;
    if (
      !review &&
      !practice &&
      page.state?.over &&
      page.gameView.hasAI &&
      $("notice").hidden &&
      page.state.moves.length
    ) {
      app.notice(tr("Game over. See where it was won and lost:"), {
        label: tr("Analyse game"),
        run: () => start(),
      });
    }
  }

  /**
   * @param {ReviewRow} row a move with a choice (its values are numbers)
   * @param {string} unit
   */
  function formatLoss(row, unit) {
    const value = (/** @type {number | null} */ v) =>
      v === null ? "0" : v > 0 ? `+${formatNumber(v)}` : v < 0 ? `\u2212${formatNumber(-v)}` : "0";
    const loss = {
      played: row.label ?? value(row.value),
      unit,
      move: row.best,
      best: row.bestLabel ?? value(row.bestValue),
    };
    return row.exact
      ? tr("{played} {unit}; best {move} {best} (exact)", loss)
      : tr("{played} {unit}; best {move} {best}", loss);
  }

  /** The review's error in words (`review.error` is the reason). */
  /** @param {Review | null} done */
  function errorLine(done) {
    return done?.error
      ? tr("The review stopped: {error}. Your game is safe; try again.", { error: done.error })
      : "";
  }

  /** The review section of the panel. */
  function render() {
    follow();
    const live = page.state;
    const done = current();
    const running = !!done?.job;
    const unit = unitName(done?.summary?.scale.unit ?? "");
    $("review").hidden = !page.gameView.hasAI;
    $("review-start").disabled = !page.engineReady || !live?.moves.length || running;
    setText($("review-start"), done && !running ? tr("Analyse again") : tr("Analyse game"));
    $("review-cancel").hidden = !running;
    $("review-progress").hidden = !running;
    $("review-error").hidden = !done?.error;
    $("review-error").textContent = errorLine(done);
    if (done?.job) {
      const { judged, began } = done.job;
      const left = judged ? ((performance.now() - began) / judged) * (done.plies - judged) : null;
      $("review-bar").max = done.plies;
      $("review-bar").value = judged;
      const progress = {
        n: judged,
        total: done.plies,
        left: left === null ? null : formatNumber(Math.ceil(left / 1000)),
      };
      $("review-progress-text").textContent =
        left === null
          ? tr("Reviewing: {n} of {total} moves", progress)
          : tr("Reviewing: {n} of {total} moves, about {left} s left", progress);
    }
    const summary = $("review-summary");
    summary.hidden = !done?.summary;
    $("review-nav").hidden = !done?.summary;
    summary.replaceChildren();
    if (done?.summary) {
      for (const [side, s] of Object.entries(done.summary.players)) {
        const line = document.createElement("li");
        const counts = {
          side: app.sideName(side),
          accuracy:
            s.accuracy === null
              ? null
              : formatNumber(s.accuracy / 100, { style: "percent", maximumFractionDigits: 1 }),
          loss: s.meanLoss === null ? null : formatNumber(s.meanLoss),
          unit,
          inaccuracies: s.inaccuracy,
          mistakes: s.mistake,
          blunders: s.blunder,
        };
        line.textContent =
          s.accuracy === null
            ? tr("{side}: no choices · {inaccuracies} ?! · {mistakes} ? · {blunders} ??", counts)
            : s.meanLoss === null
              ? tr(
                  "{side}: accuracy {accuracy} · {inaccuracies} ?! · {mistakes} ? · {blunders} ??",
                  counts,
                )
              : tr(
                  "{side}: accuracy {accuracy}, mean loss {loss} {unit} · {inaccuracies} ?! · {mistakes} ? · {blunders} ??",
                  counts,
                );
        summary.append(line);
      }
    }
    const row = done?.summary ? done.rows[moveHistory.plyOf(live)] : null;
    const here = $("review-here");
    here.hidden = !row || row.bestValue === null;
    $("review-retry").hidden = !row?.mark;
    if (row && row.bestValue !== null) {
      const verdict = row.mark
        ? `${capitalize(markName(row.mark))} ${SYMBOLS[row.mark]}`
        : tr("Good move");
      here.textContent = tr("Next: move {n}, {side} {move}. {verdict}: {loss}.", {
        n: row.ply + 1,
        side: app.sideName(row.by),
        move: row.move,
        verdict,
        loss: formatLoss(row, unit),
      });
    }
  }

  $("review-start").addEventListener("click", () => start());
  $("review-cancel").addEventListener("click", () => cancel());
  $("review-previous").addEventListener("click", () => seekMistake(-1));
  $("review-next").addEventListener("click", () => seekMistake(1));
  $("review-retry").addEventListener("click", () => retry());

  /** What tests read of the review (window.flipside.snapshot().review). */
  function reviewSnapshot() {
    const done = current();
    if (!done) return null;
    return {
      record: done.record,
      running: !!done.job,
      judged: done.rows.filter(Boolean).length,
      plies: done.plies,
      rows: done.rows.map((r) => (r ? { ...r } : null)),
      summary: done.summary,
      error: errorLine(done) || null,
      ringed: reviewBest(),
      progressText: $("review-progress").hidden ? null : $("review-progress-text").textContent,
      hereText: $("review-here").hidden ? null : $("review-here").textContent,
    };
  }

  Object.assign(
    app,
    /** @satisfies {import("../types/app").ReviewRoom} */ ({
      startReview: start,
      cancelReview: cancel,
      renderReview: render,
      reviewRow,
      reviewBest,
      graphMarks,
      seekMistake,
      reviewSnapshot,
      restoreReview: saveReview, // a review kept in the library, shown when its game opens
      reviewSymbols: SYMBOLS,
      reviewMarkName: markName,
    }),
  );
}
