import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, newContext, signIn, url } from '../support';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

async function signedIn(javaScriptEnabled: boolean): Promise<Page> {
  const context = await newContext({ javaScriptEnabled });
  contexts.push(context);
  const p = await context.newPage();
  await signIn(p, DEMO_USERS.admin);
  return p;
}

async function upload(p: Page, name: string, buffer: Buffer) {
  await p.goto(url('/app/migrations/uploader?resource=students'));
  await p.getByLabel('File (CSV or XLSX)').setInputFiles({ name, mimeType: 'text/csv', buffer });
  await p.getByRole('button', { name: 'Upload' }).click();
  await p.waitForLoadState('load');
}

describe('what the uploader says about a file', () => {
  it.each([true, false])('refuses a binary file in plain words, echoing nothing of it (JavaScript %s)', async (javaScriptEnabled) => {
    const p = await signedIn(javaScriptEnabled);
    await upload(p, 'garbage.csv', Buffer.from([0x7a, 0x70, 0x1f, 0x8c, 0x00, 0x01, 0x02, 0x22, 0x03, 0x04, 0x05, 0x06, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x22, 0x14]));
    const alert = p.getByRole('alert').filter({ hasText: 'not a CSV or XLSX file' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('This file is not a CSV or XLSX file: its content is not text. Upload a CSV or XLSX file.');
    const page = await p.content();
    expect(page).not.toContain('Invalid Opening Quote');
    // The file's first bytes read "zp"; the page's words must not echo them. Its markup holds random tokens, so the
    // check reads what is shown.
    expect(await p.locator('body').innerText()).not.toContain('zp');
    // The form stays, so another file can be chosen at once.
    await p.getByLabel('File (CSV or XLSX)').waitFor();
  });

  it.each([true, false])('flags a key repeated inside the file in the dry run (JavaScript %s)', async (javaScriptEnabled) => {
    const p = await signedIn(javaScriptEnabled);
    const stamp = `${String(Date.now()).slice(-6)}${javaScriptEnabled ? 'j' : 'n'}`;
    const content = [
      'studentNumber,names,gender,campusCode,courseCode',
      `REP-${stamp}-1,"Santos, Maria, Reyes",Female,MAIN,BSIT`,
      `REP-${stamp}-2,"Cruz, Ana",Female,MAIN,BSIT`,
      `REP-${stamp}-1,"Santos, Mara",Female,MAIN,BSIT`,
    ].join('\r\n');
    await upload(p, `repeat-${stamp}.csv`, Buffer.from(content));
    await p.getByRole('table', { name: 'Column matching' }).waitFor();
    await p.getByRole('button', { name: 'Dry run' }).click();
    const rejected = p.getByRole('table', { name: 'First rejected rows' });
    if (!javaScriptEnabled) {
      // Without JavaScript the page does not poll: reload until the dry run is done.
      for (let i = 0; i < 60 && !(await rejected.count()); i += 1) {
        await p.waitForTimeout(500);
        await p.reload();
      }
    }
    await rejected.waitFor({ timeout: 30_000 });
    expect(await rejected.textContent()).toContain('studentNumber: line 4 repeats the key of line 2.');
    expect(await p.getByLabel('Dry run figures').textContent()).toMatch(/Read\s*3\s*Created\s*2\s*Updated\s*0\s*Rejected\s*1/);
  });
});
