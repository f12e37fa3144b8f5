import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { Avatar } from '@campus/ui';
import { ROLE_LABEL } from '../lib/constants';
import { signedIn } from '../lib/request.server';
import type { loader as profileLoader } from './profile';
import { MyApplications } from '../areas/access-management/MyApplications';
import { loadMyApplications } from '../areas/access-management/my-applications.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await signedIn(request); // the route guard, first
  return { applications: await loadMyApplications(request) };
}

export default function Profile() {
  const profile = useRouteLoaderData<typeof profileLoader>('routes/profile');
  const { applications } = useLoaderData<typeof loader>();
  if (!profile) return null;
  const { user } = profile.shell;
  return (
    <section className="cas-panel" aria-labelledby="profile-title">
      <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
        <Avatar firstName={user.firstName} lastName={user.lastName} src={user.avatar} size={72} />
        <div>
          <h1 id="profile-title" className="cas-page-title" style={{ margin: 0 }}>
            {user.firstName} {user.lastName}
          </h1>
          <p style={{ margin: 0 }}>{ROLE_LABEL}</p>
          <p style={{ margin: 0 }}>{user.email}</p>
        </div>
      </div>
      <ul>
        <li>
          <Link to="/profile/details">View your details</Link>
        </li>
        <li>
          <Link to="/profile/security">Change your password</Link>
        </li>
      </ul>
      <MyApplications applications={applications} />
    </section>
  );
}
