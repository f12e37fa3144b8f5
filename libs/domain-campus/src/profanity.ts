import type { ProfanityKind } from './coded.js';

/** One entry of the word bank. */
export interface ProfanityWord {
  readonly word: string;
  readonly kind: ProfanityKind;
}

export interface ProfanityMatch {
  /** The blocked word-bank entry that matched, as written in the bank. */
  readonly word: string;
  /** Where the match starts in the text, and the matched text itself. */
  readonly index: number;
  readonly text: string;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

function pattern(entry: string): RegExp | null {
  const parts = entry.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return null;
  const escaped = parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // Whitespace inside a phrase matches any run of whitespace.
  return new RegExp(escaped.join('\\s+'), 'giu');
}

function occurrences(text: string, entry: string): { index: number; end: number; text: string }[] {
  const re = pattern(entry);
  if (!re) return [];
  const found: { index: number; end: number; text: string }[] = [];
  for (const m of text.matchAll(re)) {
    const index = m.index ?? 0;
    found.push({ index, end: index + m[0].length, text: m[0] });
  }
  return found;
}

/**
 * Finds blocked words and phrases in a text, ignoring case. A blocked entry matches at the start of a word, so
 * `fool` catches `fools` and `foolish` but not `tomfool`; an occurrence that lies inside an allowed entry
 * (e.g. allow `assess` against a blocked `ass`) is not reported. Matches come back in text order.
 */
export function findProfanity(text: string, words: readonly ProfanityWord[]): ProfanityMatch[] {
  const allowed = words
    .filter((w) => w.kind === 'ALLOW')
    .flatMap((w) => occurrences(text, w.word));
  const matches: ProfanityMatch[] = [];
  for (const entry of words.filter((w) => w.kind === 'BLOCK')) {
    for (const o of occurrences(text, entry.word)) {
      const before = o.index > 0 ? text[o.index - 1] : undefined;
      if (before !== undefined && WORD_CHAR.test(before)) continue;
      if (allowed.some((a) => a.index <= o.index && o.end <= a.end)) continue;
      matches.push({ word: entry.word, index: o.index, text: o.text });
    }
  }
  return matches.sort((a, b) => a.index - b.index || b.text.length - a.text.length);
}

export function containsProfanity(text: string, words: readonly ProfanityWord[]): boolean {
  return findProfanity(text, words).length > 0;
}
