import { Fragment } from 'react';
import type { ReactNode } from 'react';

/*
 * A small Markdown subset rendered straight to React elements: headings, paragraphs, bullet and
 * numbered lists, tables, code blocks, **strong**, *emphasis* and `code`. Every piece of the
 * source ends up as a text child, never as HTML, so markup in a report (a <script>, an
 * <img onerror>) shows as the characters it is. Links are shown as their text.
 */

export type MarkdownBlock =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'table'; header: string[]; rows: string[][] }
  | { kind: 'code'; text: string };

const tableSeparator = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

export function parseMarkdown(source: string): MarkdownBlock[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: MarkdownBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (line.trim() === '') {
      i += 1;
    } else if (line.startsWith('```')) {
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !lines[i]!.startsWith('```')) body.push(lines[i++]!);
      i += 1;
      blocks.push({ kind: 'code', text: body.join('\n') });
    } else if (heading) {
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1, text: heading[2]! });
      i += 1;
    } else if (line.includes('|') && i + 1 < lines.length && tableSeparator.test(lines[i + 1]!)) {
      const header = cells(line);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && lines[i]!.includes('|') && lines[i]!.trim() !== '') rows.push(cells(lines[i++]!));
      blocks.push({ kind: 'table', header, rows });
    } else if (/^\s*([-*+]|\d+[.)])\s+/.test(line)) {
      const ordered = /^\s*\d+[.)]\s+/.test(line);
      const items: string[] = [];
      const item = ordered ? /^\s*\d+[.)]\s+(.*)$/ : /^\s*[-*+]\s+(.*)$/;
      while (i < lines.length && item.test(lines[i]!)) items.push(item.exec(lines[i++]!)![1]!);
      blocks.push({ kind: 'list', ordered, items });
    } else {
      const text: string[] = [];
      while (i < lines.length && lines[i]!.trim() !== '' && !/^(#{1,6}\s|```|\s*([-*+]|\d+[.)])\s+)/.test(lines[i]!))
        text.push(lines[i++]!.trim());
      blocks.push({ kind: 'paragraph', text: text.join(' ') });
    }
  }
  return blocks;
}

const inlinePattern = /(\*\*[^*]+\*\*|__[^_]+__|\*[^*]+\*|_[^_]+_|`[^`]+`|\[[^\]]+\]\([^)]*\))/;

/** Inline marks as elements; everything else stays a plain string. */
export function renderInline(text: string): ReactNode[] {
  return text
    .split(inlinePattern)
    .filter((part) => part !== '')
    .map((part, index) => {
      if (/^(\*\*|__)/.test(part) && part.length > 4)
        return <strong key={index}>{renderInline(part.slice(2, -2))}</strong>;
      if (/^`/.test(part)) return <code key={index}>{part.slice(1, -1)}</code>;
      if (/^[*_]/.test(part) && part.length > 2) return <em key={index}>{renderInline(part.slice(1, -1))}</em>;
      const link = /^\[([^\]]+)\]\([^)]*\)$/.exec(part);
      if (link) return <Fragment key={index}>{link[1]}</Fragment>;
      return <Fragment key={index}>{part}</Fragment>;
    });
}

/** `headingOffset` shifts heading levels so a report's "#" sits below the page's own h1. */
export function renderMarkdown(source: string, headingOffset = 0): ReactNode[] {
  return parseMarkdown(source).map((block, index) => {
    switch (block.kind) {
      case 'heading': {
        const Tag = `h${Math.min(6, block.level + headingOffset)}` as 'h2';
        return <Tag key={index}>{renderInline(block.text)}</Tag>;
      }
      case 'paragraph':
        return <p key={index}>{renderInline(block.text)}</p>;
      case 'code':
        return (
          <pre key={index}>
            <code>{block.text}</code>
          </pre>
        );
      case 'list': {
        const Tag = block.ordered ? 'ol' : 'ul';
        return (
          <Tag key={index}>
            {block.items.map((item, n) => (
              <li key={n}>{renderInline(item)}</li>
            ))}
          </Tag>
        );
      }
      case 'table':
        return (
          <table key={index}>
            <thead>
              <tr>
                {block.header.map((cell, n) => (
                  <th key={n} scope="col">
                    {renderInline(cell)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, n) => (
                    <td key={n}>{renderInline(cell)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        );
    }
  });
}
