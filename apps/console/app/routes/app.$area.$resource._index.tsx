import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { ConfirmPage } from '@campus/ui';
import { entityRegistry } from '@campus/api-contract';
import { ResourceList } from '../features/resources/ResourceList';
import { entityAt, movedScreen, screenPathOf } from '../features/resources/entities';
import { isBulkIntent, startBulk } from '../features/resources/bulk.server';
import { changeState, entityOrThrow, loadList } from '../features/resources/resource.server';
import { RouteError } from '../features/resources/RouteError';
import PlannedScreen, { loader as plannedLoader } from './app.$area.$';
import { assertSameOrigin } from '../lib/security.server';
import { APP_TITLE } from '../lib/constants';
import { overrideOf } from '../areas';
import { serverOverrideOf } from '../areas/index.server';
import { signedIn } from '../lib/request.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const entity = data && 'list' in data ? entityRegistry.byResource(data.list.resource) : undefined;
  return [{ title: entity ? `${entity.pluralLabel} · ${APP_TITLE}` : APP_TITLE }];
};

/**
 * The list screen of any entity at `/app/{area}/{resource}`, with the panel its area adds above the list (the
 * calendar's month view). Screens of spec §2 that are not entity lists keep the area's placeholder page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { request, params } = args;
  await signedIn(request); // the route guard, first
  const { area, resource } = screenPathOf(args);
  if (!entityAt(area, resource) && !(area && resource && movedScreen(area, resource))) return plannedLoader(args);
  const entity = entityOrThrow({ request, params });
  const listPanel = serverOverrideOf(entity).listPanel;
  const [list, panel] = await Promise.all([loadList(request, entity), listPanel ? listPanel(request) : null]);
  return { list, panel };
}

/** A state change from a row of the list, or a bulk action over every matching record (run as a batch). */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  await signedIn(request); // the route guard
  const entity = entityOrThrow({ request, params });
  const form = await request.formData();
  return isBulkIntent(form) ? startBulk(request, entity, form) : changeState(request, entity, form);
}

export default function ResourceListRoute() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (!('list' in data)) return <PlannedScreen />;
  // A bulk action posted without JavaScript asks its question here, as a page, before it starts.
  if (answer && 'confirm' in answer) return <ConfirmPage {...answer.confirm} />;
  const { list, panel } = data;
  const entity = entityRegistry.byResource(list.resource);
  const override = entity ? overrideOf(entity) : {};
  const { ListPanel, rowAccent, isListReplaced } = override;
  const isListShown = !(panel && isListReplaced?.(panel as never));
  return (
    <ResourceList list={list} rowAccent={rowAccent} isListShown={isListShown}>
      {ListPanel && panel ? <ListPanel data={panel as never} /> : null}
    </ResourceList>
  );
}

export const ErrorBoundary = RouteError;
