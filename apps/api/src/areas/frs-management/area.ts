import { frsContract } from '@campus/api-contract';
import { sql } from 'drizzle-orm';
import { rows } from '../../platform/db/client.js';
import type { AreaManifest } from '../../platform/area.js';
import { holidayHooks, leaveHooks, timesheetHooks } from './hooks.js';
import { frsArea } from './index.js';
import { seedAttendance, seedLeave } from './seed.js';

/** The FRS area as the API mounts it: the index is loaded and listening before the area serves. */
export const area: AreaManifest = {
  code: 'FRS',
  application: {
    name: 'Facial Recognition Management',
    description: 'Face registration and the locations of recognition devices.',
    order: 5,
  },
  contracts: { frs: frsContract },
  // Corrections of timesheets (HR records) are manual adjustments of the days FRS computes; holidays and leave
  // change those days too.
  hooks: () => ({ timesheets: timesheetHooks, holidays: holidayHooks, leaves: leaveHooks }),
  handlers: async (ctx, app) => ({ frs: (await frsArea(ctx, app)).implementation as never }),
  // Every kiosk attempt is kept (`frs_attempts`), so the figure is the database's, the same from every process.
  metrics: (metrics, ctx) =>
    void metrics.gauge('campus_face_identifications', 'Face identifications at the kiosks on record, by outcome (matched, unknown, no-face…).', ['outcome'], async (gauge) => {
      gauge.reset();
      const counts = await rows<{ outcome: string; n: number }>(ctx.db, sql`select outcome, count(*)::int as n from frs_attempts group by outcome`);
      for (const { outcome, n } of counts) gauge.set({ outcome }, n);
    }),
  // The demo leave is paid from the vacation credits the Campus Management (HR) demo opens.
  seed: {
    after: ['campus-management'],
    run: async ({ db, put, id, random, at, university }) => {
      const { admin, registrar, campuses } = university;
      await seedAttendance(db, put, { id, random, at, employees: [admin.employeeId, registrar.employeeId], campus: campuses[0]! });
      await seedLeave(db, put, { id, at, employeeId: registrar.employeeId });
    },
  },
};
