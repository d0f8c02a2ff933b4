import vscode = require('vscode');
import { escapeMarkdown, metadataLine } from '../../core/browse/describe';
import type { Paper } from '../../core/model/paper';
import { excerpt } from '../../core/util/text';

/** A key in a code span; a key from a user's file may hold a backtick, which would end the span early, so then it is escaped text instead. */
export function markdownCode(text: string): string {
  return text.includes('`') ? escapeMarkdown(text) : `\`${text}\``;
}

/** A paper as Markdown: bold title, key and metadata, the abstract's start. Corpus text is escaped, never interpreted. */
export function paperMarkdown(paper: Paper, abstractLength: number): vscode.MarkdownString {
  const meta = metadataLine(paper);
  const abstract = paper.abstract ? `\n\n${escapeMarkdown(excerpt(paper.abstract, abstractLength))}` : '';
  return new vscode.MarkdownString(`**${escapeMarkdown(paper.title)}**\n\n${markdownCode(paper.key)}${meta ? ` · ${escapeMarkdown(meta)}` : ''}${abstract}`);
}
