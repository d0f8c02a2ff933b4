// How a citation is written in each kind of document, as small JSON templates the user can
// change per language in settings (`papers.citation.templates`, `papers.citation.latexCommand`).
import * as z from '../util/zod';
import { bibtexEntry, cslEntry, plainReference, type CitablePaper } from '../bibliography/paperEntry';
import { syntaxOfLanguage, type CitationSyntax } from './languages';

/**
 * A citation written as keys: `before` + keys (each after `keyPrefix`, joined by
 * `separator`) + `after`. `\cite{a,b}` is `{ before: '\\cite{', keyPrefix: '', separator: ',', after: '}' }`.
 */
export const KeysTemplateSchema = z.lazySchema(() => z.strictObject({
  before: z.string(),
  keyPrefix: z._default(z.string(), ''),
  separator: z.string().check(z.minLength(1, 'separator must not be empty: keys would run together')),
  after: z.string(),
}));

/** A citation written as whole entries: for a .bib file, a CSL-JSON file, or plain text. */
export const EntryTemplateSchema = z.lazySchema(() => z.strictObject({
  entry: z.enum(['bibtex', 'biblatex', 'csl-json', 'plain']),
}));

/** One language's citation template, as the setting `papers.citation.templates` holds it. */
export const CitationTemplateSchema = z.lazySchema(() => z.union([KeysTemplateSchema, EntryTemplateSchema]));

/** The setting `papers.citation.templates`: VS Code language id → template. */
export const CitationTemplatesSchema = z.lazySchema(() => z.record(z.string().check(z.minLength(1)), z.unknown()));

export const LATEX_COMMANDS = ['\\cite', '\\citep', '\\citet', '\\autocite', '\\parencite'] as const;

/** The setting `papers.citation.latexCommand`; "citep" is read as "\citep". */
export const LatexCommandSchema = z.lazySchema(() => z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' && !v.startsWith('\\') ? `\\${v}` : v)),
  z.enum(LATEX_COMMANDS, { error: `must be one of ${LATEX_COMMANDS.join(', ')}` }),
));

export type KeysTemplate = z.infer<typeof KeysTemplateSchema>;
export type EntryTemplate = z.infer<typeof EntryTemplateSchema>;
export type CitationTemplate = KeysTemplate | EntryTemplate;
export type LatexCommand = (typeof LATEX_COMMANDS)[number];

const KEYS_TEMPLATES: Record<Exclude<CitationSyntax, 'latex'>, KeysTemplate> = {
  pandoc: { before: '[', keyPrefix: '@', separator: '; ', after: ']' },
  typst: { before: '', keyPrefix: '@', separator: ' ', after: '' },
  rst: { before: ':cite:`', keyPrefix: '', separator: ',', after: '`' },
};

/**
 * The built-in template for a language: `\cite{…}` (with `latexCommand`) for LaTeX,
 * `[@…]` for Markdown, Quarto and R Markdown, `@…` for Typst, `` :cite:`…` `` for
 * reStructuredText, the whole BibTeX entry in a .bib file, the plain reference elsewhere.
 *
 * @example defaultTemplate('latex', '\\citep') → { before: '\\citep{', keyPrefix: '', separator: ',', after: '}' }
 */
export function defaultTemplate(languageId: string, latexCommand: LatexCommand = '\\cite'): CitationTemplate {
  if (languageId === 'bibtex') return { entry: 'bibtex' };
  const syntax = syntaxOfLanguage(languageId);
  if (syntax === null) return { entry: 'plain' };
  if (syntax === 'latex') return { before: `${latexCommand}{`, keyPrefix: '', separator: ',', after: '}' };
  return { ...KEYS_TEMPLATES[syntax] };
}

/** Validated citation settings: user templates by language id, and the LaTeX command. */
export interface CitationSettings {
  templates: Record<string, CitationTemplate>;
  latexCommand: LatexCommand;
}

export const DEFAULT_SETTINGS: CitationSettings = { templates: {}, latexCommand: '\\cite' };

function describe(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  return error.issues.map(i => `${i.path.length ? `${i.path.map(String).join('.')}: ` : ''}${i.message}`).join('; ');
}

/**
 * Reads the user's settings, never throwing: each bad part is left out (its default is
 * used instead) and explained in `problems`, in words the host can show as they are.
 *
 * @example readCitationSettings({ latexCommand: 'citep', templates: { plaintext: { entry: 'nope' } } })
 *   → { settings: { latexCommand: '\\citep', templates: {} },
 *       problems: ['papers.citation.templates.plaintext: entry: Invalid option: …'] }
 */
export function readCitationSettings(raw: { templates?: unknown; latexCommand?: unknown }): { settings: CitationSettings; problems: string[] } {
  const problems: string[] = [];
  const settings: CitationSettings = { templates: {}, latexCommand: DEFAULT_SETTINGS.latexCommand };
  if (raw.latexCommand !== undefined && raw.latexCommand !== null) {
    const command = LatexCommandSchema.safeParse(raw.latexCommand);
    if (command.success) settings.latexCommand = command.data;
    else problems.push(`papers.citation.latexCommand: ${describe(command.error)} (using ${settings.latexCommand})`);
  }
  if (raw.templates !== undefined && raw.templates !== null) {
    const record = CitationTemplatesSchema.safeParse(raw.templates);
    if (!record.success) {
      problems.push(`papers.citation.templates: must be an object mapping language ids to templates (using the defaults)`);
    } else {
      for (const [languageId, value] of Object.entries(record.data)) {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) {
          problems.push(`papers.citation.templates.${languageId}: must be an object such as { "before": "\\cite{", "separator": ",", "after": "}" } or { "entry": "bibtex" } (using the default for ${languageId})`);
          continue;
        }
        // Checked against the one shape it means, so that the message names the field at fault.
        const template = ('entry' in value ? EntryTemplateSchema : KeysTemplateSchema).safeParse(value);
        if (template.success) settings.templates[languageId] = template.data;
        else problems.push(`papers.citation.templates.${languageId}: ${describe(template.error)} (using the default for ${languageId})`);
      }
    }
  }
  return { settings, problems };
}

/**
 * The template in force for a language: the user's, else the built-in one. A user template
 * for "latex" wins over `latexCommand`, which only shapes the built-in LaTeX template.
 *
 * @example templateFor('markdown', DEFAULT_SETTINGS) → { before: '[', keyPrefix: '@', separator: '; ', after: ']' }
 */
export function templateFor(languageId: string, settings: CitationSettings = DEFAULT_SETTINGS): CitationTemplate {
  return settings.templates[languageId] ?? defaultTemplate(languageId, settings.latexCommand);
}

export const isKeysTemplate = (t: CitationTemplate): t is KeysTemplate => !('entry' in t);

/**
 * A new citation of `keys` in a keys template.
 *
 * @example formatKeys(['a', 'b'], defaultTemplate('markdown')) === '[@a; @b]'
 */
export function formatKeys(keys: readonly string[], template: KeysTemplate): string {
  return template.before + keys.map(k => template.keyPrefix + k).join(template.separator) + template.after;
}

/**
 * The text to insert for `papers` in a document using `template`: a citation of their keys,
 * or their whole entries (BibTeX entries separated by a blank line, a CSL-JSON array, or
 * one plain reference per line).
 *
 * @example citationText([react], defaultTemplate('typst')) === '@ReAct2022'
 */
export function citationText(papers: readonly CitablePaper[], template: CitationTemplate): string {
  if (isKeysTemplate(template)) return formatKeys(papers.map(p => p.key), template);
  switch (template.entry) {
    case 'bibtex':
    case 'biblatex':
      return papers.map(p => bibtexEntry(p, template.entry as 'bibtex' | 'biblatex')).join('\n');
    case 'csl-json':
      return JSON.stringify(papers.map(cslEntry), null, 2);
    case 'plain':
      return papers.map(plainReference).join('\n');
  }
}
