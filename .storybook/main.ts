import type { StorybookConfig } from '@storybook/react-vite';

/**
 * The workspace Storybook: documentation pages (MDX) and stories of every library. Libraries keep their stories
 * beside the code (`libs/<lib>/src/**`). The Vite config stays plain React: the Remix plugin belongs to the
 * console only.
 */
const config: StorybookConfig = {
  stories: ['../libs/*/src/**/*.mdx', '../libs/*/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // The preview bundles React, React Aria and the docs blocks in one chunk; that size is expected here.
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    build: { ...viteConfig.build, chunkSizeWarningLimit: 2000 },
  }),
};

export default config;
