import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { OutboxMessageView } from '../OutboxMessageView';
import { loadOutboxMessage } from '../outbox.server';
import { APP_TITLE } from '../../../lib/constants';

/** This area's segment: the outbox answers only under it. */
const SEGMENT = 'access-management';

export const meta: MetaFunction = ({ data }) => [{ title: `${(data as { subject?: string } | undefined)?.subject ?? 'Outbox'} · ${APP_TITLE}` }];

/** One message of the outbox (IAM administrators). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadOutboxMessage(request, SEGMENT, params.id);
}

export default function OutboxMessageRoute() {
  return <OutboxMessageView message={useLoaderData<typeof loader>()} />;
}
