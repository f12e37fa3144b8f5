import { answerOf } from '../../lib/answers.server';
import { signedIn } from '../../lib/request.server';

/** The segment of Access Management this screen lives in (the routes answer 404 in any other area). */
export const OUTBOX_AREA = 'access-management';
export const OUTBOX_PAGE_SIZE = 20;
export const IAM_ADMIN_ONLY = 'Only an IAM administrator may read the outbox.';

/** The guard of the outbox screens: the route guard (IAM), then the administrator flag (else 403). */
async function requireOutboxReader(request: Request, area: string | undefined) {
  const context = await signedIn(request);
  if (area !== OUTBOX_AREA) throw Response.json({ message: 'This page could not be found' }, { status: 404 });
  if (!context.user.iamAdmin) throw Response.json({ message: IAM_ADMIN_ONLY }, { status: 403 });
  return context;
}

/** A page of the outbox, newest first, optionally only the mail to one address (`?to=`). */
export async function loadOutbox(request: Request, area: string | undefined) {
  const { api } = await requireOutboxReader(request, area);
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(1_000_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const to = url.searchParams.get('to')?.trim().slice(0, 254) || undefined;
  const list = answerOf(await api.listOutbox({ query: { page, limit: OUTBOX_PAGE_SIZE, ...(to ? { to } : {}) } }), 200);
  return { ...list, page, limit: OUTBOX_PAGE_SIZE, to: to ?? '', searchParams: url.searchParams.toString() };
}

/** One message of the outbox. */
export async function loadOutboxMessage(request: Request, area: string | undefined, id: string | undefined) {
  const { api } = await requireOutboxReader(request, area);
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) throw Response.json({ message: 'This page could not be found' }, { status: 404 });
  return answerOf(await api.getOutboxMessage({ params: { id } }), 200).data;
}
