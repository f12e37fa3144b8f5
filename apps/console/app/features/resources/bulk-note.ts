import type { AnyEntity } from '@campus/domain-core';
import { formatCount } from '@campus/formatters';

/** The question a bulk action asks before it starts, with the number of records (the dialog and the page alike). */
export interface BulkQuestion {
  readonly title: string;
  readonly description: string;
  readonly confirmLabel: string;
}

/**
 * What a bulk action asks first: `intent` is `bulk-state` or `export-job`, `value` the state it sets (`true` /
 * `false` for active, else a status), `count` the records the list matches.
 */
export function bulkQuestion(entity: AnyEntity, intent: string, value: string, count: number): BulkQuestion {
  const n = formatCount(count);
  const records = `${n} ${count === 1 ? entity.label.toLowerCase() : entity.pluralLabel.toLowerCase()}`;
  if (intent === 'export-job') {
    return {
      title: `Export ${records}?`,
      description: `A file of the ${records} is prepared in the background; the batch's page offers it for download when it is ready.`,
      confirmLabel: 'Export',
    };
  }
  const description = `The change runs as a batch over the ${records} the list matches now; you can follow it in Batch Management and change them back the same way.`;
  if (entity.state.kind === 'isActive') {
    const word = value === 'true' ? 'active' : 'inactive';
    return { title: `Set ${records} ${word}?`, description, confirmLabel: `Set ${word}` };
  }
  return { title: `Change the status of ${records}?`, description, confirmLabel: 'Set status' };
}
