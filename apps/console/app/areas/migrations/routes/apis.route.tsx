import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { RouteError } from '../../../features/resources/RouteError';
import { APP_TITLE } from '../../../lib/constants';
import { assertSameOrigin } from '../../../lib/security.server';
import { Apis } from '../Apis';
import { apisAction, loadApis } from '../apis.server';

export const meta: MetaFunction = () => [{ title: `APIs · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadApis(request);
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return apisAction(request);
}

export default Apis;
export const ErrorBoundary = RouteError;
