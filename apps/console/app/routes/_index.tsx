import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { readSession } from '../lib/session.server';

/** `/` (spec §2): a signed-in user goes to the launcher, anyone else to sign-in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await readSession(request);
  throw redirect(token ? '/app' : '/auth');
}
