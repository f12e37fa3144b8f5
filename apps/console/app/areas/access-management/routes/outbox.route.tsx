import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { OutboxList } from '../OutboxList';
import { loadOutbox } from '../outbox.server';
import { APP_TITLE } from '../../../lib/constants';

/** This area's segment: the outbox answers only under it. */
const SEGMENT = 'access-management';

export const meta: MetaFunction = () => [{ title: `Outbox · ${APP_TITLE}` }];

/** Access Management → Outbox (IAM administrators); in any other area this path is not a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadOutbox(request, SEGMENT);
}

export default function OutboxRoute() {
  const data = useLoaderData<typeof loader>();
  return <OutboxList {...data} />;
}
