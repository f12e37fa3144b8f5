import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { entityRegistry } from '@campus/api-contract';
import { ResourceForm } from '../features/resources/ResourceForm';
import { entityOrThrow, loadForm, saveForm } from '../features/resources/resource.server';
import { RouteError } from '../features/resources/RouteError';
import { APP_TITLE } from '../lib/constants';
import { assertSameOrigin } from '../lib/security.server';
import { signedIn } from '../lib/request.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const entity = data ? entityRegistry.byResource(data.resource) : undefined;
  return [{ title: entity ? `New ${entity.label} · ${APP_TITLE}` : APP_TITLE }];
};

/** The create screen of any entity. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await signedIn(request); // the route guard, first
  return loadForm(request, entityOrThrow({ request, params }), 'create');
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  await signedIn(request); // the route guard
  return saveForm(request, entityOrThrow({ request, params }), 'create');
}

export default function NewResourceRoute() {
  const form = useLoaderData<typeof loader>();
  const rejection = useActionData<typeof action>();
  return <ResourceForm form={form} rejection={rejection} />;
}

export const ErrorBoundary = RouteError;
