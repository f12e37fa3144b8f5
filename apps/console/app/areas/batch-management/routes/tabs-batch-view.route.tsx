import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { BatchView } from '../BatchView';
import { batchViewAction, loadBatchView } from '../batch.server';
import { RouteError } from '../../../features/resources/RouteError';
import { APP_TITLE } from '../../../lib/constants';
import { signedIn } from '../../../lib/request.server';
import { assertSameOrigin } from '../../../lib/security.server';

export const meta: MetaFunction = () => [{ title: `Batch View · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadBatchView(request);
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  await signedIn(request); // the route guard, before anything is done
  return batchViewAction(request);
}

export default BatchView;
export const ErrorBoundary = RouteError;
