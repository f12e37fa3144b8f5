import { codedValues, launcherApplications, type ApplicationCode, type ApplicationInfo, type CodedOption } from '@campus/domain-core';

export type { ApplicationInfo } from '@campus/domain-core';

/**
 * The launcher applications in launcher order. Each is declared by the manifests of its two area folders
 * (`areas/<segment>/area.ts` of the API and of the console) and registered at start; nothing here lists them.
 */
export function applications(): readonly ApplicationInfo[] {
  return launcherApplications();
}

/** The application codes as coded values (`IAM` → `Identity and Access Management`) for choices and labels. */
export function applicationCodeOptions(): readonly CodedOption<ApplicationCode>[] {
  return codedValues(launcherApplications().map((a) => [a.code, a.name] as const));
}

/** The registered application of a code; undefined for a code no area declares. */
export function applicationByCode(code: string): ApplicationInfo | undefined {
  return launcherApplications().find((a) => a.code === code);
}

export function applicationBySegment(segment: string): ApplicationInfo | undefined {
  return launcherApplications().find((a) => a.segment === segment);
}

/** The console path of an application's area, e.g. `/app/access-management`. */
export function applicationPath(code: ApplicationCode): string {
  const application = applicationByCode(code);
  if (!application) throw new Error(`No area declares the application ${code}.`);
  return `/app/${application.segment}`;
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
