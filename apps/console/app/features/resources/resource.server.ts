import { parseWithZod } from '@conform-to/zod';
import type { SubmissionResult } from '@conform-to/react';
import { data, redirect } from '@remix-run/node';
import { entityRegistry, type EntityRecord } from '@campus/api-contract';
import { canOpenApplication } from '@campus/domain-iam';
import {
  createSchemaOf,
  ruleProblems,
  updateSchemaOf,
  type AnyEntity,
  type FieldDescriptor,
} from '@campus/domain-core';
import {
  createDefaults,
  decodeEntityForm,
  encodeRecord,
  filterFieldsOf,
  formFieldsOf,
  missingRequired,
  NOTICES,
  failureNotice,
  readListState,
  SAVE_AND_ADD_INTENT,
  SET_STATE_INTENT,
  toApiQuery,
  NAMING_FIELDS,
  type ChoiceOption,
  type EntityRow,
  type FormMode,
  type FormValues,
  type ListState,
} from '@campus/ui';
import { z } from 'zod';
import { failureResponse } from '../../lib/api.server';
import { problemOf } from '../../lib/answers.server';
import { redirectWithNotice, type FlashNotice } from '../../lib/notice.server';
import { signedIn, type RequestContext } from '../../lib/request.server';
import { assertSameOrigin } from '../../lib/security.server';
import { choiceLabel, entityAt, movedScreen, screenPathOf } from './entities';
import { shortCache } from './short-cache.server';
import { overrideOf } from '../../areas';
import { importerScreen } from '../../areas/manifests';

type Params = Readonly<Record<string, string | undefined>>;
type Api = RequestContext['api'];

const notFound = () => data({ message: 'This page could not be found' }, { status: 404 });

/** The entity of `/app/{area}/{resource}`; an older address redirects permanently, anything else is a 404. */
export function entityOrThrow(args: { request: Request; params: Params }): AnyEntity {
  const { area, resource } = screenPathOf(args);
  const entity = entityAt(area, resource);
  if (entity) return entity;
  const moved = area && resource ? movedScreen(area, resource) : undefined;
  if (moved) throw redirect(moved, 301);
  throw notFound();
}

// ---------------------------------------------------------------------------------------------------------------
// Reference choices

/** Fields of `entity` that point to other records. */
function referenceFields(
  entity: AnyEntity,
  names: readonly string[],
): [string, FieldDescriptor & { resource: string; labelField: string }][] {
  return names.flatMap((name) => {
    const f = entity.fields[name];
    return f && (f.kind === 'reference' || f.kind === 'multi-reference')
      ? [[name, f] as [string, typeof f]]
      : [];
  });
}

/** The choices of one reference field: the first 100 records by label, plus any already chosen. */
async function choicesFor(
  api: Api,
  target: AnyEntity | undefined,
  resource: string,
  labelField: string,
  chosen: readonly string[],
  search?: string,
  q?: string,
): Promise<ChoiceOption[]> {
  if (!target) return [];
  const client = api.resource(resource);
  const sort = target.sortFields.includes(labelField) ? labelField : target.defaultSort;
  const page = await client.list({ limit: 100, sort, ...(search ? { search } : {}), ...(q ? { q } : {}) });
  const rows: EntityRecord[] = page.status === 200 ? page.body.rows : [];
  const missing = chosen
    .filter((id) => /^[0-9a-f-]{36}$/i.test(id) && !rows.some((r) => r._id === id))
    .slice(0, 20);
  const extra = await Promise.all(
    missing.map(async (id) => {
      const one = await client.get(id);
      return one.status === 200 ? [one.body.data] : [];
    }),
  );
  return [...rows, ...extra.flat()].map((row) => ({
    value: row._id,
    label: choiceLabel(target, row, labelField),
  }));
}

/**
 * Choices for the reference fields `names` of `entity`, keeping the chosen `values` available; with `q`, only the
 * referenced records the free-text search finds.
 */
export async function referenceChoices(
  api: Api,
  entity: AnyEntity,
  names: readonly string[],
  values: FormValues = {},
  q?: string,
): Promise<Record<string, ChoiceOption[]>> {
  const special = overrideOf(entity);
  const pairs = await Promise.all(
    referenceFields(entity, names).map(async ([name, f]) => {
      const raw = values[name];
      const chosen = (Array.isArray(raw) ? raw : raw ? [raw] : []).map(String);
      const search = special.referenceSearch?.(name, values);
      const target = entityRegistry.byResource(f.resource);
      return [name, await choicesFor(api, target, f.resource, f.labelField, chosen, search, q)] as const;
    }),
  );
  return Object.fromEntries(pairs);
}

// ---------------------------------------------------------------------------------------------------------------
// List

export interface ListData {
  resource: string;
  rows: EntityRow[];
  count: number;
  /** `count` is the API's estimate of a large unfiltered list. */
  isEstimate: boolean;
  state: ListState;
  search: string;
  filterChoices: Record<string, ChoiceOption[]>;
  /** The importing screen with this entity chosen, for an entity with an import template and a user who may import. */
  importHref: string | null;
}

/** A list's filter choices may be up to 30 s old: they change rarely and every list page needs them. */
const filterChoiceCache = shortCache<Record<string, ChoiceOption[]>>(30_000);

/** The importing screen with `entity` chosen, when it has an import template and `user` may open the importer. */
function importHrefFor(entity: AnyEntity, user: RequestContext['user']): string | null {
  const importer = entity.template ? importerScreen() : undefined;
  return importer && canOpenApplication(user, importer.code) ? `${importer.path}?resource=${encodeURIComponent(entity.resource)}` : null;
}

/** The list screen: authorize, read the list state from the URL, ask the API for one page (and the filters' choices). */
export async function loadList(request: Request, entity: AnyEntity): Promise<ListData> {
  const { user, token, api } = await signedIn(request);
  const url = new URL(request.url);
  const state = readListState(entity, url.searchParams);
  const choicesKey = `${token}|${entity.resource}|${JSON.stringify(state.filters)}`;
  const [page, filterChoices] = await Promise.all([
    api.resource(entity.resource).list(toApiQuery(state)),
    filterChoiceCache(choicesKey, () => referenceChoices(api, entity, filterFieldsOf(entity), state.filters)),
  ]);
  if (page.status !== 200) throw failureResponse(page.status, page.body);
  return {
    resource: entity.resource,
    rows: page.body.rows.map((row) => listedPart(entity, row)),
    count: page.body.count,
    isEstimate: page.body.estimated === true,
    state,
    search: url.search,
    filterChoices,
    importHref: importHrefFor(entity, user),
  };
}

/**
 * What the list screen shows of a record: its columns, state, name and labels. The page carries its data to the
 * browser for hydration, so a record's other fields (addresses, birth dates…) stay out of the page.
 */
export function listedPart(entity: AnyEntity, row: EntityRecord): EntityRow {
  const keep = new Set([...entity.listColumns, entity.state.kind, entity.displayField, ...NAMING_FIELDS]);
  const part: Record<string, unknown> = { _id: row._id };
  for (const name of keep) if (name in row) part[name] = row[name];
  if (row._labels) {
    const labels: Record<string, string> = {};
    for (const name of entity.listColumns) if (row._labels[name] !== undefined) labels[name] = row._labels[name];
    part._labels = labels;
  }
  return part as EntityRow;
}

/** A return address inside the entity's own area (e.g. a record's page that links to it), else its list. */
export function returnPath(entity: AnyEntity, value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  const area = entity.consolePath.split('/').slice(0, 3).join('/'); // /app/{segment}
  const isOwn =
    text === entity.consolePath ||
    text.startsWith(`${entity.consolePath}?`) ||
    text.startsWith(`${area}/`);
  return isOwn && !text.includes('//') ? text : entity.consolePath;
}

/**
 * The spec's state change: `PUT /core/v1.0/{resource}/{id}` with `{ isActive | status, modifiedById }`. On failure
 * the page shows `Error` with the server's message.
 */
export async function changeState(request: Request, entity: AnyEntity, form: FormData): Promise<Response> {
  const { user, api } = await signedIn(request);
  const back = returnPath(entity, form.get('returnTo'));
  const id = String(form.get('id') ?? '');
  const field = entity.state.kind;
  const raw = String(form.get(field) ?? '');
  const value = field === 'isActive' ? raw === 'true' : raw;
  const result = await api.resource(entity.resource).update(id, { [field]: value, modifiedById: user._id });
  if (result.status === 200) return redirectWithNotice(request, back, { ...NOTICES.updated });
  const { message } = problemOf(result.body);
  return redirectWithNotice(request, back, {
    tone: 'error',
    title: 'Error',
    description: message || failureNotice().description,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Create and edit

export interface ResourceFormData {
  resource: string;
  mode: FormMode;
  record: EntityRecord | null;
  values: FormValues;
  choices: Record<string, ChoiceOption[]>;
  readOnlyFields: string[];
  returnTo: string;
}

/** Fields the signed-in user may not change on this entity (e.g. `iamAdmin` unless they are an iamAdmin). */
function lockedFields(entity: AnyEntity, { user }: RequestContext): string[] {
  return overrideOf(entity).lockedFields?.(user) ?? [];
}

async function recordOrThrow(api: Api, entity: AnyEntity, id: string | undefined): Promise<EntityRecord> {
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
  const result = await api.resource(entity.resource).get(id);
  if (result.status === 404 || result.status === 400) throw notFound();
  if (result.status !== 200) throw failureResponse(result.status, result.body);
  return result.body.data;
}

/** The create or edit screen: authorize, read the record (edit), gather reference choices, return. */
export async function loadForm(
  request: Request,
  entity: AnyEntity,
  mode: FormMode,
  id?: string,
): Promise<ResourceFormData> {
  const context = await signedIn(request);
  const { api } = context;
  const record = mode === 'update' ? await recordOrThrow(api, entity, id) : null;
  const url = new URL(request.url);
  const values = record
    ? encodeRecord(entity, record)
    : { ...createDefaults(entity), ...prefillOf(entity, url.searchParams) };
  const choices = await referenceChoices(api, entity, Object.keys(entity.fields), values);
  return {
    resource: entity.resource,
    mode,
    record,
    values,
    choices,
    readOnlyFields: lockedFields(entity, context),
    returnTo: returnPath(entity, url.searchParams.get('returnTo')),
  };
}

/** Values a create link may preset (`?campusId=…`), limited to the entity's reference and coded fields. */
function prefillOf(entity: AnyEntity, params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, f] of Object.entries(entity.fields)) {
    const v = params.get(name);
    if (v && (f.kind === 'reference' || f.kind === 'enum')) out[name] = v;
  }
  return out;
}

export interface FormRejection {
  result: SubmissionResult<string[]>;
  notice: FlashNotice;
  choices: Record<string, ChoiceOption[]>;
}

function schemaFor(entity: AnyEntity, mode: FormMode, omit: readonly string[]) {
  const target = mode === 'create' ? createSchemaOf(entity) : updateSchemaOf(entity);
  const decode = (raw: unknown) => decodeEntityForm(entity, (raw ?? {}) as FormValues, mode, { omit });
  return z.preprocess(decode, target);
}

const validationNotice = (description: string): FlashNotice => ({
  tone: 'error',
  title: NOTICES.validation.title,
  description,
});

/**
 * Saves a create or edit form: authorize, parse (Conform + the descriptor's zod schema), check required fields
 * and uniqueness, call the API, then redirect with `Success!` — or answer the form with what was typed, each
 * field's problem and the spec's notice.
 */
export async function saveForm(
  request: Request,
  entity: AnyEntity,
  mode: FormMode,
  id?: string,
): Promise<Response | ReturnType<typeof data<FormRejection>>> {
  assertSameOrigin(request);
  const context = await signedIn(request);
  const { user, api } = context;
  const form = await request.formData();
  if (form.get('intent') === SET_STATE_INTENT) return changeState(request, entity, form);
  const omit = lockedFields(entity, context);
  const submission = parseWithZod(form, { schema: schemaFor(entity, mode, omit), disableAutoCoercion: true });
  const payload = (submission.payload ?? {}) as FormValues;
  const hideFields = Object.entries(entity.fields)
    .filter(([, f]) => f.kind === 'password')
    .map(([n]) => n);
  const reject = async (notice: FlashNotice, fieldErrors: Record<string, string[]> = {}, status = 400) =>
    data<FormRejection>(
      {
        result: submission.reply({ fieldErrors, hideFields }),
        notice,
        choices: await referenceChoices(api, entity, Object.keys(entity.fields), payload),
      },
      { status },
    );

  const missing = missingRequired(entity, payload, mode);
  if (missing.length > 0) {
    return reject(
      validationNotice(NOTICES.validation.description),
      Object.fromEntries(missing.map((n) => [n, ['Required']])),
    );
  }
  if (submission.status !== 'success') {
    const errors = Object.fromEntries(
      Object.entries(submission.error ?? {}).flatMap(([k, v]) => (v ? [[k || '', v]] : [])),
    );
    const first = Object.values(errors)[0]?.[0] ?? NOTICES.validation.description;
    return reject(validationNotice(first), errors);
  }
  const input: Record<string, unknown> = {
    ...(submission.value as Record<string, unknown>),
    modifiedById: user._id,
  };
  // An edit posts the whole form, so the descriptor's cross-field rules (e.g. weights summing to 100) are shown
  // before the round trip; uniqueness and every other rule are the API's, answered as field errors below. A rule
  // about fields the edit form does not hold (create-only ones) is the API's too: it knows the stored values.
  const onForm = new Set(formFieldsOf(entity, 'update').map(([name]) => name));
  const problems = mode === 'update' ? ruleProblems(entity, input).filter((p) => onForm.has(p.field)) : [];
  if (problems.length > 0) {
    const errors: Record<string, string[]> = {};
    for (const p of problems) (errors[p.field] ??= []).push(p.message);
    return reject(validationNotice(problems[0]?.message ?? NOTICES.validation.description), errors);
  }

  const client = api.resource(entity.resource);
  const result = mode === 'create' ? await client.create(input) : await client.update(id ?? '', input);
  if (result.status === 200 || result.status === 201) {
    const back = returnPath(entity, form.get('returnTo'));
    // "Save and add another": the notice shows on a fresh create form that still returns to the same list.
    const next =
      mode === 'create' && form.get('intent') === SAVE_AND_ADD_INTENT
        ? `${entity.consolePath}/new${back === entity.consolePath ? '' : `?${new URLSearchParams({ returnTo: back })}`}`
        : back;
    return redirectWithNotice(request, next, { ...(mode === 'create' ? NOTICES.created : NOTICES.updated) });
  }
  const { message, fieldErrors } = problemOf(result.body);
  // Uniqueness (spec §5: 'Code is existing in {name}.'): the API names the field in its field errors.
  if (result.status === 409) return reject(validationNotice(message), fieldErrors, 409);
  if (result.status === 400)
    return reject(validationNotice(message || NOTICES.validation.description), fieldErrors);
  if (result.status === 404) throw notFound();
  return reject(failureNotice(message), fieldErrors, result.status);
}

export { overrideOf };
