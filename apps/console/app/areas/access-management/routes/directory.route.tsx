import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { RouteError } from '../../../features/resources/RouteError';
import { APP_TITLE } from '../../../lib/constants';
import { DirectorySettings } from '../DirectorySettings';
import { directoryAction, loadDirectory } from '../directory.server';

/** This area's segment: the directory answers only under it. */
const SEGMENT = 'access-management';

export const meta: MetaFunction = () => [{ title: `Directory · ${APP_TITLE}` }];

/** Access Management → Directory (IAM administrators): LDAP / Active Directory federation. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadDirectory(request, SEGMENT);
}

export async function action({ request }: ActionFunctionArgs) {
  return directoryAction(request, SEGMENT);
}

export default function DirectoryRoute() {
  const { view, roles } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <DirectorySettings view={view} roles={roles} answer={answer} />;
}

export const ErrorBoundary = RouteError;
