import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { screenAt } from '../lib/screens.server';

/**
 * A screen of spec §2 that has no page of its own yet (outside the entity screens): it is reachable from the
 * menu and says so. Any other path under an area is a 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const found = screenAt(new URL(request.url).pathname);
  if (!found) throw data({ message: 'This page could not be found' }, { status: 404 });
  return { title: found.screen.label, area: found.area.name };
}

export default function PlannedScreen() {
  const { title, area } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="cas-page-title">{title}</h1>
      <div className="cas-panel">
        <p style={{ margin: 0 }}>
          {title} is part of {area}. Its records will appear here.
        </p>
      </div>
    </>
  );
}
