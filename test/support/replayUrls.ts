// Where the replay server answers for each service, under its origin: one layout for the server
// (Node) and for the tests that drive it from a browser (which cannot load the server's module).

/** The base URL of each service, as `WebUrls` and the `papers.web.*Url` settings take them. */
export const serviceUrls = (origin: string) => ({ huggingFace: `${origin}/hf`, arxiv: `${origin}/arxiv`, crossref: `${origin}/crossref`, doi: `${origin}/doi`, semanticScholar: `${origin}/s2`, cslStyles: `${origin}/csl` });
