import { describe, expect, it } from 'vitest';
import { containsProfanity, findProfanity, type ProfanityWord } from './index.js';

const bank: ProfanityWord[] = [
  { word: 'fool*', kind: 'BLOCK' },
  { word: 'ass', kind: 'BLOCK' },
  { word: 'dick', kind: 'BLOCK' },
  { word: 'moby dick', kind: 'ALLOW' },
  { word: 'bad word', kind: 'BLOCK' },
  { word: 'putang ina', kind: 'BLOCK' },
  { word: 'c++', kind: 'BLOCK' },
  { word: 'hell*', kind: 'BLOCK' },
  { word: 'hello*', kind: 'ALLOW' },
];

describe('word bank matching', () => {
  it.each([
    ['You fool!', ['fool']],
    ['YOU FOOL', ['FOOL']],
    ['Fools and foolish talk', ['Fool', 'fool']],
    ['tomfoolery is fine', []],
    ['We will assess the assignment', []],
    ['Do not be an ass.', ['ass']],
    ['ass, class, ass', ['ass', 'ass']],
    ['Dick Gordon reads Moby   Dick', ['Dick']],
    ['that Bad   Word again', ['Bad   Word']],
    ['a bad-word', []],
    ['a badword', []],
    ['Putang\nina mo', ['Putang\nina']],
    ['I write C++ daily', ['C++']],
    ['Hello there, hellish week', ['hell']],
    ['', []],
  ])('finds in %j: %j', (text, found) => {
    expect(findProfanity(text, bank).map((m) => m.text)).toEqual(found);
    expect(containsProfanity(text, bank)).toBe(found.length > 0);
  });

  it('reports where each match starts and which bank entry it was', () => {
    expect(findProfanity('Hey fool, you FOOL', bank)).toEqual([
      { word: 'fool*', index: 4, text: 'fool' },
      { word: 'fool*', index: 14, text: 'FOOL' },
    ]);
  });

  it('ignores blank entries and finds nothing with an empty bank', () => {
    expect(findProfanity('anything at all', [{ word: '   ', kind: 'BLOCK' }])).toEqual([]);
    expect(findProfanity('you fool', [])).toEqual([]);
  });
});
