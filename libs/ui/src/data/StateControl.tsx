import { useId } from 'react';
import { Button } from '../components/Button.js';
import { labelOf, nextStatuses, type AnyEntity } from '@campus/domain-core';
import { displayNameOf, type EntityRow } from './format-cell.js';
import { DataForm } from './form-context.js';
import './data.css';

export const SET_STATE_INTENT = 'set-state';

export interface StateControlProps {
  readonly entity: AnyEntity;
  readonly row: EntityRow;
  /** Where the form posts; the current route when left out. */
  readonly action?: string;
  /** Carried back to the action, e.g. the list URL to return to. */
  readonly returnTo?: string;
  readonly isDisabled?: boolean;
}

/**
 * The state of one record as a small POST form with `intent=set-state` and the record's `id`, so it works without
 * JavaScript: an `isActive` switch (a submit button with the switch role that posts the opposite value), or a
 * `status` select limited to the lifecycle's next statuses.
 */
export function StateControl({ entity, row, action, returnTo, isDisabled = false }: StateControlProps) {
  const selectId = useId();
  const name = displayNameOf(entity, row);
  const hidden = (
    <>
      <input type="hidden" name="intent" value={SET_STATE_INTENT} />
      <input type="hidden" name="id" value={row._id} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
    </>
  );
  if (entity.state.kind === 'isActive') {
    const isActive = row.isActive === true;
    return (
      <DataForm method="post" action={action} className="cas-state-control">
        {hidden}
        <button
          type="submit"
          name="isActive"
          value={String(!isActive)}
          role="switch"
          aria-checked={isActive}
          aria-label={`${name} active`}
          className="cas-state-switch"
          disabled={isDisabled}
        >
          <span className="cas-state-switch-track" aria-hidden="true" data-on={isActive || undefined} />
          <span aria-hidden="true">{isActive ? 'Active' : 'Inactive'}</span>
        </button>
      </DataForm>
    );
  }
  const lifecycle = entity.state.lifecycle;
  const current = String(row.status ?? lifecycle.initial);
  const next = nextStatuses(lifecycle, current);
  if (next.length === 0) return <span className="cas-state-label">{labelOf(lifecycle.values, current)}</span>;
  return (
    <DataForm method="post" action={action} className="cas-state-control">
      {hidden}
      <label htmlFor={selectId} className="cas-visually-hidden">
        {`Status of ${name}`}
      </label>
      <select id={selectId} className="cas-select" name="status" defaultValue={current} disabled={isDisabled}>
        {[current, ...next].map((value) => (
          <option key={value} value={value}>
            {labelOf(lifecycle.values, value)}
          </option>
        ))}
      </select>
      <Button type="submit" variant="secondary" isDisabled={isDisabled} aria-label={`Set status of ${name}`}>
        Set
      </Button>
    </DataForm>
  );
}
