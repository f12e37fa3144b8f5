import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { entityRegistry } from '@campus/api-contract';
import { CalendarMonth } from '../features/resources/CalendarMonth';
import { loadCalendarMonth } from '../features/resources/calendar.server';
import { ResourceList } from '../features/resources/ResourceList';
import { entityAt, movedScreen } from '../features/resources/entities';
import { changeState, entityOrThrow, loadList } from '../features/resources/resource.server';
import { RouteError } from '../features/resources/RouteError';
import PlannedScreen, { loader as plannedLoader } from './app.$area.$';
import { assertSameOrigin } from '../lib/security.server';
import { APP_TITLE } from '../lib/constants';

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const entity = data && 'list' in data ? entityRegistry.byResource(data.list.resource) : undefined;
  return [{ title: entity ? `${entity.pluralLabel} · ${APP_TITLE}` : APP_TITLE }];
};

/**
 * The list screen of any entity at `/app/{area}/{resource}` (the calendar adds its month view). Screens of spec §2
 * that are not entity lists keep the area's placeholder page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { request, params } = args;
  if (!entityAt(params.area, params.resource) && !isMoved(params)) return plannedLoader(args);
  const entity = entityOrThrow(params);
  const [list, month] = await Promise.all([
    loadList(request, entity),
    entity.resource === 'calendar-events' ? loadCalendarMonth(request) : Promise.resolve(null),
  ]);
  return { list, month };
}

/** A state change from a row of the list. */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const entity = entityOrThrow(params);
  return changeState(request, entity, await request.formData());
}

function isMoved(params: LoaderFunctionArgs['params']): boolean {
  return Boolean(params.area && params.resource && movedScreen(params.area, params.resource));
}

export default function ResourceListRoute() {
  const data = useLoaderData<typeof loader>();
  if (!('list' in data)) return <PlannedScreen />;
  const { list, month } = data;
  return <ResourceList list={list}>{month ? <CalendarMonth month={month} /> : null}</ResourceList>;
}

export const ErrorBoundary = RouteError;
