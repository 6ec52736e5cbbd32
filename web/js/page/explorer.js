// Long because: the answers for the position on screen (the tree's moves, their values, the
// hints), asked, cancelled and drawn together, share one state with the table drawn from them.
// The opening explorer: for the position on screen (the live one or any ply of its history),
// every move the game's explorer tree has from it (Othello: the WTHOR archive's tournament
// games; Themisto: Flipside's own computer games), with its games, a bar of who won, the mean
// final score and theoretical score where the tree has them, and Flipside's own value of the
// move (the search worker's hints); the opening's name; the move where the game left the tree.
// Opened and closed from the panel. The tree is read by the rules worker (`explore`), which
// fetches it when the explorer first asks about a position of its game; a move clicked is
// played like a typed one (a step forward when it is the game's next move).

import { engine } from "../rules-engine.js";
import { Cancelled } from "../ai.js";
import { formatValue } from "../board.js";
import { currentLanguage, formatNumber, ntr, onLanguageChange, tr } from "../i18n.js";
import { capitalize, errorText, setText } from "./text.js";

/** @typedef {import("../types/app").App} App */
/** @typedef {import("../types/state").ExploreAnswer} ExploreAnswer */
/** @typedef {import("../types/state").ExplorerMove} ExplorerMove */
/** @typedef {import("../types/state").HintsAnswer} HintsAnswer */
/** @typedef {import("../types/state").State} State */

/**
 * The source of an explorer tree's games (its `source`): the WTHOR archive's years, or
 * Flipside's own games and their random first plies; the fewest games a position kept has.
 * @typedef {object} TreeSource
 * @property {string} source "wthor" or the computer's games
 * @property {number} games
 * @property {[number, number]} [years]
 * @property {number} [openingPlies]
 * @property {number} minGames
 */

const RETRY_MS = 600; // the search worker busy, starting or restarted: ask for the values again then

/**
 * Adds this room's functions to `app` (the page's shared parts, see main.js).
 * @param {App} app
 */
export function installExplorer(app) {
  const { page, ai, $ } = app;
  let open = false;
  /** @type {Map<string, ExploreAnswer>} */
  const answers = new Map(); // record -> the facade's `explore` answer
  const asked = new Set(); // records whose answer is on its way
  const opened = new Set(); // the games whose explorer the rules worker was asked about
  /** @type {{record: string, err: unknown} | null} */
  let failure = null; // the last `explore` that failed
  /** @type {Map<string, HintsAnswer>} */
  const values = new Map(); // record -> hints of the search worker (Flipside's values)
  /** @type {string | null} */
  let valuesFor = null; // the record whose hints are being asked
  /** @type {string | null} */
  let drawn = null; // the record whose answer is on screen
  /** @type {number | null} */
  let clickedAt = null; // when a move of the explorer (or its button) was clicked
  let refocus = false; // a move was played from the focused table: focus the next moves
  /** @type {{firstAnswer: number | null, drawn: number | null}} */
  const timings = { firstAnswer: null, drawn: null };

  /**
   * The explorer's answer for `record`: asked once, drawn when it comes.
   * @param {string} record
   * @returns {ExploreAnswer | null}
   */
  function answerFor(record) {
    const answer = answers.get(record);
    if (answer) return answer;
    // A failed record is asked again when the explorer is opened again, not at every redraw.
    if (!asked.has(record) && page.engineReady && failure?.record !== record) {
      asked.add(record);
      opened.add(record.split("/")[0]);
      const began = performance.now();
      engine
        .call("explore", { record })
        .then(
          (answer) => {
            if (answers.size > 400) answers.clear();
            answers.set(record, answer);
            timings.firstAnswer ??= performance.now() - began;
            if (failure?.record === record) failure = null;
          },
          (err) => {
            failure = { record, err };
          },
        )
        .finally(() => {
          asked.delete(record);
          render();
        });
    }
    return null;
  }

  /** Flipside's value of each move in the position `state` (hints), asked of the search
   *  worker when it is not busy with the computer's move; null until they come.
   *  @param {State} state
   *  @returns {HintsAnswer | null} */
  function valuesOf(state) {
    const record = state.record;
    if (ai.hints?.record === record) return ai.hints;
    const known = values.get(record);
    if (known) return known;
    if (ai.hintsFor === record) {
      later(); // the hints on the board are on their way
      return null;
    }
    if (ai.error || state.over) return null;
    if (!ai.started || !ai.search.ready || ai.thinking || ai.computerToMove(page.state)) {
      later(); // the search worker is starting or busy with the computer's move: look again
      return null;
    }
    if (valuesFor === null) {
      valuesFor = record;
      ai.search
        .call("hints", { record })
        .then(
          (found) => {
            if (values.size > 400) values.clear();
            values.set(record, found);
          },
          (err) => {
            if (err instanceof Cancelled) later();
          },
        )
        .finally(() => {
          valuesFor = null;
          render();
        });
    }
    return null;
  }

  /** Draw again in a moment (once, however often asked). */
  let _waiting = null;
  function later() {
    _waiting ??= setTimeout(() => {
      _waiting = null;
      render();
    }, RETRY_MS);
  }

  /**
   * Whether the explorer's moves may be played in the position on screen.
   * @param {State} state
   */
  function canPlay(state) {
    return page.engineReady && !state.over && !ai.computerToMove(state) && !page.busy;
  }

  /** The line on screen, for "Add this line to my repertoire". */
  /** @type {{moves: string[], name: string | null}} */
  let repertoireLine = { moves: [], name: null };
  $("explorer-repertoire").addEventListener("click", async () => {
    const { moves, name } = repertoireLine;
    await app.addToRepertoire(moves, name);
  });

  function practising() {
    return !!(app.puzzleSnapshot?.() || app.lessonSnapshot?.() || app.trainingSnapshot?.()?.active);
  }

  /** @param {boolean} [want] open (by default: the other way) */
  function toggle(want = !open) {
    open = want;
    failure = null;
    clickedAt = open ? performance.now() : null;
    render();
    if (open) $("explorer-status").focus();
    else $("explorer-open").focus();
  }

  /**
   * The source of the tree's games, in words.
   * @param {TreeSource} meta
   */
  function sourceText(meta) {
    if (meta.source === "wthor") {
      const [first, last] = meta.years ?? [];
      return tr("Master games: {games} WTHOR tournament games, {first}–{last}", {
        games: formatNumber(meta.games),
        first,
        last,
      });
    }
    return tr(
      "Computer games: {games} games of Flipside's top level against itself, the first {plies} moves at random",
      {
        games: formatNumber(meta.games),
        plies: meta.openingPlies,
      },
    );
  }

  /**
   * Where the live game left the tree, in words ("" when it has not).
   * @param {ExploreAnswer["left"] | undefined} left
   */
  function leftText(left) {
    if (!left) return "";
    const words = { ply: left.ply, move: left.move };
    return left.games
      ? ntr(
          "This game left the book at move {ply}: {move} was played in {n} game of the explorer, fewer than it keeps.",
          "This game left the book at move {ply}: {move} was played in {n} games of the explorer, fewer than it keeps.",
          left.games,
          words,
        )
      : tr("This game left the book at move {ply}: no game of the explorer played {move}.", words);
  }

  const percent = (/** @type {number} */ part, /** @type {number} */ whole) =>
    formatNumber(whole ? part / whole : 0, { style: "percent", maximumFractionDigits: 0 });
  const decimal = (/** @type {number} */ v) =>
    formatNumber(v, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const signed = (/** @type {number | null | undefined} */ v) =>
    v === null || v === undefined
      ? "–"
      : v > 0
        ? `+${decimal(v)}`
        : v < 0
          ? `\u2212${decimal(-v)}`
          : decimal(0);

  /**
   * One row of the table: the move (a button), games, the results bar, scores, value.
   * @param {ExplorerMove} move
   * @param {HintsAnswer | null} hints Flipside's values (null: not yet)
   * @param {boolean} scores Othello's scores shown
   * @param {boolean} playable
   */
  function row(move, hints, scores, playable) {
    const [first, second] = Object.keys(page.gameView.sides).map((side) => app.sideName(side));
    const shares = {
      first,
      second,
      won: percent(move.first, move.games),
      drawn: percent(move.draws, move.games),
      lost: percent(move.second, move.games),
    };
    const value = hints
      ? (hints.labels?.[move.move] ??
        (move.move in hints.values ? formatValue(hints.values[move.move]) : "–"))
      : "…";
    const tr_ = document.createElement("tr");
    const cell = (/** @type {string | Node} */ content, className = "") => {
      const td = document.createElement("td");
      if (className) td.className = className;
      td.append(content);
      tr_.append(td);
      return td;
    };
    const button = document.createElement("button");
    button.type = "button";
    button.className = "explorer-move";
    button.textContent = move.move;
    button.dataset.move = move.move;
    button.disabled = !playable;
    const said = [
      ntr("{move}: {n} game", "{move}: {n} games", move.games, { move: move.move }),
      tr("{first} wins {won}, draws {drawn}, {second} wins {lost}", shares),
    ];
    if (scores)
      said.push(
        tr("mean score {score}, theoretical {theory}", {
          score: signed(move.score),
          theory: signed(move.theory),
        }),
      );
    if (hints) said.push(tr("Flipside's value {value}", { value }));
    button.setAttribute("aria-label", said.join(", "));
    cell(button);
    const games = cell(formatNumber(move.games, { notation: "compact" }), "explorer-num");
    games.title = formatNumber(move.games);
    const bar = document.createElement("div");
    bar.className = "explorer-bar";
    bar.setAttribute("role", "img");
    bar.setAttribute("aria-label", said[1]);
    bar.title = said[1];
    /** @type {[number, string, string][]} */
    const parts = [
      [move.first, "first", shares.won],
      [move.draws, "draws", shares.drawn],
      [move.second, "second", shares.lost],
    ];
    for (const [part, className, label] of parts) {
      if (!part) continue;
      const span = document.createElement("span");
      span.className = className;
      span.style.width = `${(100 * part) / move.games}%`;
      if (part / move.games >= 0.3) span.textContent = label;
      bar.append(span);
    }
    cell(bar, "explorer-results");
    if (scores) {
      cell(signed(move.score), "explorer-num");
      cell(signed(move.theory), "explorer-num");
    }
    cell(value, "explorer-num explorer-value");
    return tr_;
  }

  /** The explorer section: hidden when closed; else the answer for the position on screen. */
  function render() {
    const s = app.shownState();
    const live = page.state;
    const practice = practising();
    const openButton = $("explorer-open");
    openButton.hidden = practice;
    openButton.disabled = !page.engineReady;
    openButton.setAttribute("aria-expanded", String(open && !practice));
    const section = $("explorer");
    section.hidden = !open || practice || !s;
    if (section.hidden || !s || !live) return;
    const answer = answerFor(s.record);
    const liveAnswer = live.record === s.record ? answer : answerFor(live.record);
    const meta = /** @type {TreeSource | undefined} */ ((answer ?? liveAnswer)?.source);
    setText($("explorer-source"), meta ? sourceText(meta) : "");
    const table = $("explorer-table");
    const failed = failure?.record === s.record ? failure.err : null;
    let status;
    if (failed) status = tr("The explorer could not load: {error}.", { error: errorText(failed) });
    else if (!answer) status = tr("Loading the explorer's games…");
    else if (!answer.found)
      status =
        meta?.source === "wthor"
          ? tr("No master games from here.")
          : tr("No computer games from here.");
    else
      status = ntr(
        "{n} game reached this position.",
        "{n} games reached this position.",
        answer.games,
      );
    setText($("explorer-status"), status);
    $("explorer-cut").hidden = !answer || answer.found;
    if (answer && !answer.found) {
      setText(
        $("explorer-cut"),
        tr("The explorer keeps the positions that at least {n} of its games reached.", {
          n: answer.source.minGames,
        }),
      );
    }
    setText(
      $("explorer-opening"),
      answer?.opening ? tr("Opening: {name}", { name: answer.opening }) : "",
    );
    $("explorer-opening").hidden = !answer?.opening;
    const left = leftText(liveAnswer?.left);
    setText($("explorer-left"), left);
    $("explorer-left").hidden = !left;
    // An Othello line from the standard start, without a pass: "Add this line to my repertoire".
    const line = s.moves.map((m) => m.text);
    $("explorer-repertoire").hidden =
      s.game !== "othello" || s.record.includes("&") || !line.length || line.includes("pass");
    repertoireLine = { moves: line, name: answer?.opening ?? null };
    const moves = answer?.found ? answer.moves : [];
    table.hidden = !moves.length;
    if (!answer) return;
    const scores = moves.some((m) => m.score !== null);
    for (const th of /** @type {NodeListOf<HTMLElement>} */ (
      table.querySelectorAll(".explorer-score")
    ))
      th.hidden = !scores;
    const hints = moves.length && !s.over ? valuesOf(s) : null;
    const body = $("explorer-moves");
    const playable = canPlay(s) && !practice;
    const key = JSON.stringify([
      s.record,
      moves,
      hints?.values ?? null,
      hints?.labels ?? null,
      playable,
      currentLanguage(),
    ]);
    if (body.dataset.key !== key) {
      body.dataset.key = key;
      // The focus stays on the move it was on; after a move played from the table (a button
      // loses it while disabled for the answer) it goes to the next position's moves.
      const active = /** @type {HTMLElement | null} */ (document.activeElement);
      const focused = active && body.contains(active) ? active.dataset.move : null;
      refocus ||= focused !== null;
      body.replaceChildren(...moves.map((move) => row(move, hints, scores, playable)));
      const free = document.activeElement === document.body || document.activeElement === null;
      const same =
        focused &&
        /** @type {HTMLElement | null} */ (
          body.querySelector(`button[data-move="${focused}"]:not(:disabled)`)
        );
      const first = /** @type {HTMLElement | null} */ (body.querySelector("button:not(:disabled)"));
      if (drawn === s.record && same) same.focus();
      else if (refocus && free && first) {
        first.focus();
        refocus = false;
      }
    }
    if (drawn !== s.record) {
      drawn = s.record;
      if (clickedAt !== null) timings.drawn = performance.now() - clickedAt;
      clickedAt = null;
    }
  }

  /** @param {Event} event */
  function playFromTable(event) {
    const target = /** @type {Element} */ (event.target);
    const button = /** @type {HTMLButtonElement | null} */ (target.closest("button.explorer-move"));
    const s = app.shownState();
    if (!button || !s || !canPlay(s)) return;
    clickedAt = performance.now();
    refocus = document.activeElement === button;
    app.playMove(/** @type {string} */ (button.dataset.move), clickedAt); // each has its move
  }

  /** The rules worker fetches the explorer's files (explorer/: its modules, each game's
   *  tree); on a first visit it may do so before the service worker controls the page, which
   *  then never sees them. Asked again through it once it does, they are kept for offline use
   *  (from the browser's HTTP cache, as a rule). */
  async function keepForOffline() {
    if (!opened.size) return;
    try {
      const modules = await (await fetch("explorer/modules.json")).json();
      const files = [...Object.values(modules), ...[...opened].map((game) => `${game}.bin`)];
      await Promise.all(files.map((file) => fetch(`explorer/${file}`)));
    } catch {
      // offline already, or the service worker is gone: nothing to keep
    }
  }
  navigator.serviceWorker?.addEventListener("controllerchange", keepForOffline);

  $("explorer-open").addEventListener("click", () => toggle());
  $("explorer-close").addEventListener("click", () => toggle(false));
  $("explorer-moves").addEventListener("click", playFromTable);
  onLanguageChange(() => render());

  /** What tests read of the explorer (window.flipside.snapshot().explorer). */
  function explorerSnapshot() {
    const s = app.shownState();
    const answer = s ? (answers.get(s.record) ?? null) : null;
    return {
      open,
      record: s?.record ?? null,
      drawnRecord: drawn,
      loaded: !!answer,
      found: answer?.found ?? null,
      games: answer?.games ?? null,
      moves: answer?.found ? answer.moves.map((m) => ({ ...m })) : [],
      left: answers.get(page.state?.record ?? "")?.left ?? null,
      opening: answer?.opening ?? null,
      status: $("explorer-status").textContent,
      values: [...$("explorer-moves").querySelectorAll(".explorer-value")].map(
        (td) => td.textContent,
      ),
      timings: { ...timings },
      error: failure ? capitalize(errorText(failure.err)) : null,
    };
  }

  Object.assign(
    app,
    /** @satisfies {import("../types/app").ExplorerRoom} */ ({
      renderExplorer: render,
      toggleExplorer: toggle,
      explorerSnapshot,
    }),
  );
}
