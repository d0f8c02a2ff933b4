import * as vscode from 'vscode';
import { escapeMarkdown, metadataLine } from '../core/browse/describe';
import type { Paper } from '../core/corpus/paper';
import { excerpt } from '../core/util/text';

/** A paper as Markdown: bold title, key and metadata, the abstract's start. Corpus text is escaped, never interpreted. */
export function paperMarkdown(paper: Paper, abstractLength: number): vscode.MarkdownString {
  const meta = metadataLine(paper);
  return new vscode.MarkdownString(
    `**${escapeMarkdown(paper.title)}**\n\n\`${paper.key}\`${meta ? ` · ${escapeMarkdown(meta)}` : ''}\n\n${escapeMarkdown(excerpt(paper.abstract, abstractLength))}`,
  );
}
