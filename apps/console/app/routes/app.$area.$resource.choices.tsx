import type { LoaderFunctionArgs } from '@remix-run/node';
import { entityOrThrow, referenceChoices } from '../features/resources/resource.server';
import { signedIn } from '../lib/request.server';

/**
 * `…/{resource}/choices?field=studentId&q=cruz`: the choices of one reference field that the referenced list's
 * free-text search finds, for the form's search box when the list is longer than the choices sent with the page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await signedIn(request); // the route guard, first
  const entity = entityOrThrow({ request, params });
  const url = new URL(request.url);
  const field = url.searchParams.get('field') ?? '';
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const f = entity.fields[field];
  if (!f || (f.kind !== 'reference' && f.kind !== 'multi-reference')) {
    return Response.json({ message: 'Choose a reference field.' }, { status: 400 });
  }
  const choices = q ? (await referenceChoices(api, entity, [field], {}, q))[field] ?? [] : [];
  return Response.json({ choices }, { headers: { 'Cache-Control': 'private, no-store' } });
}
