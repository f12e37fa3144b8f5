import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createRegistry, defineEntity, field } from '@campus/domain-core';
import { rows } from '../platform/db/client.js';
import { freshDatabase } from '../test/harness.js';
import { buildModel } from './model.js';

/** An entity with `count` text fields, `f0` … `f{count-1}`. */
function wideEntity(count: number) {
  const fields = Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, field.text(`Field ${i}`)]));
  return defineEntity({
    resource: `wide-${count}`,
    label: 'Wide',
    pluralLabel: 'Wides',
    application: 'CAMPUS',
    consolePath: `/app/campus-management/wide-${count}`,
    fields,
    listColumns: ['f0'],
    searchFields: ['f0'],
    sortFields: ['f0'],
    filterFields: [],
    defaultSort: 'f0',
    unique: [],
    displayField: 'f0',
    state: { kind: 'isActive' },
    sample: () => ({}),
  });
}

const database = await freshDatabase();

describe('the JSON text of a list record', () => {
  it.each([[3], [40], [150]])('is compact JSON of every field, for an entity of %i fields', async (count) => {
    const entity = wideEntity(count);
    const model = buildModel(entity, createRegistry([entity]));
    const values = Array.from({ length: count }, (_, i) => (i % 3 === 0 ? `null::text as f${i}` : `'v"${i}\\\\' as f${i}`));
    const [row] = await rows<{ json: string }>(
      database.db,
      sql.raw(`select ${model.recordJsonText} as json from (select '5f0c6c1e-8f6e-4a55-9f43-1a2b3c4d5e6f'::uuid as id,
                 '2026-11-23 08:00:00+00'::timestamptz as created_at, '2026-11-23 08:00:00+00'::timestamptz as updated_at,
                 null::uuid as modified_by_id, true as is_active, ${values.join(', ')}) t ${model.listJoinsText}`),
    );
    const record = JSON.parse(row!.json) as Record<string, unknown>;
    expect(JSON.stringify(record)).toBe(row!.json);
    expect(record).toMatchObject({ _id: '5f0c6c1e-8f6e-4a55-9f43-1a2b3c4d5e6f', createdAt: '2026-11-23T08:00:00.000Z', isActive: true });
    for (let i = 0; i < count; i += 1) expect(record[`f${i}`]).toBe(i % 3 === 0 ? null : `v"${i}\\\\`);
  });
});
