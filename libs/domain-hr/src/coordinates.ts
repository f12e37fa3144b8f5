/** A point on Earth in decimal degrees. */
export interface Coordinates {
  readonly latitude: number;
  readonly longitude: number;
}

const PAIR = /^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*,\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*$/;

export type CoordinatesResult =
  { readonly ok: true; readonly value: Coordinates } | { readonly ok: false; readonly message: string };

export const COORDINATES_FORMAT_MESSAGE =
  'Enter coordinates as "latitude, longitude", e.g. "14.5995, 120.9842".';
export const LATITUDE_RANGE_MESSAGE = 'Latitude must be between -90 and 90.';
export const LONGITUDE_RANGE_MESSAGE = 'Longitude must be between -180 and 180.';

/**
 * Reads timesheet coordinates written as `'latitude, longitude'` (spec §3) and checks their ranges:
 * latitude -90 to 90, longitude -180 to 180. The problem, if any, comes back as a message.
 */
export function readCoordinates(text: string | null | undefined): CoordinatesResult {
  const m = PAIR.exec(text ?? '');
  if (!m) return { ok: false, message: COORDINATES_FORMAT_MESSAGE };
  const latitude = Number(m[1]);
  const longitude = Number(m[2]);
  if (!(Math.abs(latitude) <= 90)) return { ok: false, message: LATITUDE_RANGE_MESSAGE };
  if (!(Math.abs(longitude) <= 180)) return { ok: false, message: LONGITUDE_RANGE_MESSAGE };
  return { ok: true, value: { latitude, longitude } };
}

/** The coordinates of `'latitude, longitude'`, or `null` when the text is malformed or out of range. */
export function parseCoordinates(text: string | null | undefined): Coordinates | null {
  const result = readCoordinates(text);
  return result.ok ? result.value : null;
}

/** Writes coordinates back as `'latitude, longitude'`. */
export function formatCoordinates({ latitude, longitude }: Coordinates): string {
  return `${latitude}, ${longitude}`;
}
