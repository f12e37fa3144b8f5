import type { LoaderFunctionArgs } from '@remix-run/node';
import { chatbotContract, DeliveryQuerySchema, type Delivery } from '@campus/api-contract';
import { broadcastChannelOptions, deliveryStatusOptions } from '@campus/domain-chatbot';
import { answerOf, queryOrThrow } from '../../lib/answers.server';
import { signedIn } from '../../lib/request.server';
import { deliveryQueryOf, labelOf } from './broadcast-labels';
import { csvCell } from './csv';

/** A broadcast's deliveries (filtered as on its page) as CSV, every page of them. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { page: _page, ...query } = deliveryQueryOf(new URL(request.url));
  const api = (await signedIn(request)).client(chatbotContract);
  const lines = [['Recipient', 'Email', 'Channel', 'Status', 'Reason', 'Attempts', 'Sent at'].join(',')];
  for (let page = 1; page <= 200; page += 1) {
    const { rows, count }: { rows: Delivery[]; count: number } = answerOf(
      await api.listChatbotDeliveries({ params: { id: params.id! }, query: queryOrThrow(DeliveryQuerySchema, { ...query, page: String(page), limit: '1000' }) }),
      200,
    );
    for (const d of rows) {
      lines.push([d.name, d.email, labelOf(broadcastChannelOptions, d.channel), labelOf(deliveryStatusOptions, d.status), d.reason, d.attempts, d.sentAt].map(csvCell).join(','));
    }
    if (page * 1000 >= count) break;
  }
  return new Response(`${lines.join('\r\n')}\r\n`, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="broadcast-deliveries.csv"' },
  });
}
