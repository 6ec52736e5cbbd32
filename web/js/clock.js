// The players' clocks (Othello's clock option). Each clock runs only during its owner's turn
// (the side to move, which the facade names); they pause while the page is hidden and keep
// their times in localStorage, so a reload goes on where it was. The page asks the facade to
// end the game (`flag`) when one reaches zero: the rules decide what that means.

import { formatNumber } from "./i18n.js";
import { loadClocks, saveClocks } from "./store.js";

const TICK_MS = 100;

/** "4:59", or "0:03.2" under ten seconds (the decimal sign the language's: "0:03,2").
 *  @param {number} ms */
export function formatClock(ms) {
  const total = Math.max(0, ms);
  if (total < 10_000) {
    const tenths = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
    return `0:0${formatNumber(Math.floor(total / 100) / 10, tenths)}`;
  }
  const seconds = Math.ceil(total / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Each side's milliseconds left ({black, white}). @typedef {Record<string, number>} Times */

export class Clocks {
  /** @param {{onFlag: (side: string) => void, onTick: () => void}} hooks */
  constructor({ onFlag, onTick }) {
    this.onFlag = onFlag;
    this.onTick = onTick;
    /** @type {string | null} */
    this.record = null;
    this.seconds = 0; // each player's time at the start; 0: no clock
    /** @type {Times | null} */
    this.remaining = null; // {black, white} in ms
    /** @type {string | null} */
    this.running = null; // the side whose clock runs
    this.since = 0;
    this.flagged = false;
    /** @type {number | undefined} */
    this.timer = undefined;
    document.addEventListener("visibilitychange", () => this.visibility());
    window.addEventListener("pagehide", () => this.save());
  }

  get active() {
    return this.remaining !== null;
  }

  /** Follow a new state. `continued`: it follows the state shown before (a move, an undo),
   *  so the times go on; otherwise (a new game, a link, a saved game) they are restored
   *  from storage for this record, or start full. `seconds`: each clock's time (0: none).
   *  @param {import("./types/state").State} state
   *  @param {boolean} continued
   *  @param {number} seconds */
  update(state, continued, seconds) {
    this.settle();
    if (!continued) this.save(); // the game left keeps its times
    if (!seconds) {
      this.stop();
      return;
    }
    if (!continued || !this.remaining || this.seconds !== seconds) {
      this.remaining = loadClocks(state.record) ?? { black: seconds * 1000, white: seconds * 1000 };
    }
    this.seconds = seconds;
    this.record = state.record;
    this.flagged = false;
    this.running = state.over ? null : state.toMove;
    this.since = performance.now();
    this.save();
    if (!this.timer) this.timer = setInterval(() => this.tick(), TICK_MS);
    this.onTick();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    this.remaining = null;
    this.running = null;
    this.seconds = 0;
    this.onTick();
  }

  /** Charge the time since the last settle to the running clock. */
  settle() {
    if (!this.remaining || !this.running || document.hidden) return;
    const now = performance.now();
    this.remaining[this.running] = Math.max(0, this.remaining[this.running] - (now - this.since));
    this.since = now;
  }

  tick() {
    this.settle();
    this.onTick();
    const side = this.running;
    if (side && this.remaining && this.remaining[side] <= 0 && !this.flagged) {
      this.flagged = true;
      this.save();
      this.onFlag(side);
    }
  }

  visibility() {
    if (!this.remaining) return;
    if (document.hidden) {
      this.settle();
      this.save();
    } else {
      this.since = performance.now(); // the hidden time is not charged
    }
  }

  save() {
    // Othello's {black, white}: the one game with a clock
    const times = /** @type {import("./store.js").ClockTimes | null} */ (this.remaining);
    if (times && this.record) saveClocks(this.record, times);
  }

  /** Seconds `side` may spend on its move: a share of its time left, at most `cap`.
   *  @param {string} side
   *  @param {number} movesLeft
   *  @param {number} cap */
  budget(side, movesLeft, cap) {
    this.settle();
    if (!this.remaining) return null;
    const share = this.remaining[side] / 1000 / Math.max(3, movesLeft / 2 + 2);
    return Math.max(0.05, Math.min(cap, share));
  }

  /** {black, white} milliseconds left, or null. */
  snapshot() {
    this.settle();
    return this.remaining ? { ...this.remaining } : null;
  }
}
