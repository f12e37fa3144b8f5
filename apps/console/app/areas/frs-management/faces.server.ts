import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { apiFor, failureResponse } from '../../lib/api.server';
import { redirectWithNotice } from '../../lib/notice.server';
import { assertSameOrigin } from '../../lib/security.server';
import { requireUser } from '../../lib/session.server';
import { assertUploadSize, problemOf } from './api-answers.server';

const FACES_PATH = '/app/frs-management/faces';

/** Enrolled employees with their consent records, and the employees to pick from. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const api = await apiFor(request);
  const [faces, employees] = await Promise.all([
    api.frs.listFaces({ query: { page: 1, limit: 100 } }),
    api.resource('employees').list({ limit: 100, sort: 'lastName' }),
  ]);
  if (faces.status !== 200) throw failureResponse(faces.status, faces.body);
  if (employees.status !== 200) throw failureResponse(employees.status, employees.body);
  return {
    faces: faces.body.rows,
    employees: employees.body.rows.map((e) => ({ value: e._id, label: `${String(e.lastName)}, ${String(e.firstName)} (${String(e.employeeNumber)})` })),
  };
}

/**
 * Enrol (`intent=enrol`): the consent and 3–5 photos go to the API as a multipart form, which checks every photo
 * and says why one is rejected. Delete (`intent=delete`): every photo, embedding and thumbnail of the person.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  await requireUser(request);
  assertUploadSize(request);
  const api = await apiFor(request);
  const form = await request.formData();
  if (form.get('intent') === 'delete') {
    const employeeId = String(form.get('employeeId') ?? '');
    const result = await api.frs.deleteFace({ params: { employeeId } });
    if (result.status !== 200) return data(problemOf(result.body), { status: result.status });
    throw await redirectWithNotice(request, FACES_PATH, { tone: 'success', title: 'Success!', description: result.body.data.message });
  }
  const outgoing = new FormData();
  for (const name of ['employeeId', 'consent', 'consentGivenAt', 'consentNote']) {
    const value = form.get(name);
    if (typeof value === 'string') outgoing.append(name, value);
  }
  for (const photo of form.getAll('photos')) {
    if (typeof photo !== 'string' && photo.size > 0) outgoing.append('photos', photo, photo.name || 'photo.jpg');
  }
  const result = await api.frs.enrolFace({ body: outgoing as never });
  if (result.status !== 201) return data(problemOf(result.body), { status: result.status });
  const enrolment = result.body.data;
  throw await redirectWithNotice(request, FACES_PATH, {
    tone: 'success',
    title: 'Success!',
    description: `${enrolment.employeeName} was enrolled from ${enrolment.photoCount} photos.`,
  });
}

