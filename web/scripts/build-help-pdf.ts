/**
 * Turns docs/user-guide.md into web/public/help/buildon-guide.pdf (the
 * navbar's help link). Runs before `vite build` in `npm run build:web`.
 * Supports what the guide uses: headings, paragraphs, lists, bold and italics.
 */
import { marked, type Token, type Tokens } from 'marked';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const source = join(root, 'docs/user-guide.md');
const target = join(root, 'web/public/help/buildon-guide.pdf');

const colors = { text: '#1d2520', muted: '#505c55', primary: '#2f6f5e' } as const;

type Run = { text: string; bold: boolean; italic: boolean };

/** Flattens inline tokens into styled runs. */
const runs = (tokens: Token[] | undefined, bold = false, italic = false): Run[] =>
  (tokens ?? []).flatMap((token): Run[] => {
    switch (token.type) {
      case 'strong':
        return runs((token as Tokens.Strong).tokens, true, italic);
      case 'em':
        return runs((token as Tokens.Em).tokens, bold, true);
      case 'codespan':
        return [{ text: (token as Tokens.Codespan).text, bold, italic }];
      case 'link':
        return runs((token as Tokens.Link).tokens, bold, italic);
      case 'br':
        return [{ text: '\n', bold, italic }];
      case 'text': {
        const text = token as Tokens.Text;
        return text.tokens ? runs(text.tokens, bold, italic) : [{ text: decode(text.text), bold, italic }];
      }
      case 'escape':
        return [{ text: (token as Tokens.Escape).text, bold, italic }];
      default:
        return 'text' in token && typeof token.text === 'string' ? [{ text: decode(token.text), bold, italic }] : [];
    }
  });

const decode = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

const font = (run: Run): string =>
  run.bold && run.italic ? 'Helvetica-BoldOblique' : run.bold ? 'Helvetica-Bold' : run.italic ? 'Helvetica-Oblique' : 'Helvetica';

const writeRuns = (doc: PDFKit.PDFDocument, parts: Run[], options: PDFKit.Mixins.TextOptions = {}): void => {
  const visible = parts.map((part) => ({ ...part, text: part.text.replace(/\s*\n\s*/g, ' ') }));
  visible.forEach((part, index) => {
    doc.font(font(part)).text(part.text, { ...options, continued: index < visible.length - 1 });
  });
};

const render = (doc: PDFKit.PDFDocument, tokens: Token[]): void => {
  let first = true;
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        const heading = token as Tokens.Heading;
        if (heading.depth === 1 && !first) doc.addPage();
        const size = heading.depth === 1 ? 22 : heading.depth === 2 ? 15 : 12.5;
        doc.moveDown(heading.depth === 1 ? 0 : 0.6);
        doc.fillColor(heading.depth === 1 ? colors.primary : colors.text).fontSize(size);
        writeRuns(doc, runs(heading.tokens, true));
        if (heading.depth === 1) {
          const y = doc.y + 4;
          doc
            .moveTo(doc.page.margins.left, y)
            .lineTo(doc.page.width - doc.page.margins.right, y)
            .lineWidth(1.5)
            .stroke(colors.primary);
          doc.moveDown(0.8);
        } else {
          doc.moveDown(0.3);
        }
        break;
      }
      case 'paragraph':
        doc.fillColor(colors.text).fontSize(11);
        writeRuns(doc, runs((token as Tokens.Paragraph).tokens), { lineGap: 2.5 });
        doc.moveDown(0.6);
        break;
      case 'list': {
        const list = token as Tokens.List;
        doc.fillColor(colors.text).fontSize(11);
        list.items.forEach((item, index) => {
          const marker = list.ordered ? `${Number(list.start || 1) + index}.` : '•';
          const x = doc.page.margins.left;
          const y = doc.y;
          doc.font('Helvetica-Bold').fillColor(colors.primary).text(marker, x, y, { width: 18 });
          doc.fillColor(colors.text).text('', x + 20, y);
          const inline = item.tokens.flatMap((child) => ('tokens' in child && child.tokens ? runs(child.tokens) : runs([child])));
          writeRuns(doc, inline, { width: doc.page.width - doc.page.margins.right - x - 20, lineGap: 2.5 });
          doc.x = x;
          doc.moveDown(0.25);
        });
        doc.moveDown(0.4);
        break;
      }
      case 'space':
        break;
      default:
        if ('text' in token && typeof token.text === 'string') {
          doc.fillColor(colors.text).fontSize(11).font('Helvetica').text(decode(token.text));
          doc.moveDown(0.6);
        }
    }
    first = false;
  }
};

const build = (): Promise<void> =>
  new Promise((resolve, reject) => {
    const markdown = readFileSync(source, 'utf8');
    const doc = new PDFDocument({
      size: 'A4',
      margins: { top: 64, bottom: 64, left: 64, right: 64 },
      info: { Title: 'Buildon : guide de l’utilisateur', Author: 'Buildon', Subject: 'User guide' },
      lang: 'fr-FR',
      displayTitle: true,
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, Buffer.concat(chunks));
      resolve();
    });
    render(doc, marked.lexer(markdown));
    doc.end();
  });

await build();
console.log(`help PDF written to ${target.slice(root.length + 1)}`);
