import { entityRegistry } from '@campus/api-contract';
import type { AnyEntity } from '@campus/domain-core';

/** The entity whose list screen is `/app/{area}/{resource}`, if any. */
export function entityAt(area: string | undefined, resource: string | undefined): AnyEntity | undefined {
  if (!area || !resource) return undefined;
  return entityRegistry.byConsolePath(`/app/${area}/${resource}`);
}

/**
 * Older or alternative addresses of spec §2 and the screen they now lead to (a permanent redirect): the `-old`
 * variants, and `semester` for the semesters screen.
 */
const MOVED: Readonly<Record<string, readonly string[]>> = {
  'campus-management': [
    'academic-break-old',
    'academic-years-old',
    'instructors-old',
    'rooms-old',
    'schedules-old',
    'sections-old',
    'students-old',
    'subjects-old',
  ],
};
const ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'campus-management': { semester: 'semesters' },
};

/** Where an older address of a screen now lives (`/app/{area}/{current}`), or undefined. */
export function movedScreen(area: string, resource: string): string | undefined {
  const target =
    ALIASES[area]?.[resource] ??
    (MOVED[area]?.includes(resource) ? resource.replace(/-old$/, '') : undefined);
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
