import { parseWithZod } from '@conform-to/zod';
import { MarkReadSchema } from '@campus/api-contract';
import { failureNotice, NOTICES } from '@campus/ui';
import { z } from 'zod';
import { failureResponse } from '../../lib/api.server';
import { checkedBody, problemOf } from '../../lib/answers.server';
import { redirectWithNotice } from '../../lib/notice.server';
import { signedIn } from '../../lib/request.server';

export const NOTIFICATIONS_PATH = '/app/notifications';
const PAGE_SIZE = 20;

/** The signed-in user's notices, newest first, a page at a time. */
export async function loadNotifications(request: Request) {
  const { api } = await signedIn(request);
  const url = new URL(request.url);
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const result = await api.batch.listNotifications({ query: { page, limit: PAGE_SIZE } });
  if (result.status !== 200) throw failureResponse(result.status, result.body);
  return { ...result.body, page, limit: PAGE_SIZE };
}

/** The page of the list a form was sent from (the first when it names none). */
const page = z.number().int().min(1).catch(1);

/** The centre's forms, one per intent: mark one notice (`id`) read, or all of them. */
export const MarkReadForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('one'), id: z.string().trim(), page }),
  z.object({ intent: z.literal('all'), page }),
]);

/** Mark one notice (`id`) or all of them read, then back to the same page, which says how many or why not. */
export async function markRead(request: Request): Promise<Response> {
  const { api } = await signedIn(request);
  const submission = parseWithZod(await request.formData(), { schema: MarkReadForm });
  if (submission.status !== 'success') {
    return redirectWithNotice(request, NOTIFICATIONS_PATH, { tone: 'error', title: NOTICES.validation.title, description: NOTICES.validation.description });
  }
  const form = submission.value;
  const back = form.page > 1 ? `${NOTIFICATIONS_PATH}?page=${form.page}` : NOTIFICATIONS_PATH;
  const checked = checkedBody(MarkReadSchema, form.intent === 'all' ? { all: true } : { ids: [form.id] });
  if (checked.problem) return redirectWithNotice(request, back, failureNotice(checked.problem.message));
  const result = await api.batch.markNotificationsRead({ body: checked.body });
  if (result.status === 200) {
    const n = result.body.data.count;
    return redirectWithNotice(request, back, { tone: 'success', title: 'Success!', description: `${n} notice${n === 1 ? '' : 's'} marked read.` });
  }
  return redirectWithNotice(request, back, failureNotice(problemOf(result.body).message || 'The request failed.'));
}
