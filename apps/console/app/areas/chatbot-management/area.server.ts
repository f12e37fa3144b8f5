import { chatbotContract, type TryResult, type Unanswered } from '@campus/api-contract';
import { answerOf, problemOf } from '../../lib/answers.server';
import { signedIn } from '../../lib/request.server';
import type { ResourceServerOverride } from '../types';
import { responsesViewOf, type ResponsesView } from './responses-views';

export interface ResponsesPanelData {
  /** The tab shown: the answer bank (the list itself), the unanswered questions, or "Try the bot". */
  readonly view: ResponsesView;
  readonly tried: { readonly message: string; readonly result: TryResult | null; readonly error: string | null } | null;
  readonly unanswered: readonly Unanswered[];
}

/** Server side of Campus Chatbot Management's resource overrides. */
export const serverResources: Readonly<Record<string, ResourceServerOverride>> = {
  // The responses screen's tabs (`?view=`): the answer bank, the unanswered queue, and "try the bot" (`?try=`, a GET form).
  'chatbot-responses': {
    async listPanel(request): Promise<ResponsesPanelData> {
      const api = (await signedIn(request)).client(chatbotContract);
      const params = new URL(request.url).searchParams;
      const view = responsesViewOf(params);
      const message = view === 'try' ? (params.get('try')?.trim() ?? '') : '';
      const [queue, tried] = await Promise.all([
        api.listChatbotUnanswered(),
        message ? api.tryChatbot({ body: { message } }) : Promise.resolve(null),
      ]);
      const unanswered: Unanswered[] = answerOf(queue, 200).rows;
      if (!tried) return { view, tried: null, unanswered };
      if (tried.status === 200) return { view, tried: { message, result: (tried.body as { data: TryResult }).data, error: null }, unanswered };
      const problem = problemOf(tried.body);
      return { view, tried: { message, result: null, error: problem.fieldErrors.message?.[0] ?? (problem.message || 'The bot could not be asked.') }, unanswered };
    },
  },
};
