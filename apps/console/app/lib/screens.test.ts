import { describe, expect, it } from 'vitest';
import { applicationBySegment, applications, importerScreen } from '../areas/manifests';
import { screenAt, screensOf } from './screens.server';

/** The screens of spec §2 per area (console path segments). */
const SPEC_SCREENS: Record<string, string[]> = {
  'access-management': ['applications', 'modules', 'services', 'roles', 'users'],
  'campus-management': [
    'campuses', 'colleges', 'departments', 'courses', 'subjects', 'sections', 'instructors', 'students', 'rooms',
    'schedules', 'academic-years', 'semesters', 'announcements', 'profanity', 'calendar', 'academic-break',
    'student-evaluation', 'grade-release-date', 'syllabus', 'grace-period',
  ],
  'chatbot-management': ['responses', 'broadcast', 'schedules', 'personas', 'subscribers', 'logs', 'settings', 'alumni'],
  'support-management': ['categories', 'categoriesV2', 'teams', 'offices'],
  'frs-management': ['faces', 'device-locations'],
  migrations: ['templates', 'apis', 'databases', 'histories', 'api-connector', 'db-connector', 'uploader'],
  analytics: ['chatbot', 'support', 'tickets', 'audit-trails'],
  'batch-management': ['tabs/batch', 'tabs/batch-jobs', 'tabs/batch-view'],
};

describe('side menu lists every screen of spec §2 for the area', () => {
  it.each(Object.entries(SPEC_SCREENS))('%s', (segment, screens) => {
    const area = applicationBySegment(segment);
    expect(area).toBeDefined();
    const paths = screensOf(area!).map((s) => s.path);
    for (const screen of screens) expect(paths).toContain(`/app/${segment}/${screen}`);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('covers all eight applications', () => {
    expect(applications().map((a) => a.segment).sort()).toEqual(Object.keys(SPEC_SCREENS).sort());
  });

  it('shows courses as Programs and syllabus as Grading System', () => {
    const campus = screensOf(applicationBySegment('campus-management')!);
    expect(campus.find((s) => s.path.endsWith('/courses'))?.label).toBe('Programs');
    expect(campus.find((s) => s.path.endsWith('/syllabus'))?.label).toBe('Grading System');
  });

  it('finds the importing screen from the manifest that declares it, a screen of its area', () => {
    const importer = importerScreen();
    expect(importer).toEqual({ code: 'DATA', path: '/app/migrations/uploader' });
    expect(screenAt(importer?.path ?? '')).toBeDefined();
  });

  it('finds a screen by path and nothing for an unknown one', () => {
    expect(screenAt('/app/batch-management/tabs/batch-jobs')?.screen.label).toBe('Batch Jobs');
    expect(screenAt('/app/batch-management/nothing')).toBeUndefined();
    expect(screenAt('/app/unknown/x')).toBeUndefined();
  });
});

describe('the menu and the modules of an application', () => {
  const campus = applicationBySegment('campus-management')!;
  const paths = (user?: Parameters<typeof screensOf>[1]) => screensOf(campus, user).map((s) => s.path);

  it('leaves out the screens of modules the roles do not grant', () => {
    const registrar = { moduleGrants: { CAMPUS: ['ACADEMIC_STRUCTURE', 'CLASSES'] } };
    expect(paths(registrar)).toContain('/app/campus-management/campuses');
    expect(paths(registrar)).toContain('/app/campus-management/sections');
    expect(paths(registrar).some((p) => p.includes('/hr/'))).toBe(false);
    expect(paths(registrar)).not.toContain('/app/campus-management/announcements');
  });

  it('shows every screen to a user without roles in the application', () => {
    expect(paths({ moduleGrants: {} })).toEqual(paths());
    expect(paths({ moduleGrants: { REPORTS: ['AUDIT'] } }).some((p) => p.includes('/hr/'))).toBe(true);
  });

  it('shows the outbox to IAM administrators only', () => {
    const iam = applicationBySegment('access-management')!;
    expect(screensOf(iam, { iamAdmin: true }).map((s) => s.label)).toContain('Outbox');
    expect(screensOf(iam, { iamAdmin: false }).map((s) => s.label)).not.toContain('Outbox');
  });
});
