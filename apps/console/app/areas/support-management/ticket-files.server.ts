import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_COUNT } from '@campus/api-contract';
import { parseIntakeForm, type IntakeField } from '@campus/domain-support';
import { z } from 'zod';

const isFile = (value: unknown): value is File => typeof value === 'object' && value !== null && 'arrayBuffer' in value && 'size' in value;

/**
 * The `attachments` of a ticket form, checked against the API's attachment limits: the files chosen (an empty file
 * input sends one nameless empty part, which is no file). The API decides the limits again; checking them here too
 * gives the person the message before the upload travels on.
 */
export const AttachmentsSchema = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(z.unknown())
    .transform((values) => values.filter(isFile).filter((file) => file.size > 0))
    .refine((files) => files.length <= ATTACHMENT_MAX_COUNT, `At most ${ATTACHMENT_MAX_COUNT} files.`)
    .refine((files) => files.every((file) => file.size <= ATTACHMENT_MAX_BYTES), `A file may be at most ${ATTACHMENT_MAX_BYTES / 1024} KiB.`),
);

/** The answers to a category's intake fields (`customFields.<key>`) without those left empty: an empty field is no answer. */
function givenAnswers(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const given = Object.entries(value).filter(([, answer]) => !(typeof answer === 'string' && answer.trim() === ''));
  return given.length ? Object.fromEntries(given) : undefined;
}

/**
 * A ticket form (new ticket, the public form): its files under `attachments`, checked first against the attachment
 * limits, then its other fields — the intake answers given — checked by the contract's schema `fields`, as the API
 * checks the same form.
 */
export function ticketFormSchema<T extends z.ZodTypeAny>(fields: T) {
  return z
    .object({ attachments: AttachmentsSchema })
    .passthrough()
    .transform((form, context): z.output<T> & { attachments: File[] } => {
      const { attachments, customFields, ...rest } = form;
      const answers = givenAnswers(customFields);
      const parsed = fields.safeParse(answers === undefined ? rest : { ...rest, customFields: answers });
      if (parsed.success) return { ...(parsed.data as z.output<T>), attachments };
      for (const issue of parsed.error.issues) context.addIssue({ ...issue, code: 'custom' });
      return z.NEVER;
    });
}

type FieldValue = string | number | undefined;

/**
 * A ticket form for the API as `multipart/form-data`: the text fields (a group such as the intake answers as
 * `customFields.<name>`; an undefined value left out) and the files as `attachments`.
 */
export function ticketFormBody(fields: Record<string, FieldValue | Record<string, FieldValue>>, files: readonly File[]): FormData {
  const body = new FormData();
  const append = (name: string, value: FieldValue) => {
    if (value !== undefined) body.append(name, String(value));
  };
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'object') for (const [key, inner] of Object.entries(value)) append(`${name}.${key}`, inner);
    else append(name, value);
  }
  for (const file of files) body.append('attachments', file, file.name);
  return body;
}

export interface TreeNode {
  _id: string;
  name: unknown;
  parentId?: unknown;
  isActive?: unknown;
  resolved?: { intakeForm?: { value?: unknown } };
}

/** Categories a ticket can be filed under: the leaves of the tree, named by their path, with their intake fields. */
export function leafCategories(nodes: TreeNode[]): { value: string; label: string; intakeFields: IntakeField[] }[] {
  const byId = new Map(nodes.map((n) => [n._id, n]));
  const parents = new Set(nodes.map((n) => n.parentId).filter(Boolean));
  const path = (id: string): string => {
    const node = byId.get(id);
    if (!node) return '';
    const parent = typeof node.parentId === 'string' ? path(node.parentId) : '';
    return parent ? `${parent} › ${String(node.name)}` : String(node.name);
  };
  return nodes
    .filter((n) => !parents.has(n._id) && n.isActive !== false)
    .map((n) => ({
      value: n._id,
      label: path(n._id),
      intakeFields: parseIntakeForm(typeof n.resolved?.intakeForm?.value === 'string' ? n.resolved.intakeForm.value : null).fields,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
