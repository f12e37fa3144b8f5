import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { RouteError } from '../../../features/resources/RouteError';
import { APP_TITLE } from '../../../lib/constants';
import { assertSameOrigin } from '../../../lib/security.server';
import { Databases } from '../Connectors';
import { databasesAction, loadDatabases } from '../connectors.server';

export const meta: MetaFunction = () => [{ title: `Databases · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadDatabases(request);
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return databasesAction(request);
}

export default Databases;
export const ErrorBoundary = RouteError;
