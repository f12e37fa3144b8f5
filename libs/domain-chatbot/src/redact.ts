import { findProfanity, type ProfanityWord } from '@campus/domain-campus';

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
/** Philippine mobile and landline numbers and international ones: +63 917 123 4567, 0917-123-4567, (02) 8123 4567. */
const PHONE = /(?<![\p{N}-])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?|\d{2,4}[\s.-])?\d{3,4}[\s.-]?\d{4}(?![\p{N}-])/gu;
/** In international form, however grouped: +639171234567, +63 (2) 8123 4567, +1 415 555 2671. */
const INTERNATIONAL_PHONE = /\+\d{1,3}[\s.-]?(?:\(\d{1,4}\)[\s.-]?)?(?:\d[\s.-]?){6,13}\d(?![\p{N}])/gu;
/**
 * Written without spaces, which the ID number pattern would take: a mobile number (09171234567, 639171234567) or a
 * landline with its area code (0281234567). Student and government numbers do not begin with 0 or 639.
 */
const UNSPACED_PHONE = /(?<![\p{L}\p{N}-])(?:639\d{9}|0\d{9,10})(?![\p{L}\p{N}-])/gu;
/** Student, employee and government numbers: 2021-00123, 2021-00123-MN-0, 123-456-789-000, 12345678 and longer. */
const ID_NUMBER = /(?<![\p{L}\p{N}])(?:\d{2,6}(?:-[\p{L}\p{N}]{1,6}){1,4}|\d{7,})(?![\p{L}\p{N}])/gu;

export const REDACTED_EMAIL = '[email]';
export const REDACTED_PHONE = '[phone]';
export const REDACTED_ID = '[id number]';

/**
 * The text with personal data replaced before it is stored: email addresses, phone numbers, and ID numbers
 * (student, employee and government numbers). Dates written as 2026-08-03 stay: they are not personal.
 */
export function redactPersonalData(text: string): string {
  return text
    .replace(EMAIL, REDACTED_EMAIL)
    .replace(INTERNATIONAL_PHONE, REDACTED_PHONE)
    .replace(UNSPACED_PHONE, REDACTED_PHONE)
    .replace(PHONE, (m) => (/^\d{4}-\d{2}-\d{2}$/.test(m) ? m : REDACTED_PHONE))
    .replace(ID_NUMBER, (m) => (/^\d{4}-\d{2}-\d{2}$/.test(m) ? m : REDACTED_ID));
}

/** The text with each blocked word of the campus word bank masked (`d***`), and whether any was found. */
export function maskProfanity(text: string, words: readonly ProfanityWord[]): { text: string; masked: number } {
  const matches = findProfanity(text, words);
  if (matches.length === 0) return { text, masked: 0 };
  let out = '';
  let at = 0;
  for (const m of matches) {
    if (m.index < at) continue;
    out += text.slice(at, m.index) + (m.text[0] ?? '') + '*'.repeat(Math.max(m.text.length - 1, 1));
    at = m.index + m.text.length;
  }
  return { text: out + text.slice(at), masked: matches.length };
}

/** `STOP`, `UNSUBSCRIBE`… alone in a message: the sender opts out of broadcasts. */
export function isOptOut(text: string): boolean {
  return /^\s*(stop|unsubscribe|opt[\s-]?out)\s*[.!]?\s*$/i.test(text);
}
