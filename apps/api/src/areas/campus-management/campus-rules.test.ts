import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/harness.js';

let api: TestApi;
let token: string;

async function create(resource: string, body: Record<string, unknown>) {
  const result = await api.call('POST', `/core/v1.0/${resource}`, { token, body });
  if (result.status !== 201 && result.status !== 200) {
    throw new Error(`${resource} answered ${result.status}: ${JSON.stringify(result.body)}`);
  }
  return result.body.data as Record<string, unknown> & { _id: string };
}

beforeAll(async () => {
  api = await startTestApi();
  token = await api.signIn('admin@example.edu');
});

describe('schedules', () => {
  let roomId: string;
  let otherRoomId: string;
  let instructorId: string;

  beforeAll(async () => {
    const campus = await create('campuses', { code: 'RULES', name: 'Rules Campus' });
    roomId = (await create('rooms', { code: 'R-101', name: 'Room 101', campusId: campus._id, capacity: 40 }))._id;
    otherRoomId = (await create('rooms', { code: 'R-102', name: 'Room 102', campusId: campus._id, capacity: 40 }))._id;
    instructorId = (
      await create('instructors', { employeeNumber: 'EMP-9001', firstName: 'Andres', lastName: 'Bonifacio' })
    )._id;
    await create('schedules', {
      code: 'SCH-1',
      name: 'MWF 8-9 Room 101',
      days: ['M', 'W', 'F'],
      from: '08:00:00',
      to: '09:00:00',
      roomId,
      instructorId,
    });
  });

  it('refuses a room booked twice at the same time, with a clear message', async () => {
    const result = await api.call('POST', '/core/v1.0/schedules', {
      token,
      body: { code: 'SCH-2', name: 'Clash', days: ['W'], from: '08:30:00', to: '09:30:00', roomId: roomId },
    });
    expect(result.status).toBe(409);
    expect(result.body.message).toBe('The room is already booked at this time by MWF 8-9 Room 101.');
    expect(result.body.fieldErrors.roomId).toHaveLength(1);
  });

  it('refuses an instructor teaching twice at the same time', async () => {
    const result = await api.call('POST', '/core/v1.0/schedules', {
      token,
      body: { code: 'SCH-3', name: 'Clash 2', days: ['F'], from: '07:30:00', to: '08:30:00', roomId: otherRoomId, instructorId },
    });
    expect(result.status).toBe(409);
    expect(result.body.message).toBe('The instructor already teaches at this time in MWF 8-9 Room 101.');
  });

  it('accepts back-to-back classes and other days in the same room', async () => {
    await create('schedules', { code: 'SCH-4', name: 'Back to back', days: ['M'], from: '09:00:00', to: '10:00:00', roomId });
    await create('schedules', { code: 'SCH-5', name: 'Thursday', days: ['TH'], from: '08:00:00', to: '09:00:00', roomId });
  });

  it('checks an update that moves a schedule onto a booked slot, and writes nothing', async () => {
    const moved = await create('schedules', { code: 'SCH-6', name: 'Saturday', days: ['S'], from: '08:00:00', to: '09:00:00', roomId });
    const result = await api.call('PUT', `/core/v1.0/schedules/${moved._id}`, { token, body: { days: ['M'] } });
    expect(result.status).toBe(409);
    const after = await api.call('GET', `/core/v1.0/schedules/${moved._id}`, { token });
    expect(after.body.data.days).toEqual(['S']);
  });

  it('frees the slot when a schedule is deactivated', async () => {
    const list = await api.call('GET', '/core/v1.0/schedules?search=code:SCH-1', { token });
    const first = list.body.rows[0]._id as string;
    expect((await api.call('PUT', `/core/v1.0/schedules/${first}`, { token, body: { isActive: false } })).status).toBe(200);
    await create('schedules', { code: 'SCH-7', name: 'Takes the slot', days: ['W'], from: '08:00:00', to: '09:00:00', roomId });
  });
});

describe('roles', () => {
  it('grants modules of its own application only', async () => {
    const iamModule = await create('modules', { code: 'IAM-USERS', name: 'User accounts', applicationCode: 'IAM' });
    const campusModule = await create('modules', { code: 'CAMPUS-ROOMS', name: 'Room booking', applicationCode: 'CAMPUS' });
    const refused = await api.call('POST', '/core/v1.0/roles', {
      token,
      body: { name: 'Account clerk', applicationCode: 'IAM', moduleIds: [iamModule._id, campusModule._id] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors.moduleIds[0]).toContain('Room booking');
    const role = await create('roles', { name: 'Account clerk', applicationCode: 'IAM', moduleIds: [iamModule._id] });
    const moved = await api.call('PUT', `/core/v1.0/roles/${role._id}`, { token, body: { applicationCode: 'CAMPUS' } });
    expect(moved.status).toBe(400);
  });
});

describe('default academic year and semester', () => {
  it('keeps a single default academic year', async () => {
    const first = await create('academic-years', { code: 'AY-2030', description: 'AY 2030-2031', from: 2030, to: 2031, default: true });
    const second = await create('academic-years', { code: 'AY-2031', description: 'AY 2031-2032', from: 2031, to: 2032, default: true });
    const defaults = await api.call('GET', '/core/v1.0/academic-years?search=default:true', { token });
    expect(defaults.body.rows.map((r: { _id: string }) => r._id)).toEqual([second._id]);
    await api.call('PUT', `/core/v1.0/academic-years/${first._id}`, { token, body: { default: true } });
    const again = await api.call('GET', '/core/v1.0/academic-years?search=default:true', { token });
    expect(again.body.rows.map((r: { _id: string }) => r._id)).toEqual([first._id]);
  });
});
