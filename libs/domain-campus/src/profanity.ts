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

interface Occurrence {
  readonly index: number;
  readonly end: number;
  readonly text: string;
}

/** An entry ending in `*` matches any word starting with it (`fool*` → fools, foolish). */
function parseEntry(entry: string): { parts: string[]; isPrefix: boolean } {
  const trimmed = entry.trim();
  const isPrefix = trimmed.endsWith('*');
  const parts = (isPrefix ? trimmed.slice(0, -1) : trimmed).trim().split(/\s+/).filter(Boolean);
  return { parts, isPrefix };
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function occurrences(text: string, entry: string): Occurrence[] {
  const { parts, isPrefix } = parseEntry(entry);
  if (parts.length === 0) return [];
  // Whitespace inside a phrase matches any run of whitespace.
  const re = new RegExp(parts.map(escape).join('\\s+'), 'giu');
  const found: Occurrence[] = [];
  for (const m of text.matchAll(re)) {
    const index = m.index ?? 0;
    const end = index + m[0].length;
    const before = text[index - 1];
    const after = text[end];
    const startsWord = before === undefined || !WORD_CHAR.test(before) || !WORD_CHAR.test(m[0][0] ?? '');
    const endsWord =
      isPrefix || after === undefined || !WORD_CHAR.test(after) || !WORD_CHAR.test(m[0].at(-1) ?? '');
    if (startsWord && endsWord) found.push({ index, end, text: m[0] });
  }
  return found;
}

/**
 * Finds blocked words and phrases in a text, ignoring case. An entry matches whole words only (`ass` does not
 * match `class` or `assignment`); an entry ending in `*` matches words that start with it (`fool*` catches
 * `fools` and `foolish`, not `tomfoolery`). An occurrence inside an allowed entry is not reported, so an allow
 * list carves out innocent words and phrases (allow `assess*` against a blocked `ass*`). Matches come back in
 * text order.
 */
export function findProfanity(text: string, words: readonly ProfanityWord[]): ProfanityMatch[] {
  const allowed = words.filter((w) => w.kind === 'ALLOW').flatMap((w) => occurrences(text, w.word));
  const matches: ProfanityMatch[] = [];
  for (const entry of words.filter((w) => w.kind === 'BLOCK')) {
    for (const o of occurrences(text, entry.word)) {
      if (allowed.some((a) => a.index <= o.index && o.end <= a.end)) continue;
      matches.push({ word: entry.word, index: o.index, text: o.text });
    }
  }
  return matches.sort((a, b) => a.index - b.index || b.text.length - a.text.length);
}

export function containsProfanity(text: string, words: readonly ProfanityWord[]): boolean {
  return findProfanity(text, words).length > 0;
}
