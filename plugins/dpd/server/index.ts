import { pluginConnectionTestAnswerSchema } from '@zaplecze/contract';
import { z } from 'zod';
import {
  clearPluginReconnect,
  definePlugin,
  fileAnswer,
  OutsideError,
  OutsideMalformedError,
  OutsideRefusedError,
  route,
  utcDay,
  type CarrierProvider,
  type CreatedShipment,
  type ShipmentRequest,
  type TenantDb,
} from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';
import { dayQuerySchema, parcelsAnswerSchema, pickupAnswerSchema, pickupBodySchema } from '../schemas';
import { DpdService, type DpdDeps } from './soap';
import { dpdDb, migrations, PARCELS, TABLES } from './tables';

const ID = 'dpd';

/** The organisation's DPD client: its settings and secrets, calls logged (a route's or a carrier call's deps). */
async function service(tdb: TenantDb, d: DpdDeps): Promise<DpdService> {
  return DpdService.of(tdb, d);
}

/** DPD's postal code: the digits only ('02-274' -> '02274'). */
const postCode = (s: string) => s.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
/** Text of at most `n` characters (DPD refuses longer fields). */
const cut = (s: string, n: number) => s.trim().slice(0, n);
const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

const validationInfo = z.object({ ErrorCode: z.string().optional(), Info: z.string().optional() });
const parcelAnswer = z.object({
  Status: z.string(),
  Waybill: z.string().optional(),
  ValidationDetails: z.object({ ValidationInfo: z.array(validationInfo) }).optional(),
});
const packagesAnswer = z.object({
  Status: z.string(),
  Packages: z.object({
    Package: z.array(
      z.object({
        PackageId: z.string().optional(),
        Status: z.string(),
        ValidationDetails: z.object({ ValidationInfo: z.array(validationInfo) }).optional(),
        Parcels: z.object({ Parcel: z.array(parcelAnswer) }).optional(),
      }),
    ),
  }),
});

/** DPD's validation messages of a refused package (Polish, as DPD gives them with langCode PL). */
function refusalOf(a: z.infer<typeof packagesAnswer>): string {
  const infos = a.Packages.Package.flatMap((p) => [
    ...(p.ValidationDetails?.ValidationInfo ?? []),
    ...(p.Parcels?.Parcel ?? []).flatMap((x) => x.ValidationDetails?.ValidationInfo ?? []),
  ]);
  const text = infos.map((i) => i.Info ?? i.ErrorCode ?? '').filter((s) => s !== '');
  return text.length ? `DPD: ${text.join('; ')}` : `DPD odrzucił przesyłkę (${a.Status}).`;
}

/** The order's parcel as DPD's `openUMLFeV11` package (docs/plugins.md, "Plugin: dpd"). */
function packageOf(r: ShipmentRequest, s: DpdService['settings']) {
  const cm = (mm: number) => (mm > 0 ? Math.max(1, Math.ceil(mm / 10)) : undefined);
  const weightKg = r.parcel.weightGrams > 0 ? r.parcel.weightGrams / 1000 : s.defaultWeightKg;
  const street = [r.receiver.street, r.receiver.buildNr].filter((x) => x.trim() !== '').join(' ');
  const services: Record<string, unknown> = {};
  if (s.cashOnDelivery && r.parcel.cashOnDelivery)
    services.cod = {
      amount: (r.parcel.cashOnDelivery.amount / 100).toFixed(2),
      currency: r.parcel.cashOnDelivery.currency,
    };
  if (r.methodKey === 'pickup') services.dpdPickup = { pudo: r.receiver.pickupPoint };
  const sizes = { sizeX: cm(r.parcel.sizeA), sizeY: cm(r.parcel.sizeB), sizeZ: cm(r.parcel.sizeC) };
  return {
    weightKg,
    xml: {
      parcels: [
        {
          content: `Zamówienie ${r.orderId}`,
          customerData1: cut(r.reference, 35),
          reference: cut(r.reference, 35),
          ...Object.fromEntries(Object.entries(sizes).filter(([, v]) => v !== undefined)),
          weight: weightKg.toFixed(2),
        },
      ],
      payerType: 'SENDER',
      receiver: {
        address: cut(street, 100),
        city: cut(r.receiver.city, 50),
        company: cut(r.receiver.companyName, 100),
        countryCode: r.receiver.countryCode || 'PL',
        email: cut(r.receiver.email, 100),
        name: cut(r.receiver.nameSurname, 100),
        phone: cut(r.receiver.tel, 100),
        postalCode: postCode(r.receiver.postCode),
      },
      ref1: cut(r.reference, 100),
      ref2: String(r.orderId),
      reference: cut(r.reference, 100),
      sender: {
        address: cut(r.sender.address, 100),
        city: cut(r.sender.postCodeCity.replace(/^\s*\d{2}-?\d{3}\s*/, ''), 50),
        company: cut(r.sender.name, 100),
        countryCode: r.sender.countryCode || 'PL',
        fid: s.masterFid,
        name: cut(r.sender.name, 100),
        postalCode: postCode(/\d{2}-?\d{3}/.exec(r.sender.postCodeCity)?.[0] ?? ''),
      },
      ...(Object.keys(services).length ? { services } : {}),
    },
  };
}

/** Numbers the order's parcel at DPD once per reference (docs/decisions.md, "Plugin: dpd"). */
async function createShipment(r: ShipmentRequest): Promise<CreatedShipment> {
  const db = dpdDb(r.tdb);
  const known = await db
    .selectFrom(PARCELS)
    .select(['waybill', 'package_id'])
    .where('reference', '=', r.reference)
    .executeTakeFirst();
  if (known) return { waybillNumber: known.waybill, data: { packageId: known.package_id } };
  if (r.methodKey === 'pickup' && r.receiver.pickupPoint.trim() === '')
    throw new OutsideRefusedError(0, 'Wybierz punkt DPD Pickup dla zamówienia.');
  const dpd = await service(r.tdb, r.deps);
  const pkg = packageOf(r, dpd.settings);
  const ret = await dpd.call({
    op: 'generatePackagesNumbersV9',
    args: {
      openUMLFeV11: { packages: [pkg.xml] },
      pkgNumsGenerationPolicyV1: 'STOP_ON_FIRST_ERROR',
      langCode: 'PL',
    },
    what: `Nadanie przesyłki DPD (${r.methodName})`,
    orderId: r.orderId,
  });
  const parsed = packagesAnswer.safeParse(ret);
  if (!parsed.success) throw new OutsideMalformedError('brak pakietów w odpowiedzi generatePackagesNumbersV9');
  const a = parsed.data;
  const p = a.Packages.Package[0];
  const waybill = p?.Parcels?.Parcel[0]?.Waybill;
  if (a.Status !== 'OK' || !p || p.Status !== 'OK' || !waybill) throw new OutsideRefusedError(200, refusalOf(a));
  await db
    .insertInto(PARCELS, {
      reference: r.reference,
      order_id: r.orderId,
      method_key: r.methodKey,
      waybill,
      package_id: p.PackageId ?? '',
      weight_grams: Math.round(pkg.weightKg * 1000),
      created_at: r.now.toISOString(),
      protocol_at: null,
      pickup_order: null,
    })
    .execute();
  return { waybillNumber: waybill, data: { packageId: p.PackageId ?? '' } };
}

/** DPD's label of the waybills (`generateSpedLabelsV4`, PDF, A4 or the label printer's A6). */
async function labelPdf(tdb: TenantDb, d: DpdDeps, waybills: string[], orderId?: number): Promise<Uint8Array> {
  const dpd = await service(tdb, d);
  const ret = await dpd.call({
    op: 'generateSpedLabelsV4',
    args: {
      dpdServicesParamsV1: {
        policy: 'STOP_ON_FIRST_ERROR',
        session: { packages: { parcels: waybills.map((waybill) => ({ waybill })) }, sessionType: 'DOMESTIC' },
      },
      outputDocFormatV1: 'PDF',
      outputDocPageFormatV1: dpd.settings.labelFormat === 'A4' ? 'A4' : 'LBL_PRINTER',
      outputLabelType: 'BIC3',
      labelVariant: '',
    },
    what: 'Etykieta DPD',
    ...(orderId !== undefined ? { orderId } : {}),
  });
  return documentOf(ret, 'generateSpedLabelsV4');
}

function documentOf(ret: Record<string, unknown>, op: string): Uint8Array {
  const status = (ret.session as { statusInfo?: { status?: string; description?: string } } | undefined)?.statusInfo;
  if (status?.status && status.status !== 'OK')
    throw new OutsideRefusedError(200, `DPD: ${status.description ?? status.status}`);
  const data = typeof ret.documentData === 'string' ? ret.documentData.trim() : '';
  const pdf = Buffer.from(data, 'base64');
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new OutsideMalformedError(`${op}: brak dokumentu PDF`);
  return pdf;
}

const carrier: CarrierProvider = {
  id: ID,
  name: 'DPD Polska',
  methods: [
    { key: 'courier', name: 'Kurier DPD', subName: 'Dostawa na adres', sendType: 'ONLY_ADDRESS' },
    { key: 'pickup', name: 'DPD Pickup', subName: 'Odbiór w punkcie DPD Pickup', sendType: 'ONLY_PICKUP_POINT' },
  ],
  // DPDServices has no point lookup (the points' API is a separate service with its own key):
  // a point id that is not DPD's shape is refused, any other cannot be told (docs/decisions.md).
  checkPickupPoint: async ({ methodKey, pickupPoint }) => {
    if (methodKey !== 'pickup') return 'unknown';
    return /^[A-Z]{2}[0-9]{3,8}$/.test(pickupPoint.toUpperCase()) ? 'unknown' : 'false';
  },
  createShipment,
  label: async (s) => ({ kind: 'pdf', pdf: await labelPdf(s.tdb, s.deps, [s.waybillNumber], s.orderId) }),
};

async function parcelsOfDay(tdb: TenantDb, date: string | undefined, now: Date) {
  const { d, from, to } = utcDay(date, now);
  const rows = await dpdDb(tdb)
    .selectFrom(PARCELS)
    .selectAll()
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('id')
    .execute();
  return {
    date: d,
    parcels: rows.map((r) => ({
      orderId: r.order_id,
      waybill: r.waybill,
      method: r.method_key,
      weightGrams: r.weight_grams,
      createdAt: r.created_at,
      protocolAt: r.protocol_at,
      pickupOrder: r.pickup_order,
    })),
  };
}

const noParcels = () => new OutsideRefusedError(0, 'Brak paczek DPD z tego dnia.');

/**
 * DPD Polska (docs/plugins.md, "Plugin: dpd"): a carrier with a courier and a DPD Pickup method
 * against DPDServices (numbers, labels), the day's hand-over protocol and courier pickup order.
 */
export default definePlugin({
  manifest,
  server: () => ({
    migrations,
    tables: TABLES,
    carriers: [carrier],
    routes: [
      route({
        method: 'POST',
        url: '/test_connection',
        access: 'main.plugins.manage',
        summary: 'Sprawdzenie połączenia z DPD (wyszukanie kodu pocztowego)',
        response: pluginConnectionTestAnswerSchema,
        handler: async (ctx) => {
          try {
            const dpd = await service(ctx.tdb, ctx.deps);
            const ret = await dpd.call({
              op: 'findPostalCodeV1',
              args: { postalCodeV1: { countryCode: 'PL', zipCode: '02274' } },
              what: 'Sprawdzenie połączenia',
            });
            if (String(ret.status ?? '') !== 'OK')
              return { ok: false, message: `DPD odpowiedział: ${String(ret.status ?? 'brak statusu')}.` };
            await clearPluginReconnect(ctx.tdb, ID, ctx.deps.now());
            return { ok: true, message: 'Połączono z DPD: login, hasło i FID są poprawne.' };
          } catch (err) {
            if (err instanceof OutsideError) return { ok: false, message: err.userMessage };
            throw err;
          }
        },
      }),
      route({
        method: 'GET',
        url: '/parcels',
        access: 'main.plugins.manage',
        summary: 'Paczki DPD nadane danego dnia (domyślnie dziś)',
        query: dayQuerySchema,
        response: parcelsAnswerSchema,
        handler: async (ctx, { query }) => parcelsOfDay(ctx.tdb, query.date, ctx.deps.now()),
      }),
      route({
        method: 'GET',
        url: '/protocol',
        access: 'main.plugins.manage',
        summary: 'Protokół przekazania paczek DPD danego dnia (PDF)',
        query: dayQuerySchema,
        response: fileAnswer('application/pdf', 'Protokół przekazania przesyłek DPD (PDF).'),
        handler: async (ctx, { query }, _req, reply) => {
          const day = await parcelsOfDay(ctx.tdb, query.date, ctx.deps.now());
          if (day.parcels.length === 0) throw noParcels();
          const dpd = await service(ctx.tdb, ctx.deps);
          const ret = await dpd.call({
            op: 'generateProtocolV2',
            args: {
              dpdServicesParamsV1: {
                pickupAddress: { fid: dpd.settings.masterFid },
                policy: 'STOP_ON_FIRST_ERROR',
                session: {
                  packages: { parcels: day.parcels.map((p) => ({ waybill: p.waybill })) },
                  sessionType: 'DOMESTIC',
                },
              },
              outputDocFormatV1: 'PDF',
              outputDocPageFormatV1: 'A4',
            },
            what: `Protokół przekazania (${day.parcels.length} paczek)`,
          });
          const pdf = documentOf(ret, 'generateProtocolV2');
          const { from, to } = utcDay(query.date, ctx.deps.now());
          await dpdDb(ctx.tdb)
            .updateTable(PARCELS)
            .set({ protocol_at: ctx.deps.now().toISOString() })
            .where('created_at', '>=', from)
            .where('created_at', '<', to)
            .where('protocol_at', 'is', null)
            .execute();
          reply.header('content-type', 'application/pdf');
          reply.header('content-disposition', `inline; filename="protokol-dpd-${day.date}.pdf"`);
          reply.header('cache-control', 'no-store');
          return Buffer.from(pdf);
        },
      }),
      route({
        method: 'POST',
        url: '/pickup',
        access: 'main.plugins.manage',
        summary: 'Zamówienie kuriera DPD po paczki danego dnia',
        body: pickupBodySchema,
        response: pickupAnswerSchema,
        handler: async (ctx, { body }) => {
          const day = await parcelsOfDay(ctx.tdb, body.date, ctx.deps.now());
          if (day.parcels.length === 0) throw noParcels();
          const dpd = await service(ctx.tdb, ctx.deps);
          if (dpd.settings.pickupFrom >= dpd.settings.pickupTo)
            throw new OutsideRefusedError(0, 'Godziny odbioru w ustawieniach: „od” musi być wcześniejsza niż „do”.');
          const weights = day.parcels.map((p) => p.weightGrams / 1000);
          const ret = await dpd.call({
            op: 'packagesPickupCallV4',
            args: {
              dpdPickupParamsV3: {
                operationType: 'INSERT',
                orderType: 'DOMESTIC',
                pickupCallSimplifiedDetails: {
                  packagesParams: {
                    dox: false,
                    parcelsCount: day.parcels.length,
                    parcelsWeight: weights.reduce((a, b) => a + b, 0).toFixed(2),
                    parcelMaxWeight: Math.max(...weights).toFixed(2),
                    pallet: false,
                    standardParcel: true,
                  },
                  pickupCustomer: {
                    customerFullName: body.contact,
                    customerName: body.contact,
                    customerPhone: body.phone,
                  },
                  pickupPayer: { payerNumber: dpd.settings.masterFid },
                  pickupSender: {
                    senderAddress: body.address,
                    senderCity: body.city,
                    senderFullName: body.contact,
                    senderName: body.contact,
                    senderPhone: body.phone,
                    senderPostalCode: postCode(body.postalCode),
                  },
                },
                pickupDate: body.date,
                pickupTimeFrom: dpd.settings.pickupFrom,
                pickupTimeTo: dpd.settings.pickupTo,
                waybillsReady: true,
              },
            },
            what: `Zamówienie kuriera na ${body.date}`,
          });
          const status = ret.statusInfo as { status?: string; errorDetails?: unknown } | undefined;
          const orderNumber = typeof ret.orderNumber === 'string' ? ret.orderNumber : '';
          if (status?.status !== 'OK' || !orderNumber) {
            const details = asList(status?.errorDetails as { description?: string } | { description?: string }[])
              .map((e) => e.description ?? '')
              .filter((s) => s !== '');
            throw new OutsideRefusedError(
              200,
              details.length
                ? `DPD: ${details.join('; ')}`
                : `DPD nie przyjął zamówienia kuriera (${status?.status ?? '?'}).`,
            );
          }
          const { from, to } = utcDay(body.date, ctx.deps.now());
          await dpdDb(ctx.tdb)
            .updateTable(PARCELS)
            .set({ pickup_order: orderNumber })
            .where('created_at', '>=', from)
            .where('created_at', '<', to)
            .execute();
          return { orderNumber, parcels: day.parcels.length };
        },
      }),
    ],
  }),
});
