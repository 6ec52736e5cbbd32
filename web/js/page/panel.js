// The panel beside the board: players, clocks, series, the computer's settings and
// thinking, the status, notices, the rules view and Themisto's capture choice. Views only:
// they turn the page's state into DOM and never call the engine.

import { formatValue } from "../board.js";
import { formatClock } from "../clock.js";
import { GAMES } from "../games/index.js";
import { drawGraph } from "../graph.js";
import { levelLabel } from "../levels.js";

/** Adds this room's functions to `app` (the page's shared parts, see main.js). */
export function installPanel(app) {
  const { page, moveHistory, clocks, ai, canvas, $ } = app;

  /** The panel's computer and level menus, rebuilt for the game on screen. */
  function fillMenus() {
    const view = page.gameView;
    const menu = $("computer");
    if (menu.dataset.game === view.id) return;
    menu.dataset.game = view.id;
    const option = (value, text) => Object.assign(document.createElement("option"), { value, textContent: text });
    menu.replaceChildren(
      option("off", "Off (2 players)"),
      ...Object.keys(view.sides).reverse().map((side) => option(side, view.sides[side])),
      option("both", "Both sides (watch)"),
    );
    for (const id of ["level", "level2"]) {
      $(id).replaceChildren(...Object.entries(view.levels).map(([n, name]) => option(n, levelLabel(n, name))));
    }
  }

  function sideName(side) {
    return page.gameView.sides[side] ?? side;
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
    $("graph-legend").textContent = view.graph.legend;
    $("computer").value = computer ?? "off";
    $("level").value = String(level);
    $("level2").value = String(level2 ?? level);
    $("hints").checked = hints;
    const watching = ai.watching() && withAI;
    $("level2").hidden = $("level2-label").hidden = $("watch-controls").hidden = !watching;
    $("level-label").textContent = watching ? `Level of ${sideName(Object.keys(view.sides)[0])}` : "Level";
    $("level2-label").textContent = `Level of ${sideName(Object.keys(view.sides)[1])}`;
    $("watch-pause").textContent = ai.paused ? "Resume" : "Pause";
    $("watch-step").disabled = !ai.paused || !!ai.thinking || !!page.state?.over;
    const shortLevel = (n) => (typeof n === "number" ? `level ${n}` : levelName(n));
    const levelName = (n) => `${typeof n === "number" ? "level " : ""}${levelLabel(n, view.levels[n]).replace(/ \(.*/, "")}`;
    $("tagline").textContent = watching
      ? `${page.gameView.title} · watching: ${shortLevel(level)} against ${shortLevel(level2 ?? level)}${ai.paused ? " (paused)" : ""}`
      : computer && withAI
        ? `${page.gameView.title} · you against the computer (${sideName(computer)}, ${levelName(level)})`
        : `${page.gameView.title} · two players, one device`;
    const job = ai.thinking;
    $("thinking").hidden = !job;
    if (job) {
      const r = job.report;
      $("thinking-text").textContent = !r
        ? `${sideName(page.state?.toMove)} is thinking…`
        : r.book
          ? `Book move ${r.move}`
          : r.verdict
            ? `Depth ${r.depth} · ${r.move}: ${r.verdict}`
            : `Depth ${r.depth}${r.exact ? " (exact)" : ""} · best so far ${r.move} ${formatValue(r.score)}`;
    }
    $("ai-error").hidden = !ai.error;
    $("ai-error").textContent = ai.error ?? "";
    $("opening").textContent = ai.opening ? ai.opening.name : "—";
    $("opening").title = ai.opening ? ai.opening.moves : "";
    const line = $("best-line");
    const h = ai.hints;
    const showLine = !!(app.hintSquares() && h.pv.length);
    line.hidden = !showLine;
    if (showLine) {
      const value = h.verdict ?? `${h.exact ? "exact" : "estimate"} ${h.labels?.[h.best] ?? formatValue(h.values[h.best])}`;
      line.textContent = `Best line: ${h.pv.join(" ")} (${value})`;
    }
    if (withAI) drawGraph($("graph"), ai.evaluation(), view.graph.ahead, app.graphMarker(), app.graphMarks());
    renderPlayers();
    app.draw();
  }

  /** Who plays each side, for the panel: "you", "computer" or nothing (two players). */
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
      $(`player-${i}`).classList.toggle("winner", !!s?.over && s.result?.winner === side);
      $(`player-${i}`).dataset.side = side;
      $(`name-${i}`).textContent = sideName(side);
      page.gameView.mark($(`disc-${i}`), side);
      const rules = page.gameView.sideRules?.[side] ?? "";
      $(`role-${i}`).textContent = [roleOf(side), rules].filter(Boolean).join(" · ");
      const count = $(`count-${i}`);
      count.hidden = !page.gameView.showsCounts;
      if (s && page.gameView.showsCounts) count.textContent = String(s.counts[side]);
      const supply = $(`supply-${i}`);
      supply.hidden = !s?.extra?.supply;
      if (s?.extra?.supply) {
        supply.textContent = `${s.extra.supply[side]} left`;
        supply.title = `Discs left in ${sideName(side)}'s supply`;
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
      el.setAttribute("aria-label", `${sideName(side)}'s clock: ${formatClock(times[side])}`);
    });
  }

  function renderSeries() {
    const series = page.state?.extra?.series ?? null;
    $("series-panel").hidden = !series;
    if (!series) return;
    const name = (player) => seriesPlayerName(player);
    $("series-goal").textContent = `(first to ${series.target} ${series.kind})`;
    const score = `${name("A")} ${series.score.A} – ${series.score.B} ${name("B")}`;
    $("series-score").textContent = series.over
      ? `${name(series.winner)} wins the series, ${score}`
      : `${score} · game ${series.number}: ${name(series.black)} plays Black`;
    const list = $("series-games");
    list.replaceChildren(
      ...series.games.map((g) => {
        const item = document.createElement("li");
        const winner = g.winner ? `${name(g.winner)} wins` : "draw";
        item.textContent = `Game ${g.number}: ${name(g.black)} Black, ${g.score[0]}–${g.score[1]} (${winner})`;
        return item;
      }),
    );
    $("next-game").hidden = !(page.state.over && !series.over);
  }

  /** "You" / "Computer" against the computer, else "Player A" / "Player B". */
  function seriesPlayerName(player) {
    const you = ai.settings.you ?? "A";
    if (!page.gameView.hasAI || !ai.settings.computer) return `Player ${player}`;
    return player === you ? "You" : "Computer";
  }

  function renderPanel() {
    const live = page.state;
    const s = app.shownState();
    if (!s) return;
    renderPlayers();
    renderClocks();
    renderSeries();
    $("status").textContent = s.status;
    $("undo").disabled = !canTakeBack(live);
    $("redo").disabled = !moveHistory.redoStack.length;
    $("new-game").disabled = false;
    $("share").disabled = $("edit-board").disabled = false;
    $("pass").hidden = !(s.extra?.canPass && !ai.computerToMove(s));
    $("move-input").placeholder = page.gameView.moveExample;
    app.renderMoveList(live, moveHistory.plyOf(live));
    app.renderHistory(live);
    app.renderReview();
    app.renderPuzzle();
    app.renderLesson();
    canvas.setAttribute("aria-label", `${page.gameView.title} board. ${s.status}. Arrow keys move, Enter plays.`);
    renderChoice();
  }

  /** Whether Undo has something to take back: against the computer, a move of your own. */
  function canTakeBack(s) {
    const computer = page.gameView.hasAI ? ai.settings.computer : null;
    if (computer === "both") return false; // watching: look back with the move list instead
    if (!computer || !s.canUndo) return s.canUndo;
    return s.moves.some((move) => move.text !== "pass" && move.by !== computer);
  }

  /** Show `text` (empty hides the notice), with an optional button `{label, run}`. */
  function notice(text, action = null) {
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
    $("rules-title").textContent = `Rules of ${page.gameView.title}`;
    $("rules-dialog").showModal();
  }

  /** A move with a choice (Themisto's capture): the question and its two buttons. */
  function renderChoice() {
    const choice = page.selection?.choice;
    $("capture-choice").hidden = !choice;
    if (!choice) return;
    const words = page.gameView.choiceWords(choice);
    $("capture-text").textContent = words.question;
    $("choose-capture").textContent = words.capture;
    $("choose-plain").textContent = words.plain;
  }

  Object.assign(app, {
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
    showRules,
    renderChoice,
  });
}
