import MiniSearch from 'minisearch';

/** What the matcher indexes of one active response. */
export interface MatchableResponse {
  readonly id: string;
  readonly title: string;
  readonly questions: string;
  readonly answer: string;
  readonly category?: string | null;
}

export interface MatchCandidate {
  readonly id: string;
  readonly title: string;
  readonly score: number;
  /** Share of the message's words (stop words left out) this response matched, 0…1. */
  readonly coverage: number;
  /** How many different words of the message it matched. */
  readonly matchedWords: number;
}

export interface MatchResult {
  /** The best response when its score reaches the threshold; null sends the persona's fallback. */
  readonly match: MatchCandidate | null;
  /** The best-scoring response, whether or not it reached the threshold. */
  readonly best: MatchCandidate | null;
  readonly runnerUp: MatchCandidate | null;
  readonly threshold: number;
}

/** A response answers only when it matched at least this share of the message's words, or two of them (besides the score). */
export const MIN_COVERAGE = 0.5;
export const MIN_MATCHED_WORDS = 2;

/** Words too common in questions to tell answers apart. */
const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from how i in is it me my of on or please the there this to what when where which who why will with you your'.split(' '),
);

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

function processTerm(term: string): string | null {
  const t = term.toLowerCase();
  return t && !STOP_WORDS.has(t) ? t : null;
}

/**
 * The answer bank's index: minisearch (BM25+) over the questions (boost 3), the title (boost 2) and the answer
 * (boost 0.5), with fuzzy matching (typos up to a fifth of a word) and prefix matching for words of four letters
 * or more.
 */
export class ResponseMatcher {
  private readonly search: MiniSearch<MatchableResponse>;
  readonly size: number;

  constructor(responses: readonly MatchableResponse[]) {
    this.search = new MiniSearch<MatchableResponse>({
      idField: 'id',
      fields: ['questions', 'title', 'answer'],
      storeFields: ['title'],
      processTerm,
      searchOptions: {
        boost: { questions: 3, title: 2, answer: 0.5 },
        fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
        prefix: (term) => term.length >= 4,
        combineWith: 'OR',
      },
    });
    this.search.addAll([...responses]);
    this.size = responses.length;
  }

  /**
   * The best and second-best responses for a message; `match` is the best when its score reaches `threshold` and it
   * matched at least half of the message's words or two of them (so one shared word, "campus", does not answer "Is
   * there a bowling alley on campus?", while a long message with two words of the answer's questions does).
   */
  match(message: string, threshold: number): MatchResult {
    const hits = message.trim() ? this.search.search(message) : [];
    const words = new Set(tokenize(message).map(processTerm).filter((t): t is string => t !== null));
    const candidate = (i: number): MatchCandidate | null => {
      const hit = hits[i];
      if (!hit) return null;
      const matchedWords = new Set(hit.queryTerms).size;
      const coverage = words.size ? Math.min(1, matchedWords / words.size) : 0;
      return { id: String(hit.id), title: String(hit.title), score: Math.round(hit.score * 100) / 100, coverage: Math.round(coverage * 100) / 100, matchedWords };
    };
    const best = candidate(0);
    const enoughWords = best !== null && (best.coverage >= MIN_COVERAGE || best.matchedWords >= MIN_MATCHED_WORDS);
    const match = best && enoughWords && best.score >= threshold ? best : null;
    return { match, best, runnerUp: candidate(1), threshold };
  }
}
