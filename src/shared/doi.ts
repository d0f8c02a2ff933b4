// Kept apart from protocol.ts, which brings zod: the host's activation bundle needs only this.

/** The link a DOI resolves through; the host and the webview build it the same way. */
export const doiLink = (doi: string): string => `https://doi.org/${doi.split('/').map(encodeURIComponent).join('/')}`;
