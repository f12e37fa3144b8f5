import { z } from 'zod';

// Single sign-on (OpenID Connect) settings of an application: one schema for the edit form and the API.

const isLoopback = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]';

/** A redirect URI: absolute, no fragment; https, or http on this machine (development). Matched exactly. */
export const RedirectUriSchema = z
  .string()
  .trim()
  .max(2048, 'At most 2048 characters.')
  .refine((value) => {
    try {
      const url = new URL(value);
      if (url.hash || value.includes('#')) return false;
      return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
    } catch {
      return false;
    }
  }, 'Enter a full https address without #fragment (http only for localhost).');

export const SsoClientSettingsSchema = z
  .object({
    clientId: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9_-]{2,63}$/, 'Use 3–64 lower-case letters, digits, - or _.'),
    isConfidential: z.boolean(),
    redirectUris: z
      .array(RedirectUriSchema)
      .min(1, 'Enter at least one redirect URI.')
      .max(10, 'At most 10 addresses.'),
    postLogoutRedirectUris: z.array(RedirectUriSchema).max(10, 'At most 10 addresses.'),
    allowRefreshTokens: z.boolean(),
    accessTokenMinutes: z
      .number()
      .int('Whole minutes.')
      .min(5, 'At least 5 minutes.')
      .max(1440, 'At most 1440 minutes.'),
    refreshTokenDays: z.number().int('Whole days.').min(1, 'At least 1 day.').max(90, 'At most 90 days.'),
    isOpenToAll: z.boolean(),
  })
  .strict();
export type SsoClientSettings = z.infer<typeof SsoClientSettingsSchema>;

/** Defaults of a new client. */
export const SSO_CLIENT_DEFAULTS: Omit<SsoClientSettings, 'clientId' | 'redirectUris'> = {
  isConfidential: true,
  postLogoutRedirectUris: [],
  allowRefreshTokens: true,
  accessTokenMinutes: 60,
  refreshTokenDays: 14,
  isOpenToAll: false,
};
