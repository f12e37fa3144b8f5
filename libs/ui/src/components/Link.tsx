import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType } from 'react';

/** What the design system needs from a link: an anchor's attributes with a required `href`. */
export type LinkComponentProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };
export type LinkComponent = ComponentType<LinkComponentProps>;

function Anchor(props: LinkComponentProps) {
  return <a {...props} />;
}

const LinkContext = createContext<LinkComponent>(Anchor);

/**
 * Lets an app render every link of the design system with its router's link (e.g. Remix `Link`, for
 * client-side navigation); without a provider, plain `<a>` elements are used.
 */
export const LinkProvider = LinkContext.Provider;

export function useLinkComponent(): LinkComponent {
  return useContext(LinkContext);
}
