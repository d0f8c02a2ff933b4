import * as vscode from 'vscode';
import { escapeMarkdown, metadataLine } from '../core/describe';
import type { Paper } from '../core/paper';
import { excerpt } from '../core/text';

/** A paper as Markdown: bold title, key and metadata, the abstract's start. Corpus text is escaped, never interpreted. */
export function paperMarkdown(paper: Paper, abstractLength: number): vscode.MarkdownString {
  const meta = metadataLine(paper);
  return new vscode.MarkdownString(
    `**${escapeMarkdown(paper.title)}**\n\n\`${paper.key}\`${meta ? ` · ${escapeMarkdown(meta)}` : ''}\n\n${escapeMarkdown(excerpt(paper.abstract, abstractLength))}`,
  );
}
