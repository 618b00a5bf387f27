// The stock push at scale (docs/plugins.md, "Plugin: allegro"; issue 20 §4): 10,000 items linked to
// offers of the fake Allegro (plugins/allegro/test/fake-allegro.ts); the seller changes the stock of
// all of them (items mass edit, 1,000 a call) and the job worker pushes the sellable stock as
// quantity commands; measured from the first edit until every offer shows the new stock.
// Target: <= 30 s. Usage: npm run bench:allegro-stock-push [-- --items 10000]
// SQLite by default, PostgreSQL when BENCH_DATABASE_URL is set (a fresh database, dropped at the end).
import { parseArgs } from 'node:util';
import { A, sleep, startAllegroBench } from './allegro-bench.mjs';

const { values: args } = parseArgs({ options: { items: { type: 'string', default: '10000' } } });
const ITEMS = Number(args.items);
const START_STOCK = 50;

const { engine, fake, call, statusId, connect, stop } = await startAllegroBench({
  fresh: 'allegrostock',
  prefix: 'als',
  values: { pushStock: true, pushPrices: false },
});
try {
  console.log(`${engine}: creating ${ITEMS} items linked to ${ITEMS} offers...`);
  const ids = [];
  for (let i = 0; i < ITEMS; i += 8) {
    const made = await Promise.all(
      Array.from({ length: Math.min(8, ITEMS - i) }, (_, k) =>
        call('POST', '/api/items', {
          code: `ALS-${i + k}`,
          name: `Towar ${i + k}`,
          price: 10,
          vat: 23,
          currency: 'PLN',
          countWare: START_STOCK,
          ...(statusId ? { itemStatusId: statusId } : {}),
        }),
      ),
    );
    ids.push(...made.map((m) => m.id));
  }
  for (let i = 0; i < ITEMS; i++) fake.addOffer(String(7_000_000 + i), `Oferta ${i}`, `ALS-${i}`, 0, '10.00');
  await connect();
  const offersAt = (stock) => [...fake.offers.values()].filter((o) => o.stock.available === stock).length;
  // The first sync links the offers by external id = code and pushes their stock.
  await call('POST', `${A}/sync`, {});
  for (let i = 0; offersAt(START_STOCK) < ITEMS; i++) {
    if (i > 1200) throw new Error(`first push incomplete: ${offersAt(START_STOCK)} of ${ITEMS}`);
    await sleep(250);
  }

  const t0 = performance.now();
  for (let i = 0; i < ids.length; i += 1000)
    await call('POST', '/api/items/mass_edit', {
      ids: ids.slice(i, i + 1000),
      data: { countWare: { type: 'INC', value: 7 } },
    });
  const edited = (performance.now() - t0) / 1000;
  for (let i = 0; offersAt(START_STOCK + 7) < ITEMS; i++) {
    if (i > 2400) throw new Error(`push incomplete: ${offersAt(START_STOCK + 7)} of ${ITEMS}`);
    await sleep(100);
  }
  const seconds = (performance.now() - t0) / 1000;
  const commands = [...fake.commands.values()].filter((c) => c.kind === 'quantity').length;
  console.log(
    `${engine}: stock of ${ITEMS} linked items changed (mass edit ${edited.toFixed(1)} s) and on every offer after ` +
      `${seconds.toFixed(1)} s (target 30 s); quantity commands sent in all: ${commands}`,
  );
} finally {
  await stop();
}
