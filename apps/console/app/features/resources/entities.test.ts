import { describe, expect, it } from 'vitest';
import { entityRegistry } from '@campus/api-contract';
import { choiceLabel, entityAt, movedScreen } from './entities';
import { overrideOf as specialOf } from '../../areas';

describe('screens and their entities', () => {
  it.each([
    ['campus-management', 'courses', 'courses'],
    ['campus-management', 'departments', 'academic-departments'],
    ['campus-management', 'syllabus', 'grading-systems'],
    ['access-management', 'users', 'users'],
  ])('/app/%s/%s lists %s', (area, segment, resource) => {
    expect(entityAt(area, segment)?.resource).toBe(resource);
  });

  it.each([
    ['semester', '/app/campus-management/semesters'],
    ['academic-break-old', '/app/campus-management/academic-break'],
    ['academic-years-old', '/app/campus-management/academic-years'],
    ['instructors-old', '/app/campus-management/instructors'],
    ['rooms-old', '/app/campus-management/rooms'],
    ['schedules-old', '/app/campus-management/schedules'],
    ['sections-old', '/app/campus-management/sections'],
    ['students-old', '/app/campus-management/students'],
    ['subjects-old', '/app/campus-management/subjects'],
    ['campuses-old', undefined],
    ['rooms', undefined],
  ])('%s has moved to %s', (segment, target) => {
    expect(movedScreen('campus-management', segment)).toBe(target);
  });
});

describe('choice labels', () => {
  const campuses = entityRegistry.byResource('campuses');
  const instructors = entityRegistry.byResource('instructors');
  it.each([
    [campuses, { _id: '1', code: 'MAIN', name: 'Main Campus' }, 'name', 'MAIN · Main Campus'],
    [
      instructors,
      { _id: '2', employeeNumber: 'EMP-1', firstName: 'Jose', lastName: 'Rizal' },
      'lastName',
      'EMP-1 · Rizal, Jose',
    ],
    [undefined, { _id: '3' }, 'name', '3'],
  ])('names a choice %#', (entity, row, labelField, expected) => {
    expect(choiceLabel(entity, row, labelField)).toBe(expected);
  });
});

describe('what some entities add', () => {
  it('lets only an IAM administrator change iamAdmin', () => {
    const users = entityRegistry.byResource('users')!;
    expect(specialOf(users).lockedFields?.({ iamAdmin: false })).toEqual(['iamAdmin']);
    expect(specialOf(users).lockedFields?.({ iamAdmin: true })).toEqual([]);
  });

  it.each([
    [{ applicationCode: 'CAMPUS' }, 'applicationCode:CAMPUS'],
    [{ applicationCode: ['IAM'] }, 'applicationCode:IAM'],
    [{}, undefined],
    [{ applicationCode: 'x,isActive:true' }, undefined],
  ])('offers a role the modules of its application (%j)', (values, search) => {
    const roles = entityRegistry.byResource('roles')!;
    expect(specialOf(roles).referenceSearch?.('moduleIds', values)).toBe(search);
  });
});
