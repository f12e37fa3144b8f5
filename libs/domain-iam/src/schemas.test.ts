import { describe, expect, it } from 'vitest';
import './launcher.fixture.js';
import { SignInSchema, SignedInUserSchema } from './index.js';

const me = {
  _id: '0b8c4a52-3a0e-4d8c-9f55-2f1a2b3c4d5e',
  firstName: 'Maria',
  lastName: 'Santos',
  avatar: null,
  adminScopes: ['IAM', 'CAMPUS'],
  iamAdmin: true,
  scopes: ['IAM', 'CAMPUS'],
  employee: {
    fname: 'Maria',
    lname: 'Santos',
    mname: 'Reyes',
    designation: { name: 'Registrar' },
    department: { name: 'Office of the Registrar' },
  },
};

describe('signed-in user', () => {
  it('reads the user as users/me returns it', () => {
    // Module grants default to none (the API sends them; older answers without them still read).
    expect(SignedInUserSchema.parse(me)).toEqual({ ...me, moduleGrants: {} });
    expect(SignedInUserSchema.parse({ ...me, employee: null }).employee).toBeNull();
  });

  it('drops admin scopes that are not application codes', () => {
    expect(SignedInUserSchema.parse({ ...me, adminScopes: ['IAM', 'NOPE'] }).adminScopes).toEqual(['IAM']);
  });

  it.each([
    [{ ...me, _id: 'x' }],
    [{ ...me, adminScopes: 'IAM' }],
    [{ ...me, employee: { ...me.employee, designation: { title: 'x' } } }],
    [{ ...me, iamAdmin: 'yes' }],
  ])('rejects a malformed user %#', (value) => {
    expect(SignedInUserSchema.safeParse(value).success).toBe(false);
  });
});

describe('sign-in input', () => {
  it('normalises the email and keeps the password as typed', () => {
    expect(SignInSchema.parse({ email: ' Admin@Example.EDU.ph ', password: ' secret ' })).toEqual({
      email: 'admin@example.edu.ph',
      password: ' secret ',
    });
  });

  it.each([
    [{ email: '', password: 'x' }, 'email'],
    [{ email: 'not-an-email', password: 'x' }, 'email'],
    [{ email: 'a@b.ph', password: '' }, 'password'],
    [{ email: 'a@b.ph', password: 'x'.repeat(1025) }, 'password'],
  ])('rejects %j at %s', (value, path) => {
    const result = SignInSchema.safeParse(value);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0]?.path).toEqual([path]);
  });
});
