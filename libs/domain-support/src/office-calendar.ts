import { OFFICE_HOURS_FIELDS } from './entities.js';
import { parseHolidays, parseOpeningHours, WEEKDAY_CODES, type BusinessCalendar, type OpeningHours, type WeekdayCode } from './sla.js';

/** Philippine time, for an office that does not say. */
export const DEFAULT_UTC_OFFSET_MINUTES = 480;

/** The business calendar of an office record (its hours fields, holidays and UTC offset). */
export function officeCalendar(office: Readonly<Record<string, unknown>>): BusinessCalendar {
  const hours: Partial<Record<WeekdayCode, OpeningHours>> = {};
  WEEKDAY_CODES.forEach((code, i) => {
    const h = parseOpeningHours(office[OFFICE_HOURS_FIELDS[i]!] as string | undefined);
    if (h) hours[code] = h;
  });
  const offset = office.utcOffsetMinutes;
  return {
    utcOffsetMinutes: typeof offset === 'number' ? offset : DEFAULT_UTC_OFFSET_MINUTES,
    hours,
    holidays: parseHolidays(office.holidays as string | undefined).dates,
  };
}

/** Around-the-clock calendar, for a ticket whose office is unknown. */
export const ALWAYS_OPEN: BusinessCalendar = {
  utcOffsetMinutes: 0,
  hours: Object.fromEntries(WEEKDAY_CODES.map((c) => [c, { open: 0, close: 24 * 60 }])),
  holidays: [],
};

const PRIORITY_SUFFIX = { low: 'Low', normal: 'Normal', high: 'High', urgent: 'Urgent' } as const;

/** A policy record's targets for a priority, in business minutes (`null` where the policy sets none). */
export function policyTargets(
  policy: Readonly<Record<string, unknown>> | null | undefined,
  priority: keyof typeof PRIORITY_SUFFIX,
): { firstResponseMinutes: number | null; resolutionMinutes: number | null } {
  const read = (name: string) => (typeof policy?.[name] === 'number' ? (policy[name] as number) : null);
  return {
    firstResponseMinutes: read(`firstResponse${PRIORITY_SUFFIX[priority]}`) ?? read('firstResponseNormal'),
    resolutionMinutes: read(`resolution${PRIORITY_SUFFIX[priority]}`) ?? read('resolutionNormal'),
  };
}
