import { describe, expect, it } from 'vitest';
import { csvCell, csvResponse, csvRow } from '@/lib/csv';

describe('csv', () => {
  it('quotes commas, quotes and newlines', () => {
    expect(csvRow(['a', 'b,c', 'say "hi"', 'two\nlines'])).toBe('a,"b,c","say ""hi""","two\nlines"\r\n');
  });
  it('neutralises spreadsheet formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });
  it('writes dates as ISO and empties for null', () => {
    expect(csvRow([new Date('2026-01-02T03:04:05Z'), null, undefined, 3])).toBe('2026-01-02T03:04:05.000Z,,,3\r\n');
  });
  it('streams a header then each row', async () => {
    async function* rows() {
      yield [1, 'x'];
      yield [2, 'y'];
    }
    const response = csvResponse('out file.csv', ['n', 'v'], rows());
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="out_file.csv"');
    expect(await response.text()).toBe('n,v\r\n1,x\r\n2,y\r\n');
  });
});
