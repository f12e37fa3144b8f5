import type { LoaderFunctionArgs } from '@remix-run/node';
import { chatbotContract, TranscriptQuerySchema } from '@campus/api-contract';
import { answerOf, queryOrThrow } from '../../lib/answers.server';
import { signedIn } from '../../lib/request.server';
import { csvCell as cell } from './csv';
import { logQueryOf, type TranscriptRow } from './logs.server';

/** The filtered conversations as CSV (up to 10,000, newest first). */
export async function loader({ request }: LoaderFunctionArgs) {
  const query = logQueryOf(new URL(request.url));
  const api = (await signedIn(request)).client(chatbotContract);
  const lines = [['Started', 'Last message', 'Persona', 'Messages', 'Unanswered', 'First question'].join(',')];
  for (let page = 1; page <= 100; page += 1) {
    const { rows, count }: { rows: TranscriptRow[]; count: number } = answerOf(
      await api.listChatbotTranscripts({ query: queryOrThrow(TranscriptQuerySchema, { ...query, page: String(page), limit: '100' }) }),
      200,
    );
    for (const r of rows) lines.push([r.startedAt, r.lastAt, r.persona, r.messageCount, r.unanswered, r.preview].map(cell).join(','));
    if (page * 100 >= count) break;
  }
  return new Response(`${lines.join('\r\n')}\r\n`, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="chat-logs.csv"' },
  });
}
