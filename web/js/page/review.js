// The game review: every move of the game on screen judged in the search worker, one move at
// a time (the facade's `judge`), with progress, cancel and a summary per player; marks in
// the move list and on the graph, the best move ringed on the board, next / previous
// mistake, and "Retry from here". A finished review is kept in the browser by its game's
// record (store.js), so a reloaded game shows it again without computing it.

import { Cancelled } from "../ai.js";
import { saveReview, loadReview } from "../store.js";
import { announce } from "../announce.js";
import { capitalize } from "./text.js";

const SYMBOLS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const PAUSE_MS = 150; // how often a paused review looks whether the computer has replied

/** Adds this room's functions to `app` (the page's shared parts, see main.js). */
export function installReview(app) {
  const { page, ai, moveHistory, $ } = app;
  /** The review of `record`: rows (one per move judged so far), summary when finished. */
  let review = null; // {record, rows, summary, plies, job, error}
  let seenRecord = null;

  /** The review of the live game, or null (a review of another game is not shown). */
  function current() {
    return review && page.state && review.record === page.state.record ? review : null;
  }

  async function start() {
    const live = page.state;
    if (!live || !page.engineReady) return;
    if (!live.moves.length) {
      app.notice("There is no move to review yet.");
      return;
    }
    if (!ai.started) {
      app.notice("The computer player is still starting: try again in a moment.");
      return;
    }
    const job = { cancelled: false, began: performance.now(), judged: 0 };
    review = { record: live.record, rows: [], summary: null, plies: live.moves.length, job, error: null };
    render();
    for (let ply = 0; ply < review.plies; ply++) {
      // A computer reply goes first: the review waits while the computer is to move.
      while (!job.cancelled && (ai.thinking || ai.computerToMove())) await sleep(PAUSE_MS);
      if (job.cancelled) return;
      let row;
      try {
        row = await ai.search.call("judge", { record: review.record, ply });
      } catch (err) {
        if (job.cancelled) return;
        if (err instanceof Cancelled) {
          ply--; // the search worker was restarted (an undo, a new setting): ask again
          continue;
        }
        return fail(job, err);
      }
      if (job.cancelled) return;
      review.rows.push(row);
      job.judged++;
      render();
    }
    try {
      review.summary = await ai.search.call("review_summary", { record: review.record, rows: review.rows });
    } catch (err) {
      if (!job.cancelled) fail(job, err);
      return;
    }
    if (job.cancelled) return;
    review.job = null;
    saveReview({ record: review.record, rows: review.rows, summary: review.summary });
    const marks = review.rows.filter((r) => r.mark).length;
    announce(`Review finished: ${marks} marked move${marks === 1 ? "" : "s"}.`);
    refresh();
  }

  function fail(job, err) {
    if (review?.job !== job) return;
    review.job = null;
    review.error = `The review stopped: ${err.message}. Your game is safe; try again.`;
    refresh();
  }

  function cancel() {
    if (!review?.job) return;
    review.job.cancelled = true;
    review = null;
    seenRecord = null; // the game's kept review, if any, comes back
    announce("Review cancelled.");
    refresh();
  }

  function refresh() {
    render();
    app.renderPanel();
    app.renderAI();
    app.draw();
  }

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /** The review's row for move `index` (0-based) of the live game, or null. */
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
    if (!done) return [];
    const marks = [];
    let placed = 0;
    page.state.moves.forEach((move, i) => {
      if (move.text !== "pass") placed++;
      const row = done.rows[i];
      if (row?.mark) marks.push({ x: placed, mark: row.mark });
    });
    return marks;
  }

  /** Step to the position before the next (`direction` 1) or previous (-1) marked move. */
  function seekMistake(direction) {
    const done = current();
    if (!done) return;
    const here = moveHistory.plyOf(page.state);
    const marked = done.rows.filter((r) => r.mark).map((r) => r.ply);
    const target = direction > 0 ? marked.find((p) => p > here) : marked.reverse().find((p) => p < here);
    if (target === undefined) {
      announce(direction > 0 ? "No later mistake." : "No earlier mistake.");
      return;
    }
    app.stepTo(target);
  }

  /** Open the position before the marked move on screen as a new game against the computer,
   *  which plays the other side; the reviewed game stays behind "Back to it". */
  async function retry() {
    const done = current();
    const live = page.state;
    const row = done?.rows[moveHistory.plyOf(live)];
    if (!row?.mark) return;
    const shown = app.shownState();
    const computer = Object.keys(page.gameView.sides).find((side) => side !== row.by);
    app.openGame(shown, `the position before move ${row.ply + 1}`, { computer });
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
    const practice = app.puzzleSnapshot?.() || app.lessonSnapshot?.();
    if (!review && !practice && page.state?.over && page.gameView.hasAI && $("notice").hidden && page.state.moves.length) {
      app.notice("Game over. See where it was won and lost:", { label: "Analyse game", run: () => start() });
    }
  }

  function formatLoss(row, unit) {
    const value = (v) => (v > 0 ? `+${v}` : v < 0 ? `\u2212${-v}` : "0");
    const played = row.label ?? value(row.value);
    const best = row.bestLabel ?? value(row.bestValue);
    return `${played} ${unit}; best ${row.best} ${best}${row.exact ? " (exact)" : ""}`;
  }

  /** The review section of the panel. */
  function render() {
    follow();
    const live = page.state;
    const done = current();
    const running = !!done?.job;
    const unit = done?.summary?.scale.unit ?? "";
    $("review").hidden = !page.gameView.hasAI;
    $("review-start").disabled = !page.engineReady || !live?.moves.length || running;
    $("review-start").textContent = done && !running ? "Analyse again" : "Analyse game";
    $("review-cancel").hidden = !running;
    $("review-progress").hidden = !running;
    $("review-error").hidden = !done?.error;
    $("review-error").textContent = done?.error ?? "";
    if (running) {
      const { judged, began } = done.job;
      const left = judged ? ((performance.now() - began) / judged) * (done.plies - judged) : null;
      $("review-bar").max = done.plies;
      $("review-bar").value = judged;
      $("review-progress-text").textContent =
        `Reviewing: ${judged} of ${done.plies} moves` + (left === null ? "" : `, about ${Math.ceil(left / 1000)} s left`);
    }
    const summary = $("review-summary");
    summary.hidden = !done?.summary;
    $("review-nav").hidden = !done?.summary;
    summary.replaceChildren();
    if (done?.summary) {
      for (const [side, s] of Object.entries(done.summary.players)) {
        const line = document.createElement("li");
        const accuracy = s.accuracy === null ? "no choices" : `accuracy ${s.accuracy}%`;
        const loss = s.meanLoss === null ? "" : `, mean loss ${s.meanLoss} ${unit}`;
        line.textContent = `${app.sideName(side)}: ${accuracy}${loss} · ${s.inaccuracy} ?! · ${s.mistake} ? · ${s.blunder} ??`;
        summary.append(line);
      }
    }
    const row = done?.summary ? done.rows[moveHistory.plyOf(live)] : null;
    const here = $("review-here");
    here.hidden = !row || row.bestValue === null;
    $("review-retry").hidden = !row?.mark;
    if (row && row.bestValue !== null) {
      const verdict = row.mark ? `${capitalize(row.mark)} ${SYMBOLS[row.mark]}` : "Good move";
      here.textContent = `Next: move ${row.ply + 1}, ${app.sideName(row.by)} ${row.move}. ${verdict}: ${formatLoss(row, unit)}.`;
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
      judged: done.rows.length,
      plies: done.plies,
      rows: done.rows.map((r) => ({ ...r })),
      summary: done.summary,
      error: done.error,
      ringed: reviewBest(),
      progressText: $("review-progress").hidden ? null : $("review-progress-text").textContent,
      hereText: $("review-here").hidden ? null : $("review-here").textContent,
    };
  }

  Object.assign(app, {
    startReview: start,
    cancelReview: cancel,
    renderReview: render,
    reviewRow,
    reviewBest,
    graphMarks,
    seekMistake,
    reviewSnapshot,
    reviewSymbols: SYMBOLS,
  });
}
