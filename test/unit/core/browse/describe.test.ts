import * as assert from 'node:assert/strict';
import { escapeMarkdown, metadataLine, shortDescription } from '../../../../src/core/browse/describe';
import { seedCorpus } from '../../support/seeds';

suite('describing papers', () => {
  test('metadata lines say only what the page printed', () => {
    const { byTitle } = seedCorpus();
    assert.equal(metadataLine(byTitle('UltraCUA')), 'Apple · Oct 20 · 2 upvotes');
    assert.equal(metadataLine(byTitle('You Only Look at Screens')), '2 authors · Sep 20, 2023');
    assert.equal(metadataLine(byTitle('AlphaBlock')), '');
    assert.equal(shortDescription(byTitle('UltraCUA')), 'UltraCUA · Apple');
    assert.equal(shortDescription(byTitle('AlphaBlock')), 'AlphaBlock');
  });

  test('escapeMarkdown leaves no Markdown or HTML to act on, and keeps spaces', () => {
    const hostile = '<img src=x onerror=alert(1)> [link](command:papers.openPaper) *bold* `code` # head';
    const escaped = escapeMarkdown(hostile);
    assert.doesNotMatch(escaped, /<|>/);
    assert.doesNotMatch(escaped, /(?<!\\)[[\]()*`#]/);
    assert.match(escaped, /&lt;img src=x onerror=alert\\\(1\\\)&gt; \\\[link\\\]\\\(command:papers\\\.openPaper\\\)/);
    assert.equal(escapeMarkdown('m&m\'s: two\n words'), 'm&amp;m\'s: two words');
  });
});
