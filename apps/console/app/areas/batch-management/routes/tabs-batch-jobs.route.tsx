import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { JobList } from '../JobList';
import { loadJobs } from '../batch.server';
import { RouteError } from '../../../features/resources/RouteError';
import { APP_TITLE } from '../../../lib/constants';

export const meta: MetaFunction = () => [{ title: `Batch Jobs · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadJobs(request);
}

export default JobList;
export const ErrorBoundary = RouteError;
