// The parts of a cached library, in a module of their own: the host's index cache needs the
// names, and importing them from protocol.ts would bring zod into the host bundle (the host
// validates with the engine's copy of zod, loaded on first use).

/** The parts of a cached library (`snapshot`). */
export const CACHE_PARTS = ['meta', 'papers', 'text', 'names'] as const;
export type CachePart = (typeof CACHE_PARTS)[number];
