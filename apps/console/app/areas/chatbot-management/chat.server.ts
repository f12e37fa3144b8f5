import { createCookie, type Cookie } from '@remix-run/node';
import { chatbotContract } from '@campus/api-contract';
import { z } from 'zod';
import { config } from '../../lib/config.server.js';
import { isHttps } from '../../lib/cookies.server.js';

const CHAT_COOKIE_NAME = 'msc.chat';
const cookies = new Map<boolean, Cookie>();

/**
 * `msc.chat`: the visitor's conversation token (signed, HTTP-only, 30 days), on the whole site. Scoped to `/chat`
 * it never reached Remix's data requests (`/chat.data`), so with JavaScript every message began a new conversation
 * and a code could not be confirmed.
 */
export function chatCookie(request: Request): Cookie {
  const secure = isHttps(request);
  let cookie = cookies.get(secure);
  if (!cookie) {
    cookie = createCookie(CHAT_COOKIE_NAME, { path: '/', sameSite: 'lax', httpOnly: true, secure, secrets: [config().sessionSecret], maxAge: 60 * 60 * 24 * 30 });
    cookies.set(secure, cookie);
  }
  return cookie;
}

export async function chatTokenOf(request: Request): Promise<string | undefined> {
  const value: unknown = await chatCookie(request).parse(request.headers.get('cookie'));
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * Headers that keep `token` as the visitor's conversation, and remove the copy earlier builds kept under `/chat`
 * (the browser sends that one first on `/chat`, so it would win over the site-wide one there and lose on `/chat.data`).
 */
export async function keepChatToken(request: Request, token: string): Promise<Headers> {
  const headers = new Headers();
  headers.append('set-cookie', await chatCookie(request).serialize(token));
  const legacy = [`${CHAT_COOKIE_NAME}=`, 'Path=/chat', 'Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT', 'HttpOnly', 'SameSite=Lax'];
  if (isHttps(request)) legacy.push('Secure');
  headers.append('set-cookie', legacy.join('; '));
  return headers;
}

const { identifyChatbotChat: identify, confirmChatbotChat: confirm, sendChatbotChat: send } = chatbotContract;

/**
 * The chat's forms, one per intent, each the contract's body without the conversation's token (kept in the cookie):
 * ask for a code by email, confirm the code, forget the visitor on this device, and send a message — the message form
 * has no button name (Enter sends it), so a form without an intent is a message.
 */
export const ChatForm = z.preprocess(
  (form) => (form && typeof form === 'object' && !('intent' in form) ? { ...form, intent: 'message' } : form),
  z.discriminatedUnion('intent', [
    identify.body.omit({ token: true }).extend({ intent: z.literal('identify') }),
    confirm.body.omit({ token: true }).extend({ intent: z.literal('confirm') }),
    z.object({ intent: z.literal('forget') }),
    send.body.omit({ token: true }).extend({ intent: z.literal('message') }),
  ]),
);
