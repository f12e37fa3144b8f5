import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { RouteError } from '../../../features/resources/RouteError';
import { APP_TITLE } from '../../../lib/constants';
import { MigrationIndex } from '../Migration';
import { loadIndex } from '../migration.server';

export const meta: MetaFunction = () => [{ title: `Data Migration Management · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadIndex(request);
}

export default MigrationIndex;
export const ErrorBoundary = RouteError;
