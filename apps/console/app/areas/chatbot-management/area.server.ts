import type { TryResult, Unanswered } from '@campus/api-contract';
import type { ResourceServerOverride } from '../types';
import { chatbotApi, expectStatus } from './chatbot.server';

export interface ResponsesPanelData {
  readonly tried: { readonly message: string; readonly result: TryResult | null; readonly error: string | null } | null;
  readonly unanswered: readonly Unanswered[];
}

/** Server side of Campus Chatbot Management's resource overrides. */
export const serverResources: Readonly<Record<string, ResourceServerOverride>> = {
  // The responses list shows "try the bot" (`?try=`, a GET form) and the unanswered queue above the list.
  'chatbot-responses': {
    async listPanel(request): Promise<ResponsesPanelData> {
      const api = await chatbotApi(request);
      const message = new URL(request.url).searchParams.get('try')?.trim() ?? '';
      const [queue, tried] = await Promise.all([
        api.listChatbotUnanswered(),
        message ? api.tryChatbot({ body: { message } }) : Promise.resolve(null),
      ]);
      const unanswered = expectStatus<{ rows: Unanswered[] }>(queue, 200).rows;
      if (!tried) return { tried: null, unanswered };
      if (tried.status === 200) return { tried: { message, result: (tried.body as { data: TryResult }).data, error: null }, unanswered };
      const body = tried.body as { fieldErrors?: Record<string, string[]>; message?: string };
      return { tried: { message, result: null, error: body.fieldErrors?.message?.[0] ?? body.message ?? 'The bot could not be asked.' }, unanswered };
    },
  },
};
