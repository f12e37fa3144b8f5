import { APPLICATION_CODES, codedValues, type ApplicationCode } from '@campus/domain-core';

/** A launcher application (spec §1): its admin-scope code, name, a one-line description and console segment. */
export interface ApplicationInfo {
  readonly code: ApplicationCode;
  readonly name: string;
  readonly description: string;
  /** The first path segment under `/app`, e.g. `access-management`. */
  readonly segment: string;
  /**
   * Pages of the application (below its segment) that every signed-in user may open, with or without its scope:
   * they show only what belongs to the user (the batches they started), and the API decides what that is.
   */
  readonly ownPages?: readonly string[];
}

const INFO: Readonly<Record<ApplicationCode, Omit<ApplicationInfo, 'code'>>> = {
  IAM: {
    name: 'Identity and Access Management',
    description: 'Applications, modules, services, roles and user accounts with their admin scopes.',
    segment: 'access-management',
  },
  CAMPUS: {
    name: 'Campus Management',
    description:
      'Campuses, colleges, programs, subjects, sections, instructors, students and the academic calendar.',
    segment: 'campus-management',
  },
  CHATBOT: {
    name: 'Campus Chatbot Management',
    description: 'Chatbot responses, personas, subscribers, broadcasts and chat audit logs.',
    segment: 'chatbot-management',
  },
  SUPPORT: {
    name: 'Customer Support Management',
    description: 'Issue categories, support teams and offices.',
    segment: 'support-management',
  },
  FRS: {
    name: 'Facial Recognition Management',
    description: 'Face registration and the locations of recognition devices.',
    segment: 'frs-management',
  },
  DATA: {
    name: 'Data Migration Management',
    description: 'Import templates, API and database connectors, uploads and migration history.',
    segment: 'migrations',
  },
  REPORTS: {
    name: 'Analytics and Reports',
    description: 'Chatbot, support and ticket analytics, and the audit trail.',
    segment: 'analytics',
  },
  BATCH: {
    name: 'Batch Management',
    description: 'Batch jobs, their schedules and their runs.',
    segment: 'batch-management',
    // Anyone may start a batch over a list they can see, and follow it: their own batches and jobs.
    ownPages: ['tabs/batch', 'tabs/batch-jobs', 'tabs/batch-view'],
  },
};

/** The eight applications in launcher order. */
export const APPLICATIONS: readonly ApplicationInfo[] = APPLICATION_CODES.map((code) => ({
  code,
  ...INFO[code],
}));

/** The application codes as coded values (`IAM` → `Identity and Access Management`) for choices and labels. */
export const applicationCodeOptions = codedValues(APPLICATIONS.map((a) => [a.code, a.name] as const));

export function applicationByCode(code: ApplicationCode): ApplicationInfo {
  return APPLICATIONS.find((a) => a.code === code) as ApplicationInfo;
}

export function applicationBySegment(segment: string): ApplicationInfo | undefined {
  return APPLICATIONS.find((a) => a.segment === segment);
}

/** The console path of an application's area, e.g. `/app/access-management`. */
export function applicationPath(code: ApplicationCode): string {
  return `/app/${applicationByCode(code).segment}`;
}

/**
 * Splits a pathname into clean segments: query and hash dropped, percent-escapes decoded, `.` and `..`
 * resolved, so `/profile/../app/analytics` cannot pass as a profile page. Returns null for a malformed path.
 */
export function pathSegments(pathname: string): string[] | null {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  const out: string[] = [];
  for (const raw of path.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment.includes('/') || segment.includes('\\')) return null;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return out;
}

/** The application a console path belongs to (`/app/campus-management/rooms` → CAMPUS), if any. */
export function applicationForPath(pathname: string): ApplicationInfo | undefined {
  const segments = pathSegments(pathname);
  if (!segments || segments[0] !== 'app' || segments[1] === undefined) return undefined;
  return applicationBySegment(segments[1]);
}

/** Whether a console path is one of its application's `ownPages` (or below one), open to every signed-in user. */
export function isOwnPage(pathname: string): boolean {
  const segments = pathSegments(pathname);
  const application = applicationForPath(pathname);
  if (!segments || !application?.ownPages) return false;
  const below = segments.slice(2);
  return application.ownPages.some((page) => {
    const parts = page.split('/');
    return parts.every((part, i) => below[i] === part);
  });
}
