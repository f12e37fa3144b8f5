import { useFetcher, useLocation } from '@remix-run/react';
import { Icon } from '@campus/ui';

/**
 * The header's menu-collapse toggle. It is a form posting to /preferences/menu (so it works without
 * JavaScript, reloading the page); with JavaScript it submits in the background and flips at once.
 */
export function useMenuToggle(isCollapsed: boolean): { collapsed: boolean; toggle: JSX.Element } {
  const fetcher = useFetcher();
  const location = useLocation();
  const pending = fetcher.formData?.get('collapsed');
  const collapsed = pending === undefined || pending === null ? isCollapsed : pending === 'true';
  return {
    collapsed,
    toggle: (
      <form
        method="post"
        action="/preferences/menu"
        onSubmit={(e) => {
          e.preventDefault();
          fetcher.submit({ collapsed: String(!collapsed) }, { method: 'post', action: '/preferences/menu' });
        }}
      >
        <input type="hidden" name="collapsed" value={String(!collapsed)} />
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        <button
          type="submit"
          className="cas-button cas-button--ghost cas-button--icon"
          aria-label={collapsed ? 'Expand menu' : 'Collapse menu'}
          aria-expanded={!collapsed}
          aria-controls="side-menu"
          title={collapsed ? 'Expand menu' : 'Collapse menu'}
        >
          <Icon name="menu" />
        </button>
      </form>
    ),
  };
}
