import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, newContext, signIn, url } from '../support';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

async function downloadText(p: Page, name: string | RegExp): Promise<string> {
  const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('link', { name }).first().click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/^\ufeff/, '');
}

async function uploadAndRun(p: Page, name: string, content: string) {
  await p.goto(url('/app/migrations/uploader?resource=students'));
  await p.getByLabel('File (CSV or XLSX)').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
  await p.getByRole('button', { name: 'Upload' }).click();
  await p.getByRole('table', { name: 'Column matching' }).waitFor();
  // The steps say where the upload stands: the file is in, its columns are to check.
  expect(await p.getByRole('navigation', { name: 'Upload steps' }).locator('[aria-current="step"]').textContent()).toContain('Preview and dry run');
  // Run is the primary action; Dry run is drawn as a secondary one.
  expect(await p.getByRole('button', { name: 'Dry run' }).getAttribute('class')).toContain('cas-button--secondary');
  expect(await p.getByRole('button', { name: 'Run', exact: true }).getAttribute('class')).not.toContain('cas-button--secondary');
  await p.getByRole('button', { name: 'Run', exact: true }).click();
  await p.getByText('Completed', { exact: true }).first().waitFor({ timeout: 30_000 });
  return p.getByLabel('Run figures').textContent();
}

describe('data migration (issue 14)', () => {
  it('downloads the Students template, uploads it filled with two bad rows, fixes them from the error file, and finds both runs', async () => {
    const context = await newContext();
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/migrations/templates'));
    const template = await downloadText(p, 'Students template, CSV');
    const header = template.trim().split(/\r?\n/).at(-1)!;
    expect(header.startsWith('studentNumber,names,extension,email')).toBe(true);

    const columns = header.split(',');
    const stamp = String(Date.now()).slice(-6);
    const row = (n: number, values: Record<string, string>) =>
      columns
        .map((c) => ({ studentNumber: `E2E-${stamp}-${n}`, names: `"Santos ${n}, Maria"`, gender: 'Female', campusCode: 'MAIN', courseCode: 'BSIT', isActive: 'true', ...values })[c] ?? '')
        .join(',');
    const filled = `${template}${[row(1, {}), row(2, { gender: 'Robot' }), row(3, { campusCode: 'NOWHERE' }), row(4, {})].join('\r\n')}\r\n`;
    const first = await uploadAndRun(p, `students-${stamp}.csv`, filled);
    expect(first).toMatch(/Read\s*4\s*Created\s*2\s*Updated\s*0\s*Rejected\s*2/);

    const errors = await downloadText(p, 'Download the error file (CSV)');
    const lines = errors.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[0]!.endsWith(',error')).toBe(true);
    expect(lines[1]).toContain('gender: Choose one of: Male, Female, Other.');
    expect(lines[2]).toContain('campusCode: No record with the code NOWHERE.');

    const fixed = errors.replace('Robot', 'Female').replace(',NOWHERE,', ',MAIN,');
    const second = await uploadAndRun(p, `students-${stamp}-fixed.csv`, fixed);
    expect(second).toMatch(/Read\s*2\s*Created\s*2\s*Updated\s*0\s*Rejected\s*0/);

    await p.goto(url('/app/migrations/histories'));
    const firstRun = p.getByRole('row').filter({ has: p.getByRole('cell', { name: `students-${stamp}.csv`, exact: true }) });
    const fixedRun = p.getByRole('row').filter({ has: p.getByRole('cell', { name: `students-${stamp}-fixed.csv`, exact: true }) });
    expect(await firstRun.textContent()).toMatch(/Skip rejected rows\s*4\s*2\s*0\s*2.*Completed/);
    expect(await fixedRun.textContent()).toMatch(/Skip rejected rows\s*2\s*2\s*0\s*0.*Completed/);

    // A run's actions sit behind one toggle, so its row stays one block tall; the menu opens the run again.
    await firstRun.getByLabel(`Actions for the run of students-${stamp}.csv`).click();
    await firstRun.getByRole('link', { name: 'Download the error file (CSV)' }).waitFor();
    await firstRun.getByRole('link', { name: 'Open the run' }).click();
    await p.getByLabel('Run figures').waitFor();
    expect(await p.getByRole('navigation', { name: 'Upload steps' }).locator('[aria-current="step"]').count()).toBe(0);
    expect(await p.getByRole('link', { name: /File \(done\)/ }).count()).toBe(1);

    // Templates are named as people say them.
    await p.goto(url('/app/migrations/uploader'));
    const templates = await p.getByLabel(/^Import into/).locator('option').allTextContents();
    expect(templates).toContain('Academic departments');
    expect(templates).not.toContain('AcademicDepartments');
  });
});
