import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SAML_NAME_ID_FORMATS, type SamlAttribute, type SamlNameIdFormat } from '@campus/api-contract';
import { rows, type Db } from '../../../platform/db/client.js';
import { ASSERTION_NS, PROTOCOL_NS, xmlEscape } from './xml.js';

/** A user as one application sees them: the person, their roles and modules there, and whether they may sign in. */
export interface SamlAccess {
  readonly userId: string;
  readonly email: string;
  readonly firstName: string;
  readonly middleName: string | null;
  readonly lastName: string;
  readonly isEmployee: boolean;
  readonly applicationName: string;
  readonly roles: string[];
  readonly modules: string[];
  /** Active user, active application, and a role in it. */
  readonly allowed: boolean;
}

/** A user's standing in an application — one query. */
export async function samlAccess(db: Db, userId: string, applicationId: string): Promise<SamlAccess | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return undefined;
  const [row] = await rows<{
    user_id: string;
    email: string;
    first_name: string;
    middle_name: string | null;
    last_name: string;
    is_employee: boolean;
    user_active: boolean;
    app_name: string;
    app_active: boolean;
    roles: string[] | null;
    modules: string[] | null;
  }>(
    db,
    sql`select u.id as user_id, u.email, u.first_name, u.middle_name, u.last_name, u.employee_id is not null as is_employee,
               u.is_active as user_active, a.name as app_name, a.is_active as app_active,
               array(select r.name from roles r
                      where r.id = any(u.role_ids) and r.is_active and r.application_code = a.code order by r.name) as roles,
               array(select distinct m.code from roles r join modules m on m.id = any(r.module_ids)
                      where r.id = any(u.role_ids) and r.is_active and m.is_active and r.application_code = a.code
                      order by m.code) as modules
          from users u, applications a
         where u.id = ${userId} and a.id = ${applicationId}`,
  );
  if (!row) return undefined;
  const roles = row.roles ?? [];
  return {
    userId: row.user_id,
    email: row.email,
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    isEmployee: row.is_employee,
    applicationName: row.app_name,
    roles,
    modules: row.modules ?? [],
    allowed: row.user_active && row.app_active && roles.length > 0,
  };
}

const URI = 'urn:oasis:names:tc:SAML:2.0:attrname-format:uri';
/** Each releasable attribute: its name on the wire (the OID of the eduPerson / inetOrgPerson schemas) and values. */
const ATTRIBUTES: Record<SamlAttribute, { name: string; values: (a: SamlAccess) => string[] }> = {
  mail: { name: 'urn:oid:0.9.2342.19200300.100.1.3', values: (a) => [a.email] },
  givenName: { name: 'urn:oid:2.5.4.42', values: (a) => [a.firstName] },
  sn: { name: 'urn:oid:2.5.4.4', values: (a) => [a.lastName] },
  displayName: {
    name: 'urn:oid:2.16.840.1.113730.3.1.241',
    values: (a) => [[a.firstName, a.middleName, a.lastName].filter(Boolean).join(' ')],
  },
  eduPersonPrincipalName: { name: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6', values: (a) => [a.email.toLowerCase()] },
  // The user's type: an account linked to an employee record is staff of the university; any other is an affiliate.
  eduPersonAffiliation: {
    name: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.1',
    values: (a) => (a.isEmployee ? ['employee', 'member'] : ['affiliate']),
  },
  roles: { name: 'urn:campus:attribute:roles', values: (a) => a.roles },
  modules: { name: 'urn:campus:attribute:modules', values: (a) => a.modules },
};

/** The NameID for a user at one service provider. Persistent ids are pairwise: no two providers can link them. */
export function nameIdFor(format: SamlNameIdFormat, access: SamlAccess, entityId: string, secret: string): string {
  if (format === 'emailAddress') return access.email;
  if (format === 'persistent')
    return createHmac('sha256', secret).update(`saml-nameid|${entityId}|${access.userId}`).digest('base64url');
  return `_${randomBytes(20).toString('hex')}`;
}

export interface AssertionInput {
  readonly responseId: string;
  readonly assertionId: string;
  readonly issuer: string;
  readonly audience: string;
  readonly acsUrl: string;
  readonly inResponseTo: string | null;
  readonly nameIdFormat: SamlNameIdFormat;
  readonly nameId: string;
  readonly sessionIndex: string;
  readonly now: Date;
  /** How long the assertion may be used (SubjectConfirmationData and Conditions NotOnOrAfter). */
  readonly validForMs: number;
  readonly access: SamlAccess;
  readonly released: readonly SamlAttribute[];
}

/** The unsigned Response with its Assertion, ready for samlify to sign (and encrypt). Every value is escaped. */
export function responseXml(input: AssertionInput): string {
  const e = xmlEscape;
  const now = input.now.toISOString();
  const until = new Date(input.now.getTime() + input.validForMs).toISOString();
  const inResponseTo = input.inResponseTo ? ` InResponseTo="${e(input.inResponseTo)}"` : '';
  const attributes = input.released
    .map((key) => {
      const { name, values } = ATTRIBUTES[key];
      const list = values(input.access);
      if (!list.length) return '';
      return `<saml:Attribute Name="${e(name)}" NameFormat="${URI}" FriendlyName="${e(key)}">${list
        .map((v) => `<saml:AttributeValue xsi:type="xs:string">${e(v)}</saml:AttributeValue>`)
        .join('')}</saml:Attribute>`;
    })
    .join('');
  return (
    `<samlp:Response xmlns:samlp="${PROTOCOL_NS}" xmlns:saml="${ASSERTION_NS}" ID="${e(input.responseId)}" Version="2.0" IssueInstant="${now}" Destination="${e(input.acsUrl)}"${inResponseTo}>` +
    `<saml:Issuer>${e(input.issuer)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema" ID="${e(input.assertionId)}" Version="2.0" IssueInstant="${now}">` +
    `<saml:Issuer>${e(input.issuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="${SAML_NAME_ID_FORMATS[input.nameIdFormat]}" SPNameQualifier="${e(input.audience)}">${e(input.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${until}" Recipient="${e(input.acsUrl)}"${inResponseTo}/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${now}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${e(input.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${now}" SessionIndex="${e(input.sessionIndex)}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
    `</saml:Assertion></samlp:Response>`
  );
}
