// reStructuredText's citations as sphinxcontrib-bibtex reads them.
import * as assert from 'node:assert/strict';
import { findCitations } from '../../../../../src/core/cite/scan';
import { keysOf } from './marked';

suite('findCitations: reStructuredText', () => {
  test('reST: sphinxcontrib-bibtex roles, keys with pre- and post-text, not in literals, code or comments', () => {
    assert.deepEqual(keysOf(':cite:`a,b` :cite:p:`c` :cite:t:`d` :cite:ps:`e` :cite:ts:`f` :cite:ct:`g` :footcite:`h` :footcite:p:`i` :footcite:ts:`j`', 'rst'), ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']);
    const text = 'See :cite:p:`{see}a{p. 3}, b`.';
    assert.deepEqual(findCitations(text, 'rst')[0].keys, [{ key: 'a', start: 18, end: 19 }, { key: 'b', start: 27, end: 28 }]);
    assert.deepEqual(keysOf('``:cite:`no``\n\nA literal::\n\n    :cite:`no`\n\n.. code-block:: rst\n\n   :cite:`no`\n\n.. a comment :cite:`no`\n\n.. note::\n\n   :cite:`a`', 'rst'), ['a']);
    assert.deepEqual(keysOf('word:cite:`no` \\:cite:`no` (:cite:`a`)', 'rst'), ['a']);
  });
});
