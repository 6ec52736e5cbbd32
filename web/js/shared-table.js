// The search workers' shared hash table (Othello's top level on the pool, issue 56): one
// SharedArrayBuffer the page makes when it is cross-origin isolated and gives every search
// worker. Python in Pyodide cannot map it, so it reads and writes it through `probe` and
// `store`, one call each (py/flipside/othello/ai/shared_search.py, CallTable and PageShare).
//
// The buffer is 32-bit words: SIGNALS words of signals (0: the number of the search running,
// 0 when none; 1: the last number given; 2: the level whose entries the table holds), then
// SLOTS slots of WORDS words (the position's two 64-bit boards as four halves, the lower and
// upper bound, depth << 7 | best square + 1, and a check: the XOR of the other seven), then
// BUSY words of marks (the young brothers a worker is searching). There is no lock: a slot
// two workers wrote at once fails its check and reads as empty.

/** Signals, hash slots, their words, and busy marks (SLOTS and BUSY: powers of two). */
export const SIGNALS = 4;
export const SLOTS = 1 << 17;
export const WORDS = 8;
export const BUSY = 1 << 14;
/** The bounds' offset in a packed entry (shared_search.PACK's 20 bits each). */
const BOUND = 1 << 19;
const PACKED = 1 << 20;

/** The buffer's size in bytes (4.06 MiB, shared by every worker). */
export const BYTES = 4 * (SIGNALS + SLOTS * WORDS + BUSY);

/** What a worker hands Python (facade.attach_shared).
 *  @typedef {{
 *    slots: number,
 *    signals: Int32Array,
 *    busy: Int32Array,
 *    probe: (index: number, pLow: number, pHigh: number, oLow: number, oHigh: number) => number,
 *    store: (index: number, pLow: number, pHigh: number, oLow: number, oHigh: number,
 *            lower: number, upper: number, extra: number) => void,
 *  }} TableAccess */

/** The table's functions over `buffer` (a SharedArrayBuffer of BYTES, or any ArrayBuffer).
 *  `probe` answers -1 (no entry for this position) or the entry in one number:
 *  extra * 2^40 + (lower + BOUND) * 2^20 + (upper + BOUND), at most 2^53.
 *  @param {ArrayBufferLike} buffer
 *  @returns {TableAccess} */
export function tableAccess(buffer) {
  const words = new Int32Array(buffer);
  const slots = words.subarray(SIGNALS, SIGNALS + SLOTS * WORDS);
  return {
    slots: SLOTS,
    signals: words.subarray(0, SIGNALS),
    busy: words.subarray(SIGNALS + SLOTS * WORDS),
    probe(index, pLow, pHigh, oLow, oHigh) {
      const at = index * WORDS;
      const a = slots[at];
      const b = slots[at + 1];
      const c = slots[at + 2];
      const d = slots[at + 3];
      if (a !== (pLow | 0) || b !== (pHigh | 0) || c !== (oLow | 0) || d !== (oHigh | 0)) return -1;
      const lower = slots[at + 4];
      const upper = slots[at + 5];
      const extra = slots[at + 6];
      if ((a ^ b ^ c ^ d ^ lower ^ upper ^ extra) !== slots[at + 7]) return -1;
      return (extra * PACKED + (lower + BOUND)) * PACKED + (upper + BOUND);
    },
    store(index, pLow, pHigh, oLow, oHigh, lower, upper, extra) {
      const at = index * WORDS;
      slots[at] = pLow;
      slots[at + 1] = pHigh;
      slots[at + 2] = oLow;
      slots[at + 3] = oHigh;
      slots[at + 4] = lower;
      slots[at + 5] = upper;
      slots[at + 6] = extra;
      slots[at + 7] = pLow ^ pHigh ^ oLow ^ oHigh ^ lower ^ upper ^ extra;
    },
  };
}

/** The page's side: the buffer, and the signals that start and end a shared search. */
export class SharedTable {
  constructor() {
    this.buffer = new SharedArrayBuffer(BYTES);
    const words = new Int32Array(this.buffer);
    this.words = words;
    this.signals = words.subarray(0, SIGNALS);
    this.busy = words.subarray(SIGNALS + SLOTS * WORDS);
  }

  /** Whether this page can share memory with its workers (cross-origin isolated). */
  static available() {
    return typeof SharedArrayBuffer === "function" && self.crossOriginIsolated === true;
  }

  /** A new search's number; the table emptied first if it holds another level's entries,
   *  the busy marks always (a stopped search may leave some).
   *  @param {number} level
   *  @returns {number} */
  begin(level) {
    if (Atomics.load(this.signals, 2) !== level) {
      this.words.fill(0);
      Atomics.store(this.signals, 2, level);
    }
    this.busy.fill(0);
    const run = Atomics.add(this.signals, 1, 1) + 1;
    Atomics.store(this.signals, 0, run);
    return run;
  }

  /** End the search `run` (if it is still the one running): its helpers stop.
   *  @param {number} run */
  end(run) {
    Atomics.compareExchange(this.signals, 0, run, 0);
  }
}
