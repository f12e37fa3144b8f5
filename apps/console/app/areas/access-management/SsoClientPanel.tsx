import { useForm } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { Button, Checkbox, RadioGroup, Select, TextField } from '@campus/ui';
import {
  SAML_ATTRIBUTE_LABELS,
  SAML_ATTRIBUTES,
  SAML_NAME_ID_LABELS,
  SAML_SP_DEFAULTS,
  type SamlNameIdFormat,
} from '@campus/api-contract';
import {
  ROTATE_SSO_SECRET,
  SAVE_SAML_SP,
  SAVE_SSO_CLIENT,
  type SsoClientActionData,
  type SsoClientPanelData,
} from './sso-client';

/** The settings form's fields. */
const FIELDS = ['clientId', 'clientType', 'redirectUris', 'postLogoutRedirectUris', 'accessTokenMinutes', 'refreshTokenDays', 'allowRefreshTokens', 'isOpenToAll'] as const;

export interface SsoClientPanelProps {
  readonly panel: SsoClientPanelData;
  readonly result?: SsoClientActionData['panelResult'];
}

/**
 * An application's OpenID Connect client: its settings form, the secret shown once after it is generated, and
 * the rotate button. Plain forms with an `intent`, so it works without JavaScript.
 */
export function SsoClientPanel({ panel, result: answer }: SsoClientPanelProps) {
  const result = answer?.form === 'saml' ? undefined : answer;
  return (
    <>
      <OidcClientSection panel={panel} result={result} />
      <SamlSection panel={panel} result={answer?.form === 'saml' ? answer : undefined} />
    </>
  );
}

function OidcClientSection({ panel, result }: SsoClientPanelProps) {
  const { client, defaults } = panel;
  const [, fields] = useForm<Record<(typeof FIELDS)[number], string>>({ lastResult: result?.result });
  // What was typed, when the form was refused; the first problem of each field (an address by its line, too).
  const values = result?.result?.initialValue as Partial<Record<(typeof FIELDS)[number], string>> | undefined;
  const errors = Object.fromEntries(FIELDS.map((name) => [name, Object.values(fields[name].allErrors)[0]?.[0]])) as Partial<Record<(typeof FIELDS)[number], string>>;
  const current = client ?? { ...defaults, clientId: '', redirectUris: [] as string[] };
  const isConfidential = values ? values.clientType !== 'public' : current.isConfidential;
  return (
    <section aria-labelledby="sso-client-title" className="cas-panel">
      <h2 id="sso-client-title" className="cas-panel-title">
        Single sign-on (OpenID Connect)
      </h2>
      {client ? (
        <p className="cas-field__description">
          Issuer <code>{client.issuer}</code> — discovery at{' '}
          <code>{client.issuer}/.well-known/openid-configuration</code>. Authorization code with PKCE (S256)
          only.
        </p>
      ) : (
        <p className="cas-field__description">
          This application does not sign users in through the university account yet.
        </p>
      )}
      {result?.message ? (
        <p role="status" className="cas-form-note">
          {result.message}
        </p>
      ) : null}
      {result?.clientSecret ? (
        <div role="alert" className="cas-form-note">
          <p>
            <strong>Client secret</strong> (shown once — copy it into the application's configuration now):
          </p>
          <p>
            <code data-testid="client-secret">{result.clientSecret}</code>
          </p>
        </div>
      ) : null}
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value={SAVE_SSO_CLIENT} />
        <TextField
          label="Client ID"
          name="clientId"
          isRequired
          defaultValue={values?.clientId ?? current.clientId}
          error={errors.clientId}
          description="3–64 lower-case letters, digits, - or _."
        />
        <RadioGroup
          label="Client type"
          name="clientType"
          defaultValue={isConfidential ? 'confidential' : 'public'}
          error={errors.clientType}
          options={[
            { value: 'confidential', label: 'Confidential (a server that keeps a secret)' },
            { value: 'public', label: 'Public (browser or mobile app, no secret)' },
          ]}
        />
        <AddressList
          name="redirectUris"
          label="Redirect URIs (one per line, matched exactly)"
          value={values?.redirectUris ?? current.redirectUris.join('\n')}
          error={errors.redirectUris}
          isRequired
        />
        <AddressList
          name="postLogoutRedirectUris"
          label="Post-logout redirect URIs (one per line)"
          value={values?.postLogoutRedirectUris ?? current.postLogoutRedirectUris.join('\n')}
          error={errors.postLogoutRedirectUris}
        />
        <TextField
          label="Access token lifetime (minutes)"
          name="accessTokenMinutes"
          type="number"
          defaultValue={values?.accessTokenMinutes ?? String(current.accessTokenMinutes)}
          error={errors.accessTokenMinutes}
        />
        <TextField
          label="Refresh token lifetime (days)"
          name="refreshTokenDays"
          type="number"
          defaultValue={values?.refreshTokenDays ?? String(current.refreshTokenDays)}
          error={errors.refreshTokenDays}
        />
        <Checkbox name="allowRefreshTokens" defaultSelected={values ? values.allowRefreshTokens === 'on' : current.allowRefreshTokens}>
          Issue refresh tokens
        </Checkbox>
        <Checkbox name="isOpenToAll" defaultSelected={values ? values.isOpenToAll === 'on' : current.isOpenToAll}>
          Open to every active user (otherwise only users holding one of its roles)
        </Checkbox>
        <Button type="submit">Save single sign-on settings</Button>
      </Form>
      {client?.isConfidential ? (
        <Form method="post">
          <input type="hidden" name="intent" value={ROTATE_SSO_SECRET} />
          <p className="cas-field__description">
            {client.secretCreatedAt ? `Secret generated ${client.secretCreatedAt.slice(0, 10)}. ` : ''}A new
            secret replaces the old one at once.
          </p>
          <Button type="submit" variant="secondary">
            Rotate client secret
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

function AddressList({
  name,
  label,
  value,
  error,
  isRequired,
}: {
  name: string;
  label: string;
  value: string;
  error?: string;
  isRequired?: boolean;
}) {
  const id = `sso-${name}`;
  return (
    <div className="cas-field">
      <label htmlFor={id} className="cas-field__label">
        {label}
        {isRequired ? <span aria-hidden="true"> *</span> : null}
      </label>
      <textarea
        id={id}
        name={name}
        className="cas-input"
        rows={3}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required={isRequired || undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="cas-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The SAML form's fields. */
const SAML_FIELDS = ['entityId', 'acsUrl', 'sloUrl', 'signingCertificate', 'encryptionCertificate', 'nameIdFormat', 'releasedAttributes', 'requiresSignedRequests'] as const;
type SamlField = (typeof SAML_FIELDS)[number];

/**
 * The application's SAML 2.0 service provider: what the identity provider needs to know about it, and what it needs
 * to know about the identity provider (its metadata address). One plain form with an `intent`.
 */
function SamlSection({ panel, result }: SsoClientPanelProps) {
  const { saml } = panel;
  const [, fields] = useForm<Record<SamlField, string>>({ lastResult: result?.result });
  const values = result?.result?.initialValue as Partial<Record<SamlField, string | string[]>> | undefined;
  const errors = Object.fromEntries(SAML_FIELDS.map((name) => [name, Object.values(fields[name].allErrors)[0]?.[0]])) as Partial<Record<SamlField, string>>;
  const text = (name: SamlField, current: string | null | undefined) => {
    const typed = values?.[name];
    return typeof typed === 'string' ? typed : (current ?? '');
  };
  const released = values
    ? ([] as string[]).concat(values.releasedAttributes ?? [])
    : (saml?.releasedAttributes ?? SAML_SP_DEFAULTS.releasedAttributes);
  const requiresSigned = values ? values.requiresSignedRequests === 'on' : (saml?.requiresSignedRequests ?? SAML_SP_DEFAULTS.requiresSignedRequests);
  return (
    <section aria-labelledby="saml-sp-title" className="cas-panel">
      <h2 id="saml-sp-title" className="cas-panel-title">
        Single sign-on (SAML 2.0)
      </h2>
      {saml ? (
        <p className="cas-field__description">
          Identity provider metadata <code>{saml.idpMetadataUrl}</code> (entity id <code>{saml.idpEntityId}</code>).
          Sign-in started here: <code>{saml.idpInitiatedUrl}</code>.
        </p>
      ) : (
        <p className="cas-field__description">This application has no SAML service provider yet.</p>
      )}
      {result?.message ? (
        <p role="status" className="cas-form-note">
          {result.message}
        </p>
      ) : null}
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value={SAVE_SAML_SP} />
        <TextField
          label="Service provider entity ID"
          name="entityId"
          isRequired
          defaultValue={text('entityId', saml?.entityId)}
          error={errors.entityId}
          description="As in its metadata, e.g. https://library.example.edu/shibboleth."
        />
        <TextField
          label="Assertion Consumer Service (ACS) URL"
          name="acsUrl"
          isRequired
          defaultValue={text('acsUrl', saml?.acsUrl)}
          error={errors.acsUrl}
          description="HTTP-POST binding. Assertions go only here; a request naming another address is refused."
        />
        <TextField
          label="Single logout URL"
          name="sloUrl"
          defaultValue={text('sloUrl', saml?.sloUrl)}
          error={errors.sloUrl}
          description="HTTP-Redirect binding. Leave empty when the application has none."
        />
        <TextField
          label="Signing certificate"
          name="signingCertificate"
          defaultValue={text('signingCertificate', saml?.signingCertificate)}
          error={errors.signingCertificate}
          description="PEM. Checks the application's signed requests."
        />
        <Checkbox name="requiresSignedRequests" value="on" defaultSelected={requiresSigned}>
          Refuse unsigned sign-in and logout requests
        </Checkbox>
        <TextField
          label="Encryption certificate"
          name="encryptionCertificate"
          defaultValue={text('encryptionCertificate', saml?.encryptionCertificate)}
          error={errors.encryptionCertificate}
          description="PEM. When given, assertions are encrypted to it."
        />
        <Select
          label="NameID format"
          name="nameIdFormat"
          defaultValue={text('nameIdFormat', saml?.nameIdFormat ?? SAML_SP_DEFAULTS.nameIdFormat)}
          error={errors.nameIdFormat}
          options={(Object.keys(SAML_NAME_ID_LABELS) as SamlNameIdFormat[]).map((value) => ({ value, label: SAML_NAME_ID_LABELS[value] }))}
        />
        <fieldset className="cas-field">
          <legend className="cas-field__label">Attributes released</legend>
          {SAML_ATTRIBUTES.map((attribute) => (
            <Checkbox key={attribute} name="releasedAttributes" value={attribute} defaultSelected={released.includes(attribute)}>
              {SAML_ATTRIBUTE_LABELS[attribute]}
            </Checkbox>
          ))}
          {errors.releasedAttributes ? <p className="cas-field__error">{errors.releasedAttributes}</p> : null}
        </fieldset>
        <Button type="submit">Save SAML settings</Button>
      </Form>
    </section>
  );
}
