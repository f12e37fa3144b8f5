import { describe, expect, it } from 'vitest';
import { crudOperationNames } from './crud.js';
import { entityRegistry, resourceContracts } from './registry.js';
import { coreContract } from './core.js';
import { hrisContract } from './hris.js';
import { openApiDocument } from './openapi.js';

/** The resources spec §7 names as migration targets: each must be served. */
const SPEC_RESOURCES = [
  'academic-years', 'academic-departments', 'campuses', 'colleges', 'courses', 'enrolled-students', 'instructors',
  'rooms', 'semesters', 'subjects', 'students', 'sections', 'applications', 'modules', 'services', 'roles', 'users',
];

describe('entity registry and resource contracts', () => {
  it.each(SPEC_RESOURCES)('serves %s', (resource) => {
    expect(entityRegistry.byResource(resource)).toBeDefined();
    expect(Object.keys(resourceContracts[resource] ?? {})).toEqual(Object.values(crudOperationNames({ resource })));
  });

  it('gives every operation a distinct name', () => {
    const names = Object.values(resourceContracts).flatMap((c) => Object.keys(c));
    expect(new Set(names).size).toBe(names.length);
  });

  it('uses PUT /core/v1.0/{resource}/{id} for state changes', () => {
    const update = resourceContracts.sections?.updateSection;
    expect(update?.method).toBe('PUT');
    expect(update?.path).toBe('/core/v1.0/sections/:id');
  });
});

describe('OpenAPI document', () => {
  // The API documents the contract it mounts; here, the core, the HR create paths and the CRUD of every entity.
  const doc = openApiDocument({ core: coreContract, hris: hrisContract, ...resourceContracts });
  it('describes the core and every resource path', () => {
    expect(doc.paths['/core/v1.0/auth']).toBeDefined();
    expect(doc.paths['/core/v1.0/users/me']).toBeDefined();
    for (const resource of SPEC_RESOURCES) {
      expect(doc.paths[`/core/v1.0/${resource}`]).toBeDefined();
      expect(doc.paths[`/core/v1.0/${resource}/{id}`]).toBeDefined();
    }
  });

  it('publishes the HR create paths of spec §7', () => {
    expect(doc.paths['/core/v1.0/hris/create-employee']?.post?.operationId).toBe('hrisCreateEmployee');
    expect(doc.paths['/core/v1.0/hris/create-daily-time-record']?.post).toBeDefined();
  });

  it('names operations verb + noun', () => {
    expect(doc.paths['/core/v1.0/campuses']?.get?.operationId).toBe('listCampuses');
    expect(doc.paths['/core/v1.0/auth']?.post?.operationId).toBe('signIn');
  });
});

describe('modules of Campus Management', () => {
  it('places every CAMPUS entity in a module, and every HR entity in Human Resource Records', () => {
    const campus = entityRegistry.all.filter((e) => e.application === 'CAMPUS');
    expect(campus.filter((e) => !e.module).map((e) => e.resource)).toEqual([]);
    const hr = campus.filter((e) => e.consolePath.includes('/hr/'));
    expect(hr.length).toBeGreaterThan(10);
    expect(new Set(hr.map((e) => e.module))).toEqual(new Set(['HR_RECORDS']));
    expect(campus.filter((e) => !e.consolePath.includes('/hr/')).some((e) => e.module === 'HR_RECORDS')).toBe(false);
  });
});
