import { useForm } from '@conform-to/react';
import { Form, useNavigation } from '@remix-run/react';
import { formatCount, formatZonedTime } from '@campus/formatters';
import { Button, Checkbox, KeyValueList, Notice, PasswordField, StatusPill, TextField } from '@campus/ui';
import { ScimDeliveryTable } from './ScimDeliveryTable';
import { SAVE_SCIM, scimLogPath, type ScimPanelData, type ScimPanelResult } from './scim';

const FIELDS = ['enabled', 'baseUrl', 'token'] as const;
type Field = (typeof FIELDS)[number];

export interface ScimPanelProps {
  readonly panel: ScimPanelData;
  readonly result?: ScimPanelResult;
}

/**
 * An application's SCIM 2.0 provisioning (decision 0065): on or off, the endpoint and its bearer token (write-only),
 * and the latest requests pushed there with a link to the whole delivery log. A plain form with an `intent`.
 */
export function ScimPanel({ panel, result }: ScimPanelProps) {
  const { target, recent, deliveryCount } = panel;
  const busy = useNavigation().formData?.get('intent') === SAVE_SCIM;
  const [, fields] = useForm<Record<Field, string>>({ lastResult: result?.result });
  // What was typed, when the form was refused (never the token); the first problem of each field.
  const typed = result?.result?.initialValue as Partial<Record<Field, string>> | undefined;
  // Only the answer on screen counts: a form saved after a refusal shows no problem left from it.
  const errors = (result?.result ? Object.fromEntries(FIELDS.map((name) => [name, Object.values(fields[name].allErrors)[0]?.[0]])) : {}) as Partial<Record<Field, string>>;
  const isOn = typed ? typed.enabled === 'on' : target.enabled;
  return (
    <section aria-labelledby="scim-title" className="cas-panel">
      <h2 id="scim-title" className="cas-panel-title">
        SCIM provisioning
      </h2>
      <p className="cas-field__description">
        Pushes accounts to the application's SCIM 2.0 endpoint when they change here: each user holding one of its roles
        as a User (created, updated, deactivated — never deleted), and each of its roles as a Group with those users as
        members. Failed requests are tried again.
      </p>
      {result ? <Notice {...result.notice} /> : null}
      <KeyValueList
        aria-label="SCIM provisioning state"
        items={[
          { label: 'Provisioning', value: <StatusPill tone={target.enabled ? 'success' : 'neutral'}>{target.enabled ? 'On' : 'Off'}</StatusPill> },
          { label: 'Bearer token', value: target.hasToken ? 'Set' : 'Not set' },
          { label: 'What is pushed', value: 'Users, and roles as groups' },
          { label: 'Last changed', value: target.updatedAt ? formatZonedTime(target.updatedAt, { withDate: true }) : '' },
        ]}
      />
      {/* Saved, the form starts again from what is stored: the token typed is not kept in the page. */}
      <Form key={target.updatedAt ?? 'new'} method="post" noValidate aria-label="SCIM settings">
        <input type="hidden" name="intent" value={SAVE_SCIM} />
        <Checkbox name="enabled" value="on" defaultSelected={isOn}>
          Push users and roles to this application
        </Checkbox>
        <TextField
          label="SCIM base URL"
          name="baseUrl"
          isRequired
          defaultValue={typed?.baseUrl ?? target.baseUrl}
          error={errors.baseUrl}
          description="The application's SCIM 2.0 endpoint, e.g. https://lms.example.edu/scim/v2 (http only to this machine)."
        />
        <PasswordField
          label="Bearer token"
          name="token"
          autoComplete="new-password"
          error={errors.token}
          description={target.hasToken ? 'A token is set (stored sealed, never shown). Leave empty to keep it.' : 'The token the application gave for SCIM. Stored sealed; never shown again.'}
        />
        <Button type="submit" isDisabled={busy}>
          Save SCIM settings
        </Button>
      </Form>
      <h3>Latest deliveries</h3>
      <ScimDeliveryTable caption="Latest SCIM deliveries" rows={recent} isEnabled={target.enabled} />
      {deliveryCount > 0 ? (
        <p>
          <a href={scimLogPath(target.applicationId)}>
            Open the delivery log ({formatCount(deliveryCount)} {deliveryCount === 1 ? 'request' : 'requests'})
          </a>
        </p>
      ) : null}
    </section>
  );
}
