import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineRoutes } from '@remix-run/dev/dist/config/routes.js';
import { describe, expect, it } from 'vitest';
import { areaRoutes } from './routes';
import { AREA_SCREENS } from './screens';

const APP = join(__dirname, '..');
const screens = Object.entries(AREA_SCREENS).flatMap(([segment, list]) => list.map((screen) => ({ segment, ...screen })));

describe("areas' own screens", () => {
  // The area's layout route (`routes/app.$area.tsx`) already draws the header, the side menu and <main>: a screen that
  // drew them again showed the whole console inside itself.
  it.each(screens.filter((s) => !s.document))('$file draws no console frame of its own', ({ file }) => {
    const source = readFileSync(join(APP, file), 'utf8');
    expect(source).not.toMatch(/\b(AreaLayout|AdminLayout)\b/);
  });

  it('mounts a document (the printable personal data sheet) under /app, beside the admin layout', async () => {
    const manifest = await areaRoutes(defineRoutes as never);
    const pds = Object.values(manifest).find((r) => r.file === 'areas/campus-management/hr/pds.route.tsx')!;
    expect(pds).toMatchObject({ parentId: 'routes/app', path: 'campus-management/hr/employee/:id/pds' });
    const employee = Object.values(manifest).find((r) => r.file === 'areas/campus-management/hr/employee.route.tsx')!;
    expect(manifest[employee.parentId!]?.file).toBe('routes/app.$area.tsx');
  });
});
