import { describe, expect, it } from 'vitest';
import { registerApplications, type AnyEntity } from '@campus/domain-core';
import { entityRegistry } from './registry.js';

// The launcher of spec §1 (an account's admin-scope choices): the apps register theirs from their area folders.
registerApplications(
  (
    [
      ['IAM', 'Identity and Access Management', 'access-management'],
      ['CAMPUS', 'Campus Management', 'campus-management'],
      ['CHATBOT', 'Campus Chatbot Management', 'chatbot-management'],
      ['SUPPORT', 'Customer Support Management', 'support-management'],
      ['FRS', 'Facial Recognition Management', 'frs-management'],
      ['DATA', 'Data Migration Management', 'migrations'],
      ['REPORTS', 'Analytics and Reports', 'analytics'],
      ['BATCH', 'Batch Management', 'batch-management'],
    ] as const
  ).map(([code, name, segment], i) => ({ code, name, segment, description: name, order: i + 1 })),
);

/**
 * Every entity descriptor as plain data: its fields in order with every property, its lists, uniqueness, state,
 * template, the number of its rules and a sample record. The descriptors generate the database schema, the forms and
 * the API's validation, so a change to how they are written must leave this unchanged.
 */
function plain(entity: AnyEntity): unknown {
  const { rules, sample, state, ...rest } = entity;
  return JSON.parse(
    JSON.stringify(
      {
        ...rest,
        state: state.kind === 'status' ? { kind: 'status', lifecycle: state.lifecycle } : state,
        rules: rules?.length ?? 0,
        sample: sample('snap'),
      },
      (_key, value: unknown) => (value instanceof RegExp ? `/${value.source}/${value.flags}` : value),
    ),
  );
}

describe('entity descriptors', () => {
  it('describe every entity as before', () => {
    expect(entityRegistry.all.map(plain)).toMatchSnapshot();
  });

  it('keep each entity’s fields in their order', () => {
    expect(Object.fromEntries(entityRegistry.all.map((e) => [e.resource, Object.keys(e.fields)]))).toMatchSnapshot();
  });
});
