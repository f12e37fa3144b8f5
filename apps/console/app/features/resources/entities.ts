import { entityRegistry } from '@campus/api-contract';
import type { AnyEntity } from '@campus/domain-core';
import { areaAt } from '../../areas/manifests';

/**
 * Where a screen is: the area segment and the resource path below it, read from the address so that the same
 * route module serves `/app/{area}/{resource}/…` and a grouped `/app/{area}/{group}/{resource}/…` (e.g. Human
 * Resources records under `campus-management/hr/`), whichever route matched.
 */
export function screenPathOf(args: { request: Request; params: Readonly<Record<string, string | undefined>> }): {
  area: string | undefined;
  resource: string | undefined;
} {
  const parts = new URL(args.request.url).pathname
    .split('/')
    .filter(Boolean)
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p;
      }
    });
  const area = args.params.area ?? parts[1];
  const last = args.params.resource;
  if (!last) return { area, resource: undefined };
  const end = parts.indexOf(last, 2);
  return { area, resource: end >= 2 ? parts.slice(2, end + 1).join('/') : last };
}

/** The entity whose list screen is `/app/{area}/{resource}`, if any. */
export function entityAt(area: string | undefined, resource: string | undefined): AnyEntity | undefined {
  if (!area || !resource) return undefined;
  return entityRegistry.byConsolePath(`/app/${area}/${resource}`);
}

/**
 * Where an older or alternative address of a screen now lives (`/app/{area}/{current}`), from the area manifest's
 * `moved`, or undefined.
 */
export function movedScreen(area: string, resource: string): string | undefined {
  const moved = areaAt(area)?.moved;
  const target = moved && Object.hasOwn(moved, resource) ? moved[resource] : undefined;
  return target && entityAt(area, target) ? `/app/${area}/${target}` : undefined;
}

/** How a record is named in a choice list: its label field, with its code in front when it has one. */
export function choiceLabel(
  entity: AnyEntity | undefined,
  row: Readonly<Record<string, unknown>>,
  labelField: string,
): string {
  const text = (name: string) => (typeof row[name] === 'string' ? (row[name] as string).trim() : '');
  let main = text(labelField);
  if (text('lastName') && text('firstName')) main = `${text('lastName')}, ${text('firstName')}`;
  const code = entity?.unique.find((u) => u.label === 'Code')?.field;
  const codeText = code && code !== labelField ? text(code) : '';
  const label = codeText && main ? `${codeText} · ${main}` : main || codeText;
  return label || String(row._id ?? '');
}
