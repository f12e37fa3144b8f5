import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { BatchList } from '../BatchList';
import { loadBatches } from '../batch.server';
import { RouteError } from '../../../features/resources/RouteError';
import { APP_TITLE } from '../../../lib/constants';

export const meta: MetaFunction = () => [{ title: `Batches · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadBatches(request);
}

export default BatchList;
export const ErrorBoundary = RouteError;
