import type { WeekdayCode } from './coded.js';
import { clockSeconds } from './rules.js';

/** The part of a schedule that decides a clash. */
export interface ScheduleSlot {
  readonly days: readonly WeekdayCode[];
  /** `hh:mm:ss`, 24-hour. */
  readonly from: string;
  readonly to: string;
  readonly roomId?: string | null;
  readonly instructorId?: string | null;
}

/**
 * Two schedules overlap when they share a day and their times overlap. Back-to-back classes (one ends at 09:00,
 * the next starts at 09:00) do not overlap.
 */
export function schedulesOverlap(a: ScheduleSlot, b: ScheduleSlot): boolean {
  if (!a.days.some((d) => b.days.includes(d))) return false;
  const [aFrom, aTo, bFrom, bTo] = [a.from, a.to, b.from, b.to].map(clockSeconds) as [
    number,
    number,
    number,
    number,
  ];
  if ([aFrom, aTo, bFrom, bTo].some(Number.isNaN)) return false;
  return aFrom < bTo && bFrom < aTo;
}

export type ScheduleClash = 'room' | 'instructor';

/** What two overlapping schedules both hold: the same room, the same instructor, or nothing (no clash). */
export function scheduleClashes(a: ScheduleSlot, b: ScheduleSlot): ScheduleClash[] {
  if (!schedulesOverlap(a, b)) return [];
  const clashes: ScheduleClash[] = [];
  if (a.roomId && a.roomId === b.roomId) clashes.push('room');
  if (a.instructorId && a.instructorId === b.instructorId) clashes.push('instructor');
  return clashes;
}

/** The message shown when a schedule is refused; `other` names the schedule already holding the slot. */
export function scheduleClashMessage(clash: ScheduleClash, other: string): string {
  return clash === 'room'
    ? `The room is already booked at this time by ${other}.`
    : `The instructor already teaches at this time in ${other}.`;
}
