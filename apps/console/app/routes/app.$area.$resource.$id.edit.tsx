import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { entityRegistry } from '@campus/api-contract';
import { AnnouncementPreview } from '../features/resources/AnnouncementPreview';
import { ResourceForm } from '../features/resources/ResourceForm';
import { entityOrThrow, loadForm, saveForm } from '../features/resources/resource.server';
import { RouteError } from '../features/resources/RouteError';
import { APP_TITLE } from '../lib/constants';

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const entity = data ? entityRegistry.byResource(data.resource) : undefined;
  return [{ title: entity ? `Edit ${entity.label} · ${APP_TITLE}` : APP_TITLE }];
};

/** The edit screen of any entity (a row of its list leads here). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadForm(request, entityOrThrow(params), 'update', params.id);
}

/** Saves the edit, or changes the record's state (`intent=set-state`). */
export async function action({ request, params }: ActionFunctionArgs) {
  return saveForm(request, entityOrThrow(params), 'update', params.id);
}

export default function EditResourceRoute() {
  const form = useLoaderData<typeof loader>();
  const rejection = useActionData<typeof action>();
  return (
    <ResourceForm form={form} rejection={rejection}>
      {form.resource === 'announcements' && form.record ? <AnnouncementPreview record={form.record} /> : null}
    </ResourceForm>
  );
}

export const ErrorBoundary = RouteError;
