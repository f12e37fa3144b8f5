import type { Argon2Options } from '../../config.js';
import type { Db } from './client.js';
import type { SeedRecord } from './insert-rows.js';
import { randomSource, type RandomSource } from './seed-data.js';

/** What the demo university's base gives every area's seed step to build on. */
export interface DemoUniversity {
  /** The demo administrator: account, employee record and name (`admin@example.edu`). */
  readonly admin: { readonly userId: string; readonly employeeId: string; readonly name: string };
  /** The demo registrar's employee record (`registrar@example.edu`). */
  readonly registrar: { readonly employeeId: string };
  /** The campuses, the main one first. */
  readonly campuses: readonly { readonly id: string; readonly name: string; readonly lat: number; readonly long: number }[];
}

/** What an area's seed step is handed: the open transaction, the base's records, and a random source of its own. */
export interface DemoSeed {
  /** The demo's one transaction. */
  readonly db: Db;
  /** The day the database is created (dates are placed around it). */
  readonly at: Date;
  readonly argon2: Argon2Options;
  /**
   * The step's own deterministic source, seeded from its area's folder name: adding or reordering areas never
   * changes another area's demo data.
   */
  readonly random: RandomSource;
  /** `random.uuid`. */
  readonly id: () => string;
  readonly university: DemoUniversity;
  /** Inserts records of a resource (descriptor columns) and counts them in the seed's summary. */
  put(resource: string, records: SeedRecord[]): Promise<void>;
  /** Counts records a step wrote by other means (e.g. accounts) in the seed's summary. */
  count(resource: string, added: number): void;
}

/** An area's demo data, written after the base university, inside the same transaction. */
export interface SeedStep {
  /** The areas (folder names) whose demo data this step reads: their steps run first. */
  readonly after?: readonly string[];
  run(demo: DemoSeed): Promise<void>;
}

/** A seed step with the folder of the area that ships it. */
export interface NamedSeedStep {
  readonly area: string;
  readonly step: SeedStep;
}

/**
 * Orders the areas' steps so each runs after those it names in `after` (by folder name otherwise). Fails on a name
 * no area with a step has, and on a cycle, naming them.
 */
export function orderSeedSteps(steps: readonly NamedSeedStep[]): NamedSeedStep[] {
  const byArea = new Map(steps.map((s) => [s.area, s]));
  for (const { area, step } of steps) {
    for (const before of step.after ?? []) {
      if (!byArea.has(before)) throw new Error(`The seed of ${area} runs after ${before}, which has no seed step.`);
    }
  }
  const ordered: NamedSeedStep[] = [];
  const done = new Set<string>();
  const visiting: string[] = [];
  const visit = (named: NamedSeedStep) => {
    if (done.has(named.area)) return;
    if (visiting.includes(named.area)) throw new Error(`The seed steps wait for each other: ${[...visiting, named.area].join(' → ')}.`);
    visiting.push(named.area);
    for (const before of [...(named.step.after ?? [])].sort()) visit(byArea.get(before)!);
    visiting.pop();
    done.add(named.area);
    ordered.push(named);
  };
  for (const named of [...steps].sort((a, b) => a.area.localeCompare(b.area))) visit(named);
  return ordered;
}

/** A step's own random source: the demo's seed mixed with the area's folder name (FNV-1a). */
export function areaRandom(area: string, seed = 2026): RandomSource {
  let hash = 0x811c9dc5 ^ seed;
  for (const char of area) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return randomSource(hash >>> 0);
}
