import { data, type MetaFunction } from '@remix-run/node';
import { NO_ACCESS_MESSAGE, NO_ACCESS_TITLE } from '@campus/domain-iam';
import { ButtonLink, DefaultLayout } from '@campus/ui';
import { APP_TITLE } from '../lib/constants';

/** The no-access page answers anyone. */
export const publicPage = true;

export const meta: MetaFunction = () => [{ title: `${NO_ACCESS_TITLE} · ${APP_TITLE}` }];

/** Where a refused page can redirect to (spec §2, §6): 401 with the No Access wording. */
export function loader() {
  return data(null, { status: 401 });
}

export default function Unauthorized() {
  return (
    <DefaultLayout title={APP_TITLE}>
      <section className="cas-error-page" aria-labelledby="unauthorized-title">
        <p className="cas-error-page__status">401</p>
        <h1 id="unauthorized-title" className="cas-error-page__message">
          {NO_ACCESS_TITLE}
        </h1>
        <p>{NO_ACCESS_MESSAGE}</p>
        <ButtonLink href="/app">Go back to home</ButtonLink>
      </section>
    </DefaultLayout>
  );
}
