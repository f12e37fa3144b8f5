import type { DirectoryTestResult } from '@campus/api-contract';

/** The directory screen's forms: save the connection, test it as typed, start a sync. */
export const DIRECTORY_INTENTS = ['save', 'test', 'sync'] as const;
export type DirectoryIntent = (typeof DIRECTORY_INTENTS)[number];

/** What the screen's action answers: which form, its notice, what was typed (never the password) and its problems. */
export interface DirectoryActionData {
  readonly intent: DirectoryIntent;
  readonly notice: { readonly tone: 'error' | 'success' | 'warning' | 'info'; readonly title: string; readonly description: string };
  readonly values?: Readonly<Record<string, unknown>>;
  readonly fieldErrors?: Readonly<Record<string, string>>;
  readonly sample?: DirectoryTestResult['sample'];
}
