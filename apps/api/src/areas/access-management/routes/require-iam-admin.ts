import type { AuthContext } from '../../../platform/auth/sessions.js';
import { HttpError } from '../../../platform/http/errors.js';

export const IAM_ADMIN_ONLY = 'Only an IAM administrator may read the outbox.';

/** The outbox holds reset codes for every account, so the IAM scope alone is not enough. */
export function requireIamAdmin(auth: AuthContext): void {
  if (!auth.user.iamAdmin) throw new HttpError(403, IAM_ADMIN_ONLY);
}
