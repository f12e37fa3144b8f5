export const AREA = '/app/analytics';

/** An address under the area with a query (empty values left out). */
export function linkTo(path: string, query: Record<string, string | undefined | null>): string {
  return linkAt(`${AREA}/${path}`, query);
}

/** Any console address with a query (empty values left out): a drill-down into another application's list. */
export function linkAt(address: string, query: Record<string, string | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  const text = params.toString();
  return `${address}${text ? `?${text}` : ''}`;
}
