import { useRouteLoaderData } from '@remix-run/react';
import type { loader as profileLoader } from './profile';

/** Name, email, and the employee's designation and department (spec §3). */
export default function ProfileDetails() {
  const profile = useRouteLoaderData<typeof profileLoader>('routes/profile');
  if (!profile) return null;
  const { user } = profile.shell;
  const employee = profile.employee;
  const rows: [string, string][] = [
    ['First name', user.firstName],
    ['Last name', user.lastName],
    ['Email', user.email],
    ['Designation', employee?.designation?.name ?? '—'],
    ['Department', employee?.department?.name ?? '—'],
  ];
  return (
    <section className="cas-panel" aria-labelledby="details-title">
      <h1 id="details-title" className="cas-page-title">
        Profile details
      </h1>
      <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '8px 24px', margin: 0 }}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt style={{ fontWeight: 600 }}>{label}</dt>
            <dd style={{ margin: 0 }}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
