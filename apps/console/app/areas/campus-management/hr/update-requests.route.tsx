import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { employeeContract } from '@campus/api-contract';
import { pdsSections } from '@campus/domain-hr';
import { Button, failureNotice } from '@campus/ui';
import { FormNotice } from '../../../components/FormNotice';
import { RouteError } from '../../../features/resources/RouteError';
import { formAnswerOf, invalidForm } from '../../../lib/answers.server';
import { APP_TITLE } from '../../../lib/constants';
import { assertSameOrigin } from '../../../lib/security.server';
import { signedIn } from '../../../lib/request.server';

export const meta: MetaFunction = () => [{ title: `Employees' changes · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const api = (await signedIn(request)).client(employeeContract);
  const result = await api.listUpdateRequests({ query: { status: 'PENDING' } });
  if (result.status !== 200) throw Response.json({ message: failureNotice(undefined).description }, { status: result.status });
  return { requests: result.body.data };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const api = (await signedIn(request)).client(employeeContract);
  // The form names the request and the decision, as the route's address does.
  const submission = parseWithZod(await request.formData(), { schema: employeeContract.decideUpdateRequest.pathParams });
  if (submission.status !== 'success') return invalidForm(submission);
  const { decision } = submission.value;
  const answer = formAnswerOf(await api.decideUpdateRequest({ params: submission.value, body: {} }), 200, submission, {
    notice: (message) => failureNotice(message),
    shownStatuses: [403, 404],
  });
  if (answer.refusal) return answer.refusal;
  return data({ notice: { tone: 'success' as const, title: decision === 'approve' ? 'Approved' : 'Rejected', description: `The change was ${decision === 'approve' ? 'applied' : 'rejected'}.` } });
}

const titleOf = (section: string) => pdsSections.find((s) => s.key === section)?.entity.pluralLabel ?? section;

/** HR's queue of the changes employees asked for to their own records (`/employee/v1.0`). */
export default function UpdateRequestsQueue() {
  const { requests } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1 className="cas-page-title">Employees' changes awaiting approval</h1>
      <FormNotice notice={result?.notice} />
      {requests.length === 0 ? <p>No changes are waiting.</p> : null}
      <ul style={{ listStyle: 'none', padding: 0 }}>
        {requests.map((r) => (
          <li key={r._id} className="cas-panel">
            <h2 className="cas-panel-title">
              {r.employeeName} — {titleOf(r.section)} ({r.recordId ? 'change to an entry' : 'new entry'})
            </h2>
            <dl>
              {Object.entries(r.data)
                .filter(([k]) => k !== 'employeeId')
                .map(([k, v]) => (
                  <div key={k}>
                    <dt style={{ display: 'inline', fontWeight: 600 }}>{k}: </dt>
                    <dd style={{ display: 'inline', margin: 0 }}>{String(v)}</dd>
                  </div>
                ))}
            </dl>
            <Form method="post" style={{ display: 'inline-flex', gap: 8 }}>
              <input type="hidden" name="id" value={r._id} />
              <Button type="submit" name="decision" value="approve">
                Approve
              </Button>
              <Button type="submit" name="decision" value="reject" variant="secondary">
                Reject
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </>
  );
}

export const ErrorBoundary = RouteError;
