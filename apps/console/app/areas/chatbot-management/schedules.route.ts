import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { signedIn } from '../../lib/request.server';

/** Schedules (scheduled broadcast): the broadcasts waiting for their time. */
export async function loader({ request }: LoaderFunctionArgs) {
  await signedIn(request);
  return redirect('/app/chatbot-management/broadcasts?status=SCHEDULED');
}
