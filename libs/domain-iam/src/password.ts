import { z } from 'zod';
import { isCommonPassword } from './common-passwords.js';

/** ASVS level 2 (V2.1): at least 12 characters, at most 128 allowed, no composition rules, no common passwords. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  common: 'This password is too common. Choose one that is harder to guess.',
} as const;

/**
 * Length counts Unicode code points, so an emoji or an accented letter counts once and a passphrase in any
 * language is treated alike. Nothing is trimmed: spaces are part of a passphrase.
 */
export function passwordLength(password: string): number {
  return [...password.normalize('NFC')].length;
}

/** The problems with a proposed password; an empty list means it meets the policy. */
/** `minLength` is the system setting (never below {@link PASSWORD_MIN_LENGTH}). */
export function checkPassword(password: string, minLength: number = PASSWORD_MIN_LENGTH): string[] {
  const problems: string[] = [];
  const length = passwordLength(password);
  const min = Math.max(PASSWORD_MIN_LENGTH, minLength);
  if (length < min) problems.push(min === PASSWORD_MIN_LENGTH ? PASSWORD_MESSAGES.tooShort : `Use at least ${min} characters.`);
  if (length > PASSWORD_MAX_LENGTH) problems.push(PASSWORD_MESSAGES.tooLong);
  if (isCommonPassword(password.normalize('NFC'))) problems.push(PASSWORD_MESSAGES.common);
  return problems;
}

export function isAcceptablePassword(password: string): boolean {
  return checkPassword(password).length === 0;
}

/** A new password that meets the policy (every problem reported as its own issue). */
export const PasswordSchema = z.string().superRefine((value, ctx) => {
  for (const message of checkPassword(value)) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
});
export type Password = z.infer<typeof PasswordSchema>;
