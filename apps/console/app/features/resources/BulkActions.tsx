import type { AnyEntity } from '@campus/domain-core';
import { RouterForm } from '../../components/RouterForm';

export interface BulkActionsProps {
  readonly entity: AnyEntity;
  /** Records the list's search and filters match now. */
  readonly count: number;
  /** The list's own address with its search, so the batch acts on exactly what is shown. */
  readonly returnTo: string;
  readonly action: string;
}

const figure = new Intl.NumberFormat('en-PH');

/**
 * Changes to every record the list matches, run as a batch (Batch Management) rather than in the request:
 * set the state (active / inactive, or a status) of all N, or export them as a file prepared in the background.
 */
export function BulkActions({ entity, count, returnTo, action }: BulkActionsProps) {
  if (count === 0) return null;
  const n = figure.format(count);
  const all = `all ${n} matching record${count === 1 ? '' : 's'}`;
  return (
    <details className="cas-bulk-actions">
      <summary>Bulk actions</summary>
      <div className="cas-list-actions">
        {entity.state.kind === 'isActive' ? (
          <>
            <RouterForm method="post" action={action}>
              <input type="hidden" name="returnTo" value={returnTo} />
              <input type="hidden" name="isActive" value="false" />
              <button type="submit" name="intent" value="bulk-state" className="cas-button cas-button--secondary">
                Set inactive for {all}
              </button>
            </RouterForm>
            <RouterForm method="post" action={action}>
              <input type="hidden" name="returnTo" value={returnTo} />
              <input type="hidden" name="isActive" value="true" />
              <button type="submit" name="intent" value="bulk-state" className="cas-button cas-button--secondary">
                Set active for {all}
              </button>
            </RouterForm>
          </>
        ) : (
          <RouterForm method="post" action={action}>
            <input type="hidden" name="returnTo" value={returnTo} />
            <label>
              Status
              <select name="status" required>
                {entity.state.lifecycle.values.map((v) => (
                  <option key={String(v.value)} value={String(v.value)}>
                    {v.label}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" name="intent" value="bulk-state" className="cas-button cas-button--secondary">
              Set status for {all}
            </button>
          </RouterForm>
        )}
        <RouterForm method="post" action={action}>
          <input type="hidden" name="returnTo" value={returnTo} />
          <button type="submit" name="intent" value="export-job" className="cas-button cas-button--secondary">
            Export {all} in the background
          </button>
        </RouterForm>
      </div>
    </details>
  );
}
