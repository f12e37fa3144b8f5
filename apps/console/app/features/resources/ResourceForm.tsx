import { Form, useLocation, useNavigation } from '@remix-run/react';
import type { SubmissionResult } from '@conform-to/react';
import { useCallback, type ReactNode } from 'react';
import { entityRegistry } from '@campus/api-contract';
import {
  DataFormProvider,
  displayNameOf,
  EntityForm,
  Notice,
  SAVE_AND_ADD_INTENT,
  StateControl,
  type ChoiceOption,
  type EntityRow,
} from '@campus/ui';
import type { ResourceFormData } from './resource.server';
import { overrideOf } from '../../areas';
import './resources.css';

export interface ResourceFormProps {
  readonly form: ResourceFormData;
  /** The last rejected submission, if any. */
  readonly rejection?: {
    readonly result: SubmissionResult<string[]>;
    readonly notice: { tone: 'success' | 'error' | 'warning' | 'info'; title: string; description?: string };
    readonly choices: Record<string, ChoiceOption[]>;
  };
  /** Content after the form (e.g. an announcement's preview). */
  readonly children?: ReactNode;
}

/** The generic create / edit screen of an entity. */
export function ResourceForm({ form, rejection, children }: ResourceFormProps) {
  const entity = entityRegistry.byResource(form.resource);
  const navigation = useNavigation();
  const location = useLocation();
  const path = entity?.consolePath;
  const searchChoices = useCallback(
    async (field: string, text: string): Promise<ChoiceOption[]> => {
      const response = await fetch(`${path}/choices?${new URLSearchParams({ field, q: text })}`);
      if (!response.ok) return [];
      return ((await response.json()) as { choices: ChoiceOption[] }).choices;
    },
    [path],
  );
  if (!entity) return null;
  const isCreate = form.mode === 'create';
  const name = form.record ? displayNameOf(entity, form.record) : '';
  const title = isCreate ? `New ${entity.label}` : `Edit ${entity.label}`;
  const note = overrideOf(entity).formNote?.[form.mode];
  const errors = rejection?.result.error ?? {};
  const formErrors = errors[''] ?? [];
  return (
    <DataFormProvider form={Form}>
      <nav aria-label="Breadcrumb" className="cas-breadcrumb">
        <a href={form.returnTo}>{entity.pluralLabel}</a>
      </nav>
      <h1 className="cas-page-title">
        {title}
        {name ? <span className="cas-page-subtitle">: {name}</span> : null}
      </h1>
      {rejection ? <Notice {...rejection.notice} /> : null}
      {note ? <p className="cas-form-note">{note}</p> : null}
      <EntityForm
        // A new visit of the create form ("Save and add another" lands on the same route) starts empty.
        key={form.record?._id ?? `new-${location.key}`}
        entity={entity}
        mode={form.mode}
        label={title}
        values={(rejection?.result.initialValue as Record<string, unknown> | undefined) ?? form.values}
        errors={errors}
        formErrors={formErrors}
        referenceOptions={rejection?.choices ?? form.choices}
        readOnlyFields={form.readOnlyFields}
        searchChoices={searchChoices}
        cancelHref={form.returnTo}
        isSubmitting={
          navigation.state === 'submitting' &&
          [null, SAVE_AND_ADD_INTENT].includes(navigation.formData?.get('intent') as string | null)
        }
        submitLabel={isCreate ? 'Create' : 'Save'}
        saveAndAddLabel={isCreate ? 'Save and add another' : undefined}
      >
        <input type="hidden" name="returnTo" value={form.returnTo} />
      </EntityForm>
      {form.record ? (
        <section aria-label="State" className="cas-panel cas-form-state">
          <h2 className="cas-panel-title">State</h2>
          <StateControl entity={entity} row={form.record as EntityRow} returnTo={form.returnTo} />
        </section>
      ) : null}
      {children}
    </DataFormProvider>
  );
}
