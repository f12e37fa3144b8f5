import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PlannedScreen } from '../components/PlannedScreen';
import { screenAt } from '../lib/screens.server';
import { signedIn } from '../lib/request.server';

/**
 * A screen of spec §2 that has no page of its own yet (outside the entity screens): it is reachable from the
 * menu and says so. Any other path under an area is a 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await signedIn(request); // the route guard, first
  const found = screenAt(new URL(request.url).pathname);
  if (!found) throw data({ message: 'This page could not be found' }, { status: 404 });
  return { title: found.screen.label, area: found.area.name };
}

export default function PlannedScreenRoute() {
  const { title, area } = useLoaderData<typeof loader>();
  return <PlannedScreen title={title} area={area} />;
}
