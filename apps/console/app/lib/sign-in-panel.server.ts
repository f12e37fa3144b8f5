import type { AppLoadContext } from '@remix-run/node';
import { settingsContract } from '@campus/api-contract';
import type { SignInPanel } from '@campus/domain-iam';
import { publicContractClient } from './api.server.js';

/** The sign-in panel as set in `/app/settings`; null (the defaults) when the API cannot say. */
export async function signInPanel(context: AppLoadContext | undefined): Promise<SignInPanel | null> {
  try {
    const result = await publicContractClient(context, settingsContract).getSignInPanel();
    return result.status === 200 ? result.body.data : null;
  } catch {
    return null;
  }
}
