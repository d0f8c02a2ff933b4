// Writes src/data/styles/repository.tsv, the list of the CSL styles repository's styles (id, title,
// format, fields, parent) that lets a writer name any of them (src/core/styles/repository.ts), from
// a copy of the repository: Debian's citation-style-language-styles package by default
// (apt-get install citation-style-language-styles), or the folder given.
//   node scripts/csl-style-list.mjs [/usr/share/citation-style-language/styles]
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const source = process.argv[2] ?? '/usr/share/citation-style-language/styles';
// The row reader and writer are the extension's own, so that what is written is what it reads.
const { outputFiles: [bundle] } = await esbuild.build({ entryPoints: [join(root, 'src/core/styles/repository.ts')], bundle: true, format: 'esm', write: false, platform: 'node' });
const { repositoryStyleOf, styleListRow, readStyleList } = await import(`data:text/javascript;base64,${Buffer.from(bundle.text).toString('base64')}`);

const rows = [];
for (const folder of [source, join(source, 'dependent')]) {
  for (const name of readdirSync(folder).filter(n => n.endsWith('.csl')).sort()) {
    const style = repositoryStyleOf(name.slice(0, -4), readFileSync(join(folder, name), 'utf8'));
    if (!style) throw new Error(`${join(folder, name)}: no <info><title>`);
    if (folder !== source && !style.parent) throw new Error(`${join(folder, name)}: a dependent style without an independent-parent`);
    rows.push(styleListRow(style));
  }
}
let version = 'a copy of the repository';
try { version = `Debian's citation-style-language-styles ${execFileSync('dpkg-query', ['-W', '-f=${Version}', 'citation-style-language-styles'], { encoding: 'utf8' })}`; } catch { /* not Debian's */ }
const text = `# The CSL styles repository's styles (https://github.com/citation-style-language/styles, CC BY-SA 3.0), from ${version}.\n# id (empty: the title's slug)\ttitle\tformat\tfields\tparent (a dependent style's). Made by scripts/csl-style-list.mjs.\n${rows.join('\n')}\n`;
const back = readStyleList(text);
if (back.length !== rows.length) throw new Error(`read back ${back.length} of ${rows.length} styles`);
writeFileSync(join(root, 'src/data/styles/repository.tsv'), text);
console.log(`${rows.length} styles (${back.filter(s => s.parent).length} dependent), ${(text.length / 1024).toFixed(0)} KB`);
