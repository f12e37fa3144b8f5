import { describe, expect, it } from 'vitest';
import { SPEC_APPLICATIONS } from './launcher.fixture.js';
import {
  NO_ACCESS_MESSAGE,
  SETTINGS_ADMIN_ONLY,
  canOpenApplication,
  canUseModule,
  decideAccess,
  hasScope,
  isPublicPath,
  type ScopedUser,
} from './index.js';

const campusOnly: ScopedUser = { adminScopes: ['CAMPUS'], scopes: ['campus:read'] };
const everything: ScopedUser = { adminScopes: SPEC_APPLICATIONS.map((a) => a.code) };
const nothing: ScopedUser = { adminScopes: [] };

describe('route guard (spec §6)', () => {
  it.each([
    // pages the guard never applies to
    ['/', nothing],
    ['/profile', nothing],
    ['/profile/details', nothing],
    ['/profile/security', nothing],
    ['/auth', nothing],
    ['/recovery', nothing],
    ['/reset', nothing],
    ['/reset-password', nothing],
    ['/unauthorized', nothing],
    ['/auth?clientId=portal', null],
    // the launcher is always allowed
    ['/app', nothing],
    ['/app/', nothing],
    ['/app?tab=all', nothing],
    // an application in the user's scopes
    ['/app/campus-management', campusOnly],
    ['/app/campus-management/sections', campusOnly],
    ['/app/campus-management/campuses/MAIN', campusOnly],
    ['/app/access-management/users', everything],
    ['/app/batch-management/tabs/batch-view', everything],
    // outside /app and not public: no application, left to the router
    ['/does-not-exist', nothing],
  ])('allows %s', (path, user) => {
    expect(decideAccess(user, path)).toEqual({ allowed: true });
  });

  it.each([
    ['/app/access-management', campusOnly],
    ['/app/access-management/users', campusOnly],
    ['/app/chatbot-management/broadcast', campusOnly],
    ['/app/support-management/teams', campusOnly],
    ['/app/frs-management/device-locations', campusOnly],
    ['/app/migrations/uploader', campusOnly],
    ['/app/analytics/tickets', campusOnly],
    ['/app/batch-management', campusOnly],
    ['/app/batch-management/tabs/batch-schedules', campusOnly],
    ['/app/batch-management/tabs/batch-viewer', campusOnly],
    ['/app/campus-management/rooms', nothing],
    // an /app page that belongs to no application (nor to the user) is not in anyone's scopes
    ['/app/no-such-area', everything],
    // tricks that must not reach an application through a public prefix
    ['/profile/../app/access-management/users', campusOnly],
    ['/profile/%2e%2e/app/access-management', campusOnly],
    ['/profiles/../app/analytics', campusOnly],
    ['/app/Access-Management/users', everything],
  ])('refuses %s with 401', (path, user) => {
    const decision = decideAccess(user, path);
    expect(decision).toMatchObject({ allowed: false, status: 401 });
  });

  it.each(['/app/batch-management/tabs/batch', '/app/batch-management/tabs/batch-jobs', '/app/batch-management/tabs/batch-view/file'])(
    'opens %s, which shows only their own batches, to any signed-in user without Batch Management',
    (path) => {
      expect(decideAccess(campusOnly, path)).toEqual({ allowed: true });
      expect(decideAccess(null, path)).toMatchObject({ allowed: false, status: 401 });
    },
  );

  it.each(['/app/notifications'])('allows the personal page %s to any signed-in user, like /app itself', (path) => {
    expect(decideAccess(nothing, path)).toEqual({ allowed: true });
    expect(decideAccess(null, path)).toMatchObject({ allowed: false, status: 401 });
  });

  it.each(['/app/settings', '/app/settings/mail'])('opens %s to IAM administrators only (401 for anyone else)', (path) => {
    expect(decideAccess({ ...everything, iamAdmin: true }, path)).toEqual({ allowed: true });
    expect(decideAccess(everything, path)).toEqual({ allowed: false, status: 401, reason: SETTINGS_ADMIN_ONLY });
    expect(decideAccess(null, path)).toMatchObject({ allowed: false, status: 401 });
  });

  it('words the refusal as the No Access notice', () => {
    expect(decideAccess(campusOnly, '/app/analytics')).toEqual({
      allowed: false,
      status: 401,
      reason: NO_ACCESS_MESSAGE,
    });
    expect(NO_ACCESS_MESSAGE).toBe('You have invalid authentication credentials to view the page requested');
  });

  it('refuses guarded pages when nobody is signed in, and a malformed path always', () => {
    expect(decideAccess(null, '/app')).toMatchObject({ allowed: false, status: 401 });
    expect(decideAccess(undefined, '/app/campus-management')).toMatchObject({ allowed: false, status: 401 });
    expect(decideAccess(everything, '/app/%E0%A4%A')).toMatchObject({ allowed: false, status: 401 });
  });

  it.each([
    ['/reset', true],
    ['/reset/abc', true],
    ['/reset-password', true],
    ['/resetx', false],
    ['/profile/details', true],
    ['/app', false],
  ])('treats %s as public: %s', (path, expected) => {
    expect(isPublicPath(path)).toBe(expected);
  });
});

describe('launcher tiles', () => {
  it.each(SPEC_APPLICATIONS.map(({ code }) => [code, code === 'CAMPUS'] as const))(
    'opens %s for a campus-only user: %s',
    (code, expected) => {
      expect(canOpenApplication(campusOnly, code)).toBe(expected);
      expect(canOpenApplication(everything, code)).toBe(true);
      expect(canOpenApplication(null, code)).toBe(false);
    },
  );

  it('checks permissions through the scope list as well', () => {
    expect(hasScope(campusOnly, 'campus:read')).toBe(true);
    expect(hasScope(campusOnly, 'CAMPUS')).toBe(true);
    expect(hasScope(campusOnly, 'campus:write')).toBe(false);
    expect(hasScope(null, 'campus:read')).toBe(false);
  });
});

describe('canUseModule', () => {
  const grants = { CAMPUS: ['ACADEMIC_STRUCTURE', 'CLASSES'], IAM: [] };
  it.each([
    ['a module the roles grant', 'CAMPUS', 'CLASSES', true],
    ['a module they do not grant', 'CAMPUS', 'HR_RECORDS', false],
    ['something of no module, in an application with roles', 'CAMPUS', undefined, false],
    ['anything, in an application with roles that grant no module', 'IAM', 'USERS', false],
    ['anything, in an application where the user holds no role', 'REPORTS', 'AUDIT', true],
    ['something of no module, where the user holds no role', 'REPORTS', undefined, true],
  ])('decides %s', (_case, application, module, expected) => {
    expect(canUseModule(grants, application, module)).toBe(expected);
  });

  it('keeps full access for a user with no grants at all', () => {
    expect(canUseModule(undefined, 'CAMPUS', 'HR_RECORDS')).toBe(true);
    expect(canUseModule({}, 'CAMPUS', 'HR_RECORDS')).toBe(true);
  });
});
