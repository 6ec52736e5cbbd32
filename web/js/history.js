// Stepping through the game: the position on screen may be an earlier ply of the live game.
//
// The page keeps the live game (its last state) and, while the player looks back, the state
// of an earlier ply, asked of the facade (`at(record, ply)`: the state of the record after
// that many moves, its link with `&ply=N`). Nothing is rebuilt here: every state, record and
// link comes from the facade. Redo keeps the records that Undo took back.

/** @typedef {import("./types/state").State} State */
/** @typedef {import("./types/state").AtState} AtState */

export class MoveHistory {
  /** @param {{call: (method: "at", params: {record: string, ply: number}) => Promise<AtState>}} engine */
  constructor(engine) {
    this.engine = engine;
    /** @type {AtState | null} */
    this.shown = null; // the state of an earlier ply (with ply, plies, link), or null: live
    /** @type {string[]} */
    this.redoStack = []; // records taken back by Undo, the latest last
    /** @type {Map<string, AtState>} */
    this.cache = new Map(); // "record ply" -> state of that ply
  }

  /** Whether the board shows an earlier position than the live one. */
  get viewing() {
    return this.shown !== null;
  }

  /** The ply on screen of `live` (its number of moves when live).
   *  @param {State | null | undefined} live */
  plyOf(live) {
    return this.shown ? this.shown.ply : (live?.moves.length ?? 0);
  }

  /** The state of ply `ply` of the game `live` (null when that is the live position).
   *  @param {State} live
   *  @param {number} ply
   *  @returns {Promise<AtState | null>} */
  async stateAt(live, ply) {
    const plies = live.moves.length;
    const wanted = Math.max(0, Math.min(plies, ply));
    if (wanted === plies) return null;
    const key = `${live.record} ${wanted}`;
    let state = this.cache.get(key);
    if (!state) {
      if (this.cache.size > 400) this.cache.clear();
      state = await this.engine.call("at", { record: live.record, ply: wanted });
      this.cache.set(key, state);
    }
    return state;
  }

  /** Show ply `ply` of `live`; resolves to whether the position on screen changed.
   *  @param {State} live
   *  @param {number} ply */
  async goTo(live, ply) {
    const before = this.shown;
    this.shown = await this.stateAt(live, ply);
    return this.shown !== before;
  }

  /** Back to the live position. */
  reset() {
    this.shown = null;
  }

  /** Undo took `record` back: Redo can bring it again.
   *  @param {string} record */
  pushRedo(record) {
    this.redoStack.push(record);
  }

  /** The record Redo brings back (or null). */
  popRedo() {
    return this.redoStack.pop() ?? null;
  }

  /** A move played or another game opened: nothing left to redo. */
  clearRedo() {
    this.redoStack = [];
  }
}
