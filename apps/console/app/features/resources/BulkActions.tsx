import type { AnyEntity } from '@campus/domain-core';
import { formatCount } from '@campus/formatters';
import { ConfirmSubmit, Select } from '@campus/ui';
import { RouterForm } from '../../components/RouterForm';
import { bulkQuestion } from './bulk-note';

export interface BulkActionsProps {
  readonly entity: AnyEntity;
  /** Records the list's search and filters match now. */
  readonly count: number;
  /** The list's own address with its search, so the batch acts on exactly what is shown. */
  readonly returnTo: string;
  readonly action: string;
}

/**
 * Changes to every record the list matches, run as a batch (Batch Management) rather than in the request:
 * set the state (active / inactive, or a status) of all N, or export them as a file prepared in the background.
 * Each asks first, with the number of records: a dialog, or without JavaScript the same question as a page
 * (`startBulk` answers an unconfirmed post with it).
 */
export function BulkActions({ entity, count, returnTo, action }: BulkActionsProps) {
  if (count === 0) return null;
  const all = `all ${formatCount(count)} matching record${count === 1 ? '' : 's'}`;
  const hidden = (
    <>
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="count" value={String(count)} />
    </>
  );
  const ask = (intent: string, value = '') => bulkQuestion(entity, intent, value, count);
  return (
    <details className="cas-bulk-actions">
      <summary>Bulk actions</summary>
      <div className="cas-list-actions">
        {entity.state.kind === 'isActive' ? (
          <>
            <RouterForm method="post" action={action}>
              {hidden}
              <input type="hidden" name="isActive" value="false" />
              <ConfirmSubmit name="intent" value="bulk-state" variant="danger" {...ask('bulk-state', 'false')}>
                Set inactive for {all}
              </ConfirmSubmit>
            </RouterForm>
            <RouterForm method="post" action={action}>
              {hidden}
              <input type="hidden" name="isActive" value="true" />
              <ConfirmSubmit name="intent" value="bulk-state" {...ask('bulk-state', 'true')}>
                Set active for {all}
              </ConfirmSubmit>
            </RouterForm>
          </>
        ) : (
          <RouterForm method="post" action={action}>
            {hidden}
            <Select label="Status" name="status" isRequired options={entity.state.lifecycle.values.map((v) => ({ value: String(v.value), label: v.label }))} />
            <ConfirmSubmit name="intent" value="bulk-state" variant="danger" {...ask('bulk-state')}>
              Set status for {all}
            </ConfirmSubmit>
          </RouterForm>
        )}
        <RouterForm method="post" action={action}>
          {hidden}
          <ConfirmSubmit name="intent" value="export-job" {...ask('export-job')}>
            Export {all} in the background
          </ConfirmSubmit>
        </RouterForm>
      </div>
    </details>
  );
}
