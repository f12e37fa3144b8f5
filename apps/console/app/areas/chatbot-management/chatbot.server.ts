import { data } from '@remix-run/node';
import { chatbotContract } from '@campus/api-contract';
import { contractClientFor, failureResponse } from '../../lib/api.server';
import { requireUser } from '../../lib/session.server';

/** The chatbot contract's client for the signed-in administrator (the layout route has checked CHATBOT already). */
export async function chatbotApi(request: Request) {
  await requireUser(request);
  return contractClientFor(request, chatbotContract);
}

/** The answer's body when it has the expected status, else the error page (404 as the spec words it). */
export function expectStatus<T>(result: { status: number; body: unknown }, status: number): T {
  if (result.status === status) return result.body as T;
  if (result.status === 404) throw data({ message: 'This page could not be found' }, { status: 404 });
  throw failureResponse(result.status, result.body);
}

export const RESPONSES_PATH = '/app/chatbot-management/responses';
