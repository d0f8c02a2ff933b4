// The credit a formatted reference carries wherever it is shown: citeproc-js asks for its
// attribution phrase and URL in every larger work (CPAL 1.0, Exhibit B; docs/licences.md), and the
// CSL project asks software using its styles and locales to mention it and link to its site.

export const STYLE_CREDIT = {
  /** citeproc-js's attribution phrase, as its licence gives it. */
  phrase: 'Citations by CSL (citeproc-js)',
  url: 'https://citationstyles.org/',
} as const;

/**
 * The credit line in the form the reference is shown in.
 *
 * @example styleCredit('markdown') === '[Citations by CSL (citeproc-js)](https://citationstyles.org/)'
 */
export function styleCredit(form: 'text' | 'html' | 'markdown'): string {
  if (form === 'markdown') return `[${STYLE_CREDIT.phrase}](${STYLE_CREDIT.url})`;
  if (form === 'html') return `<a href="${STYLE_CREDIT.url}">${STYLE_CREDIT.phrase}</a>`;
  return `${STYLE_CREDIT.phrase}, ${STYLE_CREDIT.url}`;
}
