// Puzzles: a position from the game's puzzle set (puzzles/<game>.json, fetched when first
// opened), one best move to find. A wrong move is answered by the computer's refutation; a
// hint, the solution, the next puzzle; a streak and the puzzles solved, kept in the browser.
// Links: #puzzle/<game>/<id>.

import { engine } from "../rules-engine.js";
import { GAMES } from "../games/index.js";
import { writeLink } from "../link.js";
import { loadPuzzleScore, savePuzzleScore } from "../store.js";
import { announce } from "../announce.js";
import { capitalize } from "./text.js";

const LINK = /^puzzle\/([a-z]+)\/(.*)$/;
const gameTitle = (game) => GAMES[game]?.title;

/** Adds this room's functions to `app` (the page's shared parts, see main.js). */
export function installPuzzles(app) {
  const { page, ai, $ } = app;
  const sets = {}; // game -> Promise of its set
  /** The puzzle on screen: {game, puzzle, record, count, result, hinted, reply}. */
  let active = null;

  function load(game) {
    sets[game] ??= fetch(`puzzles/${game}.json`).then((response) => {
      if (!response.ok) throw new Error(`the puzzles could not be loaded (${response.status})`);
      return response.json();
    });
    sets[game].catch(() => delete sets[game]); // a later try fetches again
    return sets[game];
  }

  /** Open puzzle `id` of `game` (the next one of the player's when `id` is null). */
  async function open(game, id = null) {
    if (!page.engineReady) return;
    const title = gameTitle(game);
    let set;
    try {
      set = await load(game);
    } catch (err) {
      app.notice(`${capitalize(err.message)}. Your game is unchanged.`);
      return;
    }
    const score = loadPuzzleScore(game);
    const wanted = id ?? score.next ?? 1;
    const puzzle = set.puzzles.find((p) => p.id === wanted);
    if (!puzzle) {
      app.notice(`There is no ${title} puzzle ${id}: they are numbered 1 to ${set.puzzles.length}. Your game is unchanged.`);
      return;
    }
    const state = await app.ask(() => engine.call("state", { record: `${game}/&start=${puzzle.position}` }));
    if (!state) return;
    const fromPuzzle = active !== null;
    active = { game, puzzle, record: state.record, count: set.puzzles.length, result: null, hinted: false, reply: null };
    savePuzzleScore(game, { ...score, next: puzzle.id });
    app.openGame(state, `${title} puzzle ${puzzle.id}`, { puzzle: true, keep: !fromPuzzle });
    writeLink(`puzzle/${game}/${puzzle.id}`);
    announce(`${title} puzzle ${puzzle.id}. ${task()}`);
  }

  /** Open the puzzle a link names (`puzzle/othello/12`); false when it is not a puzzle link. */
  function openLink(link) {
    const m = LINK.exec(link);
    if (!m) return false;
    const id = /^\d{1,6}$/.test(m[2]) ? Number(m[2]) : NaN;
    if (!gameTitle(m[1]) || !Number.isInteger(id)) {
      app.notice(`The link "#${link}" names no puzzle: a puzzle link is #puzzle/<game>/<number>. Your game is unchanged.`);
      return true;
    }
    open(m[1], id);
    return true;
  }

  function task() {
    const p = active.puzzle;
    const side = app.sideName(p.toMove);
    if (active.game === "othello") {
      return `${side} to move: find the one best move (exact, ${p.empties} empty squares).`;
    }
    return p.kind === "win in one" ? `${side} to move: win at once.` : `${side} to move: every move but one loses at once. Find it.`;
  }

  /** Follow the game on screen: a first move from the puzzle's position is the answer. */
  function follow() {
    const live = page.state;
    if (!active || !live) return;
    if (live.record.split("&").slice(1).join("&") !== active.record.split("&").slice(1).join("&")) {
      active = null; // another game: the puzzle is left
      return;
    }
    if (active.result === null && live.moves.length >= 1 && !active.reply) judge(live);
  }

  async function judge(live) {
    const played = live.moves[0].text;
    const score = loadPuzzleScore(active.game);
    const solved = new Set(score.solved);
    if (played === active.puzzle.best) {
      active.result = "solved";
      solved.add(active.puzzle.id);
      const streak = active.hinted ? score.streak : score.streak + 1;
      savePuzzleScore(active.game, { ...score, solved: [...solved], streak, next: nextId() });
      announce(`Solved: ${played} is the best move.`);
    } else {
      active.result = "failed";
      savePuzzleScore(active.game, { ...score, streak: 0, next: nextId() });
      refute(live);
    }
    render();
  }

  /** The computer's answer to the wrong move, played on the board. */
  async function refute(live) {
    const puzzle = active;
    if (live.over || live.toMove === puzzle.puzzle.toMove) return; // the other side passed
    try {
      const answer = await ai.search.call("think", { record: live.record, level: "max" });
      if (active !== puzzle || page.state?.record !== live.record) return;
      puzzle.reply = answer.move;
      app.computerPlays(live.record, answer.move);
      announce(`Not the best move. The answer: ${answer.move}.`);
    } catch {
      // No refutation shown (the search worker was restarted): the solution stays available.
    }
    render();
  }

  function nextId() {
    return (active.puzzle.id % active.count) + 1;
  }

  function showSolution() {
    if (!active) return;
    const puzzle = active;
    if (puzzle.result === null) {
      puzzle.result = "shown";
      const score = loadPuzzleScore(puzzle.game);
      savePuzzleScore(puzzle.game, { ...score, streak: 0, next: nextId() });
    }
    app.ask(() => engine.call("play", { record: puzzle.record, move: puzzle.puzzle.best })).then((state) => {
      if (state && active === puzzle) app.show(state);
    });
  }

  function retry() {
    if (!active) return;
    const puzzle = active;
    app.ask(() => engine.call("state", { record: puzzle.record })).then((state) => {
      if (!state || active !== puzzle) return;
      puzzle.reply = null;
      if (puzzle.result === "failed") puzzle.result = null; // a second try; the streak is gone
      app.show(state);
    });
  }

  function hint() {
    if (!active) return;
    active.hinted = true;
    render();
  }

  function hintText() {
    const best = active.puzzle.best;
    return active.game === "othello" ? `Hint: the move is on the ${best[0]} file.` : `Hint: move the disk on ${best.slice(0, 2)}.`;
  }

  function render() {
    follow();
    $("puzzle").hidden = !active;
    if (!active) return;
    const { puzzle, game, result } = active;
    const score = loadPuzzleScore(game);
    $("puzzle-title").textContent = `${gameTitle(game)} puzzle ${puzzle.id} · rating ${puzzle.rating}`;
    $("puzzle-task").textContent = task();
    const played = page.state?.moves[0]?.text;
    $("puzzle-result").textContent =
      result === "solved"
        ? `Solved: ${puzzle.best} is the best move.`
        : result === "failed"
          ? `${played} is not the best move${active.reply ? `: ${active.reply} answers it` : ""}. Try again or see the solution.`
          : result === "shown"
            ? `The solution: ${puzzle.best}.`
            : active.hinted
              ? hintText()
              : "";
    $("puzzle-hint").disabled = result !== null || active.hinted;
    $("puzzle-retry").hidden = result === null;
    $("puzzle-score").textContent = `Streak ${score.streak} · solved ${score.solved.length} of ${active.count}`;
    if (page.state?.record === active.record || result !== null) writeLink(`puzzle/${game}/${puzzle.id}`);
  }

  $("puzzles").addEventListener("click", () => open(page.gameView.id));
  $("puzzle-hint").addEventListener("click", hint);
  $("puzzle-solution").addEventListener("click", showSolution);
  $("puzzle-retry").addEventListener("click", retry);
  $("puzzle-next").addEventListener("click", () => active && open(active.game, nextId()));
  $("puzzle-leave").addEventListener("click", () => app.returnToPrevious());

  /** What tests read (window.flipside.snapshot().puzzle). */
  function puzzleSnapshot() {
    if (!active) return null;
    return {
      game: active.game,
      id: active.puzzle.id,
      best: active.puzzle.best,
      result: active.result,
      reply: active.reply,
      text: $("puzzle-result").textContent,
      score: $("puzzle-score").textContent,
    };
  }

  Object.assign(app, { openPuzzle: open, openPuzzleLink: openLink, renderPuzzle: render, puzzleSnapshot });
}
