import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { JobList } from '../JobList';
import { loadJobs } from '../batch.server';
import { RouteError } from '../../../features/resources/RouteError';
import { APP_TITLE } from '../../../lib/constants';
import { signedIn } from '../../../lib/request.server';

export const meta: MetaFunction = () => [{ title: `Batch Jobs · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await signedIn(request); // the route guard, first: a data request may run this loader alone
  return loadJobs(request);
}

export default JobList;
export const ErrorBoundary = RouteError;
