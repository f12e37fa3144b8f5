import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { Button } from '../components/Button.js';
import { Icon } from '../components/Icon.js';
import { AdminLayout, SideMenu, SideMenuItem, SideMenuSection } from './AdminLayout.js';
import { AppHeader, HeaderBrand, HeaderSpacer, HeaderUser, Logo } from './AppHeader.js';
import { AuthLayout, DashboardLayout, DefaultLayout, HomeLayout, SiteBanner } from './Layouts.js';

function Header() {
  return (
    <AppHeader>
      <Button variant="ghost" isIconOnly aria-label="Collapse menu">
        <Icon name="menu" />
      </Button>
      <HeaderBrand href="/app" name="Campus Administration System" />
      <HeaderSpacer />
      <HeaderUser href="/profile" firstName="Maria" lastName="Santos" />
    </AppHeader>
  );
}

function Admin({ isMenuCollapsed }: { isMenuCollapsed?: boolean }) {
  return (
    <AdminLayout
      isMenuCollapsed={isMenuCollapsed}
      header={<Header />}
      menu={
        <SideMenu>
          <SideMenuSection>
            <SideMenuItem href="/app" label="Go Back Home" icon="home" />
          </SideMenuSection>
          <SideMenuSection title="Campus Management">
            <SideMenuItem href="/app/campus-management/campuses" label="Campuses" isCurrent />
            <SideMenuItem href="/app/campus-management/colleges" label="Colleges" />
          </SideMenuSection>
          <SideMenuSection title="Account Management">
            <SideMenuItem href="/profile" label="Manage Profile" icon="user" target="_blank" />
            <SideMenuItem href="/logout" label="Logout" icon="logout" />
          </SideMenuSection>
        </SideMenu>
      }
    >
      <h1 className="cas-page-title">Campuses</h1>
    </AdminLayout>
  );
}

const meta = {
  title: 'Layouts/Admin',
  component: Admin,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Admin>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Expanded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Side menu' });
    await expect(within(nav).getByRole('link', { name: 'Campuses' })).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getByRole('link', { name: 'Manage Profile' })).toHaveAttribute('target', '_blank');
    await expect(canvas.getByRole('link', { name: /Maria Santos/ })).toHaveTextContent('System Administrator');
    await expect(canvas.getByRole('main')).toHaveTextContent('Campuses');
  },
};

export const Collapsed: Story = {
  args: { isMenuCollapsed: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.cas-layout-admin')).toHaveAttribute('data-menu-collapsed', 'true');
  },
};

export const Home: Story = {
  render: () => (
    <HomeLayout header={<Header />} footer="Version 1.0.6">
      <h1 className="cas-page-title">Applications</h1>
    </HomeLayout>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('contentinfo')).toHaveTextContent('1.0.6');
  },
};

export const Auth: Story = {
  render: () => (
    <AuthLayout
      title="Campus Administration System"
      panel={
        <>
          <Logo />
          <h2>Mission</h2>
          <p>To provide quality education.</p>
        </>
      }
    >
      <h1>Sign in</h1>
    </AuthLayout>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('complementary', { name: 'About the university' })).toHaveTextContent('Mission');
    await expect(canvas.getByRole('main')).toHaveTextContent('Sign in');
    await expect(canvas.getByRole('banner')).toHaveTextContent('Campus Administration System');
  },
};

export const Dashboard: Story = {
  render: () => (
    <DashboardLayout banner={<h1>Analytics and Reports</h1>}>
      <p>Content below the banner.</p>
    </DashboardLayout>
  ),
};

export const Default: Story = {
  render: () => (
    <DefaultLayout title="Campus Administration System">
      <h1>This page could not be found</h1>
    </DefaultLayout>
  ),
};

export const Banner: Story = {
  render: () => <SiteBanner title="Campus Administration System" href="/" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('banner')).toHaveTextContent('Campus Administration System');
  },
};

export const BannerOnAPhone: Story = {
  render: () => (
    <div style={{ width: 390 }}>
      <SiteBanner title="Campus Administration System" />
    </div>
  ),
};
