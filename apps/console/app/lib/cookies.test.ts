import { describe, expect, it } from 'vitest';
import { clientIdsInRequest, clientTokenCookie, cookiesFor, isHttps, isValidClientId, REDIRECT_COOKIE_MAX_AGE } from './cookies.server';
import { takeNotice, redirectWithNotice } from './notice.server';
import { isSafeReturnPath, rememberedPath, rememberPath } from './redirect.server';
import { assertSameOrigin } from './security.server';

const cookieHeaderOf = (setCookie: string) => setCookie.split(';')[0] ?? '';

describe('redirect cookie (spec §2, §9)', () => {
  it('lives 43200 seconds', async () => {
    expect(REDIRECT_COOKIE_MAX_AGE).toBe(43200);
    const header = await rememberPath(new Request('http://localhost/app/campus-management/rooms?page=2'));
    expect(header).toMatch(/^msc\.redirect=/);
    expect(header).toContain('Max-Age=43200');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
  });

  it('brings the user back to the remembered page after sign-in', async () => {
    const set = await rememberPath(new Request('http://localhost/app/campus-management/rooms?page=2'));
    const next = new Request('http://localhost/auth', { headers: { cookie: cookieHeaderOf(set) } });
    expect(await rememberedPath(next)).toBe('/app/campus-management/rooms?page=2');
  });

  it('falls back to /app without a remembered page', async () => {
    expect(await rememberedPath(new Request('http://localhost/auth'))).toBe('/app');
  });

  it.each([
    ['/app', true],
    ['/app/access-management/users', true],
    ['/app?noAccess=IAM', true],
    ['/application', false],
    ['//evil.example/app', false],
    ['/app//evil.example', false],
    ['https://evil.example/app', false],
    ['/auth', false],
    ['/app\\..\\x', false],
  ])('treats %s as a safe return path: %s', (path, safe) => {
    expect(isSafeReturnPath(path)).toBe(safe);
  });

  it('ignores a tampered redirect cookie', async () => {
    const request = new Request('http://localhost/auth', { headers: { cookie: 'msc.redirect=%22%2F%2Fevil.example%22' } });
    expect(await rememberedPath(request)).toBe('/app');
  });
});

describe('session cookie (ARCHITECTURE §6)', () => {
  it('is msc.session, HttpOnly and SameSite=Lax, without Secure over plain HTTP', async () => {
    const { session } = cookiesFor(new Request('http://localhost/auth'));
    const s = await session.getSession();
    s.set('token', 'cas.msc.x');
    const header = await session.commitSession(s);
    expect(header).toMatch(/^msc\.session=/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).not.toContain('Secure');
  });

  it('is Secure behind HTTPS', async () => {
    const request = new Request('http://localhost/auth', { headers: { 'x-forwarded-proto': 'https' } });
    expect(isHttps(request)).toBe(true);
    const { session } = cookiesFor(request);
    expect(await session.commitSession(await session.getSession())).toContain('Secure');
  });

  it('rejects a session cookie signed with another secret', async () => {
    const { session } = cookiesFor(new Request('http://localhost/'));
    const forged = new Request('http://localhost/', { headers: { cookie: 'msc.session=eyJ0b2tlbiI6ImNhcy5tc2MueCJ9.forged' } });
    expect((await session.getSession(forged.headers.get('cookie'))).get('token')).toBeUndefined();
  });
});

describe('client token cookie msc.client.token:{clientId} (spec §9)', () => {
  it('is named after the client id and holds the token', () => {
    const header = clientTokenCookie(new Request('http://localhost/auth'), 'registrar-kiosk', 'cas.msc.abc');
    expect(header).toBe('msc.client.token:registrar-kiosk=cas.msc.abc; Path=/; HttpOnly; SameSite=Lax');
  });

  it('is cleared with an expired cookie', () => {
    expect(clientTokenCookie(new Request('https://localhost/'), 'k1', null)).toContain('Max-Age=0');
  });

  it.each([
    ['kiosk-1', true],
    ['A_b', true],
    ['', false],
    ['a;b', false],
    ['a=b', false],
    ['x'.repeat(65), false],
  ])('accepts %j as a client id: %s', (id, ok) => {
    expect(isValidClientId(id)).toBe(ok);
  });

  it('finds the client ids the browser sent', () => {
    const request = new Request('http://localhost/', {
      headers: { cookie: 'msc.session=x; msc.client.token:k1=t; other=1; msc.client.token:k2=u' },
    });
    expect(clientIdsInRequest(request)).toEqual(['k1', 'k2']);
  });
});

describe('flash notices survive a redirect', () => {
  it('carries the spec wording to the next page once', async () => {
    const response = await redirectWithNotice(new Request('http://localhost/x'), '/app', {
      tone: 'success',
      title: 'Success!',
      description: 'New record created',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/app');
    const next = new Request('http://localhost/app', { headers: { cookie: cookieHeaderOf(response.headers.get('set-cookie') ?? '') } });
    const { notice, setCookie } = await takeNotice(next);
    expect(notice).toEqual({ tone: 'success', title: 'Success!', description: 'New record created' });
    expect(setCookie).toContain('Max-Age=0');
  });

  it('shows nothing without a notice cookie', async () => {
    expect(await takeNotice(new Request('http://localhost/app'))).toEqual({ notice: null, setCookie: null });
  });
});

describe('actions check the Origin', () => {
  const post = (headers: Record<string, string>) => new Request('http://console.local/auth', { method: 'POST', headers });
  it.each([
    ['the same origin', { origin: 'http://console.local' }, true],
    ['another site', { origin: 'https://evil.example' }, false],
    ['an opaque origin', { origin: 'null' }, false],
    ['an opaque origin from a page of this origin that hides its referrer', { origin: 'null', 'sec-fetch-site': 'same-origin' }, true],
    ['an opaque origin from another site', { origin: 'null', 'sec-fetch-site': 'cross-site' }, false],
    ['an opaque origin from a sibling site', { origin: 'null', 'sec-fetch-site': 'same-site' }, false],
    ['an opaque origin typed into the address bar', { origin: 'null', 'sec-fetch-site': 'none' }, false],
    ['no Origin but same-origin fetch metadata', { 'sec-fetch-site': 'same-origin' }, true],
    ['no Origin and a cross-site fetch', { 'sec-fetch-site': 'cross-site' }, false],
    ['a proxy that forwards the host', { origin: 'https://cas.example.edu', 'x-forwarded-host': 'cas.example.edu' }, true],
  ])('accepts a post from %s: %s', (_name, headers, ok) => {
    const run = () => assertSameOrigin(post(headers));
    if (ok) expect(run).not.toThrow();
    else expect(run).toThrow();
  });

  it('answers 403 to a cross-site post', () => {
    try {
      assertSameOrigin(post({ origin: 'https://evil.example' }));
      expect.unreachable();
    } catch (response) {
      expect((response as Response).status).toBe(403);
    }
  });
});
