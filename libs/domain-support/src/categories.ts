/** How deep the categoriesV2 tree goes: office/service → category → sub-category. */
export const MAX_CATEGORY_DEPTH = 3;

/** The values a categoriesV2 node hands down to its children when they leave them unset. */
export const INHERITED_FIELDS = ['officeId', 'teamId', 'priority', 'slaPolicyId', 'intakeForm', 'cannedResponses', 'audience'] as const;
export type InheritedField = (typeof INHERITED_FIELDS)[number];

/** A node as the tree needs it: its id, parent and whatever it sets of the inherited fields. */
export interface CategoryNode {
  readonly _id: string;
  readonly parentId?: string | null;
  readonly [field: string]: unknown;
}

export interface ResolvedValue {
  readonly value: unknown;
  /** The node that set the value: the node itself or an ancestor; `null` when nobody did. */
  readonly from: string | null;
}

const isSet = (v: unknown) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);

/** The node's ancestors, nearest first (stops at a missing parent or a cycle). */
export function ancestorsOf(nodes: ReadonlyMap<string, CategoryNode>, id: string): CategoryNode[] {
  const out: CategoryNode[] = [];
  const seen = new Set([id]);
  let parentId = nodes.get(id)?.parentId;
  while (parentId && !seen.has(parentId)) {
    const parent = nodes.get(parentId);
    if (!parent) break;
    out.push(parent);
    seen.add(parentId);
    parentId = parent.parentId;
  }
  return out;
}

/** Depth of a node (a root is 1), as if its parent were `parentId`; `Infinity` when that would make a cycle. */
export function depthUnder(nodes: ReadonlyMap<string, CategoryNode>, id: string | null, parentId: string | null | undefined): number {
  let depth = 1;
  let cursor = parentId;
  const seen = new Set(id ? [id] : []);
  while (cursor) {
    if (seen.has(cursor)) return Infinity;
    seen.add(cursor);
    depth++;
    cursor = nodes.get(cursor)?.parentId;
  }
  return depth;
}

/** Every inherited field of a node with the value in force and the node it comes from. */
export function resolveCategory(nodes: ReadonlyMap<string, CategoryNode>, id: string): Record<InheritedField, ResolvedValue> {
  const node = nodes.get(id);
  const chain = node ? [node, ...ancestorsOf(nodes, id)] : [];
  const out = {} as Record<InheritedField, ResolvedValue>;
  for (const field of INHERITED_FIELDS) {
    const holder = chain.find((n) => isSet(n[field]));
    out[field] = { value: holder ? holder[field] : null, from: holder ? holder._id : null };
  }
  return out;
}
