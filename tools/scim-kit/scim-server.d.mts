// Types of scim-server.mjs (plain JavaScript, shared by the API tests and the console's end-to-end tests).

export declare const SCIM_USER_SCHEMA: string;
export declare const SCIM_GROUP_SCHEMA: string;
export declare const SCIM_LIST_SCHEMA: string;
export declare const SCIM_ERROR_SCHEMA: string;

/** A user or group as the server holds it, or a request's body as it came. */
export interface ScimResource {
  id: string;
  schemas?: string[];
  userName?: string;
  externalId?: string;
  displayName?: string;
  active?: boolean;
  members?: { value: string }[];
  Operations?: { op: string; path?: string; value: unknown }[];
  [attribute: string]: unknown;
}

export interface ScimRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: ScimResource;
}

export declare class ScimServer {
  constructor(token: string);
  readonly token: string;
  readonly requests: ScimRequest[];
  readonly users: Map<string, ScimResource>;
  readonly groups: Map<string, ScimResource>;
  /** Statuses to answer the next requests with (after the token is checked) before serving again. */
  failNext: number[];
  /** The base URL, e.g. http://127.0.0.1:41234/scim/v2, once started. */
  url: string;
  user(): ScimResource;
  userNamed(userName: string): ScimResource;
  group(displayName: string): ScimResource;
  start(): Promise<void>;
  stop(): Promise<void>;
}
