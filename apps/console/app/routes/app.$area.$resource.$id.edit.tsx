import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { entityRegistry } from '@campus/api-contract';
import { ResourceForm, type ResourceFormProps } from '../features/resources/ResourceForm';
import { entityOrThrow, loadForm, saveForm } from '../features/resources/resource.server';
import { RouteError } from '../features/resources/RouteError';
import { APP_TITLE } from '../lib/constants';
import { overrideOf } from '../areas';
import { serverOverrideOf } from '../areas/index.server';
import { assertSameOrigin } from '../lib/security.server';
import { signedIn } from '../lib/request.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const entity = data ? entityRegistry.byResource(data.resource) : undefined;
  return [{ title: entity ? `Edit ${entity.label} · ${APP_TITLE}` : APP_TITLE }];
};

/** The edit screen of any entity (a row of its list leads here), with what its area shows below the form. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await signedIn(request); // the route guard, first
  const entity = entityOrThrow({ request, params });
  const editPanel = serverOverrideOf(entity).editPanel;
  const [form, panel] = await Promise.all([
    loadForm(request, entity, 'update', params.id),
    editPanel && params.id ? editPanel(request, params.id) : null,
  ]);
  return { ...form, panel };
}

/** Saves the edit, changes the record's state (`intent=set-state`), or answers a form of the area's panel. */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  await signedIn(request); // the route guard
  const entity = entityOrThrow({ request, params });
  const panelIntents = serverOverrideOf(entity).editIntents;
  if (panelIntents && params.id) {
    const form = await request.clone().formData();
    if (panelIntents.intents.includes(String(form.get('intent')))) return panelIntents.action(request, params.id, form);
  }
  return saveForm(request, entity, 'update', params.id);
}

export default function EditResourceRoute() {
  const form = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as object | undefined;
  const panelResult = answer && 'panelResult' in answer ? (answer as { panelResult: unknown }).panelResult : undefined;
  const rejection = answer && !('panelResult' in answer) ? (answer as ResourceFormProps['rejection']) : undefined;
  const entity = entityRegistry.byResource(form.resource);
  const EditPanel = entity ? overrideOf(entity).EditPanel : undefined;
  return (
    <ResourceForm form={form} rejection={rejection}>
      {EditPanel && form.record ? <EditPanel record={form.record} data={form.panel as never} result={panelResult as never} /> : null}
    </ResourceForm>
  );
}

export const ErrorBoundary = RouteError;
