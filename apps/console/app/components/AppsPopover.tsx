import { Icon, Popover, useLinkComponent } from '@campus/ui';
import { useState } from 'react';
import { applicationIcon } from '../areas/manifests';
import type { ShellApplication } from '../lib/shell';

/** Where a launcher tile goes: the area, or (when not allowed) the launcher with the No Access notice. */
export function applicationHref(app: ShellApplication): string {
  return app.isAllowed ? app.path : `/app?noAccess=${app.code}`;
}

/**
 * The header's apps popover (spec §2): a Home tile and a tile per application, hidden for the current one.
 * Without JavaScript the trigger is a link to the launcher.
 */
export function AppsPopover({ applications, currentCode }: { applications: ShellApplication[]; currentCode?: string }) {
  const [isOpen, setOpen] = useState(false);
  const Link = useLinkComponent();
  const others = applications.filter((a) => a.code !== currentCode);
  return (
    <Popover
      isOpen={isOpen}
      onOpenChange={setOpen}
      title="Applications"
      label="Applications"
      trigger={
        <a
          href="/app"
          className="cas-button cas-button--ghost cas-button--icon"
          aria-label="Applications"
          title="Applications"
          onClick={(e) => {
            e.preventDefault();
            setOpen((v) => !v);
          }}
        >
          <Icon name="apps" />
        </a>
      }
    >
      <ul className="cas-tiles">
        <li>
          <Link href="/app" className="cas-tile" onClick={() => setOpen(false)}>
            <Icon name="home" />
            Home
          </Link>
        </li>
        {others.map((app) => (
          <li key={app.code}>
            <Link
              href={applicationHref(app)}
              className="cas-tile"
              data-allowed={app.isAllowed ? 'true' : 'false'}
              onClick={() => setOpen(false)}
            >
              <Icon name={applicationIcon(app.code)} />
              {app.name}
            </Link>
          </li>
        ))}
      </ul>
    </Popover>
  );
}
