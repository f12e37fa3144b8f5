import { Form } from '@remix-run/react';
import type { FormElementProps } from '@campus/ui';

/**
 * Remix `Form` for the design system's data forms (submissions through the router once JavaScript runs). On the
 * server, a form with an explicit absolute action is only its markup — the same `<form>` Remix writes, which the
 * browser's render hydrates — so the list's twenty row forms do not each resolve their action against the route
 * matches. A form without one is left to Remix, which knows the current route's address.
 */
export function RouterForm(props: FormElementProps) {
  if (typeof document === 'undefined' && props.action?.startsWith('/')) {
    const { method = 'get', ...rest } = props;
    return <form {...rest} method={method} data-discover="true" />;
  }
  return <Form {...props} />;
}
