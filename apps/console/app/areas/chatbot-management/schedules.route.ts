import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { chatbotApi } from './chatbot.server';

/** Schedules (scheduled broadcast): the broadcasts waiting for their time. */
export async function loader({ request }: LoaderFunctionArgs) {
  await chatbotApi(request);
  return redirect('/app/chatbot-management/broadcasts?status=SCHEDULED');
}
