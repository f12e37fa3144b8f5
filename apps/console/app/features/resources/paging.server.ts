import type { EntityRecord } from '@campus/api-contract';
import type { AnyEntity } from '@campus/domain-core';
import type { ApiListQuery } from '@campus/ui';
import type { RequestContext } from '../../lib/request.server';

type Api = RequestContext['api'];

/** The API's largest page. */
export const PAGE_LIMIT = 100;

/**
 * Every row of a filtered list, fetched a page of 100 at a time (the API's maximum) so that nothing is capped
 * and memory stays flat however long the list is; `max` bounds it only when the caller asks.
 */
export async function* eachRow(
  api: Api,
  entity: AnyEntity,
  query: Omit<ApiListQuery, 'page' | 'limit'>,
  max = Number.POSITIVE_INFINITY,
): AsyncGenerator<EntityRecord> {
  let seen = 0;
  for (let page = 1; seen < max; page++) {
    const result = await api.resource(entity.resource).list({ ...query, page, limit: PAGE_LIMIT });
    if (result.status !== 200)
      throw new Error(result.body.message || `The list of ${entity.pluralLabel} failed.`);
    for (const row of result.body.rows) {
      if (seen++ >= max) return;
      yield row;
    }
    if (result.body.rows.length < PAGE_LIMIT || page * PAGE_LIMIT >= result.body.count) return;
  }
}
