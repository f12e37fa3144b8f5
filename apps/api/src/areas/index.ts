import type { AreaModule } from '../platform/area.js';
import { accessArea } from './access-management/index.js';
import { batchAreaModule } from './batch-management/index.js';
import { campusArea } from './campus-management/index.js';
import { chatbotArea } from './chatbot-management/index.js';
import { frsAreaModule } from './frs-management/index.js';
import { migrationArea } from './migrations/index.js';
import { reportsArea } from './analytics/index.js';
import { supportArea } from './support-management/index.js';

/** Every launcher area the API serves: adding an application adds its folder and one line here. */
export const AREAS: readonly AreaModule[] = [accessArea, campusArea, batchAreaModule, supportArea, frsAreaModule, reportsArea, migrationArea, chatbotArea];
