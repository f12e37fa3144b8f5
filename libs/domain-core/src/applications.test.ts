import { describe, expect, it } from 'vitest';
import {
  ApplicationRegistryError,
  areApplicationsRegistered,
  isApplicationCode,
  launcherApplications,
  registerApplications,
  type ApplicationInfo,
} from './applications.js';

const desk: ApplicationInfo = { code: 'DESK', name: 'Front Desk', description: 'Visitors and their passes.', segment: 'front-desk', order: 2 };
const gate: ApplicationInfo = { code: 'GATE', name: 'Gate Control', description: 'Gates and their schedules.', segment: 'gate-control', order: 1 };

describe('the launcher applications registry', () => {
  it('refuses to be read before the area manifests have filled it', () => {
    expect(areApplicationsRegistered()).toBe(false);
    expect(() => launcherApplications()).toThrow(ApplicationRegistryError);
    expect(() => isApplicationCode('DESK')).toThrow('The launcher applications are read before they are known');
  });

  it('holds the registered applications in launcher order', () => {
    registerApplications([desk, gate]);
    expect(areApplicationsRegistered()).toBe(true);
    expect(launcherApplications().map((a) => a.code)).toEqual(['GATE', 'DESK']);
    expect(isApplicationCode('DESK')).toBe(true);
    expect(isApplicationCode('desk')).toBe(false);
    expect(isApplicationCode('PILOT')).toBe(false);
    expect(isApplicationCode(undefined)).toBe(false);
    expect(Object.isFrozen(launcherApplications()[0])).toBe(true);
  });

  it.each([
    [[desk, { ...gate, code: 'DESK' }], 'Two areas serve the application DESK; areas/gate-control is the second.'],
    [[desk, { ...gate, segment: 'front-desk' }], 'Two applications have the segment front-desk.'],
    [[desk, { ...gate, order: 2 }], 'has the launcher order 2 of another application'],
    [[{ ...desk, code: 'Desk' as 'DESK' }], 'a code is upper-case letters, digits and _'],
    [[{ ...desk, segment: 'Front Desk' }], 'a segment is lower-case words joined by -'],
    [[{ ...desk, name: ' ' }], '(DESK) has no name'],
  ] as const)('refuses a list that cannot be the launcher’s (%#), and keeps the one it had', (list, message) => {
    registerApplications([gate]);
    expect(() => registerApplications(list)).toThrow(message);
    expect(launcherApplications().map((a) => a.code)).toEqual(['GATE']);
  });
});
