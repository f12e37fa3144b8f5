import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { readSession } from '../lib/cookies.server';

/** Anyone may open `/`: it only sends a visitor to sign in and a signed-in user to the launcher. */
export const publicPage = true;

/** `/` (spec §2): a signed-in user goes to the launcher, anyone else to sign-in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await readSession(request);
  throw redirect(token ? '/app' : '/auth');
}
