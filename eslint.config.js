// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const boundary = (patterns, message) => ['error', { patterns: patterns.map((group) => ({ group, message })) }];

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'web/dist/**', 'dist/**', '.tmp/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      '@typescript-eslint/require-await': 'off',
      curly: ['error', 'multi-line'],
      eqeqeq: ['error', 'smart'],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['contracts/**'],
    rules: {
      'no-restricted-imports': boundary(
        [['../services/**', '../../services/**', '../projections/**', '../../projections/**', '../web/**', '../../web/**']],
        'contracts imports nothing of ours: web and services both depend on it.',
      ),
    },
  },
  {
    files: ['services/core/**'],
    rules: {
      'no-restricted-imports': boundary(
        [
          [
            'node:*',
            'fastify',
            'better-sqlite3',
            'mongodb',
            'bullmq',
            'ioredis',
            '../domain/**',
            '../adapters/**',
            '../api/**',
            '../app/**',
          ],
        ],
        'core holds ports and helpers only: no Node built-ins, no drivers, no outer layers (ARCHITECTURE.md).',
      ),
    },
  },
  {
    files: ['services/domain/**'],
    rules: {
      'no-restricted-imports': boundary(
        [['node:*', 'fastify', 'better-sqlite3', 'mongodb', 'bullmq', 'ioredis', '../../adapters/**', '../../api/**', '../../app/**']],
        'the domain is pure: time and ids are injected, no I/O.',
      ),
    },
  },
  {
    files: ['projections/**'],
    // Tests may wire real adapters; production projection code may not.
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': boundary(
        [
          [
            '../services/adapters/**',
            '../../services/adapters/**',
            '../services/api/**',
            '../../services/api/**',
            '../services/app/**',
            '../../services/app/**',
          ],
        ],
        'projections see only ports; the composition roots bind them to adapters.',
      ),
    },
  },
  {
    files: ['services/adapters/**'],
    rules: {
      'no-restricted-imports': boundary(
        [['../../domain/**', '../../api/**', '../../app/**', '../../../projections/**']],
        'adapters implement ports; they never reach into the domain, the API or projections.',
      ),
    },
  },
  // Issue 22 §6: one composition root. services/app builds the stores and the use cases; the three
  // entry points (api, workers, cli) import it and nothing of one another.
  {
    files: ['services/app/**'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': boundary(
        [['../api/app.ts', '../api/main.ts', '../api/routes/**', '../api/plugins/**', '../api/push/**', '../cli/**', '../workers/**']],
        'services/app wires the use cases; HTTP (routes, plugins, push), the worker and the CLI import it, not the reverse.',
      ),
    },
  },
  {
    files: ['services/api/**'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': boundary(
        [['**/cli/**', '**/workers/**', '**/adapters/**']],
        'the API takes its stores and services from services/app (the composition root), never from the CLI, the worker or an adapter.',
      ),
    },
  },
  {
    files: ['services/api/{accounts,annotations,authors,canvas,communities,help,objects,past,search,templates,timemachine}/**'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': boundary(
        [['**/app/**', '**/routes/**', '**/plugins/**', '**/push/**', '**/cli/**', '**/workers/**', '**/adapters/**']],
        'use cases see ports (services/core) and the domain; services/app builds them, HTTP calls them.',
      ),
    },
  },
  {
    files: ['services/cli/**', 'services/workers/**'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': boundary(
        [['../api/**', '../cli/**', '../workers/**', '../adapters/**']],
        'the CLI and the worker take everything from services/app (the composition root), nothing of each other or of the API.',
      ),
    },
  },
  {
    files: ['web/**'],
    rules: {
      'no-restricted-imports': boundary(
        [['**/services/**', '**/projections/**']],
        'the web client talks to the server over HTTP and imports contracts only.',
      ),
    },
  },
);
