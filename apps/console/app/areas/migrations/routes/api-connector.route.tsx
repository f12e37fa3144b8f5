import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { RouteError } from '../../../features/resources/RouteError';
import { APP_TITLE } from '../../../lib/constants';
import { assertSameOrigin } from '../../../lib/security.server';
import { ApiConnector } from '../Apis';
import { apiConnectorAction, loadApiConnector } from '../apis.server';

export const meta: MetaFunction = () => [{ title: `API Connector · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadApiConnector(request);
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return apiConnectorAction(request);
}

export default ApiConnector;
export const ErrorBoundary = RouteError;
