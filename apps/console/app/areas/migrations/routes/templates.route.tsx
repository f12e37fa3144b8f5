import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { RouteError } from '../../../features/resources/RouteError';
import { APP_TITLE } from '../../../lib/constants';
import { Templates } from '../Migration';
import { loadTargets } from '../migration.server';

export const meta: MetaFunction = () => [{ title: `Templates · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadTargets(request);
}

export default Templates;
export const ErrorBoundary = RouteError;
