import type { ApplicationCode } from './applications.js';

/** A module of a launcher application (spec §3 Modules): the unit a role grants, and what an entity belongs to. */
export interface ModuleInfo {
  readonly code: string;
  readonly name: string;
  readonly description: string;
  readonly applicationCode: ApplicationCode;
}
