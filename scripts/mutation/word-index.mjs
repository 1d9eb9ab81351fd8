/**
 * Which pieces of text hold a word, for choosing the scenarios that can notice a dropped
 * vocabulary term or regex alternative (run.mjs). A piece is lower-cased text (a tool spec, a
 * scenario's steps) read two ways: as written, and with the separators inside names squeezed out,
 * as the detectors read key names (`secret_key`, `secret-key` → `secretkey`).
 *
 * Each piece is cut once into its words: maximal runs of letters, digits and `_`. A searched word
 * made of those characters only can match only inside one of them, so it is looked for in the
 * distinct words alone, all kept in one string, one per line, and found with indexOf.
 */
const WORD = /[^\p{L}\p{N}_]+/u;

/** The two readings of a piece the search sees. */
export const readings = (text) => `${text} ${text.replace(/[\s_.-]+/g, '')}`;

export class WordIndex {
  #ids = new Map();
  #words = new Map();
  #sealed;

  /** The id of a piece of text (the same text, the same id), counted from 0. */
  add(text) {
    let id = this.#ids.get(text);
    if (id === undefined) {
      if (this.#sealed !== undefined) throw new Error('WordIndex: add after the first search');
      id = this.#ids.size;
      this.#ids.set(text, id);
      for (const w of new Set(readings(text).split(WORD))) {
        if (w === '') continue;
        let list = this.#words.get(w);
        if (list === undefined) this.#words.set(w, (list = []));
        list.push(id);
      }
    }
    return id;
  }

  get size() {
    return this.#ids.size;
  }

  /**
   * Per piece id, 1 where the piece holds `w`, else 0: what `readings(text).includes(w)` says,
   * without reading the texts again. Undefined when `w` is not one word (empty, or with a character
   * other than a letter, a digit or `_`): the index cannot answer for it.
   */
  holders(w) {
    if (w === '' || WORD.test(w)) return undefined;
    if (this.#sealed === undefined) {
      const list = [...this.#words];
      const starts = new Int32Array(list.length + 1);
      for (let i = 0; i < list.length; i++) starts[i + 1] = starts[i] + list[i][0].length + 1;
      this.#sealed = { all: list.map(([x]) => x).join('\n'), starts, pieces: list.map(([, p]) => p) };
    }
    const { all, starts, pieces } = this.#sealed;
    const has = new Uint8Array(this.#ids.size);
    for (let at = all.indexOf(w); at >= 0; ) {
      // The word holding this match: the last one starting at or before it.
      let lo = 0;
      let hi = starts.length - 2;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= at) lo = mid;
        else hi = mid - 1;
      }
      for (const p of pieces[lo]) has[p] = 1;
      at = all.indexOf(w, starts[lo + 1]);
    }
    return has;
  }
}
