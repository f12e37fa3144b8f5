import type { MyApplication } from '@campus/api-contract';
import { signedIn } from '../../lib/request.server';

/** The applications the signed-in user can open, with their services (for /profile). */
export async function loadMyApplications(request: Request): Promise<MyApplication[]> {
  const result = await (await signedIn(request)).api.sso.listMyApplications();
  return result.status === 200 ? result.body.data : [];
}
