import { supportContract } from '@campus/api-contract';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { signedIn } from '../../lib/request.server';
import { answerOf } from '../../lib/answers.server';

/** A ticket's attachment, always as a download (never shown inline, never sniffed). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const api = (await signedIn(request)).client(supportContract);
  const { data }: { data: { filename: string; contentType: string; contentBase64: string } } = answerOf(
    await api.getAttachment({ params: { id: params.id ?? '' } }),
    200,
  );
  const ascii = data.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return new Response(Buffer.from(data.contentBase64, 'base64'), {
    headers: {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(data.filename)}`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
    },
  });
}
