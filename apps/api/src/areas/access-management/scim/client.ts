/** The SCIM 2.0 requests (RFC 7644) the push job sends, and the short outcome each answer is logged with. */

export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const TIMEOUT_MS = 15_000;

export interface ScimAnswer {
  /** Null when no answer came (the endpoint could not be reached or timed out). */
  readonly status: number | null;
  readonly ok: boolean;
  readonly body: Record<string, unknown> | null;
  /** What the delivery log says, never the token. */
  readonly problem: string | null;
}

/** The detail a SCIM error answer gives (RFC 7644 §3.12), cut short. */
function detailOf(body: Record<string, unknown> | null): string {
  const detail = body && typeof body.detail === 'string' ? body.detail.trim() : '';
  return detail ? `: ${detail.slice(0, 120)}` : '.';
}

export function problemOf(status: number, body: Record<string, unknown> | null): string {
  if (status === 401 || status === 403) return `The application refused the bearer token (${status}). Replace the SCIM token.`;
  if (status === 404) return `The application does not know this resource (404)${detailOf(body)}`;
  if (status === 409) return `The application already has this resource (409)${detailOf(body)}`;
  if (status >= 500) return `The application could not take the request (${status})${detailOf(body)} It is tried again.`;
  return `The application refused the request (${status})${detailOf(body)}`;
}

/** One request to the application's SCIM endpoint; a token that comes back in an answer is blanked out of it. */
export async function scimRequest(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<ScimAnswer> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/scim+json',
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    return { status: null, ok: false, body: null, problem: `The SCIM endpoint could not be reached (${cause}). It is tried again.` };
  }
  const text = (await response.text()).split(token).join('(token)');
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, ok: response.ok, body: parsed, problem: response.ok ? null : problemOf(response.status, parsed) };
}

/** A 401, 403 or another 4xx will not get better by asking again; a 5xx, 429 or no answer may. */
export const worthRetrying = (answer: ScimAnswer) => answer.status === null || answer.status >= 500 || answer.status === 429;
