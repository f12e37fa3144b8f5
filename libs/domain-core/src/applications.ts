/**
 * A launcher application's admin-scope code (spec §1: `IAM`, `CAMPUS`, …): upper-case, declared by its area's
 * manifest. A plain `string` (an account's `adminScopes`, a query parameter) is no code until `isApplicationCode`
 * has found it among the registered applications.
 */
export type ApplicationCode = Uppercase<string>;

/** A launcher application (spec §1): its admin-scope code, name, a one-line description and console segment. */
export interface ApplicationInfo {
  readonly code: ApplicationCode;
  readonly name: string;
  readonly description: string;
  /** The first path segment under `/app`, e.g. `access-management`: the name of the application's area folders. */
  readonly segment: string;
  /** Its place on the launcher (spec §1's table order): lower first. */
  readonly order: number;
  /**
   * Pages of the application (below its segment) that every signed-in user may open, with or without its scope:
   * they show only what belongs to the user (the batches they started), and the API decides what that is.
   */
  readonly ownPages?: readonly string[];
}

/** Why a list of applications cannot be the launcher's, or why the launcher's is read before it is known. */
export class ApplicationRegistryError extends Error {
  override readonly name = 'ApplicationRegistryError';
}

const CODE = /^[A-Z][A-Z0-9_]*$/;
const SEGMENT = /^[a-z0-9]+(-[a-z0-9]+)*$/;

let registered: readonly ApplicationInfo[] | undefined;

/**
 * Makes `applications` the launcher's, in their `order`: each side fills this once at start from the manifests of
 * its area folders (the API in `discoverAreas`, the console from its eager glob), before anything reads it. Refuses
 * a malformed code or segment, a code, segment or order used twice, and an empty name.
 */
export function registerApplications(applications: readonly ApplicationInfo[]): readonly ApplicationInfo[] {
  const seen = { code: new Set<string>(), segment: new Set<string>(), order: new Set<number>() };
  for (const a of applications) {
    const where = `the application of areas/${a.segment}`;
    if (!CODE.test(a.code)) throw new ApplicationRegistryError(`${where} has the code ${JSON.stringify(a.code)}: a code is upper-case letters, digits and _ (IAM).`);
    if (!SEGMENT.test(a.segment)) throw new ApplicationRegistryError(`${where}: a segment is lower-case words joined by - (access-management).`);
    if (!a.name.trim()) throw new ApplicationRegistryError(`${where} (${a.code}) has no name.`);
    if (!Number.isFinite(a.order)) throw new ApplicationRegistryError(`${where} (${a.code}) has no launcher order.`);
    if (seen.code.has(a.code)) throw new ApplicationRegistryError(`Two areas serve the application ${a.code}; areas/${a.segment} is the second.`);
    if (seen.segment.has(a.segment)) throw new ApplicationRegistryError(`Two applications have the segment ${a.segment}.`);
    if (seen.order.has(a.order)) throw new ApplicationRegistryError(`${where} (${a.code}) has the launcher order ${a.order} of another application.`);
    seen.code.add(a.code);
    seen.segment.add(a.segment);
    seen.order.add(a.order);
  }
  registered = Object.freeze([...applications].sort((a, b) => a.order - b.order).map((a) => Object.freeze({ ...a })));
  return registered;
}

/** The launcher applications in launcher order; refused until the area manifests have registered them. */
export function launcherApplications(): readonly ApplicationInfo[] {
  if (!registered) {
    throw new ApplicationRegistryError(
      'The launcher applications are read before they are known: they come from the area manifests (the API registers them in discoverAreas, the console in app/areas/manifests.ts).',
    );
  }
  return registered;
}

/** Whether the launcher applications are known yet. */
export function areApplicationsRegistered(): boolean {
  return registered !== undefined;
}

/** Whether `value` is the code of a registered launcher application. */
export function isApplicationCode(value: unknown): value is ApplicationCode {
  return typeof value === 'string' && launcherApplications().some((a) => a.code === value);
}
