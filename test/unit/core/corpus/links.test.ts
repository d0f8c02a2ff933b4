import * as assert from 'node:assert/strict';
import { extractLinks, isCodeLink, isWebLink } from '../../../../src/core/corpus/links';
import { seedCorpus } from '../../support/seeds';

suite('links in abstracts', () => {
  test('LaTeX debris is cleaned: \\url{…}, \\href flattened to a{b}, a{label}', () => {
    assert.deepEqual(extractLinks('Set at \\url{https://github.com/YookiTong/Learn-from-Mistakes-CotErrorSet}.'), ['https://github.com/YookiTong/Learn-from-Mistakes-CotErrorSet']);
    assert.deepEqual(extractLinks('in https://github.com/adobe-research/dynasaur{https://github.com/adobe-research/dynasaur}.'), ['https://github.com/adobe-research/dynasaur']);
    assert.deepEqual(extractLinks('at https://fredreic1849.github.io/BranchGRPO-Webpage/{BranchGRPO}.'), ['https://fredreic1849.github.io/BranchGRPO-Webpage/']);
  });

  test('sentence punctuation and unbalanced brackets are not part of a link', () => {
    assert.deepEqual(extractLinks('agents (https://github.com/PKU-RL/Creative-Agents).'), ['https://github.com/PKU-RL/Creative-Agents']);
    assert.deepEqual(extractLinks('published at https://aka.ms/orca-lm), and'), ['https://aka.ms/orca-lm']);
    assert.deepEqual(extractLinks('codes and models:https://github.com/dvlab-research/ARPO.git.'), ['https://github.com/dvlab-research/ARPO.git']);
    assert.deepEqual(extractLinks('see https://en.wikipedia.org/wiki/Foo_(bar).'), ['https://en.wikipedia.org/wiki/Foo_(bar)']);
  });

  test('bare hosts get https://, names and abbreviations do not become links', () => {
    assert.deepEqual(extractLinks('recipes at: robovlms.github.io.'), ['https://robovlms.github.io']);
    assert.deepEqual(extractLinks('Code open-sourced at: github.com/anyasims/edge-of-reach.'), ['https://github.com/anyasims/edge-of-reach']);
    assert.deepEqual(extractLinks('TaskMatrix.AI connects models, e.g. GPT-4.1, w.r.t. Qwen2.5 and Node.js; mail me@example.com'), []);
  });

  test('each link once, in order of appearance', () => {
    assert.deepEqual(extractLinks('a https://x.github.io and https://github.com/a/b then https://x.github.io again'), ['https://x.github.io', 'https://github.com/a/b']);
  });

  test('every link in the corpus is a clean http(s) URL', () => {
    for (const paper of seedCorpus().papers) {
      for (const link of paper.links) {
        assert.ok(isWebLink(link), link);
        assert.doesNotMatch(link, /[{}\\)\].,;:'"]$/, link);
      }
    }
    assert.ok(seedCorpus().papers.filter(p => p.links.some(isCodeLink)).length > 50);
  });

  test('only http and https links may be opened', () => {
    for (const url of ['file:///etc/passwd', 'command:papers.reloadCorpus', 'javascript:alert(1)', 'vscode://x', 'not a url']) assert.equal(isWebLink(url), false, url);
    assert.equal(isWebLink('http://example.org'), true);
  });
});
