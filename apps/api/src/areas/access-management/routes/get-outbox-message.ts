import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/sessions.js';
import type { AppContext } from '../../../context.js';
import { outbox } from '../../../platform/db/schema/outbox.js';
import { requireIamAdmin } from './require-iam-admin.js';

/** `GET /core/v1.0/outbox/{id}`: one kept message with its text, HTML and headers (IAM administrators only). */
export async function getOutboxMessage(ctx: AppContext, auth: AuthContext, id: string) {
  requireIamAdmin(auth);
  const [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) return { status: 404 as const, body: { message: 'This message is not in the outbox.' } };
  return {
    status: 200 as const,
    body: {
      data: {
        _id: row.id,
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers,
        createdAt: row.createdAt.toISOString(),
      },
    },
  };
}
