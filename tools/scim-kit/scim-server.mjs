// A small real SCIM 2.0 service provider (RFC 7644) for the provisioning tests: /Users and /Groups with POST, GET (by
// id, and a list filtered by `userName eq "…"`), PUT and PATCH (replace), bearer authentication, and every request
// recorded as it came. Plain JavaScript so that the API tests and the console's end-to-end tests share it without
// importing each other.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

export class ScimServer {
  /** @param {string} token the bearer token it accepts */
  constructor(token) {
    this.token = token;
    /** @type {{ method: string, path: string, authorization: string | undefined, contentType: string | undefined, body: any }[]} */
    this.requests = [];
    /** @type {Map<string, any>} */
    this.users = new Map();
    /** @type {Map<string, any>} */
    this.groups = new Map();
    /** Statuses to answer the next requests with (after the token is checked) before serving again. */
    this.failNext = [];
    this.url = '';
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  /** The one user held. */
  user() {
    const [user] = this.users.values();
    if (!user) throw new Error('The SCIM server holds no user.');
    return user;
  }

  /** @param {string} userName */
  userNamed(userName) {
    const found = [...this.users.values()].find((u) => u.userName === userName);
    if (!found) throw new Error(`The SCIM server holds no user ${userName}.`);
    return found;
  }

  /** @param {string} displayName */
  group(displayName) {
    const found = [...this.groups.values()].find((g) => g.displayName === displayName);
    if (!found) throw new Error(`The SCIM server holds no group ${displayName}.`);
    return found;
  }

  async start() {
    await new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${this.server.address().port}/scim/v2`;
  }

  stop() {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  async handle(req, res) {
    let text = '';
    for await (const chunk of req) text += chunk;
    const answer = (status, value) => {
      res.writeHead(status, { 'content-type': 'application/scim+json' });
      res.end(value === undefined ? '' : JSON.stringify(value));
    };
    const error = (status, detail) => answer(status, { schemas: [SCIM_ERROR_SCHEMA], status: String(status), detail });
    let body;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      return error(400, 'The body is not JSON.');
    }
    const path = (req.url ?? '').replace(/^\/scim\/v2/, '');
    this.requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, contentType: req.headers['content-type'], body });
    if (req.headers.authorization !== `Bearer ${this.token}`) return error(401, 'Bearer token not accepted.');
    const failing = this.failNext.shift();
    if (failing) return error(failing, 'Service busy.');
    const match = /^\/(Users|Groups)(?:\/([^/?]+))?(?:\?(.*))?$/.exec(path);
    if (!match) return error(404, 'No such endpoint.');
    const [, kind, id, query] = match;
    const store = kind === 'Users' ? this.users : this.groups;
    const schema = kind === 'Users' ? SCIM_USER_SCHEMA : SCIM_GROUP_SCHEMA;
    if (req.method === 'POST' && !id) {
      if (!body?.schemas?.includes(schema)) return error(400, 'Wrong schema.');
      if (kind === 'Users' && [...this.users.values()].some((u) => u.userName === body.userName)) return error(409, 'userName taken.');
      const created = { ...body, id: randomUUID(), meta: { resourceType: kind === 'Users' ? 'User' : 'Group' } };
      store.set(created.id, created);
      return answer(201, created);
    }
    if (req.method === 'GET' && !id) {
      const userName = /userName eq "([^"]+)"/.exec(decodeURIComponent(query ?? ''))?.[1];
      const found = [...store.values()].filter((r) => !userName || r.userName === userName);
      return answer(200, { schemas: [SCIM_LIST_SCHEMA], totalResults: found.length, Resources: found });
    }
    const current = id ? store.get(id) : undefined;
    if (!current) return error(404, 'Resource not found.');
    if (req.method === 'GET') return answer(200, current);
    if (req.method === 'PUT') {
      const replaced = { ...body, id: current.id, meta: current.meta };
      store.set(id, replaced);
      return answer(200, replaced);
    }
    if (req.method === 'PATCH') {
      for (const op of body?.Operations ?? []) if (op.op === 'replace' && op.path) current[op.path] = op.value;
      return answer(200, current);
    }
    return error(405, 'Not supported here.');
  }
}
