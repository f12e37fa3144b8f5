import { useForm } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { Button, TextField } from '@campus/ui';
import {
  ROTATE_SSO_SECRET,
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
export function SsoClientPanel({ panel, result }: SsoClientPanelProps) {
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
        <fieldset className="cas-field">
          <legend className="cas-field__label">Client type</legend>
          <label>
            <input type="radio" name="clientType" value="confidential" defaultChecked={isConfidential} />{' '}
            Confidential (a server that keeps a secret)
          </label>
          <br />
          <label>
            <input type="radio" name="clientType" value="public" defaultChecked={!isConfidential} /> Public
            (browser or mobile app, no secret)
          </label>
        </fieldset>
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
        <p>
          <label>
            <input
              type="checkbox"
              name="allowRefreshTokens"
              defaultChecked={values ? values.allowRefreshTokens === 'on' : current.allowRefreshTokens}
            />{' '}
            Issue refresh tokens
          </label>
        </p>
        <p>
          <label>
            <input
              type="checkbox"
              name="isOpenToAll"
              defaultChecked={values ? values.isOpenToAll === 'on' : current.isOpenToAll}
            />{' '}
            Open to every active user (otherwise only users holding one of its roles)
          </label>
        </p>
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
