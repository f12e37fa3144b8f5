import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { RouteError } from '../../../features/resources/RouteError';
import { APP_TITLE } from '../../../lib/constants';
import { assertSameOrigin } from '../../../lib/security.server';
import { Histories } from '../Migration';
import { loadHistories, uploaderAction } from '../migration.server';

export const meta: MetaFunction = () => [{ title: `Histories · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadHistories(request);
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return uploaderAction(request);
}

export default Histories;
export const ErrorBoundary = RouteError;
