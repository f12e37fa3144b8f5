import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { answerOf, formAnswerOf, invalidForm } from '../../lib/answers.server';
import { redirectWithNotice } from '../../lib/notice.server';
import { signedIn } from '../../lib/request.server';
import { assertSameOrigin } from '../../lib/security.server';
import { assertUploadSize } from './api-answers.server';

const FACES_PATH = '/app/frs-management/faces';

/** Enrolled employees with their consent records, and the employees to pick from. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await signedIn(request);
  const [faces, employees] = await Promise.all([
    api.frs.listFaces({ query: { page: 1, limit: 100 } }),
    api.resource('employees').list({ limit: 100, sort: 'lastName' }),
  ]);
  return {
    faces: answerOf(faces, 200).rows,
    employees: answerOf(employees, 200).rows.map((e) => ({ value: e._id, label: `${String(e.lastName)}, ${String(e.firstName)} (${String(e.employeeNumber)})` })),
  };
}

/**
 * The page's two forms: enrol (the contract's `EnrolFaceForm`, passed on as typed: every field is checked by the API,
 * which says why a photo is refused) and delete.
 */
const FacesForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('enrol'),
    employeeId: z.string().optional(),
    consent: z.string().optional(),
    consentGivenAt: z.string().optional(),
    consentNote: z.string().optional(),
    photos: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.custom<File>((v) => typeof v === 'object' && v !== null))),
  }),
  z.object({ intent: z.literal('delete'), employeeId: z.string().default('') }),
]);

/**
 * Enrol (`intent=enrol`): the consent and 3–5 photos go to the API as a multipart form, which checks every photo
 * and says why one is rejected. Delete (`intent=delete`): every photo, embedding and thumbnail of the person.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const { api } = await signedIn(request);
  assertUploadSize(request);
  const submission = parseWithZod(await request.formData(), { schema: FacesForm, disableAutoCoercion: true });
  if (submission.status !== 'success') return invalidForm(submission);
  const form = submission.value;
  if (form.intent === 'delete') {
    const answer = formAnswerOf(await api.frs.deleteFace({ params: { employeeId: form.employeeId } }), 200, submission);
    if (answer.refusal) return answer.refusal;
    throw await redirectWithNotice(request, FACES_PATH, { tone: 'success', title: 'Success!', description: answer.body.data.message });
  }
  const outgoing = new FormData();
  for (const name of ['employeeId', 'consent', 'consentGivenAt', 'consentNote'] as const) {
    const value = form[name];
    if (value !== undefined) outgoing.append(name, value);
  }
  for (const photo of form.photos) if (photo.size > 0) outgoing.append('photos', photo, photo.name || 'photo.jpg');
  const answer = formAnswerOf(await api.frs.enrolFace({ body: outgoing }), 201, submission, { hideFields: ['photos'] });
  if (answer.refusal) return answer.refusal;
  const enrolment = answer.body.data;
  throw await redirectWithNotice(request, FACES_PATH, {
    tone: 'success',
    title: 'Success!',
    description: `${enrolment.employeeName} was enrolled from ${enrolment.photoCount} photos.`,
  });
}
