import type { ResourceOverride } from '../types';
import { isResponsesListReplaced, ResponsesPanel } from './ResponsesPanel';

const questionsNote = 'Write each way people ask for this answer on its own line; the bot ranks every active response against a message and answers with the best one above the threshold in Settings.';

/** What Campus Chatbot Management adds to the generic screens of its resources. */
export const resources: Readonly<Record<string, ResourceOverride>> = {
  'chatbot-responses': {
    ListPanel: ResponsesPanel as ResourceOverride['ListPanel'],
    isListReplaced: isResponsesListReplaced as ResourceOverride['isListReplaced'],
    formNote: { create: questionsNote, update: questionsNote },
  },
};
