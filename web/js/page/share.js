// Share: the link of the position on screen (a puzzle's own link during a puzzle, or any link
// another room hands to `app.shareLink`), sent with the Web Share API where the browser has
// it (phones) or copied, and drawn as a QR code for the phone beside it (js/qr-code.js, with
// its QR library, loaded when the dialog first opens). And playing a friend by link: a link
// with `&friend=<side>` (made by the facade's `friend_link`, checked by its `open_link`)
// gives whoever opens it that side, the computer off; after their move the page offers to
// send the link back. No server: the game travels in the link, as every game does.

import { engine } from "../rules-engine.js";
import { onLanguageChange, tr } from "../i18n.js";
import { loadFriend, saveFriend, saveSettings } from "../store.js";
import { errorText, setText } from "./text.js";

/** @typedef {import("../types/app").App} App */
/** @typedef {import("../types/state").OpenedState} OpenedState */
/** @typedef {import("../types/state").Side} Side */
/** @typedef {import("../types/state").State} State */

/**
 * What the dialog shares: a link and its title; `friend`: the game it may be sent in to a
 * friend who plays `side`; `sent`: the link it shows now (with the friend's option).
 * @typedef {object} Sharing
 * @property {string} link
 * @property {string} title
 * @property {{record: string, side: Side} | null} friend
 * @property {string} sent
 */

/** The QR code's width in CSS pixels at most: big enough for a phone's camera from another
 *  phone's screen, small enough for that screen. */
const QR_SIZE = 288;

/**
 * Adds this room's functions to `app` (the page's shared parts, see main.js).
 * @param {App} app
 */
export function installShare(app) {
  const { page, moveHistory, $ } = app;
  const dialog = $("send-dialog");
  /** The friend's game on screen: {game, side (the side you play), record (its last state)}. */
  let friend = loadFriend();
  /** What the dialog shares. @type {Sharing | null} */
  let sharing = null;
  let drawn = 0; // the dialog's drawing in progress (an older one stops)
  /** @type {Promise<typeof import("../qr-code.js")> | null} */
  let qrModule = null; // the QR module's import, made when the dialog first opens
  /** @type {HTMLElement | null} */
  let opener = null; // the element focused before the dialog opened
  /** @type {{version: number, url: string} | null} */
  let qrShown = null; // the QR code drawn

  /**
   * A link's whole address: this page with the link as its fragment.
   * @param {string} link
   */
  function urlOf(link) {
    const url = new URL(window.location.href);
    url.hash = link;
    return url.href;
  }

  // -- the friend's game ------------------------------------------------------------------

  /** Called by `show` for every state it shows, before the computer is asked: a friend's
   *  link (`state.friend`) starts a friend's game with the computer off (kept for that game);
   *  a move, undo or redo in it (`continued`) goes on with it; another game ends it. The
   *  settings to show the state with, or null to keep them.
   *  @param {OpenedState} state
   *  @param {boolean} continued */
  function followFriend(state, continued) {
    if (state.friend) {
      friend = { game: state.game, side: state.friend, record: state.record };
      saveFriend(friend);
      const base = app.settingsOf(state.game);
      // The game replaced (kept for "Back to it") is of this game: it gets its computer back.
      if (base.computer && (page.state?.game ?? state.game) === state.game)
        app.keepSettingsForReturn(base);
      const settings = { ...base, computer: null };
      saveSettings(state.game, settings);
      return settings;
    }
    if (!friend) return null;
    if ((continued && state.game === friend.game) || state.record === friend.record) {
      friend.record = state.record;
    } else friend = null; // another game on screen
    saveFriend(friend);
    return null;
  }

  /** The side of `state` a friend would play: the side to move; once the game is over, the
   *  side that did not make the last move (to see how it ended).
   *  @param {State} state */
  function friendSide(state) {
    if (!state.over) return state.toMove;
    const last = state.moves.at(-1)?.by;
    return state.sides.find((side) => side !== last) ?? null;
  }

  /** The friend's game's line under the status: whose move, and the way to send it back. */
  function renderFriend() {
    const live = page.state;
    $("share-game").disabled = !live;
    const on = friend && live?.game === friend.game ? friend : null; // its game on screen
    $("friend").hidden = !on;
    if (!live || !on) return;
    const side = app.sideName(on.side);
    const other = live.sides.find((s) => s !== on.side);
    const mine = live.moves.at(-1)?.by === on.side;
    const text = live.over
      ? mine
        ? tr(
            "You play {side}. The game is over: send the link back so that {other} sees the end.",
            {
              side,
              other: app.sideName(other),
            },
          )
        : tr("You play {side}. The game is over.", { side })
      : live.toMove === on.side
        ? tr("You play {side}: your move.", { side })
        : tr("You play {side}. Now {other} is to move: send the link back.", {
            side,
            other: app.sideName(other),
          });
    setText($("friend-text"), text);
    $("friend-send").hidden = !(live.over ? mine : live.toMove !== on.side);
  }

  // -- the dialog -------------------------------------------------------------------------

  /** Open the dialog for the game on screen: its position (the ply shown), or the puzzle.
   *  `from`: the button pressed, which has the focus back when the dialog closes.
   *  @param {HTMLElement | null} [from] */
  function shareShown(from = null) {
    const shown = app.shownState();
    if (!shown) return;
    const puzzle = app.puzzleShare();
    if (puzzle) return open({ ...puzzle, friend: null }, false, from);
    const side = friendSide(shown);
    const mineToSend =
      !!friend && shown.game === friend.game && !moveHistory.viewing && side !== friend.side;
    open(
      {
        link: shown.link,
        title: tr("{game} on Flipside", { game: page.gameView.title }),
        friend: side ? { record: shown.record, side } : null,
      },
      mineToSend,
      from,
    );
  }

  /** Share any link (a fragment such as "othello/f5d6" or "puzzle/othello/12") with `title`:
   *  the same dialog, without the friend's choice. `from`: the element that gets the focus
   *  back when the dialog closes (by default the one focused now).
   *  @param {string} link
   *  @param {string} title
   *  @param {HTMLElement | null} [from] */
  function shareLink(link, title, from = null) {
    open({ link, title, friend: null }, false, from);
  }

  /**
   * @param {Omit<Sharing, "sent">} what
   * @param {boolean} [toFriend] the friend's choice ticked
   * @param {HTMLElement | null} [from]
   */
  function open(what, toFriend = false, from = null) {
    sharing = { ...what, sent: what.link };
    opener = from ?? /** @type {HTMLElement | null} */ (document.activeElement);
    $("send-friend-row").hidden = !what.friend;
    $("send-friend").checked = toFriend && !!what.friend;
    $("send-share").hidden = typeof navigator.share !== "function";
    $("send-status").textContent = "";
    if (!dialog.open) dialog.showModal();
    ($("send-share").hidden ? $("send-copy") : $("send-share")).focus();
    relabel();
    update();
  }

  /** The link the dialog shows: the position's, or the friend's (asked of the facade). */
  async function update() {
    const mine = ++drawn;
    const what = sharing;
    if (!what) return;
    let link = what.link;
    if (what.friend && $("send-friend").checked) {
      try {
        link = (await engine.call("friend_link", what.friend)).link;
      } catch (err) {
        if (mine === drawn)
          $("send-status").textContent = tr("The link for a friend could not be made: {error}.", {
            error: errorText(err),
          });
        return;
      }
    }
    if (mine !== drawn) return;
    what.sent = link;
    const url = urlOf(link);
    $("send-url").textContent = url;
    await drawQR(url, mine);
  }

  /**
   * @param {string} url
   * @param {number} mine the drawing's number (a later one stops it)
   */
  async function drawQR(url, mine) {
    const canvas = $("send-qr");
    const problem = $("send-qr-problem");
    try {
      qrModule ??= import("../qr-code.js");
      const { drawQR: draw } = await qrModule;
      if (mine !== drawn) return;
      const drawnQR = draw(
        canvas,
        url,
        Math.min(QR_SIZE, canvas.parentElement?.clientWidth || QR_SIZE),
      );
      if (!drawnQR) {
        canvas.hidden = true;
        problem.hidden = false;
        problem.textContent = tr(
          "This link is too long for a QR code ({n} characters): send or copy it instead.",
          { n: url.length },
        );
        qrShown = null;
        return;
      }
      canvas.hidden = false;
      problem.hidden = true;
      qrShown = { version: drawnQR.version, url };
    } catch (err) {
      qrModule = null; // a later opening tries again
      if (mine !== drawn) return;
      canvas.hidden = true;
      problem.hidden = false;
      problem.textContent = tr("The QR code could not be drawn: {error}.", {
        error: errorText(err),
      });
      qrShown = null;
    }
  }

  /** The dialog's words that depend on what it shares (redrawn in another language). */
  function relabel() {
    if (!sharing?.friend) return;
    $("send-friend-label").textContent = tr("Send it to a friend who plays {side}", {
      side: app.sideName(sharing.friend.side),
    });
  }

  async function send() {
    if (!sharing) return;
    const url = urlOf(sharing.sent);
    const title =
      $("send-friend").checked && sharing.friend ? friendTitle(sharing.friend.side) : sharing.title;
    const status = $("send-status");
    try {
      await navigator.share({ title, url });
      status.textContent = tr("Shared the link.");
    } catch (err) {
      if (/** @type {{name?: string} | null} */ (err)?.name === "AbortError") return; // the player closed the share sheet
      status.textContent = tr("The link was not shared ({error}): copy it instead.", {
        error: errorText(err),
      });
    }
  }

  /** @param {Side} side */
  function friendTitle(side) {
    return tr("Your move in {game}: you play {side}", {
      game: page.gameView.title,
      side: app.sideName(side),
    });
  }

  async function copy() {
    if (!sharing) return;
    const url = urlOf(sharing.sent);
    const status = $("send-status");
    try {
      await navigator.clipboard.writeText(url);
      status.textContent = tr("Copied the link: {value}", {
        value: url.length > 70 ? `${url.slice(0, 69)}…` : url,
      });
    } catch {
      status.textContent = tr("Copy this link: {value}", { value: url }); // no clipboard: by hand
    }
  }

  $("share-game").addEventListener("click", () => shareShown($("share-game")));
  $("friend-send").addEventListener("click", () => shareShown($("friend-send")));
  $("send-friend").addEventListener("change", () => {
    $("send-status").textContent = "";
    update();
  });
  $("send-share").addEventListener("click", send);
  $("send-copy").addEventListener("click", copy);
  $("send-close").addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => {
    drawn++;
    if (opener?.isConnected) opener.focus();
  });
  onLanguageChange(() => {
    renderFriend();
    if (dialog.open) relabel();
  });

  /** What tests read (window.flipside.snapshot().share). */
  function shareSnapshot() {
    return {
      open: dialog.open,
      url: dialog.open && sharing ? urlOf(sharing.sent) : null,
      toFriend: !$("send-friend-row").hidden && $("send-friend").checked,
      status: $("send-status").textContent,
      qr: dialog.open ? qrShown : null,
      friend:
        friend && page.state?.game === friend.game
          ? { side: friend.side, text: $("friend-text").textContent }
          : null,
    };
  }

  Object.assign(
    app,
    /** @satisfies {import("../types/app").ShareRoom} */ ({
      followFriend,
      renderFriend,
      shareShown,
      shareLink,
      shareSnapshot,
    }),
  );
}
