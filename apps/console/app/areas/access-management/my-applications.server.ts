import type { MyApplication } from '@campus/api-contract';
import { apiFor } from '../../lib/api.server';

/** The applications the signed-in user can open, with their services (for /profile). */
export async function loadMyApplications(request: Request): Promise<MyApplication[]> {
  const result = await (await apiFor(request)).sso.listMyApplications();
  return result.status === 200 ? result.body.data : [];
}
