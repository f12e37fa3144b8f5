import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { RouteError } from '../../../features/resources/RouteError';
import { APP_TITLE } from '../../../lib/constants';
import { assertSameOrigin } from '../../../lib/security.server';
import { DbConnector } from '../Connectors';
import { dbConnectorAction, loadDbConnector } from '../connectors.server';

export const meta: MetaFunction = () => [{ title: `Database Connector · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadDbConnector(request);
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return dbConnectorAction(request);
}

export default DbConnector;
export const ErrorBoundary = RouteError;
