// ESLint keeps the architecture honest: core is pure TypeScript and layered, features never import each other,
// and the bridge, the scripts and the demo servers import only what their policy names.
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
  ['secrets'], // the one secret policy: which names and values are secrets in every context (query, header, flag, env, OAuth, config key), one marker
  ['conversation', 'config', 'elicitation', 'uri-template'], // the neutral conversation; the mcp.json boundary and its store; elicitation forms; RFC 6570 templates
  ['traffic'], // the recording tap and the log of both wires
  ['mock'], // mocks made from the recording (*.mcp-mock.json): matching, misses, the handler the Service Worker and npm run mock serve
  ['auth'], // signing in to protected MCP servers (OAuth), plugged into the MCP wire as a fetch Middleware
  ['mcp', 'providers'], // the two wires' clients: MCP connections; the model wire formats
  ['bridge'], // pairing with glassbox-bridge (the local companion for stdio servers): pair link, its client, the store, routing stdio entries to it and following it
  ['guard'], // findings on tool text (invisible characters, text aimed at the model, shadowing, length); definition pins and diffs
  ['snapshot'], // a server's lists and schemas as data (*.mcp-snapshot.json); two snapshots or two results compared; npm run diff
  ['tools', 'context'], // the registry of stand-ins for MCP tools and local tools, in each provider's schema; resources and prompts as model context
  ['load'], // load probes over an existing connection: a scheduler, live figures, one aggregate row on the wire; npm run load
  ['checks'], // checks of a server: findings over what a connection saw and the few probes the check sends itself
  ['apps'], // MCP Apps host without the DOM: a view's document and CSP, the recorded view channel, model context
  ['sampling'], // a server's sampling request read and converted for the model (projects tool results via tools)
  ['agent'], // the loop: conversation, approvals, tool calls through the registry
  ['trace'], // the OpenTelemetry trace built from the recording (turn, model and MCP spans), OTLP/JSON export and send, traceparent propagation
  ['inbox', 'evals'], // the servers' own requests (sampling, elicitation, roots) answered through the person; eval files run over the agent loop
  ['persistence'], // the session kept and exported: conversation, traffic and config
  ['repro'], // the repro file (a session with the mocks of its servers, no secret) and its replay with mocks
];

/**
 * The only core files that code above core imports past their folder's index.ts, each for the reason
 * beside it (mostly: the index would pull its whole layer into a chunk that must stay small).
 */
const INDEX_EXCEPTIONS = [
  'persistence/open-database', // the page's tiny entry (src/app/boot.ts) opens the database before the app loads
  'traffic/har', // HAR export is loaded on demand (src/ui/use-har-export.ts), out of the start-up chunks
  'trace/otlp', // the OpenTelemetry SDK and OTLP serializer, loaded on demand (an export, a turn's end with a collector set)
  'tools/openai-counter', // a 2 MB vocabulary, loaded on demand by the token bill and the server check
  'mcp/zod-jitless', // imported for its effect, first: zod must be jitless before a library builds its schemas
  // The page's sign-in plumbing (src/app/sign-in-setup.ts and the popup and redirect it sets up) is in
  // the start-up; auth's index also leads to the sign-in flow and the SDK, which load on first use.
  'auth/app-urls',
  'auth/auth-error',
  'auth/encrypted-token-store',
  'auth/pending-redirect',
  'auth/remembering-token-store',
];
/** An import path into a core folder past its index.ts (test fixtures in __fixtures__ and INDEX_EXCEPTIONS aside). */
const CORE_DEEP_IMPORT = `^(\\.\\./)+core/(?!(${INDEX_EXCEPTIONS.join('|')})$)(${CORE_LAYERS.flat().join('|')})/(?!(.+/)?__fixtures__/)`;
const CORE_DEEP_IMPORT_MESSAGE = 'Import this core folder through its index.ts (add the export there if it is missing).';

const coreLayerElements = CORE_LAYERS.flat().map((folder) => ({ type: `core-${folder}`, pattern: `src/core/${folder}` }));

const CORE_LAYER_TYPES = coreLayerElements.map((element) => element.type);
const CORE_TYPES = ['core', ...CORE_LAYER_TYPES];

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
      'scripts/mock/generated/**',
      'scripts/load/generated/**',
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
    files: ['src/**/*.{ts,tsx,mjs}', 'bridge/**/*.{ts,mts,mjs}', 'scripts/**/*.{ts,mts,mjs}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: true, node: true },
      'boundaries/include': ['src/**/*', 'bridge/**/*', 'scripts/**/*'],
      'boundaries/elements': [
        ...coreLayerElements,
        { type: 'core', pattern: 'src/core' },
        { type: 'ui', pattern: 'src/ui' },
        { type: 'feature', pattern: 'src/features/*', capture: ['name'] },
        { type: 'app', pattern: 'src/app' },
        // The in-page demo servers (plain MCP servers, also started by the e2e tests) and the Service Worker that runs them.
        { type: 'demo-servers', pattern: 'src/demo-servers' },
        { type: 'demo-worker', pattern: 'src/demo-worker' },
        // glassbox-bridge, the local companion for stdio servers (a Node program, never imported by the page).
        { type: 'bridge', pattern: 'bridge', partialMatch: false },
        // The build's plugins and the command-line tools (evals, conformance, screenshots).
        { type: 'scripts', pattern: 'scripts', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        2,
        {
          default: 'disallow',
          message:
            '{{from.type}} may not import {{to.type}}: src/core is layered (CORE_LAYERS in eslint.config.js), features and app sit above it, features never import each other; bridge, scripts and the demo servers import only what their policy in eslint.config.js names.',
          policies: [
            ...coreLayerPolicies,
            { from: { element: { type: 'core' } }, allow: { to: { element: { types: { anyOf: CORE_TYPES } } } } },
            // ui is presentational: core's layers, never the composition root (src/core/*.ts) that wires them.
            { from: { element: { type: 'ui' } }, allow: { to: { element: { types: { anyOf: CORE_LAYER_TYPES.concat('ui') } } } } },
            { from: { element: { type: 'feature' } }, allow: { to: { element: { types: { anyOf: CORE_TYPES.concat('ui') } } } } },
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { types: { anyOf: CORE_TYPES.concat('ui', 'feature', 'app') } } } },
            },
            // The bridge reads mcp.json with core's config reader and pair links with its codec; nothing of the page.
            {
              from: { element: { type: 'bridge' } },
              allow: {
                to: {
                  element: [{ types: { anyOf: ['bridge', 'core-config'] } }, { type: 'core-bridge', fileInternalPath: 'pair-link.ts' }],
                },
              },
            },
            // Scripts are Node commands over core; `npm run check` serves a stdio entry through the built bridge's one library entry.
            {
              from: { element: { type: 'scripts' } },
              allow: {
                to: {
                  element: [
                    { types: { anyOf: CORE_TYPES.concat('scripts') } },
                    { type: 'bridge', fileInternalPath: 'dist/serve-entry.mjs' },
                  ],
                },
              },
            },
            { from: { element: { type: 'demo-servers' } }, allow: { to: { element: { type: 'demo-servers' } } } },
            {
              from: { element: { type: 'demo-worker' } },
              allow: { to: { element: { types: { anyOf: CORE_LAYER_TYPES.concat('demo-servers', 'demo-worker') } } } },
            },
            { allow: { to: { module: { origin: 'external' } } } },
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
    // Above core, every core folder (each of CORE_LAYERS) is reached through its index.ts, which
    // lists what it offers, in static and dynamic imports alike. Not counted: a folder's shared test
    // fixtures (__fixtures__). INDEX_EXCEPTIONS are the only files reached past their index.
    files: ['src/features/**/*.{ts,tsx}', 'src/app/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: CORE_DEEP_IMPORT, message: CORE_DEEP_IMPORT_MESSAGE }] }],
      'no-restricted-syntax': [
        'error',
        { selector: `ImportExpression[source.value=/${CORE_DEEP_IMPORT.replaceAll('/', '\\/')}/]`, message: CORE_DEEP_IMPORT_MESSAGE },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
