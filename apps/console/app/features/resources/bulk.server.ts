import type { AnyEntity } from '@campus/domain-core';
import { isConfirmed, readListState, toApiQuery } from '@campus/ui';
import { redirectWithNotice } from '../../lib/notice.server';
import { signedIn } from '../../lib/request.server';
import { bulkQuestion, type BulkQuestion } from './bulk-note';
import { returnPath } from './resource.server';

/** The list screen's bulk intents: a state change of every matching record, or an export, as a batch. */
export const BULK_INTENTS = ['bulk-state', 'export-job'] as const;

export function isBulkIntent(form: FormData): boolean {
  return (BULK_INTENTS as readonly string[]).includes(String(form.get('intent') ?? ''));
}

/** A bulk action posted without `confirmed=yes` (no JavaScript): the question the list then shows as a page. */
export interface BulkConfirmation extends BulkQuestion {
  readonly fields: (readonly [string, string])[];
  readonly cancelHref: string;
}

/** The question a bulk action asks first, with the number of records the list matched when it was shown. */
function confirmationOf(entity: AnyEntity, form: FormData, back: string): BulkConfirmation {
  const count = Number(form.get('count'));
  const n = Number.isInteger(count) && count >= 0 ? count : 0;
  const fields = [...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string');
  const question = bulkQuestion(entity, String(form.get('intent') ?? ''), String(form.get(entity.state.kind) ?? ''), n);
  return { ...question, fields, cancelHref: back };
}

/**
 * Starts a batch over the list as it is shown (its search, filters and order, read from `returnTo`), then opens
 * the batch's view (every user sees the batches they started; the result also arrives in their notifications).
 */
export async function startBulk(request: Request, entity: AnyEntity, form: FormData): Promise<Response | { confirm: BulkConfirmation }> {
  const { api } = await signedIn(request);
  const back = returnPath(entity, form.get('returnTo'));
  if (!isConfirmed(form)) return { confirm: confirmationOf(entity, form, back) };
  const listed = toApiQuery(readListState(entity, new URL(back, 'http://x').searchParams));
  const selection = {
    resource: entity.resource,
    ...(listed.search ? { search: listed.search } : {}),
    ...(listed.q ? { q: listed.q } : {}),
    ...(listed.sort ? { sort: listed.sort } : {}),
  };
  const field = entity.state.kind;
  const raw = String(form.get(field) ?? '');
  const body =
    form.get('intent') === 'export-job'
      ? { type: 'list-export' as const, params: selection }
      : { type: 'bulk-state-change' as const, params: { ...selection, set: field === 'isActive' ? { isActive: raw === 'true' } : { status: raw } } };
  const result = await api.batch.startBatch({ body });
  if (result.status !== 202) {
    const message = (result.body as { message?: string } | undefined)?.message ?? 'The batch could not start.';
    return redirectWithNotice(request, back, { tone: 'error', title: 'Error', description: message });
  }
  const batch = result.body.data;
  // Whoever starts a batch may follow it in its view (their own batches), with or without Batch Management.
  return redirectWithNotice(request, `/app/batch-management/tabs/batch-view?id=${batch._id}`, {
    tone: 'success',
    title: 'Success!',
    description: `Batch started for ${batch.total} records.`,
  });
}
