// ESLint keeps the architecture honest: core is pure TypeScript, features never import each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The layers of src/core, bottom first. A folder may import its own files and the folders of the
 * layers below it, never one beside or above it, so core has no folder cycle. composition.ts (and
 * any core file outside these folders) sits on top and may import them all. A new core folder takes
 * its place here; until it does, no layer may import it.
 */
const CORE_LAYERS = [
  ['shared'], // small pure helpers (JSON, JSON Pointer, coded errors, listeners) that every layer uses
  ['secrets'], // the one secret policy (which URL query values are credentials): share links and the recorder
  ['conversation', 'config', 'elicitation', 'uri-template'], // the neutral conversation; the mcp.json boundary and its store; elicitation forms; RFC 6570 templates
  ['traffic'], // the recording tap and the log of both wires
  ['auth'], // signing in to protected MCP servers (OAuth), plugged into the MCP wire as a fetch Middleware
  ['mcp', 'providers'], // the two wires' clients: MCP connections; the model wire formats
  ['bridge'], // pairing with glassbox-bridge (the local companion for stdio servers): pair link, its client, the store, routing stdio entries to it
  ['guard'], // findings on tool text (invisible characters, text aimed at the model, shadowing, length); definition pins and diffs
  ['snapshot'], // a server's lists and schemas as data (*.mcp-snapshot.json); two snapshots or two results compared; npm run diff
  ['tools', 'context'], // the registry of stand-ins for MCP tools and local tools, in each provider's schema; resources and prompts as model context
  ['checks'], // checks of a server: findings over what a connection saw and the few probes the check sends itself
  ['apps'], // MCP Apps host without the DOM: a view's document and CSP, the recorded bridge channel, model context
  ['sampling'], // a server's sampling request read and converted for the model (projects tool results via tools)
  ['agent'], // the loop: conversation, approvals, tool calls through the registry
  ['inbox', 'evals'], // the servers' own requests (sampling, elicitation, roots) answered through the person; eval files run over the agent loop
  ['persistence'], // the session kept and exported: conversation, traffic and config
];

const coreLayerElements = CORE_LAYERS.flat().map((folder) => ({ type: `core-${folder}`, pattern: `src/core/${folder}` }));

const CORE_TYPES = ['core', ...coreLayerElements.map((element) => element.type)];

const coreLayerPolicies = CORE_LAYERS.flatMap((layer, index) => {
  const below = CORE_LAYERS.slice(0, index).flat();
  return layer.map((folder) => ({
    from: { element: { type: `core-${folder}` } },
    allow: { to: { element: { types: { anyOf: [`core-${folder}`, ...below.map((lower) => `core-${lower}`)] } } } },
  }));
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
      'src/core/config/generated/**',
      'bridge/dist/**',
      'src/core/evals/generated/**',
      'scripts/evals/generated/**',
      'scripts/check/generated/**',
      'scripts/diff/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: true, node: true },
      'boundaries/include': ['src/**/*', 'bridge/**/*'],
      'boundaries/elements': [
        { type: 'bridge-cli', pattern: 'bridge/**', partialMatch: false }, // the Node companion: no policy lets src/ import it
        ...coreLayerElements,
        { type: 'core', pattern: 'src/core' },
        { type: 'ui', pattern: 'src/ui' },
        { type: 'feature', pattern: 'src/features/*', capture: ['name'] },
        { type: 'app', pattern: 'src/app' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        2,
        {
          default: 'disallow',
          message:
            '{{from.type}} may not import {{to.type}}: src/core is layered (CORE_LAYERS in eslint.config.js), features and app sit above it, features never import each other.',
          policies: [
            ...coreLayerPolicies,
            { from: { element: { type: 'core' } }, allow: { to: { element: { types: { anyOf: CORE_TYPES } } } } },
            { from: { element: { type: 'ui' } }, allow: { to: { element: { types: { anyOf: CORE_TYPES.concat('ui') } } } } },
            { from: { element: { type: 'feature' } }, allow: { to: { element: { types: { anyOf: CORE_TYPES.concat('ui') } } } } },
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { types: { anyOf: CORE_TYPES.concat('ui', 'feature', 'app') } } } },
            },
            { allow: { to: { module: { origin: 'external' } } } },
          ],
        },
      ],
    },
  },
  {
    // The bridge (a Node program, built on its own) is one element: it may import core's config
    // reader and the pair-link codec, nothing else of the page; nothing of src/ imports it.
    files: ['bridge/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: true, node: true },
      'boundaries/include': ['bridge/**/*', 'src/**/*'],
      'boundaries/elements': [
        { type: 'bridge-cli', pattern: 'bridge/**', partialMatch: false },
        { type: 'core-config', pattern: 'src/core/config' },
        { type: 'core-bridge', pattern: 'src/core/bridge' },
        { type: 'page', pattern: 'src' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        2,
        {
          default: 'disallow',
          message: 'bridge/ may import src/core/config and src/core/bridge/pair-link.ts, nothing else of the page.',
          policies: [
            {
              from: { element: { type: 'bridge-cli' } },
              allow: { to: { element: { types: { anyOf: ['bridge-cli', 'core-config', 'core-bridge'] } } } },
            },
            { allow: { to: { module: { origin: 'external' } } } },
            { allow: { to: { module: { origin: 'core' } } } },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/core/bridge/*', '!**/core/bridge/pair-link'],
              message: 'Of src/core/bridge, the bridge imports the pair-link codec only (the rest is the page).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@tanstack/*', 'monaco-editor', 'monaco-editor/*'],
              message: 'src/core is pure TypeScript: no React, react-query or Monaco.',
            },
            { group: ['**/features/**', '**/app/**', '**/ui/**'], message: 'src/core must not import features, ui or app.' },
          ],
        },
      ],
    },
  },
  {
    // Above core, a layered folder is reached through its index.ts, which lists what it offers.
    // Exempt: the page's tiny entry (src/app/boot.ts) opens the database through the one small file
    // that does it, as the folder's index would bring the whole layer into that entry.
    files: ['src/features/**/*.{ts,tsx}', 'src/app/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...['agent', 'config', 'conversation', 'elicitation', 'evals', 'persistence', 'sampling', 'tools', 'uri-template'].map(
                  (folder) => `**/core/${folder}/*`,
                ),
                '!**/core/persistence/__fixtures__',
                '!**/core/persistence/__fixtures__/*',
                '!**/core/config/__fixtures__',
                '!**/core/config/__fixtures__/*',
                '!**/core/persistence/open-database',
              ],
              message: 'Import this core folder through its index.ts (add the export there if it is missing).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
