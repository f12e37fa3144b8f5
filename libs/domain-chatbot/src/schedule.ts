import { z } from 'zod';
import { isTimeZone } from './settings.js';

/** How a broadcast is scheduled: once at a date and time, or again every day, week or month, in a time zone. */
export const scheduleKindOptions = [
  { value: 'ONCE', label: 'Once' },
  { value: 'DAILY', label: 'Every day' },
  { value: 'WEEKLY', label: 'Every week' },
  { value: 'MONTHLY', label: 'Every month' },
] as const;
export type ScheduleKind = (typeof scheduleKindOptions)[number]['value'];

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const DEFAULT_SCHEDULE_TIME_ZONE = 'Asia/Manila';

export const BroadcastScheduleSchema = z
  .object({
    kind: z.enum(scheduleKindOptions.map((o) => o.value) as [ScheduleKind, ...ScheduleKind[]], { errorMap: () => ({ message: 'Choose how often.' }) }),
    /** The day of a one-off send (yyyy-mm-dd, in the time zone). */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as yyyy-mm-dd.').nullable().default(null),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as hh:mm.'),
    /** 0 Sunday … 6 Saturday (weekly). */
    weekday: z.coerce.number().int().min(0, 'Choose a day of the week.').max(6, 'Choose a day of the week.').nullable().default(null),
    /** 1–28, so that every month has it (monthly). */
    dayOfMonth: z.coerce.number().int().min(1, 'Choose a day from 1 to 28.').max(28, 'Choose a day from 1 to 28.').nullable().default(null),
    timeZone: z.string().refine(isTimeZone, 'Unknown time zone.').default(DEFAULT_SCHEDULE_TIME_ZONE),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.kind === 'ONCE' && !s.date) ctx.addIssue({ code: 'custom', path: ['date'], message: 'Enter the date to send it.' });
    if (s.kind === 'WEEKLY' && s.weekday === null) ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'Choose a day of the week.' });
    if (s.kind === 'MONTHLY' && s.dayOfMonth === null) ctx.addIssue({ code: 'custom', path: ['dayOfMonth'], message: 'Choose a day from 1 to 28.' });
  });
export type BroadcastSchedule = z.infer<typeof BroadcastScheduleSchema>;

/**
 * The pattern croner reads in the schedule's time zone: a local date and time (`2026-12-01T07:30:00`) for a one-off
 * send, a five-field cron expression for the others.
 */
export function schedulePattern(s: BroadcastSchedule): string {
  const [hour, minute] = s.time.split(':').map(Number) as [number, number];
  switch (s.kind) {
    case 'ONCE':
      return `${s.date}T${s.time}:00`;
    case 'DAILY':
      return `${minute} ${hour} * * *`;
    case 'WEEKLY':
      return `${minute} ${hour} * * ${s.weekday}`;
    case 'MONTHLY':
      return `${minute} ${hour} ${s.dayOfMonth} * *`;
  }
}

/** The schedule in words, with its time zone ("Every Monday at 07:30 (Asia/Manila)"). */
export function describeSchedule(s: BroadcastSchedule): string {
  const at = `at ${s.time} (${s.timeZone})`;
  switch (s.kind) {
    case 'ONCE':
      return `Once on ${s.date} ${at}`;
    case 'DAILY':
      return `Every day ${at}`;
    case 'WEEKLY':
      return `Every ${WEEKDAYS[s.weekday ?? 0]} ${at}`;
    case 'MONTHLY':
      return `Every month on day ${s.dayOfMonth} ${at}`;
  }
}
