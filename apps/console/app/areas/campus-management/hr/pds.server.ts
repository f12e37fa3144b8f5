import { pdsSections } from '@campus/domain-hr';
import type { EntityRecord } from '@campus/api-contract';
import { answerOf } from '../../../lib/answers.server';
import { signedIn } from '../../../lib/request.server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The employee and every PDS section, for the printable personal data sheet. */
export async function loadPds(request: Request, id: string | undefined) {
  const { api } = await signedIn(request);
  if (!id || !UUID.test(id)) throw new Response('Not found', { status: 404 });
  const found = await api.resource('employees').get(id);
  if (found.status === 404) throw new Response('Not found', { status: 404 });
  const employee = answerOf(found, 200).data;
  const sections: Record<string, EntityRecord[]> = {};
  await Promise.all(
    [...pdsSections.map((s) => s.entity.resource), 'work-experiences'].map(async (resource) => {
      const result = await api.resource(resource).list({ search: `employeeId:${id}`, limit: 100 });
      sections[resource] = result.status === 200 ? result.body.rows : [];
    }),
  );
  return { employee, sections };
}
