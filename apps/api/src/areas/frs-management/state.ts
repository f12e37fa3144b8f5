import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_FRS_SETTINGS, FrsSettingsSchema, MAX_PHOTO_BYTES, type FrsSettings } from '@campus/domain-frs';
import type { AppContext } from '../../context.js';
import { rows, type Db } from '../../platform/db/client.js';
import { HttpError } from '../../platform/http/errors.js';
import type { Actor } from '../../platform/audit/audit.js';
import type { FaceIndex } from './face-index.js';
import type { Recognizer } from './recognition/recognizer.js';
import type { Sealer } from '../../platform/sealer.js';

/** The channel enrolment changes are announced on; the payload is the employee id. */
export const FACES_CHANNEL = 'frs_faces';
/** Dimensions of the `faceres` face description. */
export const EMBEDDING_DIMENSIONS = 1024;

/** What the area's handlers share: the app context, the models, the search index and the biometric key. */
export interface FrsState {
  readonly ctx: AppContext;
  readonly recognizer: Recognizer;
  readonly index: FaceIndex;
  readonly sealer: Sealer;
  /** The time zone clock events are dated in. */
  readonly timeZone: string;
  settings(db?: Db): Promise<FrsSettings>;
  /** Reloads one person's embeddings from the database into the index. */
  refresh(employeeId: string): Promise<void>;
}

export function embeddingBytes(embedding: Float32Array): Buffer {
  return Buffer.from(embedding.buffer, embedding.byteOffset, embedding.byteLength);
}

export function embeddingOf(bytes: Buffer): Float32Array {
  const copy = new Uint8Array(bytes);
  return new Float32Array(copy.buffer, 0, copy.byteLength / 4);
}

/** Every sealed embedding of one employee, or of everyone. */
export async function loadEmbeddings(db: Db, sealer: Sealer, employeeId?: string): Promise<Map<string, Float32Array[]>> {
  const found = await rows<{ employee_id: string; embedding: Buffer | Uint8Array }>(
    db,
    employeeId
      ? sql`select e.employee_id, p.embedding from frs_face_photos p join frs_enrolments e on e.id = p.enrolment_id where e.employee_id = ${employeeId}`
      : sql`select e.employee_id, p.embedding from frs_face_photos p join frs_enrolments e on e.id = p.enrolment_id`,
  );
  const byPerson = new Map<string, Float32Array[]>();
  for (const row of found) {
    const list = byPerson.get(row.employee_id) ?? [];
    list.push(embeddingOf(sealer.open(Buffer.from(row.embedding))));
    byPerson.set(row.employee_id, list);
  }
  return byPerson;
}

export async function readSettings(db: Db): Promise<FrsSettings> {
  const [row] = await rows<{ settings: unknown }>(db, sql`select settings from frs_settings where id = 1`);
  const parsed = FrsSettingsSchema.partial().safeParse(row?.settings ?? {});
  return { ...DEFAULT_FRS_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

/** The signed-in user behind a request, for the audit trail (the route's pre-handler has authenticated it). */
/** What a sender of photos reads when the form passes its limits. */
export const photoMessages = (files: number) => ({
  tooLarge: `A photo is larger than ${Math.round(MAX_PHOTO_BYTES / 1024 / 1024)} MB.`,
  tooMany: `Send at most ${files} photos.`,
});

export function actorOf(request: FastifyRequest): Actor & { id: string } {
  if (!request.auth) throw new HttpError(401, 'Sign in to continue.');
  return { id: request.auth.user.id, email: request.auth.user.email, ip: request.ip };
}

/** A device acting on its own, for the audit trail. */
export function deviceActor(request: FastifyRequest): Actor {
  return { id: null, email: null, ip: request.ip };
}
