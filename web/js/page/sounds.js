// Sounds: a move, a capture, a pass, the end of a game and a wrong puzzle move, made in the
// page with WebAudio (a few short tones, no files). The masthead's switch turns them on or
// off, kept in the browser. Browsers let a page play sound only after the player has
// touched it, so nothing plays before the first pointer or key event: the AudioContext is
// made then, and sounds asked before it are dropped, not kept for later.
// What a move did comes from the state (`does`, `extra.passed`, `over`), never from rules here.

import { loadSoundsOn, saveSoundsOn } from "../store.js";

/** @typedef {import("../types/app").App} App */
/** @typedef {import("../types/state").State} State */

/**
 * One note of a sound.
 * @typedef {object} Note
 * @property {OscillatorType} type
 * @property {number} freq Hz
 * @property {number} [to] Hz, gliding from `freq`
 * @property {number} at seconds after the sound's start
 * @property {number} dur seconds
 * @property {number} gain
 */

/** @typedef {{length: number, notes: Note[]}} Sound */

/** Each sound: its notes (`at` seconds after its start, `dur` seconds long, `freq` Hz, gliding
 *  to `to` Hz when given) and its length (the next sound waits for it).
 *  @type {Record<string, Sound>} */
export const SOUNDS = {
  move: {
    length: 0.09,
    notes: [{ type: "triangle", freq: 330, to: 220, at: 0, dur: 0.07, gain: 0.3 }],
  },
  capture: {
    length: 0.2,
    notes: [
      { type: "triangle", freq: 392, to: 262, at: 0, dur: 0.07, gain: 0.3 },
      { type: "triangle", freq: 784, to: 659, at: 0.08, dur: 0.1, gain: 0.18 },
    ],
  },
  pass: {
    length: 0.34,
    notes: [
      { type: "sine", freq: 440, at: 0, dur: 0.13, gain: 0.2 },
      { type: "sine", freq: 349, at: 0.15, dur: 0.17, gain: 0.2 },
    ],
  },
  end: {
    length: 0.62,
    notes: [
      { type: "sine", freq: 523, at: 0, dur: 0.14, gain: 0.2 },
      { type: "sine", freq: 659, at: 0.14, dur: 0.14, gain: 0.2 },
      { type: "sine", freq: 784, at: 0.28, dur: 0.32, gain: 0.2 },
    ],
  },
  wrong: {
    length: 0.3,
    notes: [
      { type: "square", freq: 208, at: 0, dur: 0.1, gain: 0.07 },
      { type: "square", freq: 185, at: 0.12, dur: 0.17, gain: 0.07 },
    ],
  },
};
/** Sounds asked in one task play in this order (a move before the end it brought). */
const ORDER = ["move", "capture", "pass", "end", "wrong"];
/** The events that count as the player's touch (the browsers' user activation). */
const TOUCH_EVENTS = ["pointerdown", "pointerup", "touchend", "keydown"];

/**
 * Adds this room's functions to `app` (the page's shared parts, see main.js).
 * @param {App} app
 */
export function installSounds(app) {
  const { $ } = app;
  const button = $("sounds");
  let on = loadSoundsOn();
  let touched = false; // the player has touched the page: sounds may play
  /** @type {AudioContext | null} */
  let context = null; // made in the first touch with sounds on
  let broken = false; // this browser has no working WebAudio: stay silent
  /** @type {string[]} */
  let asked = []; // sounds asked in this task
  let free = 0; // the context's time when the last sound asked ends
  /** @type {string[]} */
  const played = []; // every sound played, in order (for tests)

  /** In a touch (the player's own event): make or wake the AudioContext. */
  function wake() {
    touched = true;
    if (!on || broken) return;
    try {
      const Context = window.AudioContext ?? window.webkitAudioContext;
      if (!Context) throw new Error("no WebAudio");
      context ??= new Context();
      if (context.state !== "running") context.resume().catch(() => {});
    } catch {
      broken = true;
      context = null;
    }
  }
  for (const type of TOUCH_EVENTS)
    window.addEventListener(type, wake, { capture: true, passive: true });

  /** Play sound `name` (one of SOUNDS) once the current task is over, after any sound asked
   *  before it; nothing when sounds are off or the player has not touched the page yet.
   *  @param {string} name */
  function playSound(name) {
    if (!on || !touched || broken || !(name in SOUNDS)) return;
    asked.push(name);
    if (asked.length === 1) queueMicrotask(flush);
  }

  function flush() {
    const names = asked.sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
    asked = [];
    const ctx = context;
    if (!ctx) return;
    let start = Math.max(ctx.currentTime + 0.01, free);
    for (const name of names) {
      for (const note of SOUNDS[name].notes) tone(ctx, note, start);
      start += SOUNDS[name].length;
      played.push(name);
    }
    free = start;
  }

  /**
   * One note: an oscillator through a gain with a short attack and an exponential decay.
   * @param {AudioContext} context
   * @param {Note} note
   * @param {number} start the sound's start, in the context's time
   */
  function tone(context, { type, freq, to, at, dur, gain }, start) {
    const t = start + at;
    const osc = context.createOscillator();
    const level = context.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, t);
    if (to) osc.frequency.exponentialRampToValueAtTime(to, t + dur);
    level.gain.setValueAtTime(0.0001, t);
    level.gain.exponentialRampToValueAtTime(gain, t + 0.008);
    level.gain.exponentialRampToValueAtTime(0.0001, t + dur);
    osc.connect(level).connect(context.destination);
    osc.start(t);
    osc.stop(t + dur + 0.02);
  }

  /** The sounds of a new state from the engine (`method`: "play" or "flag"): the move, a
   *  capture or a pass (the player's own, or the pass the facade played after the move),
   *  then the end of the game.
   *  @param {State} state
   *  @param {string} method */
  function soundAfter(state, method) {
    if (method === "play") {
      const does = state.moves.at(-1)?.does ?? [];
      playSound(does.includes("pass") ? "pass" : does.includes("capture") ? "capture" : "move");
      if (state.extra?.passed) playSound("pass");
    }
    if (state.over) playSound("end");
  }

  function render() {
    button.setAttribute("aria-pressed", String(on));
  }

  button.addEventListener("click", () => {
    on = !on;
    saveSoundsOn(on);
    if (on)
      wake(); // the click is a touch: the context may start now
    else {
      asked = [];
      context?.suspend().catch(() => {});
    }
    render();
  });
  render();

  /** What tests read (window.flipside.snapshot().sounds). */
  function soundsSnapshot() {
    const notes = Object.fromEntries(
      Object.entries(SOUNDS).map(([name, sound]) => [name, sound.notes.map((n) => n.freq)]),
    );
    return { on, touched, started: context !== null, played: [...played], notes };
  }

  Object.assign(
    app,
    /** @satisfies {import("../types/app").SoundsRoom} */ ({
      playSound,
      soundAfter,
      soundsSnapshot,
    }),
  );
}
