import type { AreaScreen } from './types';
import { screens as access } from './access-management/screens';
import { screens as analytics } from './analytics/screens';
import { screens as batch } from './batch-management/screens';
import { screens as campus } from './campus-management/screens';
import { screens as frs } from './frs-management/screens';
import { screens as migrations } from './migrations/screens';
import { screens as chatbot } from './chatbot-management/screens';
import { screens as support } from './support-management/screens';

/**
 * Every area's own screens by area segment: adding an area with screens adds one line here. Read by
 * `vite.config.ts`, so this file and the `screens.ts` it imports hold data only.
 */
export const AREA_SCREENS: Readonly<Record<string, readonly AreaScreen[]>> = {
  'access-management': access,
  analytics,
  'batch-management': batch,
  'campus-management': campus,
  'frs-management': frs,
  migrations,
  'chatbot-management': chatbot,
  'support-management': support,
};
