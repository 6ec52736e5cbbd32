// The panel beside the board: players, clocks, series, the computer's settings and
// thinking, the status, notices, the rules view and Themisto's capture choice. Views only:
// they turn the page's state into DOM and never call the engine.

import { formatValue } from "../board.js";
import { formatClock } from "../clock.js";
import { GAMES } from "../games/index.js";
import { drawGraph } from "../graph.js";
import { levelLabel } from "../levels.js";
import { N_, ntr, onLanguageChange, tr } from "../i18n.js";
import { setText } from "./text.js";

/** @typedef {import("../types/app").App} App */
/** @typedef {import("../types/app").Level} Level */
/** @typedef {import("../types/app").NoticeAction} NoticeAction */
/** @typedef {import("../types/app").Side} Side */
/** @typedef {import("../types/state").State} State */

/** The words of `roleOf`. */
const ROLES = { computer: N_("computer"), you: N_("you") };

/**
 * Adds this room's functions to `app` (the page's shared parts, see main.js).
 * @param {App} app
 */
export function installPanel(app) {
  const { page, moveHistory, clocks, ai, canvas, $ } = app;

  /** The panel's computer and level menus, rebuilt for the game on screen. */
  function fillMenus() {
    const view = page.gameView;
    const menu = $("computer");
    if (menu.dataset.game === view.id) return;
    menu.dataset.game = view.id;
    const option = (/** @type {string} */ value, /** @type {string} */ text) =>
      Object.assign(document.createElement("option"), { value, textContent: text });
    menu.replaceChildren(
      option("off", tr("Off (2 players)")),
      ...Object.keys(view.sides)
        .reverse()
        .map((side) => option(side, tr(view.sides[side]))),
      option("both", tr("Both sides (watch)")),
    );
    for (const id of ["level", "level2"]) {
      $(id).replaceChildren(
        ...Object.entries(view.levels).map(([n, name]) => option(n, levelLabel(n, name))),
      );
    }
  }

  /** A side's name in the page's language ("Black", "Player one"). */
  /** @param {Side | null | undefined} side */
  function sideName(side) {
    const name = side != null ? page.gameView.sides[side] : undefined;
    return name ? tr(name) : String(side);
  }

  /** The AI part of the panel: thinking indicator, opening, graph, best line, settings. */
  function renderAI() {
    const { computer, level, level2, hints } = ai.settings;
    const view = page.gameView;
    const withAI = view.hasAI;
    fillMenus();
    $("opponent-settings").hidden = !withAI;
    $("analysis").hidden = !withAI;
    $("opening-section").hidden = !view.hasOpening;
    $("graph-legend").textContent = tr(view.graph.legend);
    $("computer").value = computer ?? "off";
    $("level").value = String(level);
    $("level2").value = String(level2 ?? level);
    $("hints").checked = hints;
    setText($("workers").options[0], tr("Auto ({n})", { n: ai.pool.auto }));
    $("workers").value = String(ai.pool.setting);
    const watching = ai.watching() && withAI;
    $("level2").hidden = $("level2-label").hidden = $("watch-controls").hidden = !watching;
    $("level-label").textContent = watching
      ? tr("Level of {side}", { side: sideName(Object.keys(view.sides)[0]) })
      : tr("Level");
    $("level2-label").textContent = tr("Level of {side}", {
      side: sideName(Object.keys(view.sides)[1]),
    });
    setText($("watch-pause"), ai.paused ? tr("Resume") : tr("Pause"));
    $("watch-step").disabled = !ai.paused || !!ai.thinking || !!page.state?.over;
    const shortLevel = (/** @type {Level} */ n) =>
      typeof n === "number" ? tr("level {n}", { n }) : levelName(n);
    const levelName = (/** @type {Level} */ n) => {
      const name = levelLabel(n, view.levels[n]).replace(/ \(.*/, ""); // "4 · Club"
      return typeof n === "number" ? tr("level {name}", { name }) : name;
    };
    const game = page.gameView.title;
    const watched = { game, first: shortLevel(level), second: shortLevel(level2 ?? level) };
    $("tagline").textContent = watching
      ? ai.paused
        ? tr("{game} · watching: {first} against {second} (paused)", watched)
        : tr("{game} · watching: {first} against {second}", watched)
      : computer && withAI
        ? tr("{game} · you against the computer ({side}, {level})", {
            game,
            side: sideName(computer),
            level: levelName(level),
          })
        : tr("{game} · two players, one device", { game });
    const job = ai.thinking;
    // While the computer plays, its line keeps its room between moves: the controls under it
    // (Pause, Undo, New game) stay where the pointer is.
    $("thinking").hidden = !job && !(withAI && computer);
    $("thinking").classList.toggle("idle", !job);
    if (job) {
      const r = job.report;
      const depth = {
        depth: r?.depth,
        move: r?.move,
        verdict: r?.verdict,
        value: r && formatValue(r.score),
      };
      $("thinking-text").textContent = !r
        ? tr("{side} is thinking…", { side: sideName(page.state?.toMove) })
        : r.book
          ? tr("Book move {move}", { move: r.move })
          : r.verdict
            ? tr("Depth {depth} · {move}: {verdict}", depth)
            : r.exact
              ? tr("Depth {depth} (exact) · best so far {move} {value}", depth)
              : tr("Depth {depth} · best so far {move} {value}", depth);
      $("thinking-text").title = $("thinking-text").textContent;
    }
    $("ai-error").hidden = !ai.error;
    $("ai-error").textContent = ai.error ?? "";
    $("opening").textContent = ai.opening ? ai.opening.name : "—";
    $("opening").title = ai.opening ? ai.opening.moves : "";
    if (ai.opening) app.keepOpening?.(ai.opening);
    const line = $("best-line");
    const h = app.hintSquares() ? ai.hints : null; // the hints on the board
    const showLine = !!h?.pv.length;
    line.hidden = !showLine;
    if (h && showLine) {
      const best = {
        line: h.pv.join(" "),
        verdict: h.verdict,
        value: h.labels?.[h.best] ?? formatValue(h.values[h.best]),
      };
      line.textContent =
        h.verdict != null
          ? tr("Best line: {line} ({verdict})", best)
          : h.exact
            ? tr("Best line: {line} (exact {value})", best)
            : tr("Best line: {line} (estimate {value})", best);
    }
    if (withAI)
      drawGraph($("graph"), ai.evaluation(), view.graph.ahead, app.graphMarker(), app.graphMarks());
    renderPlayers();
    app.draw();
  }

  /** Who plays each side, for the panel: "you", "computer" or nothing (two players). */
  /**
   * @param {Side} side
   * @returns {"" | "computer" | "you"}
   */
  function roleOf(side) {
    const computer = page.gameView.hasAI ? ai.settings.computer : null;
    if (!computer) return "";
    return side === computer || computer === "both" ? "computer" : "you";
  }

  function renderPlayers() {
    const s = app.shownState();
    const sides = s?.sides ?? Object.keys(page.gameView.sides);
    sides.forEach((side, i) => {
      $(`player-${i}`).classList.toggle("to-move", s?.toMove === side);
      const won = !!s?.over && s.result?.winner === side;
      $(`player-${i}`).classList.toggle("winner", won);
      $(`player-${i}`).dataset.side = side;
      $(`name-${i}`).textContent = sideName(side);
      $(`name-${i}`).dataset.badge = won ? tr("winner") : "";
      page.gameView.mark($(`disc-${i}`), side);
      const rules = page.gameView.sideRules?.[side] ?? "";
      const role = roleOf(side);
      $(`role-${i}`).textContent = [role && tr(ROLES[role]), rules && tr(rules)]
        .filter(Boolean)
        .join(" · ");
      const count = $(`count-${i}`);
      count.hidden = !page.gameView.showsCounts;
      if (s && page.gameView.showsCounts)
        count.textContent = String(/** @type {Record<Side, number>} */ (s.counts)[side]);
      const supply = $(`supply-${i}`);
      supply.hidden = !s?.extra?.supply;
      if (s?.extra?.supply) {
        supply.textContent = tr("{n} left", {
          n: /** @type {Record<Side, number>} */ (s.extra.supply)[side],
        });
        supply.title = tr("Discs left in {side}'s supply", { side: sideName(side) });
      }
    });
  }

  function renderClocks() {
    const times = clocks.snapshot();
    const sides = page.state?.sides ?? [];
    sides.forEach((side, i) => {
      const el = $(`clock-${i}`);
      el.hidden = !times;
      if (!times) return;
      el.textContent = formatClock(times[side]);
      el.classList.toggle("running", clocks.running === side);
      el.classList.toggle("low", times[side] < 10_000);
      el.setAttribute(
        "aria-label",
        tr("{side}'s clock: {time}", { side: sideName(side), time: formatClock(times[side]) }),
      );
    });
  }

  function renderSeries() {
    const series = page.state?.extra?.series ?? null;
    $("series-panel").hidden = !series;
    if (!series) return;
    const name = (/** @type {string | null} */ player) => seriesPlayerName(player);
    // English says "games" and "points" for 1 too (kept); other languages have their forms.
    $("series-goal").textContent =
      series.kind === "games"
        ? ntr("(first to {n} games)", "(first to {n} games)", series.target)
        : ntr("(first to {n} points)", "(first to {n} points)", series.target);
    const score = `${name("A")} ${series.score.A} – ${series.score.B} ${name("B")}`;
    // "You" takes its own verb: "you win", "you play" (German "du gewinnst", "du spielst").
    $("series-score").textContent = series.over
      ? isYou(series.winner)
        ? tr("You win the series, {score}", { score })
        : tr("{winner} wins the series, {score}", { winner: name(series.winner), score })
      : isYou(series.black)
        ? tr("{score} · game {n}: you play Black", { score, n: series.number })
        : tr("{score} · game {n}: {player} plays Black", {
            score,
            n: series.number,
            player: name(series.black),
          });
    const list = $("series-games");
    list.replaceChildren(
      ...series.games.map((g) => {
        const item = document.createElement("li");
        const game = {
          n: g.number,
          player: name(g.black),
          score: `${g.score[0]}–${g.score[1]}`,
          winner: name(g.winner),
        };
        item.textContent = !g.winner
          ? tr("Game {n}: {player} Black, {score} (draw)", game)
          : isYou(g.winner)
            ? tr("Game {n}: {player} Black, {score} (you win)", game)
            : tr("Game {n}: {player} Black, {score} ({winner} wins)", game);
        return item;
      }),
    );
    $("next-game").hidden = !(page.state?.over && !series.over);
  }

  /** Whether the player plays the computer (not two people, not the computer both sides). */
  const againstComputer = () => page.gameView.hasAI && !!ai.settings.computer && !ai.watching();

  /** Whether series player `player` ("A" / "B") is the one playing the computer. */
  const isYou = (/** @type {string | null} */ player) =>
    againstComputer() && player === (ai.settings.you ?? "A");

  /** "You" / "Computer" against the computer, else "Player A" / "Player B". */
  /** @param {string | null} player */
  function seriesPlayerName(player) {
    if (!againstComputer()) return tr("Player {name}", { name: player });
    return isYou(player) ? tr("You") : tr("Computer");
  }

  function renderPanel() {
    const live = page.state;
    const s = app.shownState();
    if (!s || !live) return;
    renderPlayers();
    renderClocks();
    renderSeries();
    $("status").textContent = s.status;
    $("undo").disabled = !canTakeBack(live);
    $("redo").disabled = !moveHistory.redoStack.length;
    $("new-game").disabled = false;
    $("share").disabled = $("edit-board").disabled = $("games").disabled = false;
    $("pass").hidden = !(s.extra?.canPass && !ai.computerToMove(s));
    $("move-input").placeholder = page.gameView.moveExample;
    app.renderMoveList(live, moveHistory.plyOf(live));
    app.renderHistory(live);
    app.renderReview();
    app.renderPuzzle();
    app.renderLesson();
    app.renderTraining();
    app.renderExplorer?.();
    app.renderFriend();
    canvas.setAttribute(
      "aria-label",
      tr("{game} board. {status}. Arrow keys move, Enter plays.", {
        game: page.gameView.title,
        status: s.status,
      }),
    );
    renderChoice();
  }

  /** Whether Undo has something to take back: against the computer, a move of your own. */
  /** @param {State} s */
  function canTakeBack(s) {
    const computer = page.gameView.hasAI ? ai.settings.computer : null;
    if (computer === "both") return false; // watching: look back with the move list instead
    if (!computer || !s.canUndo) return s.canUndo;
    return s.moves.some((move) => move.text !== "pass" && move.by !== computer);
  }

  let keptNotice = false; // the notice on screen stays until its close button (a storage failure)

  /** Show `text` (empty hides the notice), with an optional button `{label, run}`. With
   *  `keep` the notice stays when the page clears notices (a move does): only its close
   *  button or another notice takes it away.
   *  @param {string} text
   *  @param {NoticeAction | null} [action]
   *  @param {{keep?: boolean}} [options] */
  function notice(text, action = null, { keep = false } = {}) {
    if (!text && keptNotice) return;
    keptNotice = keep && !!text;
    $("notice-text").textContent = text;
    $("notice").hidden = !text;
    const button = $("notice-action");
    button.hidden = !action;
    button.textContent = action?.label ?? "";
    button.onclick = action ? () => action.run() : null;
  }

  function showRules() {
    for (const id of Object.keys(GAMES)) $(`rules-${id}`).hidden = id !== page.gameView.id;
    $("learn-themisto").hidden = page.gameView.id !== "themisto";
    $("rules-title").textContent = tr("Rules of {game}", { game: page.gameView.title });
    $("rules-dialog").showModal();
  }

  /** A move with a choice (Themisto's capture): the question and its two buttons. */
  function renderChoice() {
    const choice = page.selection?.choice;
    $("capture-choice").hidden = !choice;
    if (!choice) return;
    const words = page.gameView.choiceWords?.(choice); // a game with a choice has its words
    if (!words) return;
    $("capture-text").textContent = words.question;
    $("choose-capture").textContent = words.capture;
    $("choose-plain").textContent = words.plain;
  }

  // Another language: the menus are written anew (renderAI fills them and sets their values).
  onLanguageChange(() => {
    delete $("computer").dataset.game;
    renderAI();
  });

  Object.assign(
    app,
    /** @satisfies {import("../types/app").PanelRoom} */ ({
      fillMenus,
      sideName,
      renderAI,
      roleOf,
      renderPlayers,
      renderClocks,
      renderSeries,
      seriesPlayerName,
      renderPanel,
      canTakeBack,
      notice,
      dismissNotice: () => {
        keptNotice = false;
        notice("");
      },
      showRules,
      renderChoice,
    }),
  );
}
