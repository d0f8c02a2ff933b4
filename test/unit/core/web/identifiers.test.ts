import * as assert from 'node:assert/strict';
import { arxivDoi, paperIdText, parsePaperId, type PaperId } from '../../../../src/core/web/identifiers';

const arxiv = (id: string, version?: number): PaperId => (version ? { kind: 'arxiv', id, version } : { kind: 'arxiv', id });
const doi = (value: string): PaperId => ({ kind: 'doi', doi: value });

/** What users paste, and the paper it names. */
const CASES: [string, PaperId | undefined][] = [
  ['2401.12345', arxiv('2401.12345')],
  ['2401.12345v2', arxiv('2401.12345', 2)],
  ['0704.0001', arxiv('0704.0001')],
  ['arXiv:2401.12345', arxiv('2401.12345')],
  ['arxiv: 2401.12345v3', arxiv('2401.12345', 3)],
  ['hep-th/9901001', arxiv('hep-th/9901001')],
  ['hep-th/9901001v1', arxiv('hep-th/9901001', 1)],
  ['math.AG/0309136', arxiv('math.AG/0309136')],
  ['cs/0112017', arxiv('cs/0112017')],
  ['https://arxiv.org/abs/2401.12345', arxiv('2401.12345')],
  ['http://arxiv.org/abs/2401.12345v2', arxiv('2401.12345', 2)],
  ['arxiv.org/abs/2401.12345', arxiv('2401.12345')],
  ['www.arxiv.org/abs/2401.12345', arxiv('2401.12345')],
  ['https://www.arxiv.org/abs/2401.12345/', arxiv('2401.12345')],
  ['https://arxiv.org/pdf/2401.12345.pdf', arxiv('2401.12345')],
  ['https://arxiv.org/pdf/2401.12345v2.pdf', arxiv('2401.12345', 2)],
  ['https://arxiv.org/pdf/2401.12345v2', arxiv('2401.12345', 2)],
  ['arxiv.org/pdf/hep-th/9901001.pdf', arxiv('hep-th/9901001')],
  ['https://export.arxiv.org/abs/1605.08386', arxiv('1605.08386')],
  ['https://arxiv.org/abs/2401.12345?context=cs.CL#top', arxiv('2401.12345')],
  ['<https://arxiv.org/abs/2401.12345>', arxiv('2401.12345')],
  ['  2401.12345  ', arxiv('2401.12345')],
  ['https://huggingface.co/papers/2401.12345', arxiv('2401.12345')],
  ['huggingface.co/papers/2401.12345#community', arxiv('2401.12345')],
  ['www.huggingface.co/papers/2401.12345', arxiv('2401.12345')],
  ['https://hf.co/papers/2401.12345', arxiv('2401.12345')],
  ['10.1126/science.169.3946.635', doi('10.1126/science.169.3946.635')],
  ['doi:10.1126/science.169.3946.635', doi('10.1126/science.169.3946.635')],
  ['DOI: 10.1126/science.169.3946.635', doi('10.1126/science.169.3946.635')],
  ['https://doi.org/10.1126/science.169.3946.635', doi('10.1126/science.169.3946.635')],
  ['http://dx.doi.org/10.1371/journal.pone.0033693', doi('10.1371/journal.pone.0033693')],
  ['doi.org/10.1371/journal.pone.0033693.', doi('10.1371/journal.pone.0033693')],
  ['https://doi.org/10.1126%2Fscience.169.3946.635', doi('10.1126/science.169.3946.635')],
  ['10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-O', doi('10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-O')],
  ['(10.1000/xyz)', undefined],
  ['https://doi.org/10.48550/arXiv.2401.12345', arxiv('2401.12345')],
  ['10.48550/arXiv.hep-th/9901001', arxiv('hep-th/9901001')],
  ['', undefined],
  ['abc', undefined],
  ['2401.123', undefined],
  ['24011.2345', undefined],
  ['2401.12345 2401.12346', undefined],
  ['https://example.org/abs/2401.12345', undefined],
  ['https://huggingface.co/papers', undefined],
  ['https://arxiv.org/list/cs.CL/recent', undefined],
  ['doi:', undefined],
  ['10.1000', undefined],
  ['javascript:alert(1)', undefined],
];

suite('web: what a user pastes, as a paper id', () => {
  for (const [text, expected] of CASES) {
    test(JSON.stringify(text), () => assert.deepEqual(parsePaperId(text), expected));
  }

  test('ids as people write them, and arXiv\'s own DOIs', () => {
    assert.equal(paperIdText(arxiv('2401.12345', 2)), 'arXiv:2401.12345v2');
    assert.equal(paperIdText(doi('10.1000/xyz')), 'doi:10.1000/xyz');
    assert.equal(arxivDoi('hep-th/9901001'), '10.48550/arXiv.hep-th/9901001');
    for (const [text, id] of CASES) if (id) assert.deepEqual(parsePaperId(paperIdText(id)), id, text);
  });
});
