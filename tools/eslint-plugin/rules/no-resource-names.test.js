import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RuleTester, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import rule from './no-resource-names.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });

tester.run('no-resource-names', rule, {
  valid: [
    "if (error.code === '23505') {}",
    'if (entity.resource === other.resource) {}',
    "const label = entity.label === 'Campus';",
    "switch (field.kind) { case 'text': break; }",
  ],
  invalid: [
    { code: "if (entity.resource === 'calendar-events') {}", errors: [{ messageId: 'named' }] },
    { code: "if ('announcements' !== form.resource) {}", errors: [{ messageId: 'named' }] },
    { code: "if (params.area === 'chatbot-management') {}", errors: [{ messageId: 'named' }] },
    { code: "if (entity?.resource == 'campuses') {}", errors: [{ messageId: 'named' }] },
    { code: "switch (entity.application) { case 'IAM': break; case 'CAMPUS': break; }", errors: [{ messageId: 'named' }, { messageId: 'named' }] },
    { code: "if (['users', 'roles'].includes(entity.resource)) {}", errors: [{ messageId: 'named' }] },
    { code: 'if (meta.resource !== `users`) {}', errors: [{ messageId: 'named' }] },
  ],
});

describe('the fixture file of a generic screen with special cases', () => {
  it('reports every line marked as reported, and nothing else', () => {
    const file = fileURLToPath(new URL('../fixtures/generic-screen.ts', import.meta.url));
    const source = readFileSync(file, 'utf8');
    const linter = new Linter({ configType: 'flat' });
    const messages = linter.verify(source, [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { campus: { rules: { 'no-resource-names': rule } } },
        rules: { 'campus/no-resource-names': 'error' },
      },
    ], file);
    const marked = source.split('\n').flatMap((line, i) => (line.includes('// reported') ? [i + 1] : []));
    expect(messages.map((m) => m.line).sort((a, b) => a - b)).toEqual(marked);
  });
});
