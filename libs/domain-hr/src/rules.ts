import type { EntityRule } from '@campus/domain-core';
import { parseClock } from '@campus/formatters';
import { readCoordinates } from './coordinates.js';

type Problems = ReturnType<EntityRule<Record<string, unknown>>>;
const given = (v: unknown): boolean => v !== null && v !== undefined && v !== '';

/** `to` must not be before `from` when both calendar dates (yyyy-mm-dd, so they compare as text) are given. */
export function datesInOrder(from: string, to: string, message: string): EntityRule<Record<string, unknown>> {
  return (v): Problems => {
    const a = v[from];
    const b = v[to];
    if (typeof a === 'string' && typeof b === 'string' && a && b && b < a) return [{ field: to, message }];
    return undefined;
  };
}

/** `to` must be strictly later in the day than `from` (24-hour hh:mm:ss) when both are given. */
export function timesInOrder(from: string, to: string, message: string): EntityRule<Record<string, unknown>> {
  return (v): Problems => {
    const a = parseClock(typeof v[from] === 'string' ? (v[from] as string) : null);
    const b = parseClock(typeof v[to] === 'string' ? (v[to] as string) : null);
    if (a !== null && b !== null && b <= a) return [{ field: to, message }];
    return undefined;
  };
}

/** Each listed field, when given, must hold `'latitude, longitude'` within range. */
export function coordinatesValid(...fields: string[]): EntityRule<Record<string, unknown>> {
  return (v): Problems => {
    const problems: { field: string; message: string }[] = [];
    for (const f of fields) {
      if (!given(v[f])) continue;
      const result = readCoordinates(String(v[f]));
      if (!result.ok) problems.push({ field: f, message: result.message });
    }
    return problems.length ? problems : undefined;
  };
}

/** `later` may only be given together with `earlier` (e.g. no time-out without a time-in). */
export function requiresField(
  later: string,
  earlier: string,
  message: string,
): EntityRule<Record<string, unknown>> {
  return (v): Problems => (given(v[later]) && !given(v[earlier]) ? [{ field: earlier, message }] : undefined);
}

/** A number field must not exceed another number field. */
export function notMoreThan(
  field: string,
  limit: string,
  message: string,
): EntityRule<Record<string, unknown>> {
  return (v): Problems => {
    const a = v[field];
    const b = v[limit];
    return typeof a === 'number' && typeof b === 'number' && a > b ? [{ field, message }] : undefined;
  };
}

/** Today's calendar date in Manila as yyyy-mm-dd, for "not in the future" checks. */
export function todayInManila(now: Date = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** A calendar date must not be after today (e.g. a birth date). */
export function notInTheFuture(field: string, message: string): EntityRule<Record<string, unknown>> {
  return (v): Problems => {
    const d = v[field];
    return typeof d === 'string' && d > todayInManila() ? [{ field, message }] : undefined;
  };
}
