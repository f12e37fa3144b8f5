import { failureResponse } from '../../lib/api.server';
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

/** Mark one notice (`id`) or all of them read, then back to the same page. */
export async function markRead(request: Request): Promise<Response> {
  const { api } = await signedIn(request);
  const form = await request.formData();
  const id = String(form.get('id') ?? '');
  const page = Number(form.get('page')) || 1;
  const body = form.get('intent') === 'all' ? { all: true as const } : { ids: [id] };
  const result = await api.batch.markNotificationsRead({ body });
  const back = page > 1 ? `${NOTIFICATIONS_PATH}?page=${page}` : NOTIFICATIONS_PATH;
  if (result.status === 200) {
    const n = result.body.data.count;
    return redirectWithNotice(request, back, { tone: 'success', title: 'Success!', description: `${n} notice${n === 1 ? '' : 's'} marked read.` });
  }
  return redirectWithNotice(request, back, { tone: 'error', title: 'Error', description: (result.body as { message?: string } | undefined)?.message ?? 'The request failed.' });
}
