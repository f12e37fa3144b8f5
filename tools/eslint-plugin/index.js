// The project's own lint rules (used by eslint.config.js at the root).
import noResourceNames from './rules/no-resource-names.js';

export default {
  meta: { name: '@campus/eslint-plugin', version: '1.0.6' },
  rules: { 'no-resource-names': noResourceNames },
};
