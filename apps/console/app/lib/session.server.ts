import { signedIn, type RequestContext } from './request.server.js';

export type { CurrentUser } from '@campus/api-contract';
export { TWO_FACTOR_PATH } from './request.server.js';

export type SignedIn = Pick<RequestContext, 'user' | 'token'>;

/** The signed-in user (`signedIn(request)`), for screens not yet switched to `signedIn`. */
export const requireUser = (request: Request): Promise<SignedIn> => signedIn(request);
