// Time to build one reader-code sheet of 1,000 labelled Code 128 codes (42 A4 pages) straight
// through the sheet module, without HTTP or a database. Prints each run and the median.
// Usage: npm run bench:barcodes [-- runs=7 codes=1000 sheet=mixed|order]
//   (node --import tsx bench/barcode-sheet.mjs). `order`: the order-codes sheet (order_barcodes.pdf)
//   as POST /print/barcode/order draws it: `ORDER:{id}` with the order sheet's caption.
import { encodeReaderCode } from '@zaplecze/contract';
import { renderBarcodeSheet } from '../packages/server/src/modules/printing/barcode-sheet.ts';
import { PRINT_TEXT } from '../packages/server/src/modules/printing/captions.pl.ts';

const runs = Number(process.argv[2] ?? 7);
const count = Number(process.argv[3] ?? 1000);
const sheet = process.argv[4] ?? 'mixed';

// A mix like a real print: id codes with long Polish captions, weights and stock changes.
const mixed = (i) => {
  if (i % 3 === 0)
    return {
      text: encodeReaderCode({ kind: 'place', id: 100000 + i }),
      caption: `Miejsce: A-${i}-2 Regał zażółć gęślą jaźń ${i}`,
    };
  if (i % 3 === 1) return { text: encodeReaderCode({ kind: 'weight', grams: 50 * i }), caption: `Waga ${50 * i} g` };
  return { text: encodeReaderCode({ kind: 'stock_change', quantity: -i }), caption: `Zmniejsz stan o ${i}` };
};
// Order numbers of a busy shop (seven digits), as the order sheet prints them.
const order = (i) => ({
  text: encodeReaderCode({ kind: 'order', id: 1_200_000 + i }),
  caption: PRINT_TEXT.order(1_200_000 + i),
});
const labels = Array.from({ length: count }, (_, i) => (sheet === 'order' ? order(i) : mixed(i)));

const times = [];
let bytes = 0;
for (let r = 0; r < runs; r++) {
  const t0 = performance.now();
  const pdf = await renderBarcodeSheet(
    sheet === 'order' ? PRINT_TEXT.title('order') : 'Kody czytnika – test wydajności',
    labels,
  );
  const ms = performance.now() - t0;
  bytes = pdf.length;
  times.push(ms);
  console.log(`run ${r + 1}: ${ms.toFixed(0)} ms`);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
const heap = (process.memoryUsage().heapUsed / 1024 / 1024).toFixed(0);
console.log(
  `${count} ${sheet} codes, ${(bytes / 1024).toFixed(0)} kB PDF: median ${median.toFixed(0)} ms over ${runs} runs (heap ${heap} MB)`,
);
