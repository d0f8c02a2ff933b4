// `import Mocha = require('mocha')` in the web test bundle: mocha's browser build, which
// web/index.ts loads first, puts Mocha on the global object.
export = (globalThis as unknown as { Mocha: typeof import('mocha') }).Mocha;
