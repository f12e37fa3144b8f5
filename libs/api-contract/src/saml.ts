import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { RedirectUriSchema } from '@campus/domain-iam';
import { CORE_BASE } from './crud.js';
import { dataBody, ErrorBodySchema } from './errors.js';

const c = initContract();

// SAML 2.0 service providers of registered applications (decision 0063): one schema for the edit form and the API.

/** The NameID formats the identity provider issues: the email, a pairwise persistent id, or a one-time id. */
export const SAML_NAME_ID_FORMATS = {
  emailAddress: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  persistent: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
  transient: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
} as const;
export type SamlNameIdFormat = keyof typeof SAML_NAME_ID_FORMATS;
export const SAML_NAME_ID_LABELS: Record<SamlNameIdFormat, string> = {
  emailAddress: 'Email address',
  persistent: 'Persistent (a stable id for this application only)',
  transient: 'Transient (a new id at every sign-in)',
};

/** The attributes an application may be given (names as the eduPerson and SAML attribute profiles write them). */
export const SAML_ATTRIBUTES = [
  'mail',
  'givenName',
  'sn',
  'displayName',
  'eduPersonPrincipalName',
  'eduPersonAffiliation',
  'roles',
  'modules',
] as const;
export type SamlAttribute = (typeof SAML_ATTRIBUTES)[number];
export const SAML_ATTRIBUTE_LABELS: Record<SamlAttribute, string> = {
  mail: 'Email (mail)',
  givenName: 'First name (givenName)',
  sn: 'Last name (sn)',
  displayName: 'Full name (displayName)',
  eduPersonPrincipalName: 'eduPersonPrincipalName',
  eduPersonAffiliation: 'eduPersonAffiliation (employee or affiliate)',
  roles: "Roles in this application",
  modules: "Modules of those roles",
};

const PEM_BODY = /^(?:-----BEGIN CERTIFICATE-----)?([A-Za-z0-9+/=\s]+?)(?:-----END CERTIFICATE-----)?$/;
/**
 * A certificate as pasted: PEM with or without its line breaks (a one-line field drops them), or the base64 body
 * alone; kept as canonical PEM. Empty is none. The API parses it.
 */
const CertificateSchema = z
  .string()
  .trim()
  .max(10_000, 'At most 10000 characters.')
  .refine((value) => value === '' || PEM_BODY.test(value), 'Paste a PEM certificate (-----BEGIN CERTIFICATE----- …).')
  .transform((value) => {
    const body = PEM_BODY.exec(value)?.[1]?.replace(/\s+/g, '');
    return body ? `-----BEGIN CERTIFICATE-----\n${body.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----` : null;
  })
  .nullable();

/** The fields of the settings form, each on its own (the console reads the form with them). */
export const SamlServiceProviderFieldsSchema = z
  .object({
    entityId: z
      .string()
      .trim()
      .min(3, 'Enter the service provider entity id.')
      .max(1024, 'At most 1024 characters.')
      .regex(/^[^\s<>"&]+$/, 'An entity id is a URI without spaces or < > " &.'),
    acsUrl: RedirectUriSchema,
    sloUrl: RedirectUriSchema.nullable().or(z.literal('').transform(() => null)),
    signingCertificate: CertificateSchema,
    encryptionCertificate: CertificateSchema,
    requiresSignedRequests: z.boolean(),
    nameIdFormat: z.enum(Object.keys(SAML_NAME_ID_FORMATS) as [SamlNameIdFormat, ...SamlNameIdFormat[]]),
    releasedAttributes: z.array(z.enum(SAML_ATTRIBUTES)).max(SAML_ATTRIBUTES.length),
  })
  .strict();
export const SamlServiceProviderSettingsSchema = SamlServiceProviderFieldsSchema.refine(
  (v) => !v.requiresSignedRequests || v.signingCertificate, {
    message: 'Signed requests need the service provider signing certificate.',
    path: ['signingCertificate'],
  },
);
export type SamlServiceProviderSettings = z.infer<typeof SamlServiceProviderSettingsSchema>;

export const SAML_SP_DEFAULTS: Pick<SamlServiceProviderSettings, 'nameIdFormat' | 'releasedAttributes' | 'requiresSignedRequests'> = {
  nameIdFormat: 'emailAddress',
  releasedAttributes: ['mail', 'givenName', 'sn', 'displayName', 'eduPersonPrincipalName', 'eduPersonAffiliation', 'roles'],
  requiresSignedRequests: false,
};

export const SamlServiceProviderSchema = z.object({
  applicationId: z.string().uuid(),
  entityId: z.string(),
  acsUrl: z.string(),
  sloUrl: z.string().nullable(),
  signingCertificate: z.string().nullable(),
  encryptionCertificate: z.string().nullable(),
  requiresSignedRequests: z.boolean(),
  nameIdFormat: z.enum(Object.keys(SAML_NAME_ID_FORMATS) as [SamlNameIdFormat, ...SamlNameIdFormat[]]),
  releasedAttributes: z.array(z.enum(SAML_ATTRIBUTES)),
  /** The identity provider's metadata (a stable address), its entity id and its sign-in address for this application. */
  idpMetadataUrl: z.string(),
  idpEntityId: z.string(),
  idpInitiatedUrl: z.string(),
});
export type SamlServiceProvider = z.infer<typeof SamlServiceProviderSchema>;

const idParams = z.object({ id: z.string().uuid('Not an application id.') });

/** An application's SAML service provider, registered on its edit screen. */
export const samlContract = c.router({
  getApplicationSamlProvider: {
    method: 'GET',
    path: `${CORE_BASE}/applications/:id/saml-sp`,
    pathParams: idParams,
    responses: {
      200: dataBody(SamlServiceProviderSchema.nullable()),
      401: ErrorBodySchema,
      403: ErrorBodySchema,
      404: ErrorBodySchema,
    },
    metadata: { application: 'IAM' },
    summary: "An application's SAML service provider (null when it has none)",
  },
  saveApplicationSamlProvider: {
    method: 'PUT',
    path: `${CORE_BASE}/applications/:id/saml-sp`,
    pathParams: idParams,
    body: SamlServiceProviderSettingsSchema,
    responses: {
      200: dataBody(SamlServiceProviderSchema),
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
    metadata: { application: 'IAM' },
    summary: 'Register or change the SAML service provider of an application',
  },
});
export type SamlContract = typeof samlContract;
