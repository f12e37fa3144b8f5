import type { AnyEntity } from '@campus/domain-core';
import type { FormValues } from '@campus/ui';

/**
 * What a few entities add to the generic screens (ARCHITECTURE §3: an entity with special behaviour adds to the
 * generic pieces; it does not copy them). Everything else comes from the descriptor.
 */
export interface ResourceSpecial {
  /** Narrows the choices of a reference field, as a `search=` of the referenced list (e.g. a role's modules). */
  readonly referenceSearch?: (field: string, values: FormValues) => string | undefined;
  /** Fields the signed-in user may see but not change. */
  readonly lockedFields?: (user: { readonly iamAdmin: boolean }) => string[];
  /** A sentence shown above the form. */
  readonly formNote?: { readonly create?: string; readonly update?: string };
}

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);

const SPECIALS: Readonly<Record<string, ResourceSpecial>> = {
  roles: {
    // A role grants modules of its own application.
    referenceSearch: (field, values) => {
      const code = first(values.applicationCode);
      return field === 'moduleIds' && typeof code === 'string' && /^[A-Z]+$/.test(code)
        ? `applicationCode:${code}`
        : undefined;
    },
    formNote: {
      create: 'Choose the application first and save: the role can then grant modules of that application.',
    },
  },
  users: {
    // Only an IAM administrator may grant or take away IAM administration (the API enforces it too).
    lockedFields: (user) => (user.iamAdmin ? [] : ['iamAdmin']),
    formNote: {
      create: 'The user signs in with the temporary password and must change it at first sign-in.',
      update: 'Deactivating a user ends their sessions.',
    },
  },
  sections: {
    formNote: {
      create: 'The grading weights must sum to 100.',
      update: 'The grading weights must sum to 100.',
    },
  },
  schedules: {
    formNote: {
      create:
        'Days use the weekday codes M T W TH F S A. A room or instructor cannot be booked twice at the same time.',
      update:
        'Days use the weekday codes M T W TH F S A. A room or instructor cannot be booked twice at the same time.',
    },
  },
};

export function specialOf(entity: AnyEntity): ResourceSpecial {
  return SPECIALS[entity.resource] ?? {};
}
