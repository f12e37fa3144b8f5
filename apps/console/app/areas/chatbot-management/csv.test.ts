import { describe, expect, it } from 'vitest';
import { csvCell } from './csv';

// The chat-log and broadcast-delivery exports write their cells with this function.
describe('the cells of the chatbot exports', () => {
  it.each([
    ['=HYPERLINK("http://x.test")', `"'=HYPERLINK(""http://x.test"")"`],
    ["+cmd|' /C calc'!A0", `"'+cmd|' /C calc'!A0"`],
    ["-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`],
    ['@SUM(1+1)', `"'@SUM(1+1)"`],
    ['x;=1+1', `"x;'=1+1"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['What are the fees?', 'What are the fees?'],
    [3, '3'],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});
