// Import and export (the "Import / export" dialog): paste or drop a game, see what it is,
// open it as a new game; copy or download the game on screen; list a WTHOR file's games.
// No rules here: the facade's `recognise`, `export` and `wthor_list` read and write the texts.

import { GAMES } from "./games/index.js";
import { N_, tr } from "./i18n.js";
import { errorText } from "./page/text.js";

/** @typedef {import("./types/state").State} State */
/** @typedef {import("./types/state").Recognised} Recognised */
/** @typedef {import("./types/state").Exported} Exported */
/** @typedef {import("./types/state").WthorList} WthorList */
/** @typedef {import("./types/state").WthorGame} WthorGame */
/** @typedef {import("./types/messages").Method} Method */
/** @template {Method} M @typedef {import("./types/messages").Params<M>} Params */
/** @template {Method} M @typedef {import("./types/messages").Result<M>} Result */

/**
 * What the page gives Import / export and the board editor (main.js): `call(method,
 * params)` asks the engine; `shownState()` is the state on screen (what export writes and
 * the editor starts from); `openGame(state, label, {analyse})` opens a new game and keeps
 * the current one restorable; `canAct()` says whether the engine is free.
 * @typedef {{
 *   call: <M extends Method>(method: M, params: Params<M>) => Promise<Result<M>>,
 *   shownState: () => State | null,
 *   openGame: (state: State, label: string, options: {analyse?: boolean}) => void,
 *   canAct: () => boolean,
 * }} ImportHooks
 */

/** The page's element by id (index.html's: never missing). */
const $ = /** @type {import("./types/app").ElementGetter} */ ((id) => document.getElementById(id));
const WTHOR_SHOWN = 300; // rows drawn at once; the search narrows the rest

/** Wire the dialog. `call(method, params)` asks the engine; `shownState()` is the state on
 *  screen (what export writes); `openGame(state, label, {analyse})` opens a new game and
 *  keeps the current one restorable; `canAct()` says whether the engine is free. */
export function initImportExport(
  /** @type {ImportHooks} */ { call, shownState, openGame, canAct },
) {
  const dialog = $("share-dialog");
  /** @type {Recognised | null} */
  let found = null; // the last recognised paste: {label, state}
  let asked = 0; // the paste being recognised (older answers are dropped)
  /** @type {WthorList | null} */
  let wthor = null; // {year, games, named}
  /** @type {number | undefined} */
  let timer;

  /** @param {string} text
   *  @param {string} [kind] */
  function showFound(text, kind = "") {
    const el = $("import-found");
    el.textContent = text;
    el.dataset.kind = kind;
  }

  async function recognise() {
    const text = $("import-text").value;
    const mine = ++asked;
    found = null;
    $("import-open").disabled = true;
    if (!text.trim()) return showFound("");
    showFound(tr("Reading…"));
    try {
      const answer = await call("recognise", { text });
      if (mine !== asked) return;
      found = answer;
      showFound(
        tr("Found {label}. It opens with: {status}.", {
          label: answer.label,
          status: answer.state.status,
        }),
        "ok",
      );
      $("import-open").disabled = false;
    } catch (err) {
      if (mine !== asked) return;
      showFound(tr("Cannot open this: {error}.", { error: errorText(err) }), "error");
    }
  }

  function openFound() {
    if (!found || !canAct()) return;
    dialog.close();
    openGame(found.state, found.label, {});
  }

  // -- files: text, GGF, WTHOR ------------------------------------------------------------

  /** @param {FileList} files */
  async function takeFiles(files) {
    const list = [...files];
    const ext = (/** @type {File} */ f) => f.name.toLowerCase().split(".").pop() ?? "";
    const wtb = list.find((f) => ext(f) === "wtb");
    const jou = list.find((f) => ext(f) === "jou");
    const trn = list.find((f) => ext(f) === "trn");
    const text = list.find((f) => !["wtb", "jou", "trn"].includes(ext(f)));
    if (wtb) await openWthor(wtb, jou, trn);
    else if (jou || trn)
      showFound(tr("Name tables need their .wtb file: choose them together."), "error");
    if (text) {
      if (text.size > 1_000_000)
        return showFound(tr("{file} is too large for one game.", { file: text.name }), "error");
      $("import-text").value = await text.text();
      await recognise();
    }
  }

  /** @param {File} file */
  async function base64(file) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }

  /** @param {File} wtb
   *  @param {File | undefined} jou
   *  @param {File | undefined} trn */
  async function openWthor(wtb, jou, trn) {
    $("wthor-section").hidden = false;
    $("wthor-summary").textContent = tr("Reading {file}…", { file: wtb.name });
    try {
      /** @type {Params<"wthor_list">} */
      const params = { data: await base64(wtb) };
      if (jou) params.players = await base64(jou);
      if (trn) params.tournaments = await base64(trn);
      const list = await call("wthor_list", params);
      wthor = list;
      const summary = { file: wtb.name, n: list.count, year: list.year };
      $("wthor-summary").textContent = list.named
        ? tr("{file}: {n} games of {year}.", summary)
        : tr(
            "{file}: {n} games of {year}. Players and tournaments show as numbers: add WTHOR.JOU and WTHOR.TRN to see names.",
            summary,
          );
      $("wthor-search").value = "";
      renderWthor();
    } catch (err) {
      wthor = null;
      $("wthor-games").replaceChildren();
      $("wthor-summary").textContent = tr("{file} cannot be read: {error}.", {
        file: wtb.name,
        error: errorText(err),
      });
    }
  }

  function renderWthor() {
    const list = $("wthor-games");
    if (!wthor) return list.replaceChildren();
    const query = $("wthor-search").value.trim().toLowerCase();
    const matches = wthor.games.filter(
      (g) =>
        !query || g.black.toLowerCase().includes(query) || g.white.toLowerCase().includes(query),
    );
    const rows = matches.slice(0, WTHOR_SHOWN).map((game) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "wthor-game";
      const [b, w] = game.score;
      const players = document.createElement("span");
      players.className = "wthor-players";
      players.textContent = `${game.black} – ${game.white}`;
      const score = document.createElement("span");
      score.className = "wthor-score";
      score.textContent = `${b}–${w}`;
      const where = document.createElement("span");
      where.className = "wthor-where";
      where.textContent = `${game.tournament}, ${game.year}`;
      button.append(players, score, where);
      button.addEventListener("click", () => openWthorGame(game));
      item.append(button);
      return item;
    });
    if (matches.length > WTHOR_SHOWN) {
      const more = document.createElement("li");
      more.className = "hint";
      more.textContent = tr("…and {n} more: search to narrow the list.", {
        n: matches.length - WTHOR_SHOWN,
      });
      rows.push(more);
    }
    if (!matches.length) {
      const none = document.createElement("li");
      none.className = "hint";
      none.textContent = tr("No game with that player.");
      rows.push(none);
    }
    list.replaceChildren(...rows);
  }

  /** @param {WthorGame} game */
  async function openWthorGame(game) {
    if (!canAct()) return;
    try {
      const state = await call("state", { record: game.record });
      dialog.close();
      const { black, white, year } = game;
      const label = tr("the WTHOR game {black} – {white} ({year})", { black, white, year });
      openGame(state, label, { analyse: true });
    } catch (err) {
      $("wthor-summary").textContent = tr("This game cannot be replayed: {error}.", {
        error: errorText(err),
      });
    }
  }

  // -- export -----------------------------------------------------------------------------

  async function texts() {
    const shown = /** @type {State & {ply?: number}} */ (shownState()); // the dialog is open: a game is on screen
    return call("export", { record: shown.record, ply: shown.ply ?? null });
  }

  /** @param {string} fragment */
  function link(fragment) {
    return `${location.origin}${location.pathname}#${fragment}`;
  }

  // What the Copy buttons say, by what they copy: copied, or to copy by hand.
  /** @type {Record<"moves" | "position" | "link", [string, string]>} */
  const COPIED = {
    moves: [N_("Copied the moves: {value}"), N_("Copy this moves: {value}")],
    position: [N_("Copied the position: {value}"), N_("Copy this position: {value}")],
    link: [N_("Copied the link: {value}"), N_("Copy this link: {value}")],
  };

  /** @param {keyof typeof COPIED} what
   *  @param {(texts: Exported) => string} pick */
  async function copy(what, pick) {
    const status = $("export-status");
    try {
      const value = pick(await texts());
      status.dataset.copied = value;
      const [copied, byHand] = COPIED[what];
      try {
        await navigator.clipboard.writeText(value);
        status.textContent = tr(copied, {
          value: value.length > 70 ? `${value.slice(0, 69)}…` : value,
        });
      } catch {
        status.textContent = tr(byHand, { value }); // no clipboard here: show it to copy by hand
      }
    } catch (err) {
      status.textContent = tr("Cannot export: {error}.", { error: errorText(err) });
    }
  }

  /** @param {string} ext
   *  @param {(texts: Exported) => string} pick
   *  @param {string} type */
  async function download(ext, pick, type) {
    const status = $("export-status");
    try {
      const answer = await texts();
      const blob = new Blob([pick(answer)], { type });
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = `${answer.filename}.${ext}`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      status.textContent = tr("Saved {file}.", { file: a.download });
    } catch (err) {
      status.textContent = tr("Cannot export: {error}.", { error: errorText(err) });
    }
  }

  function open() {
    if (!canAct()) return;
    const state = shownState();
    $("download-ggf").hidden = !GAMES[state?.game ?? ""]?.exportsGgf;
    $("export-status").textContent = "";
    texts().catch(() => {}); // warms up: the first import / export call installs the app's files
    dialog.showModal();
    $("import-text").focus();
  }

  $("share").addEventListener("click", open);
  $("share-close").addEventListener("click", () => dialog.close());
  $("import-text").addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(recognise, 250);
  });
  $("import-open").addEventListener("click", openFound);
  $("import-file").addEventListener("change", () => {
    const files = $("import-file").files; // the input the event is for
    if (files) takeFiles(files);
  });
  $("wthor-search").addEventListener("input", renderWthor);
  dialog.addEventListener("dragover", (event) => {
    event.preventDefault();
    dialog.classList.add("dropping");
  });
  dialog.addEventListener("dragleave", () => dialog.classList.remove("dropping"));
  dialog.addEventListener("drop", (event) => {
    event.preventDefault();
    dialog.classList.remove("dropping");
    if (event.dataTransfer?.files?.length) takeFiles(event.dataTransfer.files);
    else if (event.dataTransfer?.getData("text")) {
      $("import-text").value = event.dataTransfer.getData("text");
      recognise();
    }
  });
  $("copy-transcript").addEventListener("click", () => copy("moves", (t) => t.transcript));
  $("copy-position").addEventListener("click", () => copy("position", (t) => t.position));
  $("copy-link").addEventListener("click", () => copy("link", (t) => link(t.link)));
  $("download-text").addEventListener("click", () =>
    download("txt", (t) => `${t.text}Link: ${link(t.link)}\n`, "text/plain"),
  );
  $("download-ggf").addEventListener(
    "click",
    () => download("ggf", (t) => /** @type {string} */ (t.ggf), "text/plain"), // shown for a GGF game only
  );

  return { open, recognise };
}
