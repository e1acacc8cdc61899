// Makes the demo score files of the worship songs (public/praise/): a one-page PDF and a PNG of
// the first line of Old Hundredth (Louis Bourgeois, 1551; public domain), drawn here so nothing is
// downloaded. Run: node scripts/praise-scores.mjs
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

// The melody's first phrase (G major): staff positions, 0 = bottom line E4, each step a line/space.
const NOTES = [4, 4, 3, 2, 1, 4, 5, 6, 6, 6, 5, 4, 7, 6, 5, 4];
const TITLE = 'Old Hundredth (Genevan Psalter, 1551)';

function svg(width, height) {
  const left = 60,
    top = 90,
    gap = 12;
  const lines = [0, 1, 2, 3, 4].map(
    (i) =>
      `<line x1="${left}" x2="${width - 40}" y1="${top + i * gap}" y2="${top + i * gap}" stroke="#000" stroke-width="1.5"/>`,
  );
  const step = (width - left - 100) / NOTES.length;
  const heads = NOTES.map((p, i) => {
    const x = left + 70 + i * step,
      y = top + 4 * gap - (p * gap) / 2;
    return `<ellipse cx="${x}" cy="${y}" rx="7" ry="5" transform="rotate(-20 ${x} ${y})"/><line x1="${x + 6.5}" x2="${x + 6.5}" y1="${y}" y2="${y - 36}" stroke="#000" stroke-width="1.5"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="100%" height="100%" fill="#fff"/>
<text x="${left}" y="50" font-family="serif" font-size="22">${TITLE}</text>
${lines.join('\n')}
<text x="${left + 6}" y="${top + 3 * gap + 2}" font-family="serif" font-size="30" font-style="italic">G</text>
${heads.join('\n')}
<line x1="${width - 40}" x2="${width - 40}" y1="${top}" y2="${top + 4 * gap}" stroke="#000" stroke-width="3"/>
</svg>`;
}

await sharp(Buffer.from(svg(900, 200)))
  .png({ compressionLevel: 9, palette: true })
  .toFile('public/praise/old-hundredth.png');

// A hand-written PDF 1.4: one A4 landscape-ish page with the same staff drawn in PDF operators.
function pdf() {
  const W = 842,
    H = 300,
    left = 60,
    top = 150,
    gap = 12;
  const ops = ['BT /F1 20 Tf 60 250 Td (' + TITLE + ') Tj ET', '1.2 w'];
  for (let i = 0; i < 5; i++) ops.push(`${left} ${top - i * gap} m ${W - 40} ${top - i * gap} l S`);
  const step = (W - left - 100) / NOTES.length;
  NOTES.forEach((p, i) => {
    const x = left + 70 + i * step,
      y = top - 4 * gap + (p * gap) / 2;
    // A note head as a small filled polygon, with its stem.
    ops.push(
      `${x - 7} ${y} m ${x} ${y + 5} l ${x + 7} ${y} l ${x} ${y - 5} l f`,
      `${x + 6.5} ${y} m ${x + 6.5} ${y + 36} l S`,
    );
  });
  ops.push(`3 w ${W - 40} ${top} m ${W - 40} ${top - 4 * gap} l S`);
  const stream = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${W} ${H}] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>`,
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return out;
}
writeFileSync('public/praise/old-hundredth.pdf', pdf());
console.log('public/praise/old-hundredth.{pdf,png} written');
