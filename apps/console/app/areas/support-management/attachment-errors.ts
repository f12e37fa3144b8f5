/**
 * The problems of a ticket form's files, to show beside its file input: the form's own (`attachments`: too many, too
 * large) and the API's, which names a refused file by its place (`attachments[1]`).
 */
export function attachmentErrorsOf(errors: Readonly<Record<string, readonly string[] | undefined>>): string[] {
  return Object.entries(errors)
    .filter(([name]) => name === 'attachments' || name.startsWith('attachments['))
    .flatMap(([, messages]) => messages ?? []);
}
