// The command line's version: the package's, written in by the build (esbuild.mjs `define`), so that
// `papers --version` and a SARIF log need not find a package.json at run time.
declare const PAPERS_CLI_VERSION: string | undefined;

/** The version built in; a test bundle, built without it, says `0.0.0-dev`. */
export const VERSION = typeof PAPERS_CLI_VERSION === 'string' ? PAPERS_CLI_VERSION : '0.0.0-dev';
