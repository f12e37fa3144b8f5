import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { isApplicationCode } from '@campus/domain-core';
import { NO_ACCESS_MESSAGE, NO_ACCESS_TITLE } from '@campus/domain-iam';
import { AppCard, HomeLayout, Icon, Notice, Reveal } from '@campus/ui';
import { useEffect, useState } from 'react';
import { applicationIcon } from '../areas/manifests';
import { applicationHref } from '../components/AppsPopover';
import { ShellHeader } from '../components/ShellHeader';
import { APP_VERSION } from '../lib/constants';
import { signedIn } from '../lib/request.server';
import { useShell } from '../lib/use-shell';

/** The launcher. `?noAccess=CODE` is where a not-allowed card leads without JavaScript. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await signedIn(request);
  const denied = new URL(request.url).searchParams.get('noAccess');
  const isDenied = isApplicationCode(denied) && !user.adminScopes.includes(denied);
  return { isDenied };
}

export default function Launcher() {
  const shell = useShell();
  const { isDenied } = useLoaderData<typeof loader>();
  const [showNoAccess, setShowNoAccess] = useState(isDenied);
  useEffect(() => setShowNoAccess(isDenied), [isDenied]);
  return (
    <HomeLayout header={<ShellHeader shell={shell} />} footer={`Version ${APP_VERSION}`}>
      <h1 className="cas-page-title">
        Welcome, {shell.user.firstName} {shell.user.lastName}
      </h1>
      {showNoAccess ? (
        <Notice tone="error" title={NO_ACCESS_TITLE} description={NO_ACCESS_MESSAGE} onDismiss={() => setShowNoAccess(false)} />
      ) : null}
      <h2 className="cas-visually-hidden">Applications</h2>
      <ul className="cas-cards" aria-label="Applications">
        {shell.applications.map((app) => (
          <Reveal as="li" key={app.code}>
            <AppCard
              title={app.name}
              description={app.description}
              href={applicationHref(app)}
              icon={<Icon name={applicationIcon(app.code)} size={24} />}
              isAllowed={app.isAllowed}
              onDenied={() => setShowNoAccess(true)}
            />
          </Reveal>
        ))}
      </ul>
      {shell.user.iamAdmin ? (
        <p className="cas-launcher-settings">
          <a href="/app/settings">System settings</a>: the organisation, sign-in panel, mail, security limits and retention.
        </p>
      ) : null}
    </HomeLayout>
  );
}
