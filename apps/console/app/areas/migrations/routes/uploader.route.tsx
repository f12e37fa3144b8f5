import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { RouteError } from '../../../features/resources/RouteError';
import { APP_TITLE } from '../../../lib/constants';
import { assertSameOrigin } from '../../../lib/security.server';
import { Uploader } from '../Migration';
import { loadUploader, uploaderAction } from '../migration.server';

export const meta: MetaFunction = () => [{ title: `Uploader · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadUploader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return uploaderAction(request);
}

export default Uploader;
export const ErrorBoundary = RouteError;
