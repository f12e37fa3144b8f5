/** The first letter of a name, skipping leading spaces and punctuation; whole characters, so `Ñ` stays whole. */
function firstLetter(name: string | null | undefined): string {
  if (!name) return '';
  const m = /[\p{L}\p{N}]/u.exec(name);
  return m ? m[0].toLocaleUpperCase('en-PH') : '';
}

/**
 * Initials for the avatar fallback: `initials('Juan', 'dela Cruz')` → `JD`. A missing name contributes nothing;
 * with neither name the result is empty.
 */
export function initials(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return firstLetter(firstName) + firstLetter(lastName);
}
