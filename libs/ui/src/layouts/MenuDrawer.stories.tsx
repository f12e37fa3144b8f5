import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Icon } from '../components/Icon.js';
import { SideMenu, SideMenuItem, SideMenuSection } from './AdminLayout.js';
import { MenuDrawer } from './MenuDrawer.js';

function PhoneMenu() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="cas-button cas-button--ghost cas-button--icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => setIsOpen(true)}
      >
        <Icon name="menu" />
      </button>
      <MenuDrawer isOpen={isOpen} onOpenChange={setIsOpen}>
        <SideMenu>
          <SideMenuSection>
            <SideMenuItem href="/app" label="Go Back Home" icon="home" />
          </SideMenuSection>
          <SideMenuSection title="Campus Management">
            <SideMenuItem href="#campuses" label="Campuses" isCurrent />
            <SideMenuItem href="#colleges" label="Colleges" />
          </SideMenuSection>
        </SideMenu>
      </MenuDrawer>
    </>
  );
}

const meta = {
  title: 'Layouts/MenuDrawer',
  component: PhoneMenu,
  tags: ['autodocs'],
  parameters: { viewport: { defaultViewport: 'mobile1' } },
} satisfies Meta<typeof PhoneMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The toggle opens the drawer with the current page marked; Tab stays inside; Escape closes it (focus going back to the toggle is checked in a real browser, in the console e2e). */
export const OpenAndClose: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Open menu' });
    await userEvent.click(toggle);
    const drawer = await within(document.body).findByRole('dialog', { name: 'Menu' });
    await expect(within(drawer).getByRole('link', { name: 'Campuses' })).toHaveAttribute('aria-current', 'page');
    for (let i = 0; i < 6; i++) {
      await userEvent.tab();
      await expect(drawer.contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
  },
};
