import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { BatchIndex } from '../BatchIndex';
import { RouteError } from '../../../features/resources/RouteError';
import { signedIn } from '../../../lib/request.server';
import { APP_TITLE } from '../../../lib/constants';
import { loadAreaSummary } from '../../../features/resources/area-summary.server';

export const meta: MetaFunction = () => [{ title: `Batch Management · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await signedIn(request); // the route guard, first: a data request may run this loader alone
  const [running, summary] = await Promise.all([
    api.batch.listBatches({ query: { state: 'running', page: 1, limit: 10 } }),
    loadAreaSummary(request, { code: 'BATCH', segment: 'batch-management' }),
  ]);
  return { running: running.status === 200 ? running.body.rows : [], attention: summary.attention };
}

export default BatchIndex;
export const ErrorBoundary = RouteError;
