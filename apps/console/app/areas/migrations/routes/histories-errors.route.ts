import type { LoaderFunctionArgs } from '@remix-run/node';
import { errorFileDownload } from '../migration.server';

/** A run's rejected rows plus their `error` column, as a download (`?id=…&format=csv|xlsx`). */
export async function loader({ request }: LoaderFunctionArgs) {
  return errorFileDownload(request);
}
