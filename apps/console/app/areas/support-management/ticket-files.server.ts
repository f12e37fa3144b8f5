import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_COUNT } from '@campus/api-contract';
import { parseIntakeForm, type IntakeField } from '@campus/domain-support';

/**
 * The files of a posted form, checked against the API's attachment limits. The API decides the limits again;
 * checking them here too gives the person the message before the upload travels on.
 */
export function attachmentsOf(form: FormData, field = 'attachments'): { files: File[]; error?: string } {
  const files = form.getAll(field).filter((v): v is File => typeof v === 'object' && v !== null && 'arrayBuffer' in v && v.size > 0);
  if (files.length > ATTACHMENT_MAX_COUNT) return { files: [], error: `At most ${ATTACHMENT_MAX_COUNT} files.` };
  if (files.some((file) => file.size > ATTACHMENT_MAX_BYTES)) return { files: [], error: `A file may be at most ${ATTACHMENT_MAX_BYTES / 1024} KiB.` };
  return { files };
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
