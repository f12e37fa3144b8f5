import { describe, expect, it } from 'vitest';
import { distanceMetres, insideGeofence } from './geofence.js';
import { passesLiveness, pickChallenge } from './liveness.js';

describe('passesLiveness', () => {
  const settings = { livenessTurn: 0.2 };
  it('passes when the head turns the way asked by enough', () => {
    expect(passesLiveness('turn-left', 0, 0.3, settings)).toBe(true);
    expect(passesLiveness('turn-right', 0.1, -0.2, settings)).toBe(true);
  });
  it('fails for a still face (a photo held up) or a turn the other way', () => {
    expect(passesLiveness('turn-left', 0.05, 0.06, settings)).toBe(false);
    expect(passesLiveness('turn-left', 0, -0.4, settings)).toBe(false);
    expect(passesLiveness('turn-right', 0, 0.4, settings)).toBe(false);
  });
  it('picks each challenge', () => {
    expect(pickChallenge(0)).toBe('turn-left');
    expect(pickChallenge(0.99)).toBe('turn-right');
  });
});

describe('geofence', () => {
  const centre = { latitude: 14.5995, longitude: 120.9842 };
  it('measures distances on the Earth (one thousandth of a degree of latitude is about 111 m)', () => {
    expect(distanceMetres(centre, { latitude: 14.6005, longitude: 120.9842 })).toBeCloseTo(111.2, 0);
    expect(distanceMetres(centre, centre)).toBe(0);
  });
  it('puts a point inside or outside the radius', () => {
    expect(insideGeofence(centre, 150, { latitude: 14.6005, longitude: 120.9842 })).toBe(true);
    expect(insideGeofence(centre, 100, { latitude: 14.6005, longitude: 120.9842 })).toBe(false);
  });
});
