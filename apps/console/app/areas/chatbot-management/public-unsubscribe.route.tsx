import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { SiteBanner } from '@campus/ui';
import { Form, useActionData } from '@remix-run/react';
import { chatbotContract } from '@campus/api-contract';
import { RouteError } from '../../features/resources/RouteError';
import { publicContractClient } from '../../lib/api.server';
import { APP_TITLE } from '../../lib/constants';
import './chatbot.css';

/** Anyone may open this page without signing in (declared in the area's `area.ts`, mounted outside `/app`). */
export const publicPage = true;

export const meta: MetaFunction = () => [{ title: `Unsubscribe · ${APP_TITLE}` }];

/**
 * The unsubscribe link of every broadcast email. Opening it asks first (mail scanners open links); the button, or a
 * mail client's one-click `List-Unsubscribe-Post`, opts the subscriber out. The signed token in the address is the
 * only credential, so a post from another site (the mail client) is accepted.
 */
export async function action({ params, context }: ActionFunctionArgs) {
  const result = await publicContractClient(context, chatbotContract).unsubscribeChatbot({ body: { token: params.token ?? '' } });
  const body = result.body as { data?: { message: string }; message?: string };
  if (result.status === 200) return { done: body.data!.message, error: null };
  return data({ done: null, error: body.message ?? 'We cannot process your request right now.' }, { status: result.status });
}

export default function Unsubscribe() {
  const result = useActionData<typeof action>();
  return (
    <>
      <SiteBanner title={APP_TITLE} />
      <main className="cas-chat">
        <h1>Unsubscribe from campus broadcasts</h1>
        {result?.done ? (
          <p role="status">{result.done}</p>
        ) : (
          <Form method="post">
            <p>You will no longer receive broadcasts from the campus chatbot by email or in the web chat.</p>
            <button type="submit" className="cas-button">
              Unsubscribe
            </button>
            {result?.error ? (
              <p role="alert" className="cas-error">
                {result.error}
              </p>
            ) : null}
          </Form>
        )}
      </main>
    </>
  );
}

export const ErrorBoundary = RouteError;
