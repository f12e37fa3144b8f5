import { type LoaderFunctionArgs } from '@remix-run/node';
import { NOT_FOUND_MESSAGE } from '../components/ErrorPage';
import { CROSS_SITE_REFUSED } from '../lib/security.server';

/** The refusal of a cross-site form post: answers anyone. */
export const publicPage = true;

/**
 * The answer to a form post from another site: `server.mjs` sends it here instead of to the action, and the root
 * error boundary shows the product's error page with 403. Asked for directly, it is not a page.
 */
export function loader({ context }: LoaderFunctionArgs) {
  if (context.refusedCrossSite) throw Response.json({ message: CROSS_SITE_REFUSED }, { status: 403 });
  throw Response.json({ message: NOT_FOUND_MESSAGE }, { status: 404 });
}

/** Never rendered (the loader always throws); its presence makes the refusal a page shown by the error boundary. */
export default function Refused() {
  return null;
}
