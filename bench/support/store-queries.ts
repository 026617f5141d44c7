// What visitors type into the store's search over a generated catalog (store-corpus.ts), by kind, each
// query distinct: a bench asks each once, so none of them can come from a cache.
import { random, type Corpus } from './store-corpus.js';

export type QueryKind = 'common word' | 'prefix' | 'Chinese' | 'two words' | 'typo';
export const QUERY_KINDS: QueryKind[] = ['common word', 'prefix', 'Chinese', 'two words', 'typo'];

function shuffle<T>(items: T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** One edit (drop, swap, change or add a letter) away from `word`, never a prefix of a real word. */
function typoOf(word: string, rand: () => number, isPrefix: (s: string) => boolean): string | null {
  for (let attempt = 0; attempt < 8; attempt++) {
    const i = 1 + Math.floor(rand() * (word.length - 2));
    const letter = String.fromCharCode(97 + Math.floor(rand() * 26));
    const edits = [
      word.slice(0, i) + word.slice(i + 1),
      word.slice(0, i) + (word[i + 1] ?? '') + (word[i] ?? '') + word.slice(i + 2),
      word.slice(0, i) + letter + word.slice(i + 1),
      word.slice(0, i) + letter + word.slice(i),
    ];
    const typo = edits[Math.floor(rand() * edits.length)] ?? word;
    if (typo !== word && typo.length >= 4 && !isPrefix(typo)) return typo;
  }
  return null;
}

/**
 * `perKind` distinct queries of each kind, never repeated across kinds:
 * - common word: the most frequent words, whole;
 * - prefix: the first 3–5 letters of frequent words, as the search box sends them while typing;
 * - Chinese: the most frequent two-character terms, and four-character pairs of them;
 * - two words: pairs of frequent words, half of them next to each other in a description;
 * - typo: one edit off a frequent word (matches no word, so the search falls back to trigrams).
 */
export function generateQueries(corpus: Corpus, perKind: number, seed = 7): Map<QueryKind, string[]> {
  const rand = random(seed);
  const sorted = [...corpus.words].sort();
  const isPrefix = (s: string) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid] ?? '') < s) lo = mid + 1;
      else hi = mid;
    }
    return (sorted[lo] ?? '').startsWith(s);
  };
  const used = new Set<string>();
  const take = (candidates: Iterable<string>): string[] => {
    const out: string[] = [];
    for (const q of candidates) {
      if (out.length >= perKind) break;
      if (!used.has(q)) {
        used.add(q);
        out.push(q);
      }
    }
    return out;
  };
  const top = corpus.words.slice(0, Math.max(perKind * 3, 600));
  const common = take(corpus.words);
  const prefixes = take(
    (function* () {
      for (const w of top) for (const n of [3, 4, 5]) if (w.length > n) yield w.slice(0, n);
    })(),
  );
  const chinese = take(
    (function* () {
      for (let i = 0; i < corpus.terms.length; i++) {
        yield corpus.terms[i] ?? '';
        if (i % 3 === 0) yield `${corpus.terms[i] ?? ''}${corpus.terms[i + 1] ?? ''}`;
      }
    })(),
  );
  const pairs = take(
    (function* () {
      for (let i = 0; ; i++) {
        if (i % 2 === 0) {
          const app = corpus.apps[Math.floor(rand() * corpus.apps.length)];
          const words = (app?.description ?? '').toLowerCase().replace('.', '').split(' ');
          const k = Math.floor(rand() * (words.length - 1));
          if (/^[a-z]+$/.test(`${words[k]}${words[k + 1]}`)) yield `${words[k]} ${words[k + 1]}`;
        } else {
          const a = top[Math.floor(rand() * 200)] ?? '';
          const b = top[Math.floor(rand() * 200)] ?? '';
          if (a !== b) yield `${a} ${b}`;
        }
      }
    })(),
  );
  const typos = take(
    (function* () {
      for (let round = 0; round < 4; round++)
        for (const w of top) {
          const typo = w.length >= 5 ? typoOf(w, rand, isPrefix) : null;
          if (typo) yield typo;
        }
    })(),
  );
  return new Map<QueryKind, string[]>([
    ['common word', shuffle(common, rand)],
    ['prefix', shuffle(prefixes, rand)],
    ['Chinese', shuffle(chinese, rand)],
    ['two words', shuffle(pairs, rand)],
    ['typo', shuffle(typos, rand)],
  ]);
}
