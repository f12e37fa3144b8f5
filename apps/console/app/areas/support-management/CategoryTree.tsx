import { Link } from '@remix-run/react';
import { RowTable } from '@campus/ui';
import type { InheritedField } from '@campus/domain-support';

export interface CategoryTreeData {
  nodes: ({ _id: string; parentId?: string | null; name: string; code: string; sortOrder?: number | null } & { resolved: Record<string, { value: unknown; from: string | null }> })[];
  labels: Record<string, string>;
  unmappedV1: { _id: string; code: string; name: string }[];
}

const SHOWN: readonly { field: InheritedField; label: string }[] = [
  { field: 'officeId', label: 'Office' },
  { field: 'teamId', label: 'Default team' },
  { field: 'priority', label: 'Priority' },
  { field: 'slaPolicyId', label: 'SLA policy' },
  { field: 'audience', label: 'Audience' },
];

/**
 * The categoriesV2 tree above the list: each node's value in force, marked as its own or inherited (with the node it
 * comes from), and the v1 categories not yet mapped to a v2 category.
 */
export function CategoryTree({ data }: { readonly data: CategoryTreeData }) {
  const byParent = new Map<string | null, CategoryTreeData['nodes']>();
  for (const n of data.nodes) {
    const key = n.parentId ?? null;
    byParent.set(key, [...(byParent.get(key) ?? []), n].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || a.name.localeCompare(b.name)));
  }
  const rows: { node: CategoryTreeData['nodes'][number]; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const node of byParent.get(parent) ?? []) {
      rows.push({ node, depth });
      if (depth < 3) walk(node._id, depth + 1);
    }
  };
  walk(null, 0);
  const show = (value: unknown) =>
    Array.isArray(value) ? value.join(', ') || '—' : typeof value === 'string' ? (data.labels[value] ?? value) : value === null || value === undefined ? '—' : String(value);
  return (
    <section className="cas-panel" aria-labelledby="category-tree">
      <h2 id="category-tree" className="cas-panel-title">
        Tree and inherited values
      </h2>
      <RowTable
        caption="Categories with their values in force"
        isCaptionHidden
        hasRowHeader
        rows={rows}
        rowKey={({ node }) => node._id}
        emptyMessage="No categories yet."
        columns={[
          {
            key: 'category',
            header: 'Category',
            cell: ({ node, depth }) => (
              <span className="cas-category-node" style={{ paddingInlineStart: `${depth * 1.5}rem` }}>
                <Link to={`/app/support-management/categoriesV2/${node._id}/edit`}>{node.name}</Link>
              </span>
            ),
          },
          ...SHOWN.map(({ field, label }) => ({
            key: field,
            header: label,
            cell: ({ node }: (typeof rows)[number]) => {
              const r = node.resolved[field];
              const inherited = r && r.from && r.from !== node._id;
              return (
                <>
                  {show(r?.value)}
                  {inherited ? <small> (inherited from {data.labels[r.from!] ?? 'parent'})</small> : r?.from ? <small> (own)</small> : null}
                </>
              );
            },
          })),
        ]}
      />
      {data.unmappedV1.length ? (
        <p>
          Issue categories (v1) not mapped to a v2 category:{' '}
          {data.unmappedV1.map((c, i) => (
            <span key={c._id}>
              {i ? ', ' : ''}
              <Link to={`/app/support-management/categories/${c._id}/edit`}>{c.name}</Link>
            </span>
          ))}
        </p>
      ) : (
        <p>Every issue category (v1) maps to a v2 category.</p>
      )}
    </section>
  );
}
