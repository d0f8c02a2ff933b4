import * as assert from 'node:assert/strict';
import { PaperSession } from '../../../../src/host/browse/paperSession';

interface View { id: string; n: number }

/** A feature's session for one paper: answers it sends later, and whether it was ended. */
class FakeSession {
  ended = false;
  constructor(readonly id: string, readonly send: (view: View) => void) {}
  dispose(): void { this.ended = true; }
}

suite('PaperSession (the details view\'s neighbourhood and Zotero item)', () => {
  test('one session per paper; the same paper again sends its last answer, not a new question', () => {
    const sent: View[] = [];
    let shown = 'a';
    const opened: FakeSession[] = [];
    const section = new PaperSession<FakeSession, View>(view => sent.push(view), () => shown);
    const open = (id: string) => (post: (view: View) => void) => { const s = new FakeSession(id, post); opened.push(s); return s; };
    assert.equal(section.follow('a', open('a')), true);
    opened[0].send({ id: 'a', n: 1 });
    assert.deepEqual(sent, [{ id: 'a', n: 1 }]);
    assert.equal(section.follow('a', open('a')), false, 'not asked again');
    assert.equal(opened.length, 1);
    assert.deepEqual(sent, [{ id: 'a', n: 1 }, { id: 'a', n: 1 }], 'the last answer sent again');
    assert.equal(section.of('a'), opened[0]);
    assert.equal(section.of('b'), undefined);
    // Another paper: the first session ends, and its late answers are not sent.
    shown = 'b';
    assert.equal(section.follow('b', open('b')), true);
    assert.equal(opened[0].ended, true);
    assert.equal(section.last, undefined);
    opened[0].send({ id: 'a', n: 2 });
    assert.equal(sent.length, 2);
    // An answer for a paper the view no longer shows is not sent either.
    shown = 'c';
    opened[1].send({ id: 'b', n: 3 });
    assert.equal(sent.length, 2);
    section.dispose();
    assert.equal(opened[1].ended, true);
    assert.equal(section.session, undefined);
  });

  test('a paper with no session (not a Zotero item) is not asked again', () => {
    let asked = 0;
    const section = new PaperSession<FakeSession, View>(() => undefined, () => 'a');
    section.follow('a', () => { asked++; return undefined; });
    section.follow('a', () => { asked++; return undefined; });
    assert.equal(asked, 1);
    assert.equal(section.of('a'), undefined);
  });
});
