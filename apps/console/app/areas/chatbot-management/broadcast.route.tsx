import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { AUDIENCE_LIST_MAX, chatbotContract, type AudiencePreview, type Broadcast } from '@campus/api-contract';
import { AUDIENCES_WITH_IDS, BROADCAST_MESSAGE_MAX, BroadcastInputSchema, broadcastAudienceOptions, broadcastChannelOptions, SUBJECT_MAX } from '@campus/domain-chatbot';
import { TEMPLATE_PLACEHOLDERS } from '@campus/formatters';
import { RouteError } from '../../features/resources/RouteError';
import { APP_TITLE } from '../../lib/constants';
import { redirectWithNotice } from '../../lib/notice.server';
import { assertSameOrigin } from '../../lib/security.server';
import { answerOf, checkedBody } from '../../lib/answers.server';
import { signedIn } from '../../lib/request.server';
import { BROADCASTS_PATH } from './broadcast-labels';
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
  const { api } = await signedIn(request);
  const list = answerOf(await api.resource(resource).list({ limit: 100 }), 200);
  return list.rows.map((r) => ({ _id: String(r._id), label: label(r) }));
}

/** The subscribers of the alumni segment whose alumni consent was given and not withdrawn. */
async function consentingAlumni(request: Request): Promise<string[]> {
  const alumni = (await signedIn(request)).api.resource('chatbot-alumni');
  const ids: string[] = [];
  for (let page = 1; page <= 100; page++) {
    const found = answerOf(await alumni.list({ limit: 100, page }), 200);
    for (const r of found.rows) if (r.isActive !== false && !r.consentWithdrawnAt && typeof r.subscriberId === 'string') ids.push(r.subscriberId);
    if (page * 100 >= found.count) break;
  }
  return ids;
}

/** The largest audience list a composer uploads. */
const AUDIENCE_FILE_MAX_BYTES = 1024 * 1024;

/** The distinct email addresses of an uploaded list (CSV or text: any column, any separator), lower-cased. */
function emailsIn(text: string): string[] {
  const found = text.match(/[^\s,;<>"'()]+@[^\s,;<>"'()]+\.[^\s,;<>"'()]+/g) ?? [];
  return [...new Set(found.map((e) => e.toLowerCase()))].slice(0, AUDIENCE_LIST_MAX);
}

interface Values {
  audience: string;
  ids: string[];
  message: string;
  subject: string;
  personaId: string;
  channels: string[];
}

/** `?edit=<id>` opens a broadcast that has not sent yet; otherwise a new one. */
export async function loader({ request }: LoaderFunctionArgs) {
  const api = (await signedIn(request)).client(chatbotContract);
  const editId = new URL(request.url).searchParams.get('edit');
  const [entries, personas, editing] = await Promise.all([
    Promise.all(Object.entries(CHOICES).map(async ([code, c]) => [code, await choicesOf(request, c.resource, c.label)] as const)),
    choicesOf(request, 'chatbot-personas', (r) => String(r.name)),
    editId ? api.getChatbotBroadcast({ params: { id: editId } }) : Promise.resolve(null),
  ]);
  const b: Broadcast | null = editing ? answerOf(editing, 200).data : null;
  const values: Values | null = b ? { audience: b.audience, ids: b.ids, message: b.message, subject: b.subject, personaId: b.personaId ?? '', channels: b.channels } : null;
  return { choices: Object.fromEntries(entries) as Record<keyof typeof CHOICES, Choice[]>, personas, editId: b ? b._id : null, values };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const api = (await signedIn(request)).client(chatbotContract);
  const form = await request.formData();
  const audience = String(form.get('audience') ?? '');
  const ids = form.getAll(`ids.${audience}`).map(String);
  const message = String(form.get('message') ?? '');
  const values: Values = {
    audience,
    ids,
    message,
    subject: String(form.get('subject') ?? ''),
    personaId: String(form.get('personaId') ?? ''),
    channels: form.getAll('channels').map(String),
  };
  let listNote: string | null = null;
  /** The form back with what went wrong, nothing previewed. */
  const refused = (error: string, status: number, fieldErrors: Record<string, string[]> = {}) =>
    data({ values, preview: null, error, listNote, fieldErrors }, { status });
  if (form.get('intent') === 'alumni') {
    // The alumni segment: every alumnus whose alumni consent stands, added to the chosen subscribers.
    values.audience = 'CUSTOM';
    values.ids = [...new Set([...form.getAll('ids.CUSTOM').map(String), ...(await consentingAlumni(request))])];
  }
  if (form.get('intent') === 'list') {
    // An uploaded list: the subscribers with its email addresses join the chosen ones.
    const file = form.get('audienceList');
    const text = file instanceof File && file.size > 0 && file.size <= AUDIENCE_FILE_MAX_BYTES ? await file.text() : null;
    const emails = text ? emailsIn(text) : [];
    if (emails.length === 0) {
      const error = file instanceof File && file.size > AUDIENCE_FILE_MAX_BYTES ? 'The list is larger than 1 MB.' : 'Choose a CSV or text file with email addresses.';
      return refused(error, 400, { audienceList: [error] });
    }
    const matched = await api.matchChatbotSubscribers({ body: { emails } });
    if (matched.status !== 200) {
      return refused((matched.body as { message?: string }).message ?? 'The list could not be read.', matched.status);
    }
    const { ids: found, unknown } = (matched.body as { data: { ids: string[]; unknown: string[] } }).data;
    values.audience = 'CUSTOM';
    values.ids = [...new Set([...form.getAll('ids.CUSTOM').map(String), ...found])];
    listNote =
      `${found.length} of ${emails.length} addresses in the list are subscribers.` +
      (unknown.length ? ` Not found: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ` and ${unknown.length - 10} more` : ''}.` : '');
  }
  if (form.get('intent') === 'save') {
    const editId = String(form.get('editId') ?? '');
    const checked = checkedBody(BroadcastInputSchema, { subject: values.subject, message, personaId: values.personaId || null, audience, ids, channels: values.channels });
    if (checked.problem) return refused(checked.problem.message, 400, checked.problem.fieldErrors);
    const { body } = checked;
    const saved = editId ? await api.updateChatbotBroadcast({ params: { id: editId }, body }) : await api.createChatbotBroadcast({ body });
    if (saved.status === 200 || saved.status === 201) {
      const { _id } = (saved.body as { data: Broadcast }).data;
      return redirectWithNotice(request, `${BROADCASTS_PATH}/${_id}`, { tone: 'success', title: 'The broadcast is saved as a draft.' });
    }
    const failed = saved.body as { message?: string; fieldErrors?: Record<string, string[]> };
    return refused(failed.message ?? 'The broadcast could not be saved.', saved.status, failed.fieldErrors ?? {});
  }
  const result = await api.previewChatbotAudience({ body: { audience: values.audience, ids: values.ids, ...(message ? { message } : {}) } });
  if (result.status === 200) return { values, preview: (result.body as { data: AudiencePreview }).data, error: null, listNote, fieldErrors: {} as Record<string, string[]> };
  return refused((result.body as { message?: string }).message ?? 'The audience could not be resolved.', result.status);
}

/** Compose a broadcast: the audience resolved from the live records, its recipient count, and the message as a sample recipient reads it. */
export default function BroadcastRoute() {
  const { choices, personas, editId, values: loaded } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const values: Values = result?.values ?? loaded ?? { audience: 'ALL', ids: [], message: '', subject: '', personaId: '', channels: ['EMAIL', 'WEB_CHAT'] };
  const errors: Record<string, string[]> = result?.fieldErrors ?? {};
  const fieldError = (name: string) =>
    errors[name]?.[0] ? (
      <span id={`${name}-error`} className="cas-error">
        {errors[name][0]}
      </span>
    ) : null;
  const invalid = (name: string) => (errors[name]?.[0] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {});
  return (
    <>
      <h1 className="cas-page-title">Broadcast</h1>
      <p>
        <a href={BROADCASTS_PATH}>All broadcasts</a>
      </p>
      <Form method="post" encType="multipart/form-data" className="cas-chatbot-panel cas-chatbot-broadcast">
        {editId ? <input type="hidden" name="editId" value={editId} /> : null}
        <label>
          Subject (required)
          <input name="subject" required maxLength={SUBJECT_MAX} defaultValue={values.subject} {...invalid('subject')} />
          {fieldError('subject')}
        </label>
        <label>
          Persona
          <select name="personaId" defaultValue={values.personaId} {...invalid('personaId')}>
            <option value="">The default persona</option>
            {personas.map((p) => (
              <option key={p._id} value={p._id}>
                {p.label}
              </option>
            ))}
          </select>
          {fieldError('personaId')}
        </label>
        <fieldset>
          <legend>Channels (required)</legend>
          {broadcastChannelOptions.map((o) => (
            <label key={o.value} className="cas-chatbot-inline">
              <input type="checkbox" name="channels" value={o.value} defaultChecked={values.channels.includes(o.value)} /> {o.label}
            </label>
          ))}
          {fieldError('channels')}
        </fieldset>
        <label>
          Audience (required)
          <select key={values.audience} name="audience" defaultValue={values.audience} required>
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
            <select
              key={values.audience === code ? values.ids.join() : code}
              name={`ids.${code}`}
              multiple
              size={4}
              defaultValue={values.audience === code ? values.ids : []}
            >
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
          <textarea name="message" rows={4} maxLength={BROADCAST_MESSAGE_MAX} defaultValue={values.message} aria-describedby={errors.message?.[0] ? 'message-error placeholders' : 'placeholders'} aria-invalid={errors.message?.[0] ? true : undefined} />
          {fieldError('message')}
        </label>
        <p id="placeholders">Placeholders: {TEMPLATE_PLACEHOLDERS.map((p) => p.token).join(', ')}.</p>
        {fieldError('ids')}
        <div className="cas-chatbot-actions">
          <button type="submit" name="intent" value="preview" formNoValidate className="cas-button cas-button--secondary">
            Preview recipients
          </button>
          <button type="submit" name="intent" value="alumni" formNoValidate className="cas-button cas-button--secondary">
            Add the alumni who consented
          </button>
        </div>
        <label>
          Upload a list of email addresses (CSV or text, up to 1 MB)
          <input type="file" name="audienceList" accept=".csv,.txt,text/csv,text/plain" {...invalid('audienceList')} />
          {fieldError('audienceList')}
        </label>
        <div className="cas-chatbot-actions">
          <button type="submit" name="intent" value="list" formNoValidate className="cas-button cas-button--secondary">
            Add the subscribers of the list
          </button>
          <button type="submit" name="intent" value="save" className="cas-button">
            Save draft
          </button>
        </div>
      </Form>
      {result?.error ? (
        <p role="alert" className="cas-error">
          {result.error}
        </p>
      ) : null}
      {result?.preview ? (
        <section className="cas-chatbot-panel" aria-labelledby="preview-title">
          <h2 id="preview-title">Recipients</h2>
          {result.listNote ? <p>{result.listNote}</p> : null}
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
