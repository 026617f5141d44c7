// An invoice as a one-or-more-page PDF a person can file: the merchant's name, the invoice number and
// dates, the customer, the lines, the totals and the payments. Pure: it takes plain strings (amounts
// already formatted) and answers the file's bytes. Latin-1 text is drawn in Helvetica; a cell with other
// characters (a Chinese name) in an embedded subset of Noto Sans SC (see pdf-fonts.ts); characters
// neither font has (an emoji) are written as '?' rather than failing.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { chooseFont, latin1, loadCjkFont, registerFontkit } from './pdf-fonts.js';
import { pdfLabels, type PdfLabels } from './pdf-labels.js';

export interface InvoicePdfModel {
  merchant: string;
  number: string;
  status: string;
  issued: string;
  due: string | null;
  period: string | null;
  customer: { name: string; email: string | null };
  lines: Array<{ description: string; quantity: string; amount: string }>;
  /** Subtotal, discount and tax rows (`detail`: drawn lighter), total, paid, remaining. */
  totals: Array<{ label: string; amount: string; detail?: boolean }>;
  payments: Array<{ date: string; method: string; amount: string; reference: string }>;
  /** Some line carries a tax (the footer then does not say the amounts include none). */
  taxed?: boolean;
  /** The fixed words, in the reader's locale (English when absent). */
  labels?: PdfLabels;
}

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const GREY = rgb(0.4, 0.4, 0.4);

/** Text the standard font can draw: characters outside Latin-1 become '?' (the PDF's metadata). */
export function printable(text: string): string {
  return [...text].map((c) => (latin1(c) ? c : '?')).join('');
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  /** Embedded only when some text needs it. */
  cjk: { font: PDFFont; has(c: string): boolean } | null;
}

class Writer {
  private page: PDFPage;
  private y = PAGE.height - PAGE.margin;
  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
  }
  private room(height: number) {
    if (this.y - height >= PAGE.margin) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }
  /** One row of cells at the given x offsets; the last cell right-aligned at the margin. */
  row(cells: string[], xs: number[], opts: { size?: number; bold?: boolean; grey?: boolean } = {}) {
    const size = opts.size ?? 10;
    this.room(size + 6);
    cells.forEach((cell, i) => {
      const choice = chooseFont(cell, this.fonts.cjk);
      const { text } = choice;
      const font =
        choice.cjk && this.fonts.cjk ? this.fonts.cjk.font : opts.bold ? this.fonts.bold : this.fonts.regular;
      const last = i === cells.length - 1 && cells.length > 1;
      const width = font.widthOfTextAtSize(text, size);
      const x = last ? PAGE.width - PAGE.margin - width : PAGE.margin + (xs[i] ?? 0);
      this.page.drawText(text, { x, y: this.y - size, size, font, color: opts.grey ? GREY : rgb(0, 0, 0) });
    });
    this.y -= size + 6;
  }
  gap(height = 10) {
    this.y -= height;
  }
  rule() {
    this.room(8);
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.width - PAGE.margin, y: this.y },
      thickness: 0.5,
      color: GREY,
    });
    this.y -= 8;
  }
}

/** Cuts a long cell so it stays inside its column. */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Every text the invoice prints, to decide whether the CJK font is needed. */
function textsOf(model: InvoicePdfModel): string[] {
  return [
    model.merchant,
    model.number,
    model.customer.name,
    model.customer.email ?? '',
    ...model.lines.flatMap((l) => [l.description, l.quantity, l.amount]),
    ...model.totals.flatMap((t) => [t.label, t.amount]),
    ...model.payments.flatMap((p) => [p.method, p.amount, p.reference]),
    ...(model.labels ? Object.values(model.labels).flatMap((v) => (typeof v === 'string' ? [v] : [])) : []),
    model.labels?.status[model.status] ?? '',
  ];
}

async function embedFonts(doc: PDFDocument, model: InvoicePdfModel): Promise<Fonts> {
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const needsCjk = textsOf(model).some((text) => ![...text].every(latin1));
  const cjkFile = needsCjk ? await loadCjkFont() : null;
  if (!cjkFile) return { regular, bold, cjk: null };
  registerFontkit(doc);
  const font = await doc.embedFont(cjkFile.bytes, { subset: true });
  return { regular, bold, cjk: { font, has: cjkFile.has } };
}

export async function renderInvoicePdf(model: InvoicePdfModel): Promise<Uint8Array> {
  const l = model.labels ?? pdfLabels('en');
  const doc = await PDFDocument.create();
  doc.setTitle(printable(`Invoice ${model.number}`));
  doc.setSubject(printable(`Invoice ${model.number} from ${model.merchant}`));
  doc.setAuthor(printable(model.merchant));
  doc.setProducer('Payshelf');
  const w = new Writer(doc, await embedFonts(doc, model));
  w.row([model.merchant], [0], { size: 18, bold: true });
  const status = l.status[model.status] ?? model.status.toUpperCase();
  w.row([`${l.invoice} ${model.number}`, status], [0], { size: 12, bold: true });
  w.gap();
  w.row([l.issued, model.issued], [0]);
  if (model.due) w.row([l.due, model.due], [0]);
  if (model.period) w.row([l.period, model.period], [0]);
  w.gap();
  w.row([l.billTo], [0], { bold: true });
  w.row([model.customer.name], [0]);
  if (model.customer.email) w.row([model.customer.email], [0], { grey: true });
  w.gap();
  w.row([l.description, l.quantity, l.amount], [0, 330], { bold: true });
  w.rule();
  for (const line of model.lines) w.row([clip(line.description, 60), line.quantity, line.amount], [0, 330]);
  w.rule();
  for (const total of model.totals) {
    w.row([clip(total.label, 70), total.amount], [0], {
      bold: total.detail !== true,
      grey: total.detail === true,
    });
  }
  w.gap();
  w.row([l.payments], [0], { bold: true });
  w.rule();
  if (model.payments.length === 0) w.row([l.noPayments], [0], { grey: true });
  for (const p of model.payments) {
    w.row([p.date, p.method, p.amount], [0, 130]);
    if (p.reference) w.row([clip(p.reference, 90)], [0], { size: 8, grey: true });
  }
  if (!model.taxed) {
    w.gap(20);
    w.row([l.noTax], [0], { size: 8, grey: true });
  }
  return doc.save();
}
