// Time to build one PDF of 100 A6 waybill labels (the own carrier's: Code 128, sender, receiver,
// parcel, cash on delivery) straight through the label module, without HTTP or a database; also
// the same 100 four to an A4 page, and 100 temporary labels of 12 lines. Prints each run and the
// median (issue 9 target: 100 A6 waybill labels as one PDF <= 250 ms).
// Usage: npm run bench:documents [-- runs=9 labels=100]   (node --import tsx bench/documents.mjs)
import os from 'node:os';
import { encodeReaderCode } from '@zaplecze/contract';
import { renderLabels } from '../packages/server/src/modules/documents/label-pdf.ts';
import { waybillLabelOf } from '../packages/server/src/modules/carriers/waybill-label.ts';

const runs = Number(process.argv[2] ?? 9);
const count = Number(process.argv[3] ?? 100);

const now = new Date();
const waybills = Array.from({ length: count }, (_, i) => ({
  kind: 'waybill',
  label: waybillLabelOf(
    {
      carrierName: 'Przewoźnik własny',
      methodName: i % 2 ? 'Kurier' : 'Punkt odbioru',
      orderId: 100000 + i,
      shippingMethod: i % 2 ? 'ADDRESS' : 'PICKUP_POINT',
      sender: {
        name: 'Sklep Żółta Łódź sp. z o.o.',
        taxId: '5260250995',
        address: 'ul. Świętokrzyska 5',
        postCodeCity: '00-001 Warszawa',
        countryCode: 'PL',
      },
      receiver: {
        nameSurname: `Łukasz Żółć ${i}`,
        companyName: i % 3 ? '' : 'Gęśla Jaźń sp. z o.o.',
        street: 'Źródlana',
        buildNr: `${i}/12`,
        postCode: '80-180',
        city: 'Gdańsk',
        countryCode: 'PL',
        pickupPoint: `WAW${i}M`,
        tel: '600 100 200',
        email: `klient${i}@example.pl`,
      },
      parcel: {
        sizeA: 300,
        sizeB: 200,
        sizeC: 150,
        weightGrams: 2500 + i,
        cashOnDelivery: i % 2 ? { amount: 6097 + i, currency: 'PLN' } : null,
      },
      now,
    },
    `ZP${String(1000 + i).padStart(10, '0')}`,
  ),
}));
const temporary = Array.from({ length: count }, (_, i) => ({
  kind: 'temporary',
  label: {
    orderId: 100000 + i,
    code: encodeReaderCode({ kind: 'order', id: 100000 + i }),
    date: now.toISOString(),
    receiver: [`Łukasz Żółć ${i}`, 'Źródlana 7/12', '80-180 Gdańsk'],
    receiverContact: 'tel. 600 100 200',
    pickupPoint: '',
    shipping: 'Przewoźnik własny – Kurier',
    lines: Array.from({ length: 12 }, (_, j) => ({ quantity: j + 1, code: `KUBEK-${j}`, name: `Kubek żółty ${j} ml` })),
  },
}));

async function measure(name, cells, format) {
  const times = [];
  const cpu = [];
  let bytes = 0;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const pdf = await renderLabels('Listy przewozowe', cells, format);
    const c = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
    bytes = pdf.length;
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `${name}: ${count} labels, ${(bytes / 1024).toFixed(0)} kB: wall median ${median(times).toFixed(0)} ms ` +
      `(min ${Math.min(...times).toFixed(0)}), CPU median ${median(cpu).toFixed(0)} ms over ${runs} runs`,
  );
}

await renderLabels('warm-up', waybills.slice(0, 4), 'A6');
await measure('waybills A6', waybills, 'A6');
await measure('waybills A4 (4 a page)', waybills, 'A4');
await measure('temporary labels A6', temporary, 'A6');
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
