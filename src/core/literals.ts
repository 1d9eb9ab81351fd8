/**
 * Many literal words looked for in one pass over a text: an Aho–Corasick automaton compiled to a
 * table, stepped over the text's characters. Each word belongs to a numbered set; a scan answers
 * which sets have a word in the text, as bits. It stands in for one alternation of literals per
 * set (`/import|from|fetch/`), which V8 runs as one more pass over the text per set.
 *
 * Matching ignores the case of ASCII letters, and no character outside ASCII matches a character
 * of a word (words are ASCII). A set used as a gate in front of case-sensitive rules thus opens
 * for a superset of the texts they can match, which is all a gate needs.
 *
 * Pure; the table is built once, when a scanner is made.
 */
import { asciiCodes } from './ascii.js';

/** The lower case of an ASCII capital, any other code as it is. */
function fold(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/** Finds, in one pass, which of up to 31 sets of words occur in a text. */
export interface LiteralScanner {
  /** Bit `i` is set when a word of set `i` occurs in `text`, ignoring the case of ASCII letters. */
  scan(text: string): number;
}

/** Texts shorter than this are read by one chain of steps, longer ones by four (see below). */
const CHAINED_FROM = 256;

/**
 * A scanner for these sets of words (set `i` answers in bit `i`).
 * @throws Error when a word is empty, holds NUL or a character outside ASCII, or there are more than 31 sets
 */
export function literalScanner(sets: readonly (readonly string[])[]): LiteralScanner {
  if (sets.length > 31) throw new Error('literals: at most 31 sets');
  // Only the characters of the words need a column (class 1, 2, …; 0 for every other character).
  const classOf = new Uint8Array(128);
  let classes = 1;
  let longest = 0;
  sets.forEach((words, i) => {
    for (const w of words) {
      if (w === '') throw new Error(`literals: an empty word in set ${i}`);
      longest = Math.max(longest, w.length);
      for (let j = 0; j < w.length; j++) {
        const raw = w.charCodeAt(j);
        if (raw === 0 || raw >= 128) throw new Error(`literals: '${w}' is not ASCII without NUL`);
        const c = fold(raw);
        if (classOf[c] === 0) classOf[c] = classes++;
      }
    }
  });
  for (let c = 65; c <= 90; c++) classOf[c] = classOf[c + 32] as number;
  const shift = Math.max(0, Math.ceil(Math.log2(classes)));
  const width = 1 << shift;

  // The trie, as rows of child states (0: none; the root is state 0 and is nobody's child).
  const child: number[][] = [new Array<number>(width).fill(0)];
  const outs: number[] = [0];
  sets.forEach((words, i) => {
    for (const w of words) {
      let s = 0;
      for (let j = 0; j < w.length; j++) {
        const k = classOf[fold(w.charCodeAt(j))] as number;
        const row = child[s] as number[];
        if (row[k] === 0) {
          row[k] = child.length;
          child.push(new Array<number>(width).fill(0));
          outs.push(0);
        }
        s = row[k] as number;
      }
      outs[s] = (outs[s] as number) | (1 << i);
    }
  });
  if (child.length > 65_535) throw new Error('literals: too many states');
  // Breadth first: a state's failure is the longest proper suffix of its word that is a state;
  // missing children are filled with the failure's, so each step is one table read. Class 0 (a
  // character in no word) always leads back to the root.
  const next = new Uint16Array(child.length * width);
  const fail = new Array<number>(child.length).fill(0);
  const queue: number[] = [];
  for (let k = 1; k < width; k++) {
    const s = (child[0] as number[])[k] as number;
    next[k] = s;
    if (s !== 0) queue.push(s);
  }
  for (let q = 0; q < queue.length; q++) {
    const s = queue[q] as number;
    const f = fail[s] as number;
    outs[s] = (outs[s] as number) | (outs[f] as number);
    for (let k = 1; k < width; k++) {
      const t = (child[s] as number[])[k] as number;
      if (t !== 0) {
        fail[t] = next[f * width + k] as number;
        next[s * width + k] = t;
        queue.push(t);
      } else {
        next[s * width + k] = next[f * width + k] as number;
      }
    }
  }
  const out = Int32Array.from(outs);
  const overlap = Math.max(0, longest - 1);

  /** `bits`, once the copy of the text is wiped (no raw argument outlives the scan). */
  const clear = (ks: Uint8Array, bits: number, n: number): number => {
    ks.fill(0, 0, n);
    return bits;
  };

  /** The bits of the words that end in `ks[from, to)` (codes), stepping from the root at `from`. */
  const run = (ks: Uint8Array, from: number, to: number): number => {
    let s = 0;
    let bits = 0;
    for (let i = from; i < to; i++) {
      s = next[(s << shift) | (classOf[ks[i] as number] as number)] as number;
      bits |= out[s] as number;
    }
    return bits;
  };

  const scan = (text: string): number => {
    const n = text.length;
    const ks = asciiCodes(text);
    const q = Math.ceil(n / 4);
    if (n < CHAINED_FROM) return clear(ks, run(ks, 0, n), n);
    // Four quarters stepped side by side: each step waits on the table read before it, so four
    // independent chains run about four times as fast as one. A quarter starts `overlap`
    // characters early, from the root: a word that ends in it is read whole.
    // A word longer than a quarter: its chain starts at the text's start, never before it.
    const s1 = Math.max(0, q - overlap);
    const s2 = Math.max(0, 2 * q - overlap);
    const s3 = Math.max(0, 3 * q - overlap);
    const steps = Math.min(q, n - s3);
    let a = 0;
    let b = 0;
    let c = 0;
    let d = 0;
    let bits = 0;
    for (let t = 0; t < steps; t++) {
      a = next[(a << shift) | (classOf[ks[t] as number] as number)] as number;
      b = next[(b << shift) | (classOf[ks[s1 + t] as number] as number)] as number;
      c = next[(c << shift) | (classOf[ks[s2 + t] as number] as number)] as number;
      d = next[(d << shift) | (classOf[ks[s3 + t] as number] as number)] as number;
      bits |= (out[a] as number) | (out[b] as number) | (out[c] as number) | (out[d] as number);
    }
    // What is left of each quarter, one chain each, from the state it reached.
    const rest = (state: number, from: number, to: number): number => {
      let s = state;
      let found = 0;
      for (let i = from; i < to; i++) {
        s = next[(s << shift) | (classOf[ks[i] as number] as number)] as number;
        found |= out[s] as number;
      }
      return found;
    };
    return clear(ks, bits | rest(a, steps, q) | rest(b, s1 + steps, 2 * q) | rest(c, s2 + steps, 3 * q) | rest(d, s3 + steps, n), n);
  };
  return { scan };
}
