// Long because: one puzzle session (open, follow the set's defence, judge, refute, hint, show
// the solution, keep the try) whose steps all read and change the same session state.
// Puzzles: a position from the game's puzzle set (puzzles/<game>.json, fetched when first
// opened), one best move to find (a win in two: the move, the set's defence, then a win). A
// wrong move is answered by the computer's refutation; a hint, the solution, the next puzzle
// of the chosen kind; a streak and the puzzles solved, kept in the browser.
// Links: #puzzle/<game>/<id>.

import { engine } from "../rules-engine.js";
import { GAMES } from "../games/index.js";
import { writeLink } from "../link.js";
import { loadPuzzleScore, savePuzzleScore } from "../store.js";
import { announce } from "../announce.js";
import { onLanguageChange, tr } from "../i18n.js";
import { capitalize, errorText } from "./text.js";
import { following, KINDS, kindOf, loadSet as load } from "../puzzle-sets.js";

/** @typedef {import("../types/app").App} App */
/** @typedef {import("../types/state").GameId} GameId */
/** @typedef {import("../types/state").State} State */
/** @typedef {import("../puzzle-sets.js").Puzzle} Puzzle */

/**
 * The puzzle on screen.
 * @typedef {object} ActivePuzzle
 * @property {GameId} game
 * @property {Puzzle} puzzle
 * @property {Puzzle[]} puzzles its set's
 * @property {string} record its position's record
 * @property {"solved" | "failed" | "shown" | null} result
 * @property {boolean} hinted
 * @property {string | null} reply the computer's answer to a wrong move
 * @property {boolean} defended a win in two's defence has been asked for
 * @property {boolean} [tried] its first try is in the player's history
 */

const LINK = /^puzzle\/([a-z]+)\/(.*)$/;
const gameTitle = (/** @type {GameId} */ game) => GAMES[game]?.title;
const setupOf = (/** @type {string} */ record) => record.split("&").slice(1).join("&");

/**
 * Adds this room's functions to `app` (the page's shared parts, see main.js).
 * @param {App} app
 */
export function installPuzzles(app) {
  const { page, ai, $ } = app;
  /** The puzzle on screen. @type {ActivePuzzle | null} */
  let active = null;
  /** The puzzle on screen, for what runs only while there is one. */
  const onScreen = () => /** @type {ActivePuzzle} */ (active);

  /** Open puzzle `id` of `game` (the next one of the player's when `id` is null). */
  /**
   * @param {GameId} game
   * @param {number | null} [id]
   */
  async function open(game, id = null) {
    if (!page.engineReady) return;
    const title = gameTitle(game);
    let set;
    try {
      set = await load(game);
    } catch (err) {
      app.notice(tr("{problem}. Your game is unchanged.", { problem: capitalize(errorText(err)) }));
      return;
    }
    const score = loadPuzzleScore(game);
    const puzzle =
      id === null
        ? (following(set.puzzles, score.next - 1, score.kind) ?? set.puzzles[0])
        : set.puzzles.find((p) => p.id === id);
    if (!puzzle) {
      app.notice(
        tr(
          "There is no {game} puzzle {id}: they are numbered 1 to {count}. Your game is unchanged.",
          {
            game: title,
            id,
            count: set.puzzles.length,
          },
        ),
      );
      return;
    }
    const state = await app.ask(() =>
      engine.call("state", { record: `${game}/&start=${puzzle.position}` }),
    );
    if (!state) return;
    const fromPuzzle = active !== null;
    active = {
      game,
      puzzle,
      puzzles: set.puzzles,
      record: state.record,
      result: null,
      hinted: false,
      reply: null,
      defended: false,
    };
    const kind = score.kind && kindOf(puzzle) !== score.kind ? "" : score.kind; // a link to another kind
    savePuzzleScore(game, { ...score, next: puzzle.id, kind });
    fillKinds(set.puzzles, kind);
    app.openGame(state, tr("{game} puzzle {id}", { game: title, id: puzzle.id }), {
      puzzle: true,
      keep: !fromPuzzle,
    });
    writeLink(`puzzle/${game}/${puzzle.id}`);
    announce(tr("{game} puzzle {id}. {task}", { game: title, id: puzzle.id, task: task() }));
  }

  /** Open the puzzle a link names (`puzzle/othello/12`); false when it is not a puzzle link. */
  /** @param {string} link */
  function openLink(link) {
    const m = LINK.exec(link);
    if (!m) return false;
    const id = /^\d{1,6}$/.test(m[2]) ? Number(m[2]) : NaN;
    if (!gameTitle(m[1]) || !Number.isInteger(id)) {
      app.notice(
        tr(
          'The link "#{link}" names no puzzle: a puzzle link is #puzzle/<game>/<number>. Your game is unchanged.',
          { link },
        ),
      );
      return true;
    }
    open(m[1], id);
    return true;
  }

  function task() {
    const a = onScreen();
    const p = a.puzzle;
    const words = {
      side: app.sideName(p.toMove),
      gap: Math.floor(p.gap ?? Number.NaN),
      empties: p.empties,
    };
    if (p.kind === "midgame") {
      return tr(
        "{side} to move: one move is clearly best (the computer's search puts it {gap} discs or more ahead). Find it.",
        words,
      );
    }
    if (a.game === "othello") {
      return tr("{side} to move: find the one best move (exact, {empties} empty squares).", words);
    }
    if (p.kind === "win in two") {
      return tr(
        "{side} to move: win in two. Make a threat that no reply can stop, then win.",
        words,
      );
    }
    return p.kind === "win in one"
      ? tr("{side} to move: win at once.", words)
      : tr("{side} to move: every move but one loses at once. Find it.", words);
  }

  /** The kind menu: every kind the set has, with its count. */
  /**
   * @param {Puzzle[]} puzzles
   * @param {string} chosen the kind chosen ("": all)
   */
  function fillKinds(puzzles, chosen) {
    const counts = new Map();
    for (const p of puzzles) counts.set(kindOf(p), (counts.get(kindOf(p)) ?? 0) + 1);
    const menu = $("puzzle-kind");
    menu.replaceChildren(new Option(tr("All kinds ({n})", { n: puzzles.length }), ""));
    for (const [kind, count] of counts)
      menu.append(
        new Option(
          `${kind in KINDS ? tr(KINDS[/** @type {keyof typeof KINDS} */ (kind)]) : kind} (${count})`,
          kind,
        ),
      );
    menu.value = chosen;
    $("puzzle-kind-row").hidden = counts.size < 2;
  }

  function chooseKind() {
    if (!active) return;
    const kind = $("puzzle-kind").value;
    const score = loadPuzzleScore(active.game);
    savePuzzleScore(active.game, { ...score, kind });
    const index = active.puzzles.indexOf(active.puzzle);
    const puzzle =
      kindOf(active.puzzle) === kind ? active.puzzle : following(active.puzzles, index + 1, kind);
    if (puzzle && puzzle !== active.puzzle) open(active.game, puzzle.id);
  }

  /** Follow the game on screen: a first move from the puzzle's position is the answer. */
  function follow() {
    const live = page.state;
    if (!active || !live) return;
    if (!isPuzzle(live)) {
      active = null; // another game: the puzzle is left
      return;
    }
    if (active.result !== null || active.reply) return;
    const moves = live.moves.map((m) => m.text);
    const p = active.puzzle;
    if (moves.length === 0) active.defended = false; // taken back
    if (p.kind !== "win in two" || moves[0] !== p.best) {
      if (moves.length >= 1) judge(live, moves[0] === p.best);
    } else if (moves.length === 1 && !active.defended) {
      active.defended = true;
      app.computerPlays(live.record, /** @type {string} */ (p.defence)); // a win in two has one
      announce(
        tr("{move}: a threat. {defence} answers it; now win at once.", {
          move: p.best,
          defence: p.defence,
        }),
      );
    } else if (moves.length >= 3 && moves[1] === p.defence) {
      judge(live, live.over && live.result?.winner === p.toMove);
    }
  }

  /**
   * @param {State} live
   * @param {boolean} right
   */
  function judge(live, right) {
    const a = onScreen();
    const score = loadPuzzleScore(a.game);
    const solved = new Set(score.solved);
    keepTry(a, right ? "solved" : "failed");
    app.puzzleJudged({
      game: a.game,
      id: a.puzzle.id,
      result: right ? "solved" : "failed",
      hinted: a.hinted,
    });
    if (right) {
      a.result = "solved";
      solved.add(a.puzzle.id);
      const streak = a.hinted ? score.streak : score.streak + 1;
      savePuzzleScore(a.game, { ...score, solved: [...solved], streak, next: nextId() });
      announce(solvedText());
    } else {
      a.result = "failed";
      savePuzzleScore(a.game, { ...score, streak: 0, next: nextId() });
      app.playSound("wrong");
      refute(live);
    }
    render();
  }

  function solvedText() {
    const a = onScreen();
    const { best, kind } = a.puzzle;
    const moves = page.state?.moves.map((m) => m.text) ?? [];
    return kind === "win in two"
      ? tr("Solved: {best}, and after {defence}, {win} wins.", {
          best,
          defence: moves[1],
          win: moves[2],
        })
      : tr("Solved: {best} is the best move.", { best });
  }

  function solutionText() {
    const a = onScreen();
    const { best, kind, defence, win } = a.puzzle;
    return kind === "win in two"
      ? tr("The solution: {best}; after {defence}, {win} wins.", { best, defence, win })
      : tr("The solution: {best}.", { best });
  }

  /** The computer's answer to the wrong move, played on the board. */
  /** @param {State} live */
  async function refute(live) {
    const puzzle = onScreen();
    if (live.over || live.toMove === puzzle.puzzle.toMove) return; // the other side passed
    try {
      const answer = await ai.search.call("think", { record: live.record, level: "max" });
      if (active !== puzzle || page.state?.record !== live.record) return;
      puzzle.reply = answer.move;
      app.computerPlays(live.record, answer.move);
      announce(tr("Not the best move. The answer: {move}.", { move: answer.move }));
    } catch {
      // No refutation shown (the search worker was restarted): the solution stays available.
    }
    render();
  }

  function nextId() {
    const a = onScreen();
    const index = a.puzzles.indexOf(a.puzzle);
    return following(a.puzzles, index + 1, loadPuzzleScore(a.game).kind)?.id ?? 1;
  }

  function showSolution() {
    if (!active) return;
    const puzzle = active;
    if (puzzle.result === null) {
      puzzle.result = "shown";
      keepTry(puzzle, "failed");
      app.puzzleJudged({ game: puzzle.game, id: puzzle.puzzle.id, result: "failed", hinted: true });
      const score = loadPuzzleScore(puzzle.game);
      savePuzzleScore(puzzle.game, { ...score, streak: 0, next: nextId() });
    }
    const { best, defence, win } = puzzle.puzzle;
    const line =
      puzzle.puzzle.kind === "win in two" ? /** @type {string[]} */ ([best, defence, win]) : [best];
    app
      .ask(async () => {
        let state = { record: puzzle.record };
        for (const move of line) state = await engine.call("play", { record: state.record, move });
        return /** @type {State} */ (state); // after the line's last move
      })
      .then((state) => {
        if (state && active === puzzle) app.show(state);
      });
  }

  function retry() {
    if (!active) return;
    const puzzle = active;
    app
      .ask(() => engine.call("state", { record: puzzle.record }))
      .then((state) => {
        if (!state || active !== puzzle) return;
        puzzle.reply = null;
        puzzle.defended = false;
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
    const a = onScreen();
    const best = a.puzzle.best;
    return a.game === "othello"
      ? tr("Hint: the move is on the {file} file.", { file: best[0] })
      : tr("Hint: move the disk on {square}.", { square: best.slice(0, 2) });
  }

  function render() {
    follow();
    $("puzzle").hidden = !active;
    if (!active) return;
    const { puzzle, game, result } = active;
    const score = loadPuzzleScore(game);
    $("puzzle-title").textContent = tr("{game} puzzle {id} · rating {rating}", {
      game: gameTitle(game),
      id: puzzle.id,
      rating: puzzle.rating,
    });
    $("puzzle-task").textContent = task();
    const moves = page.state?.moves.map((m) => m.text) ?? [];
    const reply = active.reply;
    $("puzzle-result").textContent =
      result === "solved"
        ? solvedText()
        : result === "failed" && moves.length > 2
          ? reply
            ? tr(
                "{move} does not win at once: {reply} answers it. Try again or see the solution.",
                { move: moves[2], reply },
              )
            : tr("{move} does not win at once. Try again or see the solution.", { move: moves[2] })
          : result === "failed"
            ? reply
              ? tr(
                  "{move} is not the best move: {reply} answers it. Try again or see the solution.",
                  { move: moves[0], reply },
                )
              : tr("{move} is not the best move. Try again or see the solution.", {
                  move: moves[0],
                })
            : result === "shown"
              ? solutionText()
              : active.defended && moves.length === 2
                ? tr("{move} makes a threat; {reply} answers it. Now win at once.", {
                    move: moves[0],
                    reply: moves[1],
                  })
                : active.hinted
                  ? hintText()
                  : "";
    $("puzzle-hint").disabled = result !== null || active.hinted;
    $("puzzle-retry").hidden = result === null;
    $("puzzle-score").textContent = tr("Streak {streak} · solved {solved} of {total}", {
      streak: score.streak,
      solved: score.solved.length,
      total: active.puzzles.length,
    });
    if (page.state?.record === active.record || result !== null)
      writeLink(`puzzle/${game}/${puzzle.id}`);
  }

  // Another language: the kind menu is written anew (the rest is drawn by render).
  onLanguageChange(() => {
    if (active) fillKinds(active.puzzles, $("puzzle-kind").value);
  });

  $("puzzles").addEventListener("click", () => open(page.gameView.id));
  $("puzzle-hint").addEventListener("click", hint);
  $("puzzle-solution").addEventListener("click", showSolution);
  $("puzzle-retry").addEventListener("click", retry);
  $("puzzle-next").addEventListener("click", () => active && open(active.game, nextId()));
  $("puzzle-leave").addEventListener("click", () => app.returnToPrevious());
  $("puzzle-kind").addEventListener("change", chooseKind);

  /** What tests read (window.flipside.snapshot().puzzle). */
  function puzzleSnapshot() {
    if (!active) return null;
    return {
      game: active.game,
      id: active.puzzle.id,
      best: active.puzzle.best,
      kind: kindOf(active.puzzle),
      result: active.result,
      reply: active.reply,
      text: $("puzzle-result").textContent,
      score: $("puzzle-score").textContent,
    };
  }

  /** The puzzle on screen as the Share dialog sends it: {link, title}, or null. */
  function puzzleShare() {
    if (!active) return null;
    const { game, puzzle } = active;
    return {
      link: `puzzle/${game}/${puzzle.id}`,
      title: tr("{game} puzzle {id}", { game: gameTitle(game), id: puzzle.id }),
    };
  }

  /** Whether `state` is the puzzle on screen (its position, any moves): not a game to keep. */
  const isPuzzle = (/** @type {State} */ state) =>
    !!active && setupOf(state.record) === setupOf(active.record);

  /** The puzzle's first try joins the player's history (the library): solved or failed. */
  /**
   * @param {ActivePuzzle} p
   * @param {"solved" | "failed"} result
   */
  function keepTry(p, result) {
    if (!p.tried)
      app.keepPuzzle?.({
        game: p.game,
        id: p.puzzle.id,
        rating: p.puzzle.rating ?? null,
        result,
        hinted: p.hinted,
      });
    p.tried = true;
  }

  Object.assign(
    app,
    /** @satisfies {import("../types/app").PuzzlesRoom} */ ({
      openPuzzle: open,
      openPuzzleLink: openLink,
      renderPuzzle: render,
      puzzleSnapshot,
      puzzleShare,
      isPuzzle,
    }),
  );
}
