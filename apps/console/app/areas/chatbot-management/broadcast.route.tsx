import { useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useFetcher, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { AUDIENCE_LIST_MAX, chatbotContract, type AudiencePreview, type Broadcast } from '@campus/api-contract';
import { BROADCAST_MESSAGE_MAX, BroadcastInputSchema, broadcastAudienceOptions, broadcastChannelOptions, SUBJECT_MAX } from '@campus/domain-chatbot';
import { formatCount, TEMPLATE_PLACEHOLDERS } from '@campus/formatters';
import { Button, Checkbox, FileDrop, FormField, NOTICES, Select, TextField, useIsHydrated } from '@campus/ui';
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

/** Where each narrowed audience takes its choices from, the field that names a choice, and its picker's label. */
const CHOICES = {
  CAMPUS: { resource: 'campuses', label: (r: Record<string, unknown>) => String(r.name), picker: 'Campuses' },
  DEPARTMENTS: { resource: 'hr-departments', label: (r: Record<string, unknown>) => String(r.name), picker: 'Departments' },
  DESIGNATIONS: { resource: 'designations', label: (r: Record<string, unknown>) => String(r.name), picker: 'Designations' },
  CUSTOM: {
    resource: 'chatbot-subscribers',
    label: (r: Record<string, unknown>) => `${String(r.lastName)}, ${String(r.firstName)}${r.email ? ` <${String(r.email)}>` : ''}`,
    picker: 'Subscribers',
  },
} as const;
type NarrowedAudience = keyof typeof CHOICES;
const isNarrowed = (audience: string): audience is NarrowedAudience => audience in CHOICES;
const AUDIENCES: readonly string[] = broadcastAudienceOptions.map((o) => o.value);

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

/**
 * The composer's values carried in the address: without JavaScript, choosing the audience first is a GET of the form
 * (`?audience=…` with what was typed so far), which opens the form again with that audience's picker.
 */
function queryValues(params: URLSearchParams): Values | null {
  const audience = params.get('audience') ?? '';
  if (!AUDIENCES.includes(audience)) return null;
  return {
    audience,
    ids: params.getAll(`ids.${audience}`),
    message: params.get('message') ?? '',
    subject: params.get('subject') ?? '',
    personaId: params.get('personaId') ?? '',
    channels: params.has('subject') ? params.getAll('channels') : ['EMAIL', 'WEB_CHAT'],
  };
}

/** `?edit=<id>` opens a broadcast that has not sent yet; otherwise a new one (`?audience=` chooses its audience). */
export async function loader({ request }: LoaderFunctionArgs) {
  const api = (await signedIn(request)).client(chatbotContract);
  const params = new URL(request.url).searchParams;
  const editId = params.get('edit');
  const [entries, personas, editing] = await Promise.all([
    Promise.all(Object.entries(CHOICES).map(async ([code, c]) => [code, await choicesOf(request, c.resource, c.label)] as const)),
    choicesOf(request, 'chatbot-personas', (r) => String(r.name)),
    editId ? api.getChatbotBroadcast({ params: { id: editId } }) : Promise.resolve(null),
  ]);
  const b: Broadcast | null = editing ? answerOf(editing, 200).data : null;
  const saved: Values | null = b ? { audience: b.audience, ids: b.ids, message: b.message, subject: b.subject, personaId: b.personaId ?? '', channels: b.channels } : null;
  const values = queryValues(params) ?? saved;
  return { choices: Object.fromEntries(entries) as Record<NarrowedAudience, Choice[]>, personas, editId: b ? b._id : null, values };
}

/** Previewing the recipients (the live count, or the button) changes nothing: the choices need not load again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get('intent') === 'preview' ? false : defaultShouldRevalidate;

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

/** The live recipient count, as the composer's audience stands now (with JavaScript). */
function LiveCount({ preview, isLoading }: { preview: AudiencePreview | null; isLoading: boolean }) {
  return (
    <p className="cas-broadcast__count" aria-live="polite" aria-busy={isLoading || undefined} data-testid="live-count">
      {preview ? (
        <>
          <strong>{formatCount(preview.recipients)}</strong> {preview.recipients === 1 ? 'recipient' : 'recipients'} now · {formatCount(preview.withEmail)} with an email address ·{' '}
          {formatCount(preview.optedOut)} opted out
        </>
      ) : isLoading ? (
        'Counting the recipients…'
      ) : (
        'Choose who receives it to count the recipients.'
      )}
    </p>
  );
}

/**
 * Compose a broadcast, the audience first: its type, then only that type's picker (without JavaScript, "Choose"
 * opens the form again for it), with a live count of the recipients; then the message; then the preview of the
 * recipients and the message as a sample recipient reads it.
 */
export default function BroadcastRoute() {
  const { choices, personas, editId, values: loaded } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const previewed = answer && 'preview' in answer ? answer : undefined;
  const refused = answer && 'result' in answer ? answer : undefined;
  const [form] = useForm({ lastResult: refused?.result });
  const values: Values = previewed?.values ?? typedValues(refused?.result.initialValue) ?? loaded ?? { audience: 'ALL', ids: [], message: '', subject: '', personaId: '', channels: ['EMAIL', 'WEB_CHAT'] };
  const isHydrated = useIsHydrated();
  const [audience, setAudience] = useState(values.audience);
  useEffect(() => setAudience(values.audience), [values.audience]);
  const counter = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The live count: the audience as the form holds it, previewed a moment after it last changed.
  const count = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const element = formRef.current;
      if (!element) return;
      const data = new FormData(element);
      data.delete('audienceList');
      data.set('intent', 'preview');
      // The count does not need the message: a message still being typed (an unknown placeholder) must not stop it.
      data.set('message', '');
      counter.submit(data, { method: 'post', encType: 'multipart/form-data' });
    }, 300);
  };
  useEffect(() => {
    count();
    return () => clearTimeout(timer.current);
    // Counted when the page opens or an action changed the audience (alumni, a list), and whenever the audience
    // or its chosen records change (the handlers below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [previewed]);
  const live = counter.data && 'preview' in counter.data ? counter.data.preview : (previewed?.preview ?? null);
  // The contract's problems with the chosen records (`ids`, `ids[3]`) are shown once, under the picker.
  const errors: Record<string, string[] | undefined> = { ...form.allErrors, ids: Object.entries(form.allErrors).filter(([name]) => /^ids\b/.test(name)).flatMap(([, m]) => m) };
  const errorOf = (name: string) => errors[name]?.[0];
  const picker = isNarrowed(audience) ? CHOICES[audience] : null;
  return (
    <>
      <div className="cas-broadcast-head">
        <h1 className="cas-page-title">Broadcast</h1>
        <a href={BROADCASTS_PATH}>All broadcasts</a>
      </div>
      <FormNotice notice={refused?.notice} />
      <Form ref={formRef} method="post" encType="multipart/form-data" className="cas-broadcast" aria-label="Compose a broadcast">
        {editId ? (
          <>
            <input type="hidden" name="editId" value={editId} />
            <input type="hidden" name="edit" value={editId} />
          </>
        ) : null}
        <section className="cas-broadcast__step" aria-labelledby="audience-step">
          <h2 id="audience-step">1. Who receives it</h2>
          <div className="cas-broadcast__row">
            <Select
              key={`audience-${values.audience}`}
              label="Audience"
              name="audience"
              isRequired
              defaultValue={values.audience}
              options={broadcastAudienceOptions}
              onChange={(next) => {
                setAudience(next);
                count();
              }}
            />
            {isHydrated ? null : (
              <Button type="submit" variant="secondary" formMethod="get" formNoValidate>
                Choose
              </Button>
            )}
          </div>
          {picker && isNarrowed(audience) ? (
            <FormField
              key={`${audience}-${audience === values.audience ? values.ids.join() : ''}`}
              id="ids"
              label={picker.picker}
              isRequired
              description="Hold Ctrl (⌘ on a Mac) to choose several."
              error={errorOf('ids')}
            >
              {(control) => (
                <select
                  {...control}
                  className="cas-select cas-broadcast__picker"
                  name={`ids.${audience}`}
                  multiple
                  size={Math.min(8, Math.max(4, choices[audience].length))}
                  defaultValue={audience === values.audience ? values.ids : []}
                  onChange={count}
                >
                  {choices[audience].map((c) => (
                    <option key={c._id} value={c._id}>
                      {c.label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          ) : errorOf('ids') ? (
            <p id="ids-error" className="cas-field__error">
              {errorOf('ids')}
            </p>
          ) : null}
          {isHydrated ? <LiveCount preview={live} isLoading={counter.state !== 'idle'} /> : null}
          <div className="cas-broadcast__row">
            <Button type="submit" name="intent" value="alumni" variant="secondary" formNoValidate>
              Add the alumni who consented
            </Button>
          </div>
          <div className="cas-broadcast__row">
            <FileDrop label="Upload a list of email addresses (CSV or text, up to 1 MB)" name="audienceList" accept=".csv,.txt,text/csv,text/plain" error={errorOf('audienceList')} />
            <Button type="submit" name="intent" value="list" variant="secondary" formNoValidate>
              Add the subscribers of the list
            </Button>
          </div>
        </section>
        <section className="cas-broadcast__step" aria-labelledby="message-step">
          <h2 id="message-step">2. What it says</h2>
          <TextField label="Subject" name="subject" isRequired maxLength={SUBJECT_MAX} defaultValue={values.subject} error={errorOf('subject')} />
          <Select label="Persona" name="personaId" defaultValue={values.personaId} placeholder="The default persona" options={personas.map((p) => ({ value: p._id, label: p.label }))} error={errorOf('personaId')} />
          <fieldset className="cas-broadcast__channels" aria-describedby={errorOf('channels') ? 'channels-error' : undefined}>
            <legend>
              Channels <span aria-hidden="true">*</span>
            </legend>
            {broadcastChannelOptions.map((o) => (
              <Checkbox key={o.value} name="channels" value={o.value} defaultSelected={values.channels.includes(o.value)}>
                {o.label}
              </Checkbox>
            ))}
            {errorOf('channels') ? (
              <span id="channels-error" className="cas-field__error">
                {errorOf('channels')}
              </span>
            ) : null}
          </fieldset>
          <FormField id="message" label="Message" description={`Placeholders: ${TEMPLATE_PLACEHOLDERS.map((p) => p.token).join(', ')}.`} error={errorOf('message')}>
            {(control) => <textarea {...control} className="cas-input" name="message" rows={5} maxLength={BROADCAST_MESSAGE_MAX} defaultValue={values.message} />}
          </FormField>
        </section>
        <div className="cas-broadcast__actions">
          <Button type="submit" name="intent" value="preview" variant="secondary" formNoValidate>
            Preview recipients
          </Button>
          <Button type="submit" name="intent" value="save">
            Save draft
          </Button>
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
