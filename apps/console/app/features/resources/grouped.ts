import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';

/**
 * Entities grouped one level deeper in an area (`/app/{area}/{group}/{resource}`, e.g. the Human Resources
 * records under `/app/campus-management/hr/…`) use the same screens as `/app/{area}/{resource}`: the route
 * modules only need `params.resource` to be the path below the area.
 */
export function grouped<A extends LoaderFunctionArgs | ActionFunctionArgs, R>(
  group: string,
  handler: (args: A) => R,
) {
  return (args: A): R =>
    handler({ ...args, params: { ...args.params, resource: `${group}/${args.params.resource ?? ''}` } });
}
