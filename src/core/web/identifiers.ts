// What a user pastes or types to name a paper: an arXiv id or link, a DOI or doi.org link, or a
// Hugging Face paper link. Only the identifier is kept; whatever else the text holds is not.

/** A paper named by its identifier: an arXiv preprint, or any DOI. */
export type PaperId =
  | { kind: 'arxiv'; id: string; version?: number }
  | { kind: 'doi'; doi: string };

// New-style ids since April 2007 (YYMM.NNNN, five digits since 2015), and the old archive/YYMMNNN.
const NEW_ARXIV = /^(\d{4}\.\d{4,5})(?:v(\d+))?$/;
const OLD_ARXIV = /^([a-z]+(?:-[a-z]+)*(?:\.[A-Z]{2})?\/\d{7})(?:v(\d+))?$/;
const ARXIV_LINK = /^(?:www\.|export\.)?arxiv\.org\/(?:abs|pdf|html|format)\/(.+?)(?:\.pdf)?\/?$/i;
const HF_LINK = /^(?:www\.)?(?:huggingface\.co|hf\.co)\/papers\/(\d{4}\.\d{4,5})(?:v\d+)?\/?$/i;
const DOI_LINK = /^(?:www\.)?(?:dx\.)?doi\.org\/(.+)$/i;
const DOI = /^10\.\d{4,9}\/\S+$/;
// arXiv's own DOIs name the preprint, which arXiv describes better than a DOI agency.
const ARXIV_DOI = /^10\.48550\/arxiv\.(.+)$/i;

/**
 * The arXiv id a bare id is, of either shape, with its version apart when it has one; undefined
 * for anything else. Services that name papers by arXiv id (Hugging Face) are read with it too, so
 * that every id arXiv gives, old or new, is one Papers takes.
 *
 * @example readArxivId('quant-ph/0201082v1') → { kind: 'arxiv', id: 'quant-ph/0201082', version: 1 }
 */
export function readArxivId(text: string): Extract<PaperId, { kind: 'arxiv' }> | undefined {
  const m = NEW_ARXIV.exec(text) ?? OLD_ARXIV.exec(text);
  if (!m) return undefined;
  return m[2] ? { kind: 'arxiv', id: m[1], version: Number(m[2]) } : { kind: 'arxiv', id: m[1] };
}

function doiId(text: string): PaperId | undefined {
  let doi = text;
  try {
    doi = decodeURIComponent(text);
  } catch { /* a lone "%" stays as written */ }
  if (!DOI.test(doi)) return undefined;
  const arxiv = ARXIV_DOI.exec(doi);
  return (arxiv && readArxivId(arxiv[1])) || { kind: 'doi', doi };
}

/** Drops what follows an identifier in a link or a sentence: a query, a fragment, closing punctuation. */
function trimLink(text: string): string {
  let out = text.replace(/[?#].*$/, '');
  // A DOI may hold brackets ("10.1002/(SICI)1097-…"): only a closing one without its opening goes.
  while (/[.,;:'">\]}]$/.test(out) || (out.endsWith(')') && (out.match(/\(/g)?.length ?? 0) < (out.match(/\)/g)?.length ?? 0))) out = out.slice(0, -1);
  return out;
}

/**
 * The paper an identifier or link names, or undefined when the text names none. Accepts
 * `2401.12345`, `2401.12345v2`, `arXiv:2401.12345`, `hep-th/9901001`, arxiv.org `abs`/`pdf`
 * links (with or without `https://` or `www.`, `.pdf`, a version), Hugging Face paper links,
 * `10.1000/xyz`, `doi:10.1000/xyz` and doi.org / dx.doi.org links. arXiv's own DOIs
 * (`10.48550/arXiv.…`) name the arXiv preprint.
 *
 * @example parsePaperId('https://arxiv.org/pdf/2401.12345v2.pdf') → { kind: 'arxiv', id: '2401.12345', version: 2 }
 * @example parsePaperId('doi:10.1126/science.169.3946.635') → { kind: 'doi', doi: '10.1126/science.169.3946.635' }
 */
export function parsePaperId(text: string): PaperId | undefined {
  // "arXiv: 2401.12345" and "DOI: 10.1000/xyz" as papers print them; any other space ends it.
  const value = text.trim().replace(/^(arxiv|doi):\s+/i, '$1:');
  if (!value || /\s/.test(value)) return undefined;
  const bare = value.replace(/^<(.*)>$/, '$1');
  const arxivPrefixed = /^arxiv:\s*(.+)$/i.exec(bare);
  if (arxivPrefixed) return readArxivId(trimLink(arxivPrefixed[1]));
  const doiPrefixed = /^doi:\s*(.+)$/i.exec(bare);
  if (doiPrefixed) return doiId(trimLink(doiPrefixed[1]));
  const link = trimLink(bare.replace(/^https?:\/\//i, ''));
  const arxivLink = ARXIV_LINK.exec(link);
  if (arxivLink) return readArxivId(arxivLink[1]);
  const hf = HF_LINK.exec(link);
  if (hf) return readArxivId(hf[1]);
  const doiLink = DOI_LINK.exec(link);
  if (doiLink) return doiId(doiLink[1]);
  return readArxivId(link) ?? doiId(link);
}

/**
 * An identifier as people write it: "arXiv:2401.12345v2", "doi:10.1000/xyz".
 *
 * @example paperIdText({ kind: 'arxiv', id: '2401.12345' }) === 'arXiv:2401.12345'
 */
export function paperIdText(id: PaperId): string {
  return id.kind === 'arxiv' ? `arXiv:${id.id}${id.version ? `v${id.version}` : ''}` : `doi:${id.doi}`;
}

/**
 * The DOI arXiv registers for each of its preprints (DataCite, since 2022, for every paper).
 *
 * @example arxivDoi('2401.12345') === '10.48550/arXiv.2401.12345'
 */
export const arxivDoi = (id: string): string => `10.48550/arXiv.${id}`;
