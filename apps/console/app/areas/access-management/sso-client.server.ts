import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import { SSO_CLIENT_DEFAULTS, SsoClientSettingsSchema } from '@campus/domain-iam';
import { samlContract, SamlServiceProviderFieldsSchema } from '@campus/api-contract';
import { z } from 'zod';
import { problemOf, replyWithApiErrors } from '../../lib/answers.server';
import { signedIn } from '../../lib/request.server';
import { ROTATE_SSO_SECRET, SAVE_SAML_SP, SAVE_SSO_CLIENT, type SsoClientActionData, type SsoClientPanelData } from './sso-client';

export async function loadSsoClient(request: Request, applicationId: string): Promise<SsoClientPanelData> {
  const context = await signedIn(request);
  const { api } = context;
  const [result, saml] = await Promise.all([
    api.sso.getApplicationClient({ params: { id: applicationId } }),
    context.client(samlContract).getApplicationSamlProvider({ params: { id: applicationId } }),
  ]);
  return {
    client: result.status === 200 ? result.body.data : null,
    defaults: SSO_CLIENT_DEFAULTS,
    saml: saml.status === 200 ? saml.body.data : null,
  };
}

const shape = SsoClientSettingsSchema.shape;
const saml = SamlServiceProviderFieldsSchema.shape;
/** One address per line, blank lines left out. */
const lines = (value: unknown) =>
  String(value ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
/** A check box: present (`on`) when ticked. */
const ticked = (value: unknown) => value === 'on';

/**
 * The panel's two forms: the settings (the contract's client settings, read as the form writes them: one address a
 * line, the client type as a choice, check boxes present when ticked) and the secret's rotation.
 */
const SsoClientForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal(SAVE_SSO_CLIENT),
    clientId: z.preprocess((v) => v ?? '', shape.clientId),
    clientType: z.string().optional(),
    redirectUris: z.preprocess(lines, shape.redirectUris),
    postLogoutRedirectUris: z.preprocess(lines, shape.postLogoutRedirectUris),
    allowRefreshTokens: z.preprocess(ticked, shape.allowRefreshTokens),
    accessTokenMinutes: z.preprocess(Number, shape.accessTokenMinutes),
    refreshTokenDays: z.preprocess(Number, shape.refreshTokenDays),
    isOpenToAll: z.preprocess(ticked, shape.isOpenToAll),
  }),
  z.object({ intent: z.literal(ROTATE_SSO_SECRET) }),
  z.object({
    intent: z.literal(SAVE_SAML_SP),
    entityId: z.preprocess((v) => v ?? '', saml.entityId),
    acsUrl: z.preprocess((v) => v ?? '', saml.acsUrl),
    sloUrl: z.preprocess((v) => v ?? '', saml.sloUrl),
    signingCertificate: z.preprocess((v) => v ?? '', saml.signingCertificate),
    encryptionCertificate: z.preprocess((v) => v ?? '', saml.encryptionCertificate),
    requiresSignedRequests: z.preprocess(ticked, saml.requiresSignedRequests),
    nameIdFormat: saml.nameIdFormat,
    // Each ticked attribute posts its own `releasedAttributes` value.
    releasedAttributes: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), saml.releasedAttributes),
  }),
]);

const formIntent = (payload: Record<string, unknown>) => payload.intent;

/** `intent=save-sso-client` and `intent=rotate-sso-secret` of the application's edit screen. */
export async function ssoClientAction(request: Request, applicationId: string, form: FormData) {
  const context = await signedIn(request);
  const { api } = context;
  const submission = parseWithZod(form, { schema: SsoClientForm, disableAutoCoercion: true });
  if (submission.status !== 'success') {
    const form = formIntent(submission.payload) === SAVE_SAML_SP ? ('saml' as const) : undefined;
    return data<SsoClientActionData>({ panelResult: { form, message: 'Please fillup required fields.', result: submission.reply() } }, { status: 400 });
  }
  if (submission.value.intent === ROTATE_SSO_SECRET) {
    const result = await api.sso.rotateApplicationClientSecret({ params: { id: applicationId } });
    if (result.status === 200) return data<SsoClientActionData>({ panelResult: { clientSecret: result.body.data.clientSecret, message: 'A new client secret was generated.' } });
    return data<SsoClientActionData>({ panelResult: { message: problemOf(result.body).message || undefined } }, { status: result.status });
  }
  if (submission.value.intent === SAVE_SAML_SP) {
    const { intent: _saml, ...provider } = submission.value;
    const result = await context.client(samlContract).saveApplicationSamlProvider({ params: { id: applicationId }, body: provider });
    if (result.status === 200) return data<SsoClientActionData>({ panelResult: { form: 'saml', message: 'SAML settings saved.' } });
    return data<SsoClientActionData>(
      { panelResult: { form: 'saml', message: problemOf(result.body).message || undefined, result: replyWithApiErrors(submission, result.body) } },
      { status: result.status },
    );
  }
  const { intent: _intent, clientType, ...settings } = submission.value;
  const result = await api.sso.saveApplicationClient({ params: { id: applicationId }, body: { ...settings, isConfidential: clientType !== 'public' } });
  if (result.status === 200) {
    return data<SsoClientActionData>({ panelResult: { clientSecret: result.body.data.clientSecret, message: 'Single sign-on settings saved.' } });
  }
  return data<SsoClientActionData>(
    { panelResult: { message: problemOf(result.body).message || undefined, result: replyWithApiErrors(submission, result.body) } },
    { status: result.status },
  );
}
