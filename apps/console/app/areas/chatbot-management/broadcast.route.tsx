import { useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { AUDIENCE_LIST_MAX, chatbotContract, type AudiencePreview, type Broadcast } from '@campus/api-contract';
import { AUDIENCES_WITH_IDS, BROADCAST_MESSAGE_MAX, BroadcastInputSchema, broadcastAudienceOptions, broadcastChannelOptions, SUBJECT_MAX } from '@campus/domain-chatbot';
import { TEMPLATE_PLACEHOLDERS } from '@campus/formatters';
import { NOTICES } from '@campus/ui';
import { z } from 'zod';
import { FormNotice } from '../../components/FormNotice';
import { RouteError } from '../../features/resources/RouteError';
import { APP_TITLE } from '../../lib/constants';
import { redirectWithNotice } from '../../lib/notice.server';
import { assertSameOrigin } from '../../lib/security.server';
import { answerOf, checkedBody, formAnswerOf, invalidForm, type FormRefusal } from '../../lib/answers.server';
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

/** A multiple select posts one value as a field, several as a list. */
const list = z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.string()));

/**
 * The composer's fields as posted: every intent carries them all, so a refused form comes back as it was typed. The
 * chosen records of each narrowed audience come as `ids.<audience>`; the contract's `BroadcastInputSchema` checks the
 * broadcast made from them when it is saved.
 */
const composer = {
  subject: z.string().default(''),
  personaId: z.string().default(''),
  channels: list,
  audience: z.string().default(''),
  ids: z.record(z.string(), list).default({}),
  message: z.string().default(''),
  editId: z.string().optional(),
};

/** Preview the recipients, add the alumni who consented, add the subscribers of an uploaded list, save the draft. */
const ComposerForm = z.discriminatedUnion('intent', [
  z.object({ ...composer, intent: z.enum(['preview', 'alumni', 'save']) }),
  z.object({ ...composer, intent: z.literal('list'), audienceList: z.unknown().optional() }),
]);
type Composed = z.output<typeof ComposerForm>;

/** What the composer shows: the form's values (the chosen records of the audience chosen). */
function valuesOf(form: Composed): Values {
  return { subject: form.subject, personaId: form.personaId, channels: form.channels, audience: form.audience, ids: form.ids[form.audience] ?? [], message: form.message };
}

/** The previewed audience, with the note about an uploaded list. */
interface Previewed {
  readonly values: Values;
  readonly preview: AudiencePreview;
  readonly listNote: string | null;
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const api = (await signedIn(request)).client(chatbotContract);
  const submission = parseWithZod(await request.formData(), { schema: ComposerForm });
  if (submission.status !== 'success') return invalidForm(submission);
  const form = submission.value;
  const values = valuesOf(form);
  let listNote: string | null = null;
  if (form.intent === 'save') {
    const { subject, message, personaId, audience, ids, channels } = values;
    const checked = checkedBody(BroadcastInputSchema, { subject, message, personaId: personaId || null, audience, ids, channels });
    if (checked.problem) return invalidForm(submission, checked.problem.fieldErrors);
    const { body } = checked;
    const saved = form.editId
      ? formAnswerOf(await api.updateChatbotBroadcast({ params: { id: form.editId }, body }), 200, submission)
      : formAnswerOf(await api.createChatbotBroadcast({ body }), 201, submission);
    if (saved.refusal) return saved.refusal;
    return redirectWithNotice(request, `${BROADCASTS_PATH}/${saved.body.data._id}`, { tone: 'success', title: 'The broadcast is saved as a draft.' });
  }
  if (form.intent === 'alumni') {
    // The alumni segment: every alumnus whose alumni consent stands, added to the chosen subscribers.
    values.audience = 'CUSTOM';
    values.ids = [...new Set([...(form.ids.CUSTOM ?? []), ...(await consentingAlumni(request))])];
  }
  if (form.intent === 'list') {
    // An uploaded list: the subscribers with its email addresses join the chosen ones.
    const file = form.audienceList;
    const isLarge = file instanceof File && file.size > AUDIENCE_FILE_MAX_BYTES;
    const text = file instanceof File && file.size > 0 && !isLarge ? await file.text() : null;
    const emails = text ? emailsIn(text) : [];
    if (emails.length === 0) {
      const problem = isLarge ? 'The list is larger than 1 MB.' : 'Choose a CSV or text file with email addresses.';
      const notice = { tone: 'error', title: NOTICES.validation.title, description: problem } as const;
      return data<FormRefusal>({ result: submission.reply({ fieldErrors: { audienceList: [problem] } }), notice }, { status: 400 });
    }
    const matched = formAnswerOf(await api.matchChatbotSubscribers({ body: { emails } }), 200, submission);
    if (matched.refusal) return matched.refusal;
    const { ids: found, unknown } = matched.body.data;
    values.audience = 'CUSTOM';
    values.ids = [...new Set([...(form.ids.CUSTOM ?? []), ...found])];
    listNote =
      `${found.length} of ${emails.length} addresses in the list are subscribers.` +
      (unknown.length ? ` Not found: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ` and ${unknown.length - 10} more` : ''}.` : '');
  }
  const previewed = formAnswerOf(
    await api.previewChatbotAudience({ body: { audience: values.audience, ids: values.ids, ...(values.message ? { message: values.message } : {}) } }),
    200,
    submission,
  );
  if (previewed.refusal) return previewed.refusal;
  return { values, preview: previewed.body.data, listNote } satisfies Previewed;
}

/** The composer's values as a refused form typed them (`ids.<audience>` for the chosen records), or null. */
function typedValues(typed: unknown): Values | null {
  if (!typed || typeof typed !== 'object') return null;
  const form = typed as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const texts = (value: unknown) => (Array.isArray(value) ? value.map(text) : typeof value === 'string' ? [value] : []);
  const audience = text(form.audience);
  const ids = form.ids && typeof form.ids === 'object' ? (form.ids as Record<string, unknown>)[audience] : undefined;
  return { subject: text(form.subject), personaId: text(form.personaId), channels: texts(form.channels), audience, ids: texts(ids), message: text(form.message) };
}

/** Compose a broadcast: the audience resolved from the live records, its recipient count, and the message as a sample recipient reads it. */
export default function BroadcastRoute() {
  const { choices, personas, editId, values: loaded } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const previewed = answer && 'preview' in answer ? answer : undefined;
  const refused = answer && 'result' in answer ? answer : undefined;
  const [form] = useForm({ lastResult: refused?.result });
  const values: Values = previewed?.values ?? typedValues(refused?.result.initialValue) ?? loaded ?? { audience: 'ALL', ids: [], message: '', subject: '', personaId: '', channels: ['EMAIL', 'WEB_CHAT'] };
  // The contract's problems with the chosen records (`ids`, `ids[3]`) are shown once, under the audiences.
  const errors: Record<string, string[] | undefined> = { ...form.allErrors, ids: Object.entries(form.allErrors).filter(([name]) => /^ids\b/.test(name)).flatMap(([, m]) => m) };
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
      <FormNotice notice={refused?.notice} />
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
      {previewed ? (
        <section className="cas-chatbot-panel" aria-labelledby="preview-title">
          <h2 id="preview-title">Recipients</h2>
          {previewed.listNote ? <p>{previewed.listNote}</p> : null}
          <p role="status">
            {previewed.preview.recipients} {previewed.preview.recipients === 1 ? 'recipient' : 'recipients'} ({previewed.preview.withEmail} with an email address); {previewed.preview.optedOut} opted out and skipped.
          </p>
          {previewed.preview.sample && previewed.preview.preview ? (
            <>
              <h3>As {previewed.preview.sample.name} reads it</h3>
              <blockquote className="cas-chatbot-preview">{previewed.preview.preview}</blockquote>
            </>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteError;
