/** The eight launcher application codes (spec §1). Names and route segments live in `@campus/domain-iam`. */
export const APPLICATION_CODES = ['IAM', 'CAMPUS', 'CHATBOT', 'SUPPORT', 'FRS', 'DATA', 'REPORTS', 'BATCH'] as const;
export type ApplicationCode = (typeof APPLICATION_CODES)[number];

export function isApplicationCode(value: unknown): value is ApplicationCode {
  return typeof value === 'string' && (APPLICATION_CODES as readonly string[]).includes(value);
}
