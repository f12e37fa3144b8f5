import { areaSummaryContracts } from './area-summary.js';
import { batchContract } from './batch.js';
import { chatbotContract } from './chatbot.js';
import { employeeContract } from './employee.js';
import { frsContract } from './frs.js';
import { migrationContract } from './migration.js';
import { outboxContract } from './outbox.js';
import { coreContract } from './core.js';
import { hrisContract } from './hris.js';
import { resourceContracts } from './registry.js';
import { reportsContract } from './reports.js';
import { secondFactorContract, ssoContract } from './sso.js';
import { settingsContract } from './settings.js';
import { supportContract } from './support.js';

/**
 * The routes each launcher area adds to the generic CRUD of its entities, one entry per area contract file
 * (`<area>.ts`). Adding an area adds one line here and its handlers on the API side.
 */
export const areaContracts = {
  hris: hrisContract,
  sso: ssoContract,
  secondFactor: secondFactorContract,
  batch: batchContract,
  outbox: outboxContract,
  frs: frsContract,
  support: supportContract,
  reports: reportsContract,
  migration: migrationContract,
  chatbot: chatbotContract,
  settings: settingsContract,
  employee: employeeContract,
} as const;

/**
 * The whole API: sign-in and the audit trail, each area's index summary (`areas/{code}/summary`), every area's own
 * routes, and the CRUD of every entity.
 */
export const apiContract = { core: coreContract, areas: areaSummaryContracts, ...areaContracts, ...resourceContracts } as const;
