// People's names as the views show them. No LaTeX here: the views load this without the engine.
import type { Person } from '../model/reference';

/** "Jane Doe", "Ludwig van Beethoven", "John Smith Jr.", "Barnes and Noble". */
export function fullName(p: Person): string {
  if (p.literal) return p.literal;
  return [p.given, p.particle, p.family].filter(Boolean).join(' ') + (p.suffix ? ` ${p.suffix}` : '');
}

/** The name a reference list sorts and cites by: "Beethoven" (particle aside), or an organisation's name. */
export function familyName(p: Person): string {
  return p.literal ?? p.family ?? p.given ?? '';
}

/**
 * Authors as a short line: "Russell & Norvig", "Vaswani et al.", "Barnes and Noble".
 *
 * @example shortAuthors([{ family: 'Russell' }, { family: 'Norvig' }]) === 'Russell & Norvig'
 */
export function shortAuthors(people: readonly Person[], others = false): string {
  if (!people.length) return '';
  if (people.length === 1) return familyName(people[0]) + (others ? ' et al.' : '');
  if (people.length === 2 && !others) return `${familyName(people[0])} & ${familyName(people[1])}`;
  return `${familyName(people[0])} et al.`;
}
