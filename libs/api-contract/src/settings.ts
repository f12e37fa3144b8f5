import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { SettingsViewSchema, SignInPanelSchema, SystemSettingsSchema, TestEmailSchema } from '@campus/domain-iam';
import { guardedRouter } from './access.js';
import { CORE_BASE } from './crud.js';
import { dataBody, ErrorBodySchema } from './errors.js';

const c = initContract();
/** Settings are IAM's; the handlers also require an IAM administrator (403 otherwise). */
const IAM = { application: 'IAM' } as const;
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** `/app/settings` (spec §2): the organisation, the sign-in panel, mail, security limits and retention. */
export const settingsContract = c.router(
  guardedRouter({
    getSystemSettings: {
      method: 'GET',
      path: `${CORE_BASE}/settings`,
      responses: { 200: dataBody(SettingsViewSchema), ...errors },
      metadata: IAM,
      summary: 'The system settings (IAM administrators)',
    },
    saveSystemSettings: {
      method: 'PUT',
      path: `${CORE_BASE}/settings`,
      body: SystemSettingsSchema,
      responses: { 200: dataBody(SettingsViewSchema), ...errors },
      metadata: IAM,
      summary: 'Change the system settings (IAM administrators; audited with before and after)',
    },
    sendTestEmail: {
      method: 'POST',
      path: `${CORE_BASE}/settings/test-email`,
      body: TestEmailSchema,
      responses: { 202: dataBody(z.object({ message: z.string() })), ...errors, 502: ErrorBodySchema },
      metadata: IAM,
      summary: 'Send a test email through the outbound mail settings (IAM administrators)',
    },
    getSignInPanel: {
      method: 'GET',
      path: `${CORE_BASE}/settings/sign-in-panel`,
      responses: { 200: dataBody(SignInPanelSchema) },
      metadata: { public: true },
      summary: "The organisation's name, logo, mission and vision for the sign-in panel",
    },
  }),
);
export type SettingsContract = typeof settingsContract;
