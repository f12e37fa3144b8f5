import type { LoaderFunctionArgs } from '@remix-run/node';
import { templateDownload } from '../migration.server';

/** A template as a download (`?resource=students&format=csv|xlsx`). */
export async function loader({ request }: LoaderFunctionArgs) {
  return templateDownload(request);
}
