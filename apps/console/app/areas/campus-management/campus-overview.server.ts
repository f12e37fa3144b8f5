import { entityRegistry, type EntityRecord } from '@campus/api-contract';
import { answerOf, notFoundPage } from '../../lib/answers.server';
import { signedIn } from '../../lib/request.server';

/** What belongs to a campus, by the resource whose records carry its `campusId`. */
const PARTS = ['colleges', 'academic-departments', 'rooms'] as const;
const COUNTED = ['colleges', 'academic-departments', 'courses', 'rooms', 'students', 'sections'] as const;

export interface CampusOverview {
  campus: EntityRecord;
  counts: { resource: string; count: number }[];
  parts: { resource: string; rows: EntityRecord[] }[];
}

/** `campuses/{code}`: the campus with its colleges, departments and rooms, and a count of each kind of record. */
export async function loadCampusOverview(request: Request, code: string): Promise<CampusOverview> {
  const { api } = await signedIn(request);
  if (!code || /[,:]/.test(code)) throw notFoundPage();
  const campus = answerOf(await api.resource('campuses').list({ search: `code:${code}`, limit: 1 }), 200).rows[0];
  if (!campus) throw notFoundPage();
  const byCampus = `campusId:${campus._id}`;
  const [counts, parts] = await Promise.all([
    Promise.all(
      COUNTED.filter((r) => entityRegistry.byResource(r)?.filterFields.includes('campusId')).map(
        async (resource) => {
          const page = await api.resource(resource).list({ search: byCampus, limit: 1 });
          return { resource, count: page.status === 200 ? page.body.count : 0 };
        },
      ),
    ),
    Promise.all(
      PARTS.map(async (resource) => {
        const entity = entityRegistry.byResource(resource);
        const page = await api
          .resource(resource)
          .list({ search: byCampus, limit: 100, sort: entity?.defaultSort ?? 'name' });
        return { resource, rows: page.status === 200 ? page.body.rows : [] };
      }),
    ),
  ]);
  return { campus, counts, parts };
}
