import { z } from 'zod';
import { isApplicationCode, type ApplicationCode } from '@campus/domain-core';

/** The signed-in employee (spec §3), the shape `renderTemplate` of `@campus/formatters` reads. */
export const SignedInEmployeeSchema = z.object({
  fname: z.string(),
  lname: z.string(),
  mname: z.string().nullable(),
  designation: z.object({ name: z.string() }).nullable(),
  department: z.object({ name: z.string() }).nullable(),
});
export type SignedInEmployee = z.infer<typeof SignedInEmployeeSchema>;

/** The signed-in user as `GET /core/v1.0/users/me` returns it (spec §3). */
export const SignedInUserSchema = z.object({
  _id: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  /**
   * Application codes the user may open; codes no area declares are dropped rather than failing the whole user
   * (checked against the registered applications when a user is parsed, not when this schema is made).
   */
  adminScopes: z
    .array(z.string())
    .transform((codes): ApplicationCode[] => codes.filter(isApplicationCode)),
  iamAdmin: z.boolean(),
  scopes: z.array(z.string()),
  /**
   * The modules the user's active roles grant, by application code. An application absent here is one where the
   * user holds no role: its scope alone gives every module (see `canUseModule`).
   */
  moduleGrants: z.record(z.string(), z.array(z.string())).default({}),
  employee: SignedInEmployeeSchema.nullable(),
});
export type SignedInUser = z.infer<typeof SignedInUserSchema>;

/** Sign-in input. The password is checked only for presence and size here, never against the policy. */
export const SignInSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Required').max(254).email('Enter a valid email address.'),
  password: z.string().min(1, 'Required').max(1024),
});
export type SignIn = z.infer<typeof SignInSchema>;
