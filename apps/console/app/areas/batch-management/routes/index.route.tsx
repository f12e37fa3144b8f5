import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { BatchIndex } from '../BatchIndex';
import { RouteError } from '../../../features/resources/RouteError';
import { apiFor } from '../../../lib/api.server';
import { APP_TITLE } from '../../../lib/constants';

export const meta: MetaFunction = () => [{ title: `Batch Management · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await apiFor(request);
  const running = await api.batch.listBatches({ query: { state: 'running', page: 1, limit: 10 } });
  return { running: running.status === 200 ? running.body.rows : [] };
}

export default BatchIndex;
export const ErrorBoundary = RouteError;
