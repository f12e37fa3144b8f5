import { entityRegistry, type ApiClient, type EntityRecord } from '@campus/api-contract';
import { labelOf, type AnyEntity } from '@campus/domain-core';
import { signedIn } from '../../../lib/request.server';
import { itemsInMonth, monthOf, type CalendarItem, type CalendarMonthData } from './calendar';
import { eachRow } from '../../../features/resources/paging.server';

type Api = ApiClient;

/** The dated entities shown on the calendar, and how each record becomes a calendar item. */
const SOURCES: readonly {
  resource: string;
  item: (entity: AnyEntity, row: EntityRecord) => Omit<CalendarItem, 'id' | 'href'> | undefined;
}[] = [
  {
    resource: 'calendar-events',
    item: (e, r) => ({
      title: String(r.title ?? ''),
      start: String(r.startDate ?? ''),
      end: String(r.endDate ?? r.startDate ?? ''),
      kind:
        e.fields.category?.kind === 'enum'
          ? labelOf(e.fields.category.options, r.category as string)
          : 'Event',
    }),
  },
  {
    resource: 'academic-breaks',
    item: (e, r) => ({
      title: String(r.name ?? ''),
      start: String(r.startDate ?? ''),
      end: String(r.endDate ?? r.startDate ?? ''),
      kind: e.label,
    }),
  },
  {
    resource: 'grade-release-dates',
    item: (e, r) => ({
      title: String(r.description ?? ''),
      start: String(r.releaseDate ?? ''),
      end: String(r.releaseDate ?? ''),
      kind: e.label,
    }),
  },
];

/** Every active dated item of the calendar (at most `max` of each kind). */
export async function calendarItems(api: Api, max = 2000): Promise<CalendarItem[]> {
  const lists = await Promise.all(
    SOURCES.map(async ({ resource, item }) => {
      const entity = entityRegistry.byResource(resource);
      if (!entity) return [];
      const out: CalendarItem[] = [];
      for await (const row of eachRow(
        api,
        entity,
        { search: 'isActive:true', sort: entity.defaultSort },
        max,
      )) {
        const it = item(entity, row);
        if (it && /^\d{4}-\d\d-\d\d$/.test(it.start))
          out.push({ ...it, id: row._id, href: `${entity.consolePath}/${row._id}/edit` });
      }
      return out;
    }),
  );
  return lists.flat().sort((a, b) => a.start.localeCompare(b.start) || a.title.localeCompare(b.title));
}

/** The month view of the calendar screen (`?month=yyyy-mm`, this month by default). */
export async function loadCalendarMonth(request: Request): Promise<CalendarMonthData> {
  const { api } = await signedIn(request);
  const month = monthOf(new URL(request.url).searchParams.get('month'), new Date());
  return { month, items: itemsInMonth(await calendarItems(api), month) };
}
