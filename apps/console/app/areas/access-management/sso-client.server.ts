import { data } from '@remix-run/node';
import { SSO_CLIENT_DEFAULTS, SsoClientSettingsSchema } from '@campus/domain-iam';
import { signedIn } from '../../lib/request.server';
import { ROTATE_SSO_SECRET, type SsoClientActionData, type SsoClientPanelData } from './sso-client';

export async function loadSsoClient(request: Request, applicationId: string): Promise<SsoClientPanelData> {
  const { api } = await signedIn(request);
  const result = await api.sso.getApplicationClient({ params: { id: applicationId } });
  return { client: result.status === 200 ? result.body.data : null, defaults: SSO_CLIENT_DEFAULTS };
}

const lines = (value: FormDataEntryValue | null) =>
  String(value ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** The settings form as the API's body: one address per line, check boxes present when ticked. */
function settingsFrom(form: FormData) {
  return {
    clientId: String(form.get('clientId') ?? '').trim(),
    isConfidential: form.get('clientType') !== 'public',
    redirectUris: lines(form.get('redirectUris')),
    postLogoutRedirectUris: lines(form.get('postLogoutRedirectUris')),
    allowRefreshTokens: form.get('allowRefreshTokens') === 'on',
    accessTokenMinutes: Number(form.get('accessTokenMinutes')),
    refreshTokenDays: Number(form.get('refreshTokenDays')),
    isOpenToAll: form.get('isOpenToAll') === 'on',
  };
}

/** `intent=save-sso-client` and `intent=rotate-sso-secret` of the application's edit screen. */
export async function ssoClientAction(request: Request, applicationId: string, form: FormData) {
  const { api } = await signedIn(request);
  const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<
    string,
    string
  >;
  if (form.get('intent') === ROTATE_SSO_SECRET) {
    const result = await api.sso.rotateApplicationClientSecret({ params: { id: applicationId } });
    if (result.status === 200) return data<SsoClientActionData>({ panelResult: { clientSecret: result.body.data.clientSecret, message: 'A new client secret was generated.' } });
    return data<SsoClientActionData>({ panelResult: { message: messageOf(result.body) } }, { status: result.status });
  }
  const parsed = SsoClientSettingsSchema.safeParse(settingsFrom(form));
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return data<SsoClientActionData>({ panelResult: { message: 'Please fillup required fields.', fieldErrors, values } }, { status: 400 });
  }
  const result = await api.sso.saveApplicationClient({ params: { id: applicationId }, body: parsed.data });
  if (result.status === 200) {
    return data<SsoClientActionData>({ panelResult: { clientSecret: result.body.data.clientSecret, message: 'Single sign-on settings saved.' } });
  }
  const body = result.body as { message?: string; fieldErrors?: Record<string, string[]> };
  const fieldErrors = Object.fromEntries(Object.entries(body.fieldErrors ?? {}).map(([k, v]) => [k.split('.')[0]!, v[0] ?? '']));
  return data<SsoClientActionData>({ panelResult: { message: body.message, fieldErrors, values } }, { status: result.status });
}

function messageOf(body: unknown): string | undefined {
  return typeof body === 'object' && body && 'message' in body
    ? String((body as { message: unknown }).message)
    : undefined;
}
