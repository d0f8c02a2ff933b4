// Flat config: typescript-eslint's recommended rules everywhere, plus the layering rules the
// architecture depends on, as import restrictions:
//   - only src/host/**, the two entries (src/extension.ts, src/extension.browser.ts), test/integration/** and test/bench/**
//     (the bench's entries in the real extension host) may import `vscode`
//     (everything else must run in plain Node or a browser: the CLI, the build, unit tests, the webview)
//   - src/webview/** talks to the host only through messages: it imports src/shared/** and nothing else of ours
//   - src/core/** is pure: no host code, no Node-only module (it also runs in a browser worker)
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noVscode = { name: 'vscode', message: 'Only src/host/**, src/extension.ts, src/extension.browser.ts, test/integration/** and test/bench/** may import vscode.' };
const hostCode = { group: ['**/host', '**/host/**', '**/extension', '**/extension.ts'], message: 'Core and webview code must not depend on host code.' };
// Core runs in the extension host, the command line and (for the web build) a browser worker.
const nodeMessage = 'src/core/** must run in a browser worker too: no Node-only modules (put them behind src/platform/).';
const nodeOnly = { group: ['node:*'], message: nodeMessage };
const nodeBuiltins = ['fs', 'path', 'os', 'util', 'zlib', 'worker_threads', 'child_process', 'crypto'].map(name => ({ name, message: nodeMessage }));
const coreCode = { group: ['**/core', '**/core/**', '**/build/**', '**/cli'], message: 'The webview imports only src/shared/** (it runs in a browser frame).' };

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', '.vscode-test-web/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': ['error', { paths: [noVscode] }],
      // `_`-prefixed names are deliberately unused (interface parameters, destructuring).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/host/**', 'src/extension.ts', 'src/extension.browser.ts', 'test/integration/**', 'test/bench/**'],
    rules: {
      'no-restricted-imports': 'off',
      // `import vscode = require('vscode')`: bundled, each `import * as vscode` copied the whole
      // API object into a namespace of its own (23 copies, 15 ms of activation in a profile).
      '@typescript-eslint/no-require-imports': ['error', { allow: ['^vscode$'] }],
    },
  },
  {
    files: ['src/core/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [noVscode, ...nodeBuiltins], patterns: [hostCode, nodeOnly] }] },
  },
  {
    files: ['src/webview/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', { paths: [noVscode], patterns: [hostCode, coreCode] }] },
  },
  {
    // The mocha reporter and the test entries use `import x = require()` to match mocha's CommonJS exports.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
