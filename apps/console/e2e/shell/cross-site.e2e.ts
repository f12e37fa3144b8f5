import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../harness';
import { newContext, url } from '../support';

// A form on another site that posts to the console (a cross-site request forgery attempt) is refused with 403
// and the product's error page — not the framework's bare 500.
describe('a form posted from another site', () => {
  let site: Server;
  let siteUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    siteUrl = `http://localhost:${port}/`;
    site = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(`<!doctype html><title>Prize</title>
        <form method="post" action="${url('/auth')}">
          <input name="email" value="admin@example.edu"><input name="password" value="guess">
          <button type="submit">Claim your prize</button>
        </form>`);
    });
    await new Promise<void>((done) => site.listen(port, '127.0.0.1', done));
  });

  afterAll(() => new Promise<void>((done) => site.close(() => done())));

  it('answers 403 with the error page in a real browser', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(siteUrl);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().startsWith(url('/auth')) && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Claim your prize' }).click(),
    ]);
    expect(response.status()).toBe(403);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'This request came from another site and was refused.',
    );
    await expect.poll(() => page.getByText('403', { exact: true }).count()).toBe(1);
    await context.close();
  });

  it.each(['/auth', '/logout', '/preferences/menu', '/app/campus-management/rooms', '/auth.data'])(
    'answers 403 to a cross-site post to %s, never 500',
    async (path) => {
      const response = await fetch(url(path), {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=admin%40example.edu&password=guess',
      });
      expect(response.status).toBe(403);
    },
  );
});
