import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { answerOf } from '../../../lib/answers.server';
import { signedIn } from '../../../lib/request.server';

/** The file a batch produced (a list export), as a download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await signedIn(request); // the route guard, first: a data request may run this loader alone
  const id = new URL(request.url).searchParams.get('id') ?? '';
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw data({ message: 'This page could not be found' }, { status: 404 });
  const result = await api.batch.getBatchFile({ params: { id } });
  if (result.status === 404) throw data({ message: result.body.message }, { status: 404 });
  const file = answerOf(result, 200).data;
  return new Response(file.content, {
    headers: {
      'Content-Type': `${file.contentType}; charset=utf-8`,
      'Content-Disposition': `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
