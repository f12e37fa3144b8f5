import type { KoaContextWithOIDC } from 'oidc-provider';

// The provider's own pages (sign-out confirmation, signed out, errors): plain HTML in the console's colours that
// works without JavaScript. Every value shown is escaped.

export const escape = (value: unknown) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Campus Administration System</title>
<style>body{font-family:system-ui,sans-serif;background:#f7f3f3;color:#2b1416;margin:0;padding:48px 16px}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;padding:24px 32px;box-shadow:0 1px 3px rgba(0,0,0,.2)}
h1{color:#7a1f2b;font-size:1.4rem}button{font:inherit;padding:10px 16px;border-radius:6px;border:1px solid #7a1f2b;margin:4px 8px 4px 0;cursor:pointer}
button.primary{background:#7a1f2b;color:#fff}button:focus-visible{outline:3px solid #e0a100;outline-offset:2px}</style>
</head><body><main>${body}</main></body></html>`;
}

const clientName = (ctx: KoaContextWithOIDC) => ctx.oidc.client?.clientName ?? ctx.oidc.client?.clientId;

export async function logoutPage(ctx: KoaContextWithOIDC, form: string): Promise<void> {
  const name = clientName(ctx);
  ctx.type = 'html';
  ctx.body = page(
    'Sign out',
    `<h1>Sign out</h1><p>Sign out of the university's central account${name ? ` (leaving ${escape(name)})` : ''}?</p>
${form}
<button class="primary" autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>
<button type="submit" form="op.logoutForm">Stay signed in</button>`,
  );
}

export async function signedOutPage(ctx: KoaContextWithOIDC): Promise<void> {
  ctx.type = 'html';
  ctx.body = page('Signed out', '<h1>Signed out</h1><p>You have signed out of the central account.</p>');
}

export async function errorPage(
  ctx: KoaContextWithOIDC,
  out: { error: string; error_description?: string },
): Promise<void> {
  ctx.type = 'html';
  ctx.body = page(
    'Sign-in failed',
    `<h1>Sign-in failed</h1><p>${escape(out.error_description ?? out.error)}</p><p><small>${escape(out.error)}</small></p>`,
  );
}
