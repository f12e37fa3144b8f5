import type { AreaModule } from '../platform/area.js';
import { accessArea } from './access/index.js';
import { batchAreaModule } from './batch/index.js';
import { campusArea } from './campus/index.js';
import { chatbotArea } from './chatbot/index.js';
import { frsAreaModule } from './frs/index.js';
import { migrationArea } from './migration/index.js';
import { reportsArea } from './reports/index.js';
import { supportArea } from './support/index.js';

/** Every launcher area the API serves: adding an application adds its folder and one line here. */
export const AREAS: readonly AreaModule[] = [accessArea, campusArea, batchAreaModule, supportArea, frsAreaModule, reportsArea, migrationArea, chatbotArea];
