import type { SubmissionResult } from '@conform-to/react';
import { DirectoryConnectionFieldsSchema, refineDirectoryConnection, type DirectoryTestResult } from '@campus/api-contract';
import { z } from 'zod';

/** The directory screen's forms: save the connection, test it as typed, start a sync. */
export const DIRECTORY_INTENTS = ['save', 'test', 'sync'] as const;
export type DirectoryIntent = (typeof DIRECTORY_INTENTS)[number];

/** What the screen's action answers: which form, its notice, Conform's reply (what was typed, never the password, and each field's problems). */
export interface DirectoryActionData {
  readonly intent: DirectoryIntent;
  readonly notice: { readonly tone: 'error' | 'success' | 'warning' | 'info'; readonly title: string; readonly description: string };
  readonly result?: SubmissionResult<string[]>;
  readonly sample?: DirectoryTestResult['sample'];
}

/** A role the group mapping may grant: its id, and its name with its application. */
export interface RoleChoice {
  readonly value: string;
  readonly label: string;
}

/** The form is the contract's connection; a check box left unticked is off. */
export const DirectoryFormSchema = DirectoryConnectionFieldsSchema.extend({ enabled: z.boolean().default(false) }).superRefine(
  refineDirectoryConnection,
);

/** The form name of a group mapping's field (Conform's path syntax). */
export const ruleField = (i: number, field: 'groupDn' | 'roleIds' | 'remove') => `groups.rules[${i}].${field}`;

/**
 * The form with the group mappings that are not meant: the empty row for a new mapping left empty (no group DN, no
 * role) and the mappings ticked "Remove". The others are numbered again from 0, as the contract's list is.
 */
export function withoutUnusedRules(form: FormData): FormData {
  const out = new FormData();
  const kept = new Map<number, number>();
  for (let i = 0; form.has(ruleField(i, 'groupDn')); i++) {
    const empty = !String(form.get(ruleField(i, 'groupDn'))).trim() && form.getAll(ruleField(i, 'roleIds')).length === 0;
    if (!empty && form.get(ruleField(i, 'remove')) !== 'on') kept.set(i, kept.size);
  }
  for (const [name, value] of form.entries()) {
    const rule = /^groups\.rules\[(\d+)\]\.(\w+)$/.exec(name);
    if (!rule) {
      out.append(name, value);
      continue;
    }
    const to = kept.get(Number(rule[1]));
    if (to !== undefined && rule[2] !== 'remove') out.append(`groups.rules[${to}].${rule[2]}`, value);
  }
  return out;
}
