import type { ResourceOverride } from '../types';
import { CategoryTree, type CategoryTreeData } from './CategoryTree';

const hoursNote = 'Business hours per weekday as hh:mm-hh:mm (empty = closed); holidays one a line as yyyy-mm-dd and a name. SLA targets count only these hours.';

/** What Customer Support Management adds to the generic screens of its resources. */
export const resources: Readonly<Record<string, ResourceOverride>> = {
  'support-categories-v2': { ListPanel: ({ data }: { data: CategoryTreeData }) => <CategoryTree data={data} /> },
  'support-offices': { formNote: { create: hoursNote, update: hoursNote } },
};
