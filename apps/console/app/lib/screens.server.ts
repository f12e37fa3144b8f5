import { entityRegistry } from '@campus/api-contract';
import { applicationBySegment, canUseModule, isOwnPage, type ApplicationInfo, type ModuleGrants } from '@campus/domain-iam';

/** One entry of an area's side menu. */
export interface Screen {
  /** Full console path, e.g. `/app/campus-management/campuses`. */
  path: string;
  label: string;
  /** The API resource behind a generic screen; absent for the screens that are not entity lists. */
  resource?: string;
  /** Menu section inside the area (e.g. `Human Resources`); absent for the area's main section. */
  group?: string;
}

interface OtherScreen {
  readonly segment: string;
  readonly label: string;
  /** Shown to IAM administrators only. */
  readonly isIamAdminOnly?: boolean;
}

/**
 * The screens of spec §2 that are not the list of a registered entity, per area segment, in the spec's order.
 * The entity screens come from `entityRegistry` (by `consolePath`), so they are never listed twice.
 */
const OTHER_SCREENS: Readonly<Record<string, readonly OtherScreen[]>> = {
  // Mail kept instead of sent (no SMTP server): IAM administrators only (areas/access-management).
  'access-management': [{ segment: 'outbox', label: 'Outbox', isIamAdminOnly: true }],
  'campus-management': [],
  'chatbot-management': [
    { segment: 'responses', label: 'Responses' },
    { segment: 'broadcast', label: 'Broadcast' },
    { segment: 'schedules', label: 'Scheduled Broadcast' },
    { segment: 'personas', label: 'Personas' },
    { segment: 'subscribers', label: 'Subscribers' },
    { segment: 'logs', label: 'Chat Audit Logs' },
    { segment: 'settings', label: 'Settings' },
    { segment: 'alumni', label: 'Alumni' },
  ],
  'support-management': [
    { segment: 'categories', label: 'Issue Categories' },
    { segment: 'categoriesV2', label: 'Issue Categories V2' },
    { segment: 'teams', label: 'Teams' },
    { segment: 'offices', label: 'Offices' },
    { segment: 'tickets', label: 'Tickets' },
  ],
  'frs-management': [
    { segment: 'faces', label: 'Face Registration' },
    { segment: 'device-locations', label: 'Device Locations' },
  ],
  migrations: [
    { segment: 'templates', label: 'Templates' },
    { segment: 'apis', label: 'APIs' },
    { segment: 'databases', label: 'Databases' },
    { segment: 'histories', label: 'Histories' },
    { segment: 'api-connector', label: 'API Connector' },
    { segment: 'db-connector', label: 'Database Connector' },
    { segment: 'uploader', label: 'Uploader' },
  ],
  analytics: [
    { segment: 'chatbot', label: 'Chatbot' },
    { segment: 'support', label: 'Support' },
    { segment: 'tickets', label: 'Tickets' },
    { segment: 'audit-trails', label: 'Audit Trails' },
  ],
  'batch-management': [
    { segment: 'tabs/batch', label: 'Batch' },
    { segment: 'tabs/batch-jobs', label: 'Batch Jobs' },
    { segment: 'tabs/batch-view', label: 'Batch View' },
  ],
};

/** Groups of nested entity paths (`/app/<area>/<group>/<resource>`). */
const GROUP_LABELS: Readonly<Record<string, string>> = { hr: 'Human Resources' };

/**
 * Every screen of an area: entity lists from the registry, then the other screens of spec §2. Given the user, the
 * menu leaves out the entity screens of modules their roles do not grant, and the administrators' screens unless
 * they are an IAM administrator.
 */
export function screensOf(
  area: ApplicationInfo,
  user?: { readonly iamAdmin?: boolean; readonly moduleGrants?: ModuleGrants; readonly adminScopes?: readonly string[] },
): Screen[] {
  const prefix = `/app/${area.segment}/`;
  const fromEntities: Screen[] = entityRegistry.all
    .filter((e) => e.consolePath.startsWith(prefix))
    .filter((e) => !user || canUseModule(user.moduleGrants, area.code, e.module))
    .map((e) => {
      const rest = e.consolePath.slice(prefix.length).split('/');
      const group = rest.length > 1 ? (GROUP_LABELS[rest[0] ?? ''] ?? rest[0]) : undefined;
      return { path: e.consolePath, label: e.pluralLabel, resource: e.resource, ...(group ? { group } : {}) };
    });
  const known = new Set(fromEntities.map((s) => s.path));
  const others = (OTHER_SCREENS[area.segment] ?? [])
    .filter((s) => !s.isIamAdminOnly || user?.iamAdmin)
    .map((s) => ({ path: `${prefix}${s.segment}`, label: s.label }))
    .filter((s) => !known.has(s.path));
  // Without the application's scope a user reaches only its own pages (their batches): the menu offers just those.
  const all = [...fromEntities, ...others];
  return user?.adminScopes && !user.adminScopes.includes(area.code) ? all.filter((s) => isOwnPage(s.path)) : all;
}

/** The screen at a path (exact match), with its area; undefined when the path is no screen of spec §2. */
export function screenAt(pathname: string): { area: ApplicationInfo; screen: Screen } | undefined {
  const segment = pathname.split('/')[2];
  const area = segment ? applicationBySegment(segment) : undefined;
  if (!area) return undefined;
  const screen = screensOf(area).find((s) => s.path === pathname.replace(/\/+$/, ''));
  return screen ? { area, screen } : undefined;
}
