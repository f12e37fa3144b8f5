import { data } from '@remix-run/node';

/** The 404 page answers anyone. */
export const publicPage = true;

/** Any path no other route matches (spec §2, §8): the 404 page. */
export function loader() {
  throw data({ message: 'This page could not be found' }, { status: 404 });
}

export default function NotFound() {
  return null;
}
