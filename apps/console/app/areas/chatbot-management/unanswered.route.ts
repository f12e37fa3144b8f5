import type { ActionFunctionArgs } from '@remix-run/node';
import { NOTICES } from '@campus/ui';
import { formValues } from '../../lib/forms.server';
import { redirectWithNotice } from '../../lib/notice.server';
import { assertSameOrigin } from '../../lib/security.server';
import { chatbotApi, RESPONSES_PATH } from './chatbot.server';

/** Answers (a new response in one step) or dismisses an unanswered question; back to the responses with a notice. */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const api = await chatbotApi(request);
  const values = formValues(await request.formData());
  const id = params.id ?? '';
  if (values.intent === 'dismiss') {
    const result = await api.dismissChatbotUnanswered({ params: { id } });
    return redirectWithNotice(request, RESPONSES_PATH, result.status === 200 ? { tone: 'success', title: 'Removed from the unanswered queue.' } : failure(result.body));
  }
  const result = await api.answerChatbotUnanswered({
    params: { id },
    body: { title: values.title ?? '', answer: values.answer ?? '', category: values.category ?? '', ...(values.questions ? { questions: values.questions } : {}) },
  });
  if (result.status === 201) {
    const responseId = (result.body as { data: { responseId: string } }).data.responseId;
    return redirectWithNotice(request, `${RESPONSES_PATH}/${responseId}/edit`, NOTICES.created);
  }
  return redirectWithNotice(request, RESPONSES_PATH, failure(result.body));
}

function failure(body: unknown) {
  const b = body as { message?: string; fieldErrors?: Record<string, string[]> };
  const first = Object.values(b.fieldErrors ?? {})[0]?.[0];
  if (!first) return { tone: 'error' as const, title: 'An error occured', description: b.message ?? NOTICES.validation.description };
  return { tone: 'error' as const, title: NOTICES.validation.title, description: first };
}
