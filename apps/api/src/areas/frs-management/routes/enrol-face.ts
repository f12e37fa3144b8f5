import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fieldErrorsOf } from '@campus/api-contract';
import { checkEnrolmentPhoto, MAX_ENROLMENT_PHOTOS, MAX_PHOTO_BYTES, MIN_ENROLMENT_PHOTOS } from '@campus/domain-frs';
import { rows, type Db } from '../../../platform/db/client.js';
import { writeAudit } from '../../../platform/audit/audit.js';
import { HttpError } from '../../../platform/http/errors.js';
import { readUpload, type UploadLimits } from '../../../platform/http/multipart.js';
import { UnsupportedImageError, type AnalysedFace } from '../recognition/recognizer.js';
import { ENROLMENT_SELECT, enrolmentOf, type EnrolmentDbRow } from '../rows.js';
import { actorOf, embeddingBytes, FACES_CHANNEL, photoMessages, type FrsState } from '../state.js';

const EnrolFieldsSchema = z.object({
  employeeId: z.string({ required_error: 'Choose an employee.' }).uuid('Choose an employee.'),
  consent: z
    .string({ required_error: 'Record the consent of the person before enrolling their face.' })
    .refine((v) => ['on', 'true', 'yes'].includes(v.toLowerCase()), 'Record the consent of the person before enrolling their face.'),
  consentGivenAt: z
    .string({ required_error: 'Enter when the consent was given.' })
    .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), 'Enter when the consent was given (yyyy-mm-dd).'),
  consentNote: z.string().trim().max(500, 'At most 500 characters.').optional(),
});

const asTx = (tx: unknown) => tx as Db;

/** The enrolment form: up to 5 photos, each decoded from memory, never written to disk as received. */
const ENROL_UPLOAD: UploadLimits<'memory'> = {
  store: 'memory',
  fileSize: MAX_PHOTO_BYTES,
  files: MAX_ENROLMENT_PHOTOS,
  messages: photoMessages(MAX_ENROLMENT_PHOTOS),
};

/**
 * Enrols an employee from 3 to 5 photos after their consent is recorded. Every photo is checked (exactly one
 * face, large, frontal, sharp) and a rejected photo says why, as `fieldErrors['photos.N']` (N from 1). A new
 * enrolment replaces the old one with all its photos; the index of every API process is told to reload.
 */
export async function enrolFace(state: FrsState, request: FastifyRequest) {
  const actor = actorOf(request);
  const form = await readUpload(request, ENROL_UPLOAD);
  const parsed = EnrolFieldsSchema.safeParse(form.fields);
  const fieldErrors: Record<string, string[]> = parsed.success ? {} : fieldErrorsOf(parsed.error);
  const photos = form.files.filter((f) => f.field === 'photos');
  if (photos.length < MIN_ENROLMENT_PHOTOS) {
    fieldErrors.photos = [`Add ${MIN_ENROLMENT_PHOTOS} to ${MAX_ENROLMENT_PHOTOS} photos of the person.`];
  }
  const now = state.ctx.config.now();
  if (parsed.success && Date.parse(parsed.data.consentGivenAt) > now.getTime() + 86_400_000) {
    fieldErrors.consentGivenAt = ['The consent cannot be dated in the future.'];
  }
  if (parsed.success) {
    const [employee] = await rows<{ id: string }>(state.ctx.db, sql`select id from employees where id = ${parsed.data.employeeId}`);
    if (!employee) fieldErrors.employeeId = ['Choose an employee.'];
  }
  if (Object.keys(fieldErrors).length > 0) throw invalid(fieldErrors);

  const settings = await state.settings();
  const accepted: { bytes: Buffer; face: AnalysedFace }[] = [];
  for (const [i, photo] of photos.entries()) {
    const key = `photos.${i + 1}`;
    try {
      const analysis = await state.recognizer.analyse(photo.bytes);
      const check = checkEnrolmentPhoto(analysis.faces, settings);
      if (!check.ok) fieldErrors[key] = [check.message];
      else accepted.push({ bytes: photo.bytes, face: analysis.faces.find((f) => f === check.face)! });
    } catch (error) {
      if (!(error instanceof UnsupportedImageError)) throw error;
      fieldErrors[key] = [error.message];
    }
  }
  if (Object.keys(fieldErrors).length > 0) throw invalid(fieldErrors);

  const fields = parsed.data!;
  const enrolmentId = await state.ctx.db.transaction(async (txRaw) => {
    const tx = asTx(txRaw);
    const [previous] = await rows<{ id: string }>(tx, sql`delete from frs_enrolments where employee_id = ${fields.employeeId} returning id`);
    const [enrolment] = await rows<{ id: string }>(
      tx,
      sql`insert into frs_enrolments (employee_id, consent_given_at, consent_recorded_by_id, consent_note, created_at, updated_at)
          values (${fields.employeeId}, ${new Date(fields.consentGivenAt).toISOString()}, ${actor.id}, ${fields.consentNote || null},
                  ${now.toISOString()}, ${now.toISOString()})
          returning id`,
    );
    for (const { bytes, face } of accepted) {
      const quality = { score: face.score, size: Math.min(face.box[2], face.box[3]), yaw: face.yaw, pitch: face.pitch, sharpness: face.sharpness };
      await tx.execute(
        sql`insert into frs_face_photos (enrolment_id, photo, thumbnail, embedding, quality)
            values (${enrolment!.id}, ${state.sealer.seal(bytes)}, ${state.sealer.seal(face.thumbnail)},
                    ${state.sealer.seal(embeddingBytes(face.embedding))}, ${JSON.stringify(quality)}::jsonb)`,
      );
    }
    await writeAudit(
      tx,
      {
        actor,
        activity: previous ? 'Re-enrolled a face (previous photos deleted)' : 'Enrolled a face',
        resource: 'faces',
        recordId: fields.employeeId,
        changes: { photos: { before: null, after: accepted.length }, consentGivenAt: { before: null, after: fields.consentGivenAt } },
      },
      now,
    );
    await tx.execute(sql`select pg_notify(${FACES_CHANNEL}, ${fields.employeeId})`);
    return enrolment!.id;
  });
  await state.refresh(fields.employeeId);
  const [row] = await rows<EnrolmentDbRow>(state.ctx.db, sql`${sql.raw(ENROLMENT_SELECT)} where e.id = ${enrolmentId}`);
  return { status: 201 as const, body: { data: enrolmentOf(row!) } };
}

function invalid(fieldErrors: Record<string, string[]>): HttpError {
  const [field, messages] = Object.entries(fieldErrors)[0]!;
  const photo = /^photos\.(\d+)$/.exec(field);
  const message = photo ? `Photo ${photo[1]}: ${messages[0]}` : messages[0]!;
  return new HttpError(400, message, fieldErrors);
}
