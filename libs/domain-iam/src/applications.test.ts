import { describe, expect, it } from 'vitest';
import { SPEC_APPLICATIONS } from './launcher.fixture.js';
import {
  applications,
  applicationByCode,
  applicationCodeOptions,
  applicationForPath,
  applicationPath,
  pathSegments,
} from './index.js';

describe('launcher applications', () => {
  it.each([
    ['IAM', 'Identity and Access Management', 'access-management'],
    ['CAMPUS', 'Campus Management', 'campus-management'],
    ['CHATBOT', 'Campus Chatbot Management', 'chatbot-management'],
    ['SUPPORT', 'Customer Support Management', 'support-management'],
    ['FRS', 'Facial Recognition Management', 'frs-management'],
    ['DATA', 'Data Migration Management', 'migrations'],
    ['REPORTS', 'Analytics and Reports', 'analytics'],
    ['BATCH', 'Batch Management', 'batch-management'],
  ] as const)('names %s as "%s" under /app/%s', (code, name, segment) => {
    expect(applicationByCode(code)).toMatchObject({ code, name, segment });
    expect(applicationByCode(code)!.description.length).toBeGreaterThan(10);
    expect(applicationPath(code)).toBe(`/app/${segment}`);
  });

  it('lists the registered applications in launcher order, as coded values too', () => {
    const codes = SPEC_APPLICATIONS.map((a) => a.code);
    expect(applications().map((a) => a.code)).toEqual(codes);
    expect(applicationCodeOptions().map((o) => o.value)).toEqual(codes);
    expect(applicationCodeOptions()[0]).toEqual({ value: 'IAM', label: 'Identity and Access Management' });
    expect(applicationByCode('PILOT')).toBeUndefined();
    expect(() => applicationPath('PILOT')).toThrow('No area declares the application PILOT.');
  });

  it.each([
    ['/app/access-management', 'IAM'],
    ['/app/access-management/users', 'IAM'],
    ['/app/campus-management/campuses/MAIN', 'CAMPUS'],
    ['/app/chatbot-management/responses', 'CHATBOT'],
    ['/app/support-management/categoriesV2', 'SUPPORT'],
    ['/app/frs-management/faces', 'FRS'],
    ['/app/migrations/api-connector', 'DATA'],
    ['/app/analytics/audit-trails', 'REPORTS'],
    ['/app/batch-management/tabs/batch-jobs', 'BATCH'],
    ['/app/campus-management/rooms?page=2#top', 'CAMPUS'],
    ['/app/access-management/', 'IAM'],
    ['/app', undefined],
    ['/app/notifications', undefined],
    ['/app/settings', undefined],
    ['/campus-management/rooms', undefined],
    ['/profile', undefined],
    ['/app/campus-managementx', undefined],
    ['/app/Campus-Management', undefined],
  ])('finds the application of %s: %s', (path, code) => {
    expect(applicationForPath(path)?.code).toBe(code);
  });

  it.each([
    ['/', []],
    ['/app//campus-management/', ['app', 'campus-management']],
    ['/profile/../app/analytics', ['app', 'analytics']],
    ['/profile/%2e%2e/app/analytics', ['app', 'analytics']],
    ['/app/./migrations', ['app', 'migrations']],
    ['/app/a%2Fb', null],
    ['/app/%E0%A4%A', null],
  ])('splits %s into clean segments', (path, segments) => {
    expect(pathSegments(path)).toEqual(segments);
  });
});
