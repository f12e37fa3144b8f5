import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { NavLink, Outlet, useLoaderData } from '@remix-run/react';
import { HomeLayout } from '@campus/ui';
import { ShellHeader } from '../components/ShellHeader';
import { APP_VERSION } from '../lib/constants';
import { signedIn } from '../lib/request.server';
import { shellDataFor } from '../lib/shell.server';

/** Profile pages (spec §2): signed-in users only, never scope-guarded. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await signedIn(request);
  const shell = await shellDataFor(request, user);
  return data({ shell, employee: user.employee });
}

export default function ProfileLayout() {
  const { shell } = useLoaderData<typeof loader>();
  return (
    <HomeLayout header={<ShellHeader shell={shell} />} footer={`Version ${APP_VERSION}`}>
      <nav aria-label="Profile" className="cas-profile-nav" style={{ display: 'flex', gap: 16, marginBottom: 16 }}>
        <NavLink to="/profile" end>
          Profile
        </NavLink>
        <NavLink to="/profile/details">Details</NavLink>
        <NavLink to="/profile/security">Security</NavLink>
        <NavLink to="/profile/two-factor">Two-factor sign-in</NavLink>
      </nav>
      <Outlet />
    </HomeLayout>
  );
}
