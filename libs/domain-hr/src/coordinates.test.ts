import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COORDINATES_FORMAT_MESSAGE,
  formatCoordinates,
  LATITUDE_RANGE_MESSAGE,
  LONGITUDE_RANGE_MESSAGE,
  parseCoordinates,
  readCoordinates,
} from './index.js';

describe('parseCoordinates', () => {
  it.each([
    ['14.5995, 120.9842', 14.5995, 120.9842],
    ['14.5995,120.9842', 14.5995, 120.9842],
    ['  -33.8688 ,  151.2093 ', -33.8688, 151.2093],
    ['90, 180', 90, 180],
    ['-90, -180', -90, -180],
    ['0, 0', 0, 0],
    ['+7.07, .5', 7.07, 0.5],
  ])('reads %j', (text, latitude, longitude) => {
    expect(parseCoordinates(text)).toEqual({ latitude, longitude });
  });

  it.each([
    ['', COORDINATES_FORMAT_MESSAGE],
    ['14.5995', COORDINATES_FORMAT_MESSAGE],
    ['14.5995 120.9842', COORDINATES_FORMAT_MESSAGE],
    ['14.5995, 120.9842, 5', COORDINATES_FORMAT_MESSAGE],
    ['north, east', COORDINATES_FORMAT_MESSAGE],
    ['1e2, 3', COORDINATES_FORMAT_MESSAGE],
    [null, COORDINATES_FORMAT_MESSAGE],
    ['90.0001, 0', LATITUDE_RANGE_MESSAGE],
    ['-91, 0', LATITUDE_RANGE_MESSAGE],
    ['0, 180.5', LONGITUDE_RANGE_MESSAGE],
    ['0, -181', LONGITUDE_RANGE_MESSAGE],
  ])('rejects %j: %s', (text, message) => {
    expect(readCoordinates(text)).toEqual({ ok: false, message });
    expect(parseCoordinates(text)).toBeNull();
  });

  it('reads back every point it writes', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (latitude, longitude) => {
          // Exponent notation (1e-7) is not a coordinate people write; round to GPS precision first.
          const point = {
            latitude: Number(latitude.toFixed(6)) || 0,
            longitude: Number(longitude.toFixed(6)) || 0,
          };
          expect(parseCoordinates(formatCoordinates(point))).toEqual(point);
        },
      ),
    );
  });
});
