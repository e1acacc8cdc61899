import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { tableHead, worksheetsLast } from './tables';

/** A spreadsheet whose zip stores its parts in the given order (writers differ; ExcelJS's own varies under load). */
async function xlsxInOrder(first: string[], streamFiles = false): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Membros');
  sheet.addRow(['Nome', 'Nascimento']);
  sheet.addRow(['Ana', new Date(Date.UTC(1980, 2, 15))]);
  const written = await JSZip.loadAsync(Buffer.from(await book.xlsx.writeBuffer()));
  const names = Object.keys(written.files).filter((n) => !written.files[n]!.dir);
  const ordered = [...first, ...names.filter((n) => !first.includes(n))];
  const zip = new JSZip();
  for (const name of ordered) zip.file(name, await written.file(name)!.async('uint8array'));
  // streamFiles: sizes in a descriptor after each entry's data, as streaming writers store them
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', streamFiles });
}

describe('reading a spreadsheet', () => {
  it('reads it whatever the order of the parts in its zip', async () => {
    const orders = [
      // the order that failed: the worksheet read at once, before the workbook it belongs to
      ['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml'],
      ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml'],
      ['xl/worksheets/sheet1.xml', 'xl/sharedStrings.xml', 'xl/workbook.xml'],
    ];
    for (const [i, order] of orders.entries()) {
      const head = await tableHead(await xlsxInOrder(order, i === 0));
      expect(head, order.join(' ')).toEqual({
        header: ['Nome', 'Nascimento'],
        rows: [{ line: 2, cells: ['Ana', '1980-03-15'] }],
      });
    }
  });

  it('leaves an archive it cannot read as it is', () => {
    const notZip = Buffer.from('PK\u0003\u0004 not really a zip');
    expect(worksheetsLast(notZip)).toBe(notZip);
  });
});
