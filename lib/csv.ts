/**
 * CSV that spreadsheets open safely: RFC 4180 quoting, and cells that a spreadsheet would run as
 * a formula (=, +, -, @, tab, carriage return) prefixed with an apostrophe.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  // An invalid date is no value: one bad row must not end a streamed export half way.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  // A number's own text is never a formula: `-5` stays a number for the spreadsheet.
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  let text = typeof value === 'object' ? (JSON.stringify(value) ?? '') : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A streamed CSV download built from an async source of rows, so large exports never sit in memory. */
export function csvResponse(filename: string, header: readonly string[], rows: AsyncIterable<readonly unknown[]>): Response {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvRow(header)));
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvRow(next.value)));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'Cache-Control': 'no-store',
    },
  });
}
