import { describe, expect, it } from 'vitest';
import { consoleProof } from '@campus/api-contract/node';
import { startTestApi } from '../../test/harness.js';

// The production limits: 60 sign-in requests a minute per address and per account; the web chat and the support
// form keep counts of their own (apps/api/README.md, decision 0049).
const api = await startTestApi({ authRateLimit: { max: 60, windowMs: 60_000 } });
/** Headers of a request the console forwards for a browser at `address`. */
const fromConsole = (address: string) => ({ 'x-forwarded-for': address, 'x-campus-console': consoleProof(api.config.sessionSecret) });
const chat = (address: string, message: string, token?: string) =>
  api.call('POST', '/chatbot/v1.0/chat', { body: { message, ...(token ? { token } : {}) }, headers: fromConsole(address) });
const signIn = (address: string, email = 'admin@example.edu', password = 'Campus!Demo2026') =>
  api.call('POST', '/core/v1.0/auth', { body: { email, password }, headers: fromConsole(address) });

describe('separate rate limits for the web chat, the support form and sign-in', () => {
  it("lets the administrator sign in from an address whose visitors sent 60 chat messages in the minute", async () => {
    const campus = '203.0.113.10';
    // Six visitors behind the campus's one address, ten messages each.
    for (let visitor = 0; visitor < 6; visitor += 1) {
      let token: string | undefined;
      for (let i = 0; i < 10; i += 1) {
        const sent = await chat(campus, `When is enrolment? (${visitor}.${i})`, token);
        expect(sent.status).toBe(200);
        token = sent.body.data.token;
      }
    }
    expect((await api.call('GET', '/core/v1.0/support/public/form', { headers: fromConsole(campus) })).status).toBe(200);
    const admin = await signIn(campus);
    expect(admin.status).toBe(200);
    api.clock.advance(61_000);
  });

  it('limits a conversation to 30 requests a minute with its token, and leaves the other conversations of its address alone', async () => {
    const campus = '203.0.113.11';
    const first = await chat(campus, 'When is enrolment?');
    const token = first.body.data.token as string;
    for (let i = 0; i < 30; i += 1) expect((await chat(campus, `And the fees? ${i}`, token)).status).toBe(200);
    const limited = await chat(campus, 'One more', token);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Too many messages in this conversation. Try again in a minute.');
    // Every route of the web chat that names the conversation counts with it.
    const identify = await api.call('POST', '/chatbot/v1.0/chat/identify', { body: { token, email: 'maria@example.edu' }, headers: fromConsole(campus) });
    expect(identify.status).toBe(429);
    expect((await chat(campus, 'When is enrolment?')).status).toBe(200);
    api.clock.advance(61_000);
    expect((await chat(campus, 'Back again', token)).status).toBe(200);
    api.clock.advance(61_000);
  });

  it('counts sign-in per account whatever the address, and per address whatever the account', async () => {
    for (let i = 0; i < 60; i += 1) expect((await signIn(`198.51.100.${i + 1}`, 'registrar@example.edu', 'wrong password!!')).status).toBe(401);
    const account = await signIn('198.51.100.200', 'registrar@example.edu', 'wrong password!!');
    expect(account.status).toBe(429);
    expect(account.body.message).toBe('Too many attempts for this account. Try again in a minute.');
    // Another account from one of those addresses is not held up.
    expect((await signIn('198.51.100.1', 'auditor@example.edu')).status).toBe(200);
    api.clock.advance(61_000);

    const office = '192.0.2.50';
    for (let i = 0; i < 60; i += 1) expect((await signIn(office, `nobody${i}@example.edu`, 'wrong password!!')).status).toBe(401);
    const address = await signIn(office, 'auditor@example.edu');
    expect(address.status).toBe(429);
    expect(address.body.message).toBe('Too many attempts from this address. Try again in a minute.');
    // The chat from that address goes on.
    expect((await chat(office, 'When is enrolment?')).status).toBe(200);
    api.clock.advance(61_000);
  });
});

describe('a bucket limit set by RATE_LIMITS', async () => {
  const small = await startTestApi({ authRateLimit: { max: 60, windowMs: 60_000 }, rateLimits: { chat: 5 } });
  const headers = { 'x-forwarded-for': '203.0.113.99', 'x-campus-console': consoleProof(small.config.sessionSecret) };
  it('answers 429 past the chat limit of the address while sign-in and the support form stay open', async () => {
    for (let i = 0; i < 5; i += 1) expect((await small.call('POST', '/chatbot/v1.0/chat', { body: { message: `hello ${i}` }, headers })).status).toBe(200);
    const limited = await small.call('POST', '/chatbot/v1.0/chat', { body: { message: 'hello again' }, headers });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Too many attempts from this address. Try again in a minute.');
    expect((await small.call('GET', '/core/v1.0/support/public/form', { headers })).status).toBe(200);
    expect((await small.call('POST', '/core/v1.0/auth', { body: { email: 'admin@example.edu', password: 'Campus!Demo2026' }, headers })).status).toBe(200);
  });
});
