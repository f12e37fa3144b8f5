import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  COMMON_PASSWORDS,
  PASSWORD_MESSAGES,
  PasswordSchema,
  checkPassword,
  isAcceptablePassword,
  isCommonPassword,
} from './index.js';

describe('password policy (ASVS level 2)', () => {
  it.each([
    ['Campus!Demo2026', []],
    ['correct llama staple drawer', []],
    ['twelve chars', []],
    ['ñandú-ñandú-ü', []],
    ['short', [PASSWORD_MESSAGES.tooShort]],
    ['elevenchars', [PASSWORD_MESSAGES.tooShort]],
    ['', [PASSWORD_MESSAGES.tooShort]],
    ['a'.repeat(128), []],
    ['a'.repeat(129), [PASSWORD_MESSAGES.tooLong]],
    ['password1234', [PASSWORD_MESSAGES.common]],
    ['PASSWORD1234', [PASSWORD_MESSAGES.common]],
    ['Password1234', [PASSWORD_MESSAGES.common]],
    ['qwertyuiop123', [PASSWORD_MESSAGES.common]],
    ['iloveyou1234', [PASSWORD_MESSAGES.common]],
    ['123456789012', [PASSWORD_MESSAGES.common]],
    ['Password', [PASSWORD_MESSAGES.tooShort, PASSWORD_MESSAGES.common]],
  ])('judges %j', (password, problems) => {
    expect(checkPassword(password)).toEqual(problems);
    expect(isAcceptablePassword(password)).toBe(problems.length === 0);
  });

  it('counts characters, not UTF-16 units: eleven emoji are too short, twelve are enough', () => {
    expect(checkPassword('😀'.repeat(11))).toEqual([PASSWORD_MESSAGES.tooShort]);
    expect(checkPassword('😀'.repeat(12))).toEqual([]);
  });

  it('ships a few hundred common passwords, many of them long enough to pass the length rule', () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(300);
    expect(COMMON_PASSWORDS.filter((p) => p.length >= 12).length).toBeGreaterThanOrEqual(200);
    for (const p of COMMON_PASSWORDS) expect(isCommonPassword(p.toUpperCase())).toBe(true);
  });

  it('reports every problem through the zod schema', () => {
    const result = PasswordSchema.safeParse('Password');
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues.map((i) => i.message)).toEqual(checkPassword('Password'));
    expect(PasswordSchema.parse('Campus!Demo2026')).toBe('Campus!Demo2026');
  });

  it('accepts any uncommon password of 12 to 128 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', minLength: 12, maxLength: 128 }), (pw) => {
        expect(checkPassword(pw).length === 0).toBe(!isCommonPassword(pw));
      }),
    );
  });
});
