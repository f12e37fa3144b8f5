import { PRODUCT_NAME } from '@campus/domain-core';
import type { KoaContextWithOIDC } from 'oidc-provider';

// The provider's own pages (sign-out confirmation, signed out, errors): plain HTML in the console's colours that
// works without JavaScript. Every value shown is escaped.

export const escape = (value: unknown) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * A page of the identity provider under the product banner every public page has (`SiteBanner` in `@campus/ui`: the
 * same markup and classes, its look repeated here as the console's colours are, since these pages load no
 * stylesheet). `body` goes in the page's panel.
 */
export function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · ${escape(PRODUCT_NAME)}</title>
<style>body{font-family:system-ui,sans-serif;background:#faf6f6;color:#231417;margin:0}
.cas-site-banner{display:flex;align-items:center;gap:10px;padding:14px 20px;border-bottom:1px solid #d9c6c9;background:#fff;font-weight:600}
.cas-site-banner__mark{width:14px;height:14px;border-radius:4px;background:#7a1f2e;flex:none}.cas-site-banner__title{color:#231417}
main{max-width:420px;margin:48px auto;background:#fff;border-radius:8px;padding:24px 32px;box-shadow:0 1px 3px rgba(0,0,0,.2)}
@media (max-width:480px){main{margin:24px 16px;padding:20px}}
h1{color:#7a1f2e;font-size:1.4rem;margin-top:0}a{color:#7a1f2e}
button,.button{display:inline-block;font:inherit;padding:10px 16px;border-radius:6px;border:1px solid #7a1f2e;margin:4px 8px 4px 0;cursor:pointer;background:#fff;color:#7a1f2e;text-decoration:none}
button.primary,.button.primary{background:#7a1f2e;color:#fff}button:focus-visible,a:focus-visible{outline:3px solid #e0a100;outline-offset:2px}</style>
</head><body><header class="cas-site-banner"><span class="cas-site-banner__mark" aria-hidden="true"></span><span class="cas-site-banner__title">${escape(PRODUCT_NAME)}</span></header>
<main>${body}</main></body></html>`;
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
