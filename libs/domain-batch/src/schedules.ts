import { z } from 'zod';

export const DEFAULT_TIME_ZONE = 'Asia/Manila';

/** What a schedule does about runs it missed while no server was up: run the job once, or skip them. */
export const MISSED_RUN_POLICIES = ['run-once', 'skip'] as const;
export type MissedRunPolicy = (typeof MISSED_RUN_POLICIES)[number];
export const MISSED_RUN_LABELS: Record<MissedRunPolicy, string> = {
  'run-once': 'Run once',
  skip: 'Skip',
};

/** Whether the runtime knows the IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Five fields (minute hour day month weekday), or six with seconds first. */
const CRON_SHAPE = /^\S+(\s+\S+){4,5}$/;

export const ScheduleInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Required').max(100, 'At most 100 characters.'),
    type: z.string().trim().min(1, 'Required').max(60),
    cron: z
      .string()
      .trim()
      .min(1, 'Required')
      .max(120)
      .regex(CRON_SHAPE, 'Write five fields: minute hour day month weekday.'),
    timeZone: z.string().trim().default(DEFAULT_TIME_ZONE).refine(isTimeZone, 'Choose a valid time zone.'),
    missedRunPolicy: z.enum(MISSED_RUN_POLICIES).default('run-once'),
    params: z.record(z.string(), z.unknown()).default({}),
    isActive: z.boolean().default(true),
  })
  .strict();
export type ScheduleInput = z.infer<typeof ScheduleInputSchema>;
