// Long because: one room's bundle, the Training view and the card on the board, whose steps
// (open, judge, take back, rate, the next card) all read and change the same session.
// Training (docs/training.md), a bundle loaded when Training is first opened (page/training.js):
// the Training view (what is due, each deck, the opening trainer's choice, the figures) and the
// card on the board: a reviewed game's mistake ("find a better move"), a puzzle the player
// missed, an opening line drilled against the masters' replies. Each answer is rated and the
// card scheduled by FSRS (training/schedule.js); cards and answers live in the library's
// IndexedDB (library/db.js, library/cards.js).

import { engine } from "./rules-engine.js";
import { announce } from "./announce.js";
import { formatNumber, N_, ntr, onLanguageChange, tr } from "./i18n.js";
import { capitalize, errorText, setText } from "./page/text.js";
import {
  DECKS,
  openingCard,
  readCard,
  sweepReviews,
  trainingStats,
  trainingStatsText,
} from "./library/cards.js";
import { AGAIN, answered, GOOD, HARD } from "./training/schedule.js";

/** @typedef {import("./types/app").App} App */
/** @typedef {import("./types/app").PuzzleJudged} PuzzleJudged */
/** @typedef {import("./types/library").Card} Card */
/** @typedef {import("./types/library").Deck} Deck */
/** @typedef {import("./types/state").State} State */

/**
 * The card on the board.
 * @typedef {object} Active
 * @property {"mistake" | "puzzle" | "opening"} kind
 * @property {Deck} deck
 * @property {Card | null} card (an opening line drilled from a repertoire: null until its end)
 * @property {string} start the record of the card's first position
 * @property {string} base the record of the position the player answers in
 * @property {number} basePlies its move list's length
 * @property {string[]} prefixes its records after each move
 * @property {string | null} toMove who moves there
 * @property {number} wrong wrong answers so far
 * @property {boolean} hinted
 * @property {boolean} shown the answer was shown
 * @property {"right" | "shown" | "done" | null} result
 * @property {string} message
 * @property {string | null} judged the record last judged
 * @property {string | null} saveError
 * @property {string} [side] an opening line: the player's side
 * @property {string[][]} [lines] the repertoire's lines
 * @property {string[]} [played] the line's moves so far
 */

/** @type {Record<Deck, string>} */
const DECK_NAMES = {
  mistakes: N_("Your mistakes"),
  puzzles: N_("Puzzles you missed"),
  openings: N_("Your opening lines"),
};
/** @type {Record<string, string>} */
const UNITS = { discs: N_("discs"), points: N_("points") };
const MINUTE = 60_000;

/**
 * Start the training for the page `app`: {open, render, isTraining, snapshot, puzzleJudged,
 * addToRepertoire}.
 * @param {App} app
 */
export async function startTraining(app) {
  const { page, $ } = app;
  const service = await app.libraryService();
  const dialog = $("training-dialog");
  /** @type {Active | null} */
  let active = null;
  /** @type {Record<string, {due: number, today: number, total: number}> | null} */
  let counts = null;
  let timings = { opened: 0, painted: 0, swept: 0 };
  /** @type {{name: string, moves: string[]}[] | null} */
  let named = null;
  /** @type {{card: string, rating: number, due: number} | null} */
  let lastAnswer = null;

  const store = () => service.store();
  const sideName = (/** @type {string} */ side) => app.sideName(side);

  /** A failure of the library's storage in words: nothing else is lost. */
  /** @param {unknown} err */
  function failureWords(err) {
    const kind = /** @type {{kind?: string} | null} */ (err)?.kind;
    return kind === "full"
      ? tr("The browser's storage is full, so this could not be kept. Nothing else is lost.")
      : tr("The training could not be kept in your library ({error}). Nothing else is lost.", {
          error: errorText(err),
        });
  }

  // -- the Training view -------------------------------------------------------------------

  async function open() {
    timings = { opened: performance.now(), painted: 0, swept: 0 };
    setText($("training-status"), "");
    if (!dialog.open) dialog.showModal();
    await paintCounts();
    timings.painted = performance.now();
    fillRepertoires();
    const { library } = store();
    if (library) {
      try {
        if (await sweepReviews(library)) await paintCounts();
      } catch (err) {
        setText($("training-status"), failureWords(err));
      }
    }
    await renderStats();
    timings.swept = performance.now(); // every card made, counted and summed up
  }

  async function paintCounts() {
    const { library, failure } = store();
    if (!library) {
      counts = null;
      setText(
        $("training-status"),
        failure ? failureWords(failure) : tr("Your library is not open yet."),
      );
    } else {
      const now = Date.now();
      const end = new Date(now).setHours(23, 59, 59, 999);
      try {
        counts = await library.cardCounts(DECKS, now, end);
      } catch (err) {
        counts = null;
        setText($("training-status"), failureWords(err));
      }
    }
    drawDecks();
  }

  function drawDecks() {
    const due = counts ? DECKS.reduce((n, d) => n + (counts?.[d].due ?? 0), 0) : 0;
    const later = counts ? DECKS.reduce((n, d) => n + (counts?.[d].today ?? 0), 0) - due : 0;
    const words = [
      due ? ntr("{n} card is due now.", "{n} cards are due now.", due) : tr("No card is due now."),
      later ? ntr("{n} more is due later today.", "{n} more are due later today.", later) : "",
    ];
    setText($("training-due"), words.filter(Boolean).join(" "));
    const list = $("training-decks");
    list.replaceChildren(
      ...DECKS.map((deck) => {
        const c = counts?.[deck] ?? { due: 0, today: 0, total: 0 };
        const item = document.createElement("li");
        item.dataset.deck = deck;
        const name = document.createElement("span");
        name.className = "training-deck-name";
        name.textContent = tr(DECK_NAMES[deck]);
        const count = document.createElement("span");
        count.className = "training-deck-count";
        count.textContent = tr("{due} due of {total}", c);
        const button = document.createElement("button");
        button.type = "button";
        button.className = "training-deck-train";
        button.textContent = tr("Train");
        button.setAttribute(
          "aria-label",
          tr("Train {deck}: {due} due of {total}", { deck: tr(DECK_NAMES[deck]), ...c }),
        );
        button.disabled = !c.due;
        button.addEventListener("click", () => trainDeck(deck));
        item.append(name, count, button);
        return item;
      }),
    );
  }

  async function renderStats() {
    const { library } = store();
    if (!library) return;
    try {
      const [cards, answers] = await Promise.all([library.cards(), library.answers()]);
      const valid = cards.flatMap((c) => readCard(c) ?? []);
      setText($("training-stats"), trainingStatsText(trainingStats(valid, answers, Date.now())));
    } catch (err) {
      setText($("training-status"), failureWords(err));
    }
  }

  /** The repertoire menu: my lines for the chosen side, then every named opening. */
  async function fillRepertoires() {
    const menu = $("training-repertoire");
    const chosen = menu.value;
    if (!named) {
      try {
        named = await engine.call("opening_lines", { game: "othello" });
      } catch {
        named = [];
      }
    }
    const mine = await myLines($("training-side").value);
    menu.replaceChildren(
      new Option(ntr("My repertoire ({n} line)", "My repertoire ({n} lines)", mine.length), "mine"),
      ...named.map((line, i) => new Option(`${line.name} · ${line.moves.join("")}`, String(i))),
    );
    menu.value = chosen && [...menu.options].some((o) => o.value === chosen) ? chosen : "mine";
    if (!mine.length && menu.value === "mine" && named.length) menu.value = "0";
  }

  /** The lines marked for the repertoire (the explorer's "Add this line") for `side`. */
  /** @param {string} side */
  async function myLines(side) {
    const { library } = store();
    if (!library) return [];
    try {
      return (await library.deckCards("openings"))
        .flatMap((c) => readCard(c) ?? [])
        .filter((c) => c.marked && c.side === side)
        .map((c) => /** @type {string[]} */ (c.line));
    } catch {
      return [];
    }
  }

  async function startFromView() {
    const side = $("training-side").value;
    const choice = $("training-repertoire").value;
    let lines;
    if (choice === "mine") lines = await myLines(side);
    else {
      const root = named?.[Number(choice)];
      lines = (named ?? [])
        .filter((l) => root?.moves.every((m, i) => l.moves[i] === m))
        .map((l) => l.moves);
    }
    if (!lines.length) {
      setText(
        $("training-status"),
        tr(
          "Your repertoire has no line for this side yet: add one from the explorer, or choose a named opening.",
        ),
      );
      return;
    }
    dialog.close();
    await startLine(side, lines, null);
  }

  // -- a card on the board -----------------------------------------------------------------

  /** @param {Deck} deck */
  async function trainDeck(deck) {
    dialog.close();
    await nextCard(deck);
  }

  /** The next card of `deck` due now (not the one on screen). */
  /** @param {Deck} deck */
  async function nextCard(deck) {
    const { library, failure } = store();
    if (!library) {
      app.notice(failureWords(failure ?? tr("Your library is not open yet.")));
      return;
    }
    let due;
    try {
      due = await library.dueCards(deck, Date.now(), 20);
    } catch (err) {
      app.notice(failureWords(err));
      return;
    }
    const card = due.flatMap((c) => readCard(c) ?? []).find((c) => c.id !== active?.card?.id);
    if (!card) {
      if (active) {
        active.message = tr("No other card of this deck is due now. Well done.");
        render();
      } else app.notice(tr("No card of this deck is due now."));
      announce(tr("No other card of this deck is due now. Well done."));
      return;
    }
    await openCard(card);
  }

  /** @param {Card} card */
  async function openCard(card) {
    if (card.deck === "puzzles") {
      await app.openPuzzle(card.game, card.puzzle ?? null);
      active = fresh("puzzle", card, page.state);
      render();
      return;
    }
    if (card.deck === "openings") {
      await startLine(
        /** @type {string} */ (card.side),
        [/** @type {string[]} */ (card.line)],
        card,
      );
      return;
    }
    const state = await app.ask(() => engine.call("state", { record: card.record }));
    if (!state) return;
    const fromTraining = active !== null;
    active = fresh("mistake", card, state);
    app.openGame(state, tr("a card of your mistakes"), { puzzle: true, keep: !fromTraining });
    app.canvas.scrollIntoView({ block: "nearest" }); // the board, where the answer is played
    announce(taskText());
  }

  /**
   * @param {Active["kind"]} kind
   * @param {Card | null} card
   * @param {State | null} state
   * @returns {Active}
   */
  function fresh(kind, card, state) {
    return {
      kind,
      deck: card?.deck ?? "openings",
      card,
      start: state?.record ?? "",
      base: state?.record ?? "",
      basePlies: state?.moves.length ?? 0,
      prefixes: state?.prefixes ?? [],
      toMove: state?.toMove ?? null,
      wrong: 0,
      hinted: false,
      shown: false,
      result: null,
      message: "",
      judged: null,
      saveError: null,
    };
  }

  /**
   * Drill an opening line against the masters' replies: `lines` the repertoire's (from the
   * standard start), `card` the line's card when a due card is trained.
   * @param {string} side
   * @param {string[][]} lines
   * @param {Card | null} card
   */
  async function startLine(side, lines, card) {
    const state = await app.ask(() => engine.call("state", { record: "othello/" }));
    if (!state) return;
    const fromTraining = active !== null;
    active = { ...fresh("opening", card, state), side, lines, played: [] };
    app.openGame(state, tr("the opening trainer"), { puzzle: true, keep: !fromTraining });
    app.canvas.scrollIntoView({ block: "nearest" });
    announce(taskText());
    step();
  }

  /** The moves the repertoire continues with after the line played so far. */
  function nextMoves() {
    const a = /** @type {Active} */ (active);
    const played = a.played ?? [];
    const next = (a.lines ?? [])
      .filter((l) => l.length > played.length && played.every((m, i) => l[i] === m))
      .map((l) => l[played.length]);
    return [...new Set(next)];
  }

  /** An opening line goes on: the computer's reply, or the line's end. */
  async function step() {
    const a = active;
    if (a?.kind !== "opening" || a.result || page.state?.record !== a.base) return;
    const next = nextMoves();
    if (!next.length) return finishLine();
    if (a.toMove === a.side) return; // the player's move
    let weights = next.map(() => 1);
    try {
      const answer = await engine.call("explore", { record: a.base });
      const games = next.map((m) => answer.moves.find((x) => x.move === m)?.games ?? 0);
      if (games.some((g) => g > 0)) weights = games;
    } catch {
      // no figures: the replies are drawn evenly
    }
    if (active !== a || page.state?.record !== a.base) return;
    let r = Math.random() * weights.reduce((x, y) => x + y, 0);
    let move = next[next.length - 1];
    for (const [i, m] of next.entries()) {
      r -= weights[i];
      if (r < 0) {
        move = m;
        break;
      }
    }
    app.computerPlays(a.base, move);
  }

  async function finishLine() {
    const a = /** @type {Active} */ (active);
    const played = a.played ?? [];
    a.result = "done";
    const name = named?.find((l) => l.moves.join("") === played.join(""))?.name ?? null;
    a.message = name
      ? tr("You played the whole line: {line} ({name}).", { line: played.join(" "), name })
      : tr("You played the whole line: {line}.", { line: played.join(" ") });
    const { library } = store();
    let card = a.card;
    if (!card && library) {
      const id = `opening:${a.side}:${played.join("")}`;
      try {
        card = readCard(await library.card(id));
        if (!card) {
          card = openingCard(/** @type {string} */ (a.side), played, name, Date.now());
          await library.addCards([card]);
        }
      } catch (err) {
        a.saveError = failureWords(err);
      }
    }
    a.card = card;
    announce(a.message);
    if (card) await rate(a, a.wrong || a.shown ? AGAIN : a.hinted ? HARD : GOOD);
    else render();
  }

  /** The record of `state` after its first `n` entries (n up to the state's length). */
  /**
   * @param {State} state
   * @param {number} n
   */
  function recordAt(state, n) {
    return n === 0 ? state.record.replace(/^([a-z]+\/)[^&]*/, "$1") : state.prefixes[n - 1];
  }

  /** Whether `state` is one move (and forced passes) on from the card's position. */
  /** @param {State} state */
  function afterBase(state) {
    const a = /** @type {Active} */ (active);
    return (
      state.moves.length > a.basePlies &&
      recordAt(state, a.basePlies) === a.base &&
      state.moves.slice(a.basePlies + 1).every((m) => m.text === "pass")
    );
  }

  /** Whether `state` is the card on screen: its position, an earlier one of its line (an
   *  undo), or one move on. */
  /** @param {State} state */
  function isTraining(state) {
    const a = active;
    if (!a || a.kind === "puzzle") return false;
    if (state.record === a.base) return true;
    const n = state.moves.length;
    if (n < a.basePlies) {
      const before = n === 0 ? a.start.replace(/^([a-z]+\/)[^&]*/, "$1") : a.prefixes[n - 1];
      return state.record === before;
    }
    return afterBase(state);
  }

  /** Follow the game on screen: a move from the card's position is the answer. */
  function follow() {
    const live = page.state;
    const a = active;
    if (!a || !live) return;
    if (a.kind === "puzzle") {
      if (!app.isPuzzle(live)) active = null;
      return;
    }
    if (!isTraining(live)) {
      active = null; // another game: the card is left
      return;
    }
    if (live.record === a.base || a.judged === live.record || !afterBase(live)) return;
    a.judged = live.record;
    const move = live.moves[a.basePlies].text;
    if (a.kind === "mistake") judgeMistake(a, move);
    else judgeOpening(a, live, move);
  }

  /** The card's position is the one to answer in again. */
  /** @param {Active} a */
  async function takeBack(a) {
    const state = await app.ask(() => engine.call("state", { record: a.base }));
    if (state && active === a) {
      a.judged = null;
      app.show(state);
    }
  }

  /**
   * @param {Active} a
   * @param {string} move
   */
  function judgeMistake(a, move) {
    if (a.result) return;
    const card = /** @type {Card} */ (a.card);
    const accepted = card.accepted ?? [];
    const unit = tr(UNITS[card.unit ?? ""] ?? card.unit ?? "");
    if (accepted.includes(move)) {
      a.result = "right";
      a.message =
        move === card.best
          ? tr("Right: {move} is the review's best move.", { move })
          : tr("Right: {move} is as good as the review's best move, {best}.", {
              move,
              best: card.best,
            });
      announce(a.message);
      rate(a, a.wrong || a.shown ? AGAIN : a.hinted ? HARD : GOOD);
      return;
    }
    a.wrong++;
    const value = card.values?.[move];
    const values = {
      move,
      loss: formatNumber(card.loss ?? 0),
      unit,
    };
    if (move === card.move) {
      a.message =
        card.mark === "blunder"
          ? tr(
              "{move} is the move of your game, a blunder that loses {loss} {unit}. Find a better move.",
              values,
            )
          : tr(
              "{move} is the move of your game, a mistake that loses {loss} {unit}. Find a better move.",
              values,
            );
    } else if (value !== undefined && card.bestValue !== undefined) {
      a.message = tr("{move} loses {loss} {unit} against the best move. Try another move.", {
        ...values,
        loss: formatNumber(Math.round((card.bestValue - value) * 100) / 100),
      });
    } else {
      a.message = tr("{move} is not one of the moves the review found good. Try another move.", {
        move,
      });
    }
    app.playSound("wrong");
    announce(a.message);
    takeBack(a);
  }

  /**
   * @param {Active} a
   * @param {State} live
   * @param {string} move
   */
  async function judgeOpening(a, live, move) {
    if (a.result) return;
    const next = nextMoves();
    const advance = () => {
      a.played?.push(move);
      a.base = live.record;
      a.basePlies = live.moves.length;
      a.prefixes = live.prefixes;
      a.toMove = live.toMove;
      a.judged = null;
      step();
    };
    const players = a.toMove === a.side;
    if (next.includes(move)) {
      if (players) a.message = tr("Right: {move}.", { move });
      advance();
      render();
      return;
    }
    if (!players) {
      takeBack(a); // a move for the computer's side that is not its reply
      return;
    }
    a.wrong++;
    const right = next[0];
    let answer = null;
    try {
      answer = await engine.call("explore", { record: a.base });
    } catch {
      // no figures: the right move alone
    }
    const figures = (/** @type {string} */ m) => answer?.moves.find((x) => x.move === m);
    const played = figures(move);
    const best = figures(right);
    const score = (/** @type {number | null | undefined} */ v) =>
      v === null || v === undefined ? "–" : formatNumber(Math.round(v * 10) / 10);
    a.message = played
      ? tr(
          "{move} is not your repertoire's move: masters played it in {games} games (Black's mean score {score}). Your repertoire plays {right}: {rightGames} games (Black's mean score {rightScore}).",
          {
            move,
            games: played.games,
            score: score(played.score),
            right,
            rightGames: best?.games ?? 0,
            rightScore: score(best?.score),
          },
        )
      : tr(
          "{move} is not your repertoire's move, and no master game played it here. Your repertoire plays {right}: {rightGames} games.",
          { move, right, rightGames: best?.games ?? 0 },
        );
    app.playSound("wrong");
    announce(a.message);
    if (active === a) takeBack(a);
  }

  /**
   * Rate the card on screen and keep its new schedule (a storage failure is said, nothing
   * else lost).
   * @param {Active} a
   * @param {number} rating
   */
  async function rate(a, rating) {
    const card = a.card;
    if (!card) return;
    const now = Date.now();
    const next = answered(card, rating, now);
    a.card = next;
    lastAnswer = { card: next.id, rating, due: next.due };
    render();
    const { library, failure } = store();
    try {
      if (!library) throw failure ?? new Error(tr("Your library is not open yet."));
      await library.saveAnswer(next, {
        at: now + Math.random() / 2,
        card: next.id,
        deck: next.deck,
        rating,
      });
      a.saveError = null;
    } catch (err) {
      a.saveError = failureWords(err);
    }
    render();
  }

  /** "Due again in …" for a due time. */
  /** @param {number} due */
  function dueText(due) {
    const minutes = Math.max(1, Math.round((due - Date.now()) / MINUTE));
    if (minutes < 60) return ntr("Due again in {n} minute.", "Due again in {n} minutes.", minutes);
    const hours = Math.round(minutes / 60);
    if (hours < 24) return ntr("Due again in {n} hour.", "Due again in {n} hours.", hours);
    const days = Math.round(hours / 24);
    return ntr("Due again in {n} day.", "Due again in {n} days.", days);
  }

  function hint() {
    const a = active;
    if (!a || a.result) return;
    a.hinted = true;
    const best = a.kind === "mistake" ? (a.card?.best ?? "") : (nextMoves()[0] ?? "");
    a.message =
      page.gameView.id === "othello"
        ? tr("Hint: the move is on the {file} file.", { file: best[0] })
        : tr("Hint: move the disk on {square}.", { square: best.slice(0, 2) });
    announce(a.message);
    render();
  }

  async function showMe() {
    const a = active;
    if (!a || a.result || (a.kind === "opening" && a.toMove !== a.side)) return;
    const move = a.kind === "mistake" ? a.card?.best : nextMoves()[0];
    if (!move) return;
    a.shown = true;
    if (a.kind === "mistake") {
      a.result = "shown";
      a.message = tr("The review's best move here: {best}.", { best: move });
      rate(a, AGAIN);
    } else a.message = tr("Your repertoire plays {move} here.", { move });
    announce(a.message);
    const state = await app.ask(() => engine.call("play", { record: a.base, move }));
    if (state && active === a) app.show(state);
  }

  async function openSource() {
    const source = active?.card?.source;
    if (!active || !source) return;
    const opened = await service.openGameById(source);
    if (!opened && active) {
      active.message = tr(
        "The game this card came from is no longer in your library; the card keeps its position.",
      );
      render();
    }
  }

  function taskText() {
    const a = /** @type {Active} */ (active);
    if (a.kind === "puzzle") return tr("A puzzle you missed: solve it, and the card is scheduled.");
    if (a.kind === "opening")
      return tr(
        "You play {side}: play your repertoire's moves; the computer answers as masters did.",
        { side: sideName(/** @type {string} */ (a.side)) },
      );
    return tr("{side} to move: find a better move than the one played in your game.", {
      side: sideName(a.card?.by ?? a.toMove ?? ""),
    });
  }

  function titleText() {
    const a = /** @type {Active} */ (active);
    if (a.kind === "mistake") return tr("Your mistakes: move {n}", { n: (a.card?.ply ?? 0) + 1 });
    if (a.kind === "puzzle") return tr(DECK_NAMES.puzzles);
    return tr("Opening trainer");
  }

  function render() {
    follow();
    const a = active;
    $("training").hidden = !a;
    if (!a) return;
    setText($("training-title"), titleText());
    setText($("training-task"), taskText());
    setText($("training-result"), [a.message, a.saveError ?? ""].filter(Boolean).join(" "));
    const practice = a.kind !== "puzzle";
    $("training-hint").hidden = $("training-show").hidden = !practice;
    const waiting = a.kind === "opening" && a.toMove !== a.side; // the computer's reply
    $("training-hint").disabled = !!a.result || waiting || (a.kind === "mistake" && a.hinted);
    $("training-show").disabled = !!a.result || waiting;
    $("training-source").hidden = !a.card?.source;
    const answer = lastAnswer && a.card && lastAnswer.card === a.card.id ? lastAnswer : null;
    setText($("training-score"), answer ? dueText(answer.due) : "");
  }

  /** A puzzle's first try (page/puzzles.js): the answer to the puzzle card on screen. */
  /** @param {PuzzleJudged} judged */
  function puzzleJudged(judged) {
    const a = active;
    if (a?.kind !== "puzzle" || a.result || !a.card) return;
    if (a.card.game !== judged.game || a.card.puzzle !== judged.id) return;
    a.result = "done";
    rate(a, judged.result === "failed" ? AGAIN : judged.hinted ? HARD : GOOD);
  }

  /**
   * Add the line `moves` to the repertoire, for the side that made its last move.
   * @param {string[]} moves
   * @param {string | null} name
   */
  async function addToRepertoire(moves, name) {
    const said = $("explorer-repertoire-said");
    const { library, failure } = store();
    const side = moves.length % 2 ? "black" : "white";
    try {
      if (!library) throw failure ?? new Error(tr("Your library is not open yet."));
      const card = readCard(await library.card(`opening:${side}:${moves.join("")}`));
      if (card) await library.putCard({ ...card, marked: true });
      else await library.addCards([openingCard(side, moves, name, Date.now(), true)]);
      setText(
        said,
        tr("Added to your repertoire, playing {side}: {line}.", {
          side: sideName(side),
          line: moves.join(" "),
        }),
      );
    } catch (err) {
      setText(said, capitalize(failureWords(err)));
    }
    announce(said.textContent ?? "");
  }

  $("training-close").addEventListener("click", () => dialog.close());
  $("training-start").addEventListener("click", () => startFromView());
  $("training-side").addEventListener("change", () => fillRepertoires());
  $("training-hint").addEventListener("click", hint);
  $("training-show").addEventListener("click", () => showMe());
  $("training-next").addEventListener("click", () => nextCard(active?.deck ?? "mistakes"));
  $("training-source").addEventListener("click", () => openSource());
  $("training-leave").addEventListener("click", () => app.returnToPrevious());
  onLanguageChange(() => {
    if (dialog.open) {
      drawDecks();
      renderStats();
      fillRepertoires();
    }
  });

  /** What tests read (window.flipside.snapshot().training). */
  function snapshot() {
    const a = active;
    return {
      open: dialog.open,
      timings: { ...timings },
      counts,
      due: $("training-due").textContent,
      stats: $("training-stats").textContent,
      status: $("training-status").textContent,
      repertoires: $("training-repertoire").options.length,
      lastAnswer,
      active: a
        ? {
            kind: a.kind,
            deck: a.deck,
            card: a.card?.id ?? null,
            accepted: a.card?.accepted ?? null,
            move: a.card?.move ?? null,
            due: a.card?.due ?? null,
            result: a.result,
            wrong: a.wrong,
            played: a.played ?? null,
            next: a.kind === "opening" ? nextMoves() : null,
            base: a.base,
            text: $("training-result").textContent,
          }
        : null,
    };
  }

  return { open, render, isTraining, snapshot, puzzleJudged, addToRepertoire };
}
