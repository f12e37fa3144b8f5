import { fieldErrorsOf } from '@campus/api-contract';
import { HttpError } from '../http/errors.js';
import type { JobType } from './types.js';

/** The job types registered in code, by name (a type's name is also its pg-boss queue). */
export class JobTypes {
  readonly byName = new Map<string, JobType<never>>();

  /** `maxTimeoutSeconds` caps every type's timeout (tests that kill a process mid-job). */
  constructor(private readonly maxTimeoutSeconds: number | undefined) {}

  add<P>(type: JobType<P>): void {
    if (!type.title?.trim() || type.title === type.name) throw new Error(`Job type ${type.name} needs a title people can read.`);
    this.byName.set(type.name, type as unknown as JobType<never>);
  }

  /** The title of a job type; a type no longer registered (work of an earlier version) is shown by its name. */
  titleOf(name: string): string {
    return this.byName.get(name)?.title ?? name;
  }

  /** Every registered type with its title, by title. */
  titles(): { name: string; title: string }[] {
    return [...this.byName.values()].map((t) => ({ name: t.name, title: t.title })).sort((a, b) => a.title.localeCompare(b.title));
  }

  get(name: string): JobType<never> {
    const type = this.byName.get(name);
    if (!type) throw new HttpError(400, `Unknown job type ${name}.`, { type: [`Unknown job type ${name}.`] });
    return type;
  }

  timeoutOf(type: JobType<never>): number {
    const own = type.timeoutSeconds ?? 900;
    return this.maxTimeoutSeconds ? Math.min(own, this.maxTimeoutSeconds) : own;
  }

  /** Validates parameters the way a form does: 400 with field errors, before anything is queued. */
  parseParams(type: JobType<never>, params: unknown): Record<string, unknown> {
    const parsed = type.params.safeParse(params);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      throw new HttpError(400, Object.values(fieldErrors)[0]?.[0] ?? 'Check the parameters.', fieldErrors);
    }
    return parsed.data as Record<string, unknown>;
  }
}
