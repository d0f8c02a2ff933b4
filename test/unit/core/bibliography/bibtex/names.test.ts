import * as assert from 'node:assert/strict';
import { fullName, parseName, parseNames, shortAuthors } from '../../../../../src/core/bibliography/bibtex/names';

suite('BibTeX names', () => {
  test('the three forms, with "von" and "Jr"', () => {
    assert.deepEqual(parseName('Ludwig van Beethoven'), { given: 'Ludwig', particle: 'van', family: 'Beethoven' });
    assert.deepEqual(parseName('van der Berg, Jan'), { given: 'Jan', particle: 'van der', family: 'Berg' });
    assert.deepEqual(parseName('Smith, Jr., John'), { given: 'John', family: 'Smith', suffix: 'Jr.' });
    assert.deepEqual(parseName('Jean-Paul Sartre'), { given: 'Jean-Paul', family: 'Sartre' });
    assert.deepEqual(parseName('Charles Louis Xavier Joseph de la Vallée Poussin'),
      { given: 'Charles Louis Xavier Joseph', particle: 'de la', family: 'Vallée Poussin' });
    assert.deepEqual(parseName('Aristotle'), { family: 'Aristotle' });
  });

  test('braced names are one unit; accents decode after splitting', () => {
    assert.deepEqual(parseName('{Barnes and Noble}'), { literal: 'Barnes and Noble' });
    assert.deepEqual(parseName('{\\"O}zil, Mesut'), { given: 'Mesut', family: 'Özil' });
    assert.deepEqual(parseName('Kurt G{\\"o}del'), { given: 'Kurt', family: 'Gödel' });
    // A special character decides the case of its word: {\'E} is upper case, so not a "von".
    assert.deepEqual(parseName("{\\'E}mile Zola"), { given: 'Émile', family: 'Zola' });
    assert.deepEqual(parseName('{The Royal Society}'), { literal: 'The Royal Society' });
    // In a list too; braces that open the first word and close the last are not always one group.
    assert.deepEqual(parseNames('{Barnes and Noble} and {Dept. of X} {Lab} and {\\"O}zil, {M}esut').people,
      [{ literal: 'Barnes and Noble' }, { given: 'Dept. of X', family: 'Lab' }, { given: 'Mesut', family: 'Özil' }]);
  });

  test('a list split at "and" outside braces, "and others" noted', () => {
    const { people, others } = parseNames('van der Berg, Jan and Smith, Jr., John and {Barnes and Noble} and Ludwig van Beethoven and {\\"O}zil, Mesut and others');
    assert.deepEqual(people, [
      { given: 'Jan', particle: 'van der', family: 'Berg' },
      { given: 'John', family: 'Smith', suffix: 'Jr.' },
      { literal: 'Barnes and Noble' },
      { given: 'Ludwig', particle: 'van', family: 'Beethoven' },
      { given: 'Mesut', family: 'Özil' },
    ]);
    assert.equal(others, true);
    assert.deepEqual(parseNames('A. Author AND B. Author\n and  C. Author').people.map(p => p.family), ['Author', 'Author', 'Author']);
  });

  test('how names are shown', () => {
    assert.equal(fullName({ given: 'Ludwig', particle: 'van', family: 'Beethoven' }), 'Ludwig van Beethoven');
    assert.equal(fullName({ given: 'John', family: 'Smith', suffix: 'Jr.' }), 'John Smith Jr.');
    assert.equal(shortAuthors([{ family: 'Russell' }, { family: 'Norvig' }]), 'Russell & Norvig');
    assert.equal(shortAuthors([{ family: 'Vaswani' }, { family: 'Shazeer' }, { family: 'Parmar' }]), 'Vaswani et al.');
    assert.equal(shortAuthors([{ family: 'Vaswani' }], true), 'Vaswani et al.');
    assert.equal(shortAuthors([{ literal: 'OpenAI' }]), 'OpenAI');
    assert.equal(shortAuthors([]), '');
  });
});
