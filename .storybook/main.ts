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
  viteFinal: (viteConfig) => {
    const onwarn = viteConfig.build?.rollupOptions?.onwarn;
    return {
      ...viteConfig,
      build: {
        ...viteConfig.build,
        // The preview bundles React, React Aria and the docs blocks in one chunk; that size is expected here.
        chunkSizeWarningLimit: 2000,
        rollupOptions: {
          ...viteConfig.build?.rollupOptions,
          // Radix and React Aria ship "use client" directives, meaningless in a client-only bundle.
          onwarn(warning, warn) {
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
            if (onwarn) onwarn(warning, warn);
            else warn(warning);
          },
        },
      },
    };
  },
};

export default config;
