import { describe, expect, it } from 'vitest';
import { newContext, signIn, url } from '../support';

describe('security headers', () => {
  it('sends a nonce-based Content-Security-Policy and the page still hydrates without a violation', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(String(error)));

    const response = await page.goto(url('/auth'));
    const headers = response!.headers();
    const policy = headers['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-powered-by']).toBeUndefined();

    await signIn(page);
    expect(new URL(page.url()).pathname).toBe('/app');
    expect(await page.evaluate(() => typeof (window as { __remixContext?: unknown }).__remixContext)).toBe('object');
    expect(problems.filter((p) => /Content Security Policy|Refused to/i.test(p))).toEqual([]);
    await context.close();
  });

  it('uses a new nonce for every response', async () => {
    const [a, b] = await Promise.all([fetch(url('/auth')), fetch(url('/auth'))]);
    const nonceOf = (r: Response) => /'nonce-([^']+)'/.exec(r.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonceOf(a)).toBeTruthy();
    expect(nonceOf(a)).not.toBe(nonceOf(b));
  });
});
