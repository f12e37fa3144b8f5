import type { MyApplication } from '@campus/api-contract';

/** The applications a user can open and their services (url and target), as links. */
export function MyApplications({ applications }: { readonly applications: readonly MyApplication[] }) {
  return (
    <section aria-labelledby="my-applications-title">
      <h2 id="my-applications-title" className="cas-panel-title">
        Your applications
      </h2>
      {applications.length === 0 ? <p>You cannot open any application yet.</p> : null}
      <ul>
        {applications.map((app) => (
          <li key={app.code}>
            {app.applicationURL ? <a href={app.applicationURL}>{app.name}</a> : app.name}
            {app.services.length ? (
              <ul>
                {app.services.map((service) => (
                  <li key={service.url}>
                    <a
                      href={service.url}
                      target={service.target}
                      rel={service.target === '_blank' ? 'noopener noreferrer' : undefined}
                    >
                      {service.name}
                      {service.target === '_blank' ? ' (opens in a new window)' : ''}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
