import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_COUNT } from '@campus/api-contract';
import { parseIntakeForm, type IntakeField } from '@campus/domain-support';

export interface AttachmentInput {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/**
 * The files of a posted form as the API's attachments. The API decides the limits again; checking them here too
 * gives the person the message before the upload travels on.
 */
export async function attachmentsOf(form: FormData, field = 'attachments'): Promise<{ files: AttachmentInput[]; error?: string }> {
  const files = form.getAll(field).filter((v): v is File => typeof v === 'object' && v !== null && 'arrayBuffer' in v && v.size > 0);
  if (files.length > ATTACHMENT_MAX_COUNT) return { files: [], error: `At most ${ATTACHMENT_MAX_COUNT} files.` };
  const out: AttachmentInput[] = [];
  for (const file of files) {
    if (file.size > ATTACHMENT_MAX_BYTES) return { files: [], error: `A file may be at most ${ATTACHMENT_MAX_BYTES / 1024} KiB.` };
    out.push({ filename: file.name, contentType: file.type || 'application/octet-stream', contentBase64: Buffer.from(await file.arrayBuffer()).toString('base64') });
  }
  return { files: out };
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
