import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs } from '@remix-run/node';
import { AnswerUnansweredSchema, chatbotContract } from '@campus/api-contract';
import { failureNotice, NOTICES } from '@campus/ui';
import { z } from 'zod';
import { problemOf } from '../../lib/answers.server';
import { redirectWithNotice } from '../../lib/notice.server';
import { signedIn } from '../../lib/request.server';
import { assertSameOrigin } from '../../lib/security.server';
import { RESPONSES_PATH, UNANSWERED_PATH } from './chatbot.server';

/** The two forms of an unanswered question: answer it (a new response), or dismiss it. */
const UnansweredForm = z.discriminatedUnion('intent', [
  AnswerUnansweredSchema.extend({ intent: z.literal('answer') }),
  z.object({ intent: z.literal('dismiss') }),
]);

/** Answers (a new response in one step) or dismisses an unanswered question; back to the unanswered questions with a notice. */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const api = (await signedIn(request)).client(chatbotContract);
  const submission = parseWithZod(await request.formData(), { schema: UnansweredForm });
  const id = params.id ?? '';
  if (submission.status !== 'success') {
    const first = Object.values(submission.error ?? {}).find((messages) => messages?.length)?.[0];
    return redirectWithNotice(request, UNANSWERED_PATH, { tone: 'error', title: NOTICES.validation.title, description: first ?? NOTICES.validation.description });
  }
  const form = submission.value;
  if (form.intent === 'dismiss') {
    const result = await api.dismissChatbotUnanswered({ params: { id } });
    return redirectWithNotice(request, UNANSWERED_PATH, result.status === 200 ? { tone: 'success', title: 'Removed from the unanswered queue.' } : failure(result.body));
  }
  const { intent: _intent, ...body } = form;
  const result = await api.answerChatbotUnanswered({ params: { id }, body });
  if (result.status === 201) {
    const { responseId } = result.body.data;
    return redirectWithNotice(request, `${RESPONSES_PATH}/${responseId}/edit`, NOTICES.created);
  }
  return redirectWithNotice(request, UNANSWERED_PATH, failure(result.body));
}

/** A refusal as the responses page shows it: the first field problem, else the API's message. */
function failure(body: unknown) {
  const { message, fieldErrors } = problemOf(body);
  const first = Object.values(fieldErrors)[0]?.[0];
  if (!first) return { ...failureNotice(message || NOTICES.validation.description) };
  return { tone: 'error' as const, title: NOTICES.validation.title, description: first };
}
