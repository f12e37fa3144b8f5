import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { crudOperationNames, resourceContracts, type AudiencePreview } from '@campus/api-contract';
import { AUDIENCES_WITH_IDS, broadcastAudienceOptions } from '@campus/domain-chatbot';
import { TEMPLATE_PLACEHOLDERS } from '@campus/formatters';
import { RouteError } from '../../features/resources/RouteError';
import { contractClientFor } from '../../lib/api.server';
import { APP_TITLE } from '../../lib/constants';
import { assertSameOrigin } from '../../lib/security.server';
import { chatbotApi, expectStatus } from './chatbot.server';
import './chatbot.css';

export const meta: MetaFunction = () => [{ title: `Broadcast · ${APP_TITLE}` }];

interface Choice {
  _id: string;
  label: string;
}

/** Where each narrowed audience takes its choices from, and the field that names a choice. */
const CHOICES = {
  CAMPUS: { resource: 'campuses', label: (r: Record<string, unknown>) => String(r.name) },
  DEPARTMENTS: { resource: 'hr-departments', label: (r: Record<string, unknown>) => String(r.name) },
  DESIGNATIONS: { resource: 'designations', label: (r: Record<string, unknown>) => String(r.name) },
  CUSTOM: { resource: 'chatbot-subscribers', label: (r: Record<string, unknown>) => `${String(r.lastName)}, ${String(r.firstName)}${r.email ? ` <${String(r.email)}>` : ''}` },
} as const;

async function choicesOf(request: Request, resource: string, label: (r: Record<string, unknown>) => string): Promise<Choice[]> {
  const client = (await contractClientFor(request, resourceContracts[resource]!)) as unknown as Record<string, (a: unknown) => Promise<{ status: number; body: unknown }>>;
  const list = expectStatus<{ rows: Record<string, unknown>[] }>(await client[crudOperationNames({ resource }).list]!({ query: { limit: 100 } }), 200);
  return list.rows.map((r) => ({ _id: String(r._id), label: label(r) }));
}

export async function loader({ request }: LoaderFunctionArgs) {
  await chatbotApi(request);
  const entries = await Promise.all(Object.entries(CHOICES).map(async ([code, c]) => [code, await choicesOf(request, c.resource, c.label)] as const));
  return { choices: Object.fromEntries(entries) as Record<keyof typeof CHOICES, Choice[]> };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const audience = String(form.get('audience') ?? '');
  const ids = form.getAll(`ids.${audience}`).map(String);
  const message = String(form.get('message') ?? '');
  const api = await chatbotApi(request);
  const result = await api.previewChatbotAudience({ body: { audience, ids, ...(message ? { message } : {}) } });
  const values = { audience, ids, message };
  if (result.status === 200) return { values, preview: (result.body as { data: AudiencePreview }).data, error: null };
  return data({ values, preview: null, error: (result.body as { message?: string }).message ?? 'The audience could not be resolved.' }, { status: result.status });
}

/** Compose a broadcast: the audience resolved from the live records, its recipient count, and the message as a sample recipient reads it. */
export default function BroadcastRoute() {
  const { choices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const values = result?.values ?? { audience: 'ALL', ids: [] as string[], message: '' };
  return (
    <>
      <h1 className="cas-page-title">Broadcast</h1>
      <Form method="post" className="cas-chatbot-panel cas-chatbot-broadcast">
        <label>
          Audience (required)
          <select name="audience" defaultValue={values.audience} required>
            {broadcastAudienceOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        {AUDIENCES_WITH_IDS.map((code) => (
          <label key={code}>
            {broadcastAudienceOptions.find((o) => o.value === code)!.label} (for that audience)
            <select name={`ids.${code}`} multiple size={4} defaultValue={values.audience === code ? values.ids : []}>
              {choices[code as keyof typeof CHOICES].map((c) => (
                <option key={c._id} value={c._id}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
        ))}
        <label>
          Message
          <textarea name="message" rows={4} maxLength={5000} defaultValue={values.message} aria-describedby="placeholders" />
        </label>
        <p id="placeholders">Placeholders: {TEMPLATE_PLACEHOLDERS.map((p) => p.token).join(', ')}.</p>
        <button type="submit" className="cas-button">
          Preview recipients
        </button>
      </Form>
      {result?.error ? (
        <p role="alert" className="cas-error">
          {result.error}
        </p>
      ) : null}
      {result?.preview ? (
        <section className="cas-chatbot-panel" aria-labelledby="preview-title">
          <h2 id="preview-title">Recipients</h2>
          <p role="status">
            {result.preview.recipients} {result.preview.recipients === 1 ? 'recipient' : 'recipients'} ({result.preview.withEmail} with an email address); {result.preview.optedOut} opted out and skipped.
          </p>
          {result.preview.sample && result.preview.preview ? (
            <>
              <h3>As {result.preview.sample.name} reads it</h3>
              <blockquote className="cas-chatbot-preview">{result.preview.preview}</blockquote>
            </>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteError;
