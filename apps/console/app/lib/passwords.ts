import { PasswordSchema } from '@campus/domain-iam';
import { z } from 'zod';

export const PASSWORDS_DO_NOT_MATCH = 'The passwords do not match.';

/** A new password typed twice, checked against the policy of `@campus/domain-iam`. */
export const NewPasswordSchema = z
  .object({ newPassword: PasswordSchema, confirmPassword: z.string().min(1, 'Required') })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH });

export const ChangePasswordFormSchema = z
  .object({ currentPassword: z.string().min(1, 'Required'), newPassword: PasswordSchema, confirmPassword: z.string().min(1, 'Required') })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH });
