import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLParser } from '@zaplecze/plugin-sdk';
import { code128Modules, drawCode128, moduleCount } from '../../../packages/server/src/platform/pdf/code128';
import { createPdf } from '../../../packages/server/src/platform/pdf/document';

/**
 * A fake of DPD Polska's DPDServices (SOAP 1.1, namespace http://dpdservices.dpd.com.pl/) for the
 * dpd plugin's tests, written from the public documentation as docs/plugins.md ("Plugin: dpd")
 * describes it: `findPostalCodeV1`, `generatePackagesNumbersV9`, `generateSpedLabelsV4`,
 * `generateProtocolV2`, `packagesPickupCallV4`; an `authDataV1` that does not match is a SOAP
 * fault `DeniedAccessWSException` with HTTP 500, as DPD answers it; a package with wrong data is
 * `INCORRECT_DATA` with `ValidationInfo` messages in Polish. Labels are real PDFs with a Code 128
 * of the waybill. Switches: the next N calls fail with 401, 500, a fault, a malformed body or a delay.
 */
export const FAKE_LOGIN = 'test';
export const FAKE_PASSWORD = 'haslo-dpd-sekret';
export const FAKE_FID = '1495';

export interface FakePackage {
  packageId: string;
  waybill: string;
  ref1: string;
  receiver: Record<string, string>;
  cod: { amount: string; currency: string } | null;
  pudo: string | null;
  weight: string;
}

export interface FakeDpd {
  url: string;
  packages: FakePackage[];
  /** Operations called, in order (also those that failed by a switch). */
  calls: string[];
  pickups: Record<string, unknown>[];
  protocols: string[][];
  /** The next `n` calls fail: 401, 500 without a fault, a SOAP fault, a body that is not XML, or wait `ms`. */
  failNext(kind: '401' | '500' | 'fault' | 'malformed', n?: number): void;
  delayNext(ms: number, n?: number): void;
  close(): Promise<void>;
}

const NS = 'http://dpdservices.dpd.com.pl/';
const parser = new XMLParser({
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (n) => ['parcels', 'packages'].includes(n),
});
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const envelope = (inner: string) =>
  `<?xml version="1.0" ?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body>${inner}</S:Body></S:Envelope>`;
const response = (op: string, ret: string) =>
  envelope(`<ns2:${op}Response xmlns:ns2="${NS}"><return>${ret}</return></ns2:${op}Response>`);
const fault = (exception: string, message: string) =>
  envelope(
    `<S:Fault><faultcode>S:Server</faultcode><faultstring>${esc(message)}</faultstring>` +
      `<detail><ns2:${exception} xmlns:ns2="${NS}"><message>${esc(message)}</message></ns2:${exception}></detail></S:Fault>`,
  );

/** A label or protocol PDF: one page per waybill with its Code 128 (A6 on the label printer, else A4). */
async function pdfOf(title: string, waybills: string[], a6: boolean): Promise<Buffer> {
  const { doc, finish } = createPdf(title);
  for (const w of waybills) {
    const size: [number, number] = a6 ? [297.64, 419.53] : [595.28, 841.89];
    doc.addPage({ size, margin: 0 });
    doc.font('bold').fontSize(14).text(title, 20, 20);
    doc.font('regular').fontSize(11).text(w, 20, 150);
    const sbs = code128Modules(w);
    const module = Math.min(1.5, (size[0] - 60) / moduleCount(sbs));
    drawCode128(doc, sbs, 30, 60, module, 80);
  }
  return finish();
}

export async function startFakeDpd(): Promise<FakeDpd> {
  const packages: FakePackage[] = [];
  const calls: string[] = [];
  const pickups: Record<string, unknown>[] = [];
  const protocols: string[][] = [];
  const failures: ('401' | '500' | 'fault' | 'malformed')[] = [];
  const delays: number[] = [];
  let seq = 0;

  async function answer(xml: string): Promise<{ status: number; body: string }> {
    let body: Record<string, Record<string, unknown>>;
    try {
      body = (parser.parse(xml) as { Envelope: { Body: Record<string, Record<string, unknown>> } }).Envelope.Body;
    } catch {
      return { status: 500, body: fault('SchemaValidationException', 'Nieprawidłowy dokument XML') };
    }
    const op = Object.keys(body)[0] ?? '';
    const args = body[op] ?? {};
    calls.push(op);
    const delay = delays.shift();
    if (delay) await new Promise((r) => setTimeout(r, delay));
    const failure = failures.shift();
    if (failure === '401') return { status: 401, body: 'Unauthorized' };
    if (failure === '500') return { status: 500, body: '<html><body>Internal Server Error</body></html>' };
    if (failure === 'fault')
      return { status: 500, body: fault('DPDServiceException', 'Usługa chwilowo nie może przyjąć zlecenia') };
    if (failure === 'malformed') return { status: 200, body: '<html>Przerwa techniczna' };
    const auth = args.authDataV1 as Record<string, string> | undefined;
    if (auth?.login !== FAKE_LOGIN || auth?.password !== FAKE_PASSWORD || auth?.masterFid !== FAKE_FID)
      return { status: 500, body: fault('DeniedAccessWSException', 'Access denied') };

    switch (op) {
      case 'findPostalCodeV1':
        return { status: 200, body: response(op, '<status>OK</status>') };
      case 'generatePackagesNumbersV9': {
        const pkgs = ((args.openUMLFeV11 as Record<string, unknown>)?.packages ?? []) as Record<string, unknown>[];
        const out: string[] = [];
        let allOk = true;
        const created: FakePackage[] = [];
        for (const p of pkgs) {
          const r = (p.receiver ?? {}) as Record<string, string>;
          const parcels = (p.parcels ?? []) as Record<string, string>[];
          const services = (p.services ?? {}) as Record<string, Record<string, string>>;
          const errors: [string, string][] = [];
          if (!/^\d{5}$/.test(r.postalCode ?? ''))
            errors.push(['INVALID_RECEIVER_POSTAL_CODE', 'Nieprawidłowy kod pocztowy odbiorcy']);
          if (!(r.name ?? '').trim() && !(r.company ?? '').trim())
            errors.push(['RECEIVER_NAME_REQUIRED', 'Nazwa lub firma odbiorcy jest wymagana']);
          if (!(r.address ?? '').trim()) errors.push(['RECEIVER_ADDRESS_REQUIRED', 'Adres odbiorcy jest wymagany']);
          if (services.dpdPickup && !(services.dpdPickup.pudo ?? '').trim())
            errors.push(['PUDO_REQUIRED', 'Brak identyfikatora punktu DPD Pickup']);
          const weight = Number(parcels[0]?.weight ?? '0');
          if (!(weight > 0 && weight <= 31.5))
            errors.push(['INVALID_WEIGHT', 'Waga paczki musi być większa od 0 i nie większa niż 31,5 kg']);
          const packageId = String(1000 + packages.length + created.length);
          if (errors.length) {
            allOk = false;
            const infos = errors
              .map(
                ([c, i], n) =>
                  `<ValidationInfo><ErrorId>${n + 1}</ErrorId><ErrorCode>${c}</ErrorCode><Info>${esc(i)}</Info></ValidationInfo>`,
              )
              .join('');
            out.push(
              `<Package><Status>INCORRECT_DATA</Status><Reference>${esc(String(p.reference ?? ''))}</Reference><ValidationDetails>${infos}</ValidationDetails></Package>`,
            );
            continue;
          }
          const waybill = `${String(++seq).padStart(13, '0')}U`;
          created.push({
            packageId,
            waybill,
            ref1: String(p.ref1 ?? ''),
            receiver: r,
            cod: services.cod ? { amount: services.cod.amount ?? '', currency: services.cod.currency ?? '' } : null,
            pudo: services.dpdPickup?.pudo ?? null,
            weight: String(parcels[0]?.weight ?? ''),
          });
          out.push(
            `<Package><PackageId>${packageId}</PackageId><Status>OK</Status><Reference>${esc(String(p.reference ?? ''))}</Reference>` +
              `<Parcels><Parcel><ParcelId>${packageId}1</ParcelId><Status>OK</Status><Waybill>${waybill}</Waybill></Parcel></Parcels></Package>`,
          );
        }
        // STOP_ON_FIRST_ERROR / ALL_OR_NOTHING: nothing is numbered when a package is wrong.
        if (allOk) packages.push(...created);
        return {
          status: 200,
          body: response(
            op,
            `<Status>${allOk ? 'OK' : 'INCORRECT_DATA'}</Status><SessionId>${seq}</SessionId><Packages>${out.join('')}</Packages>`,
          ),
        };
      }
      case 'generateSpedLabelsV4':
      case 'generateProtocolV2': {
        const params = (args.dpdServicesParamsV1 ?? {}) as Record<string, Record<string, unknown>>;
        const session = (params.session ?? {}) as Record<string, unknown>;
        const pkgs = (session.packages ?? []) as { parcels?: { waybill?: string }[] }[];
        const waybills = pkgs.flatMap((p) => (p.parcels ?? []).map((x) => String(x.waybill ?? '')));
        const unknown = waybills.filter((w) => !packages.some((p) => p.waybill === w));
        if (waybills.length === 0 || unknown.length)
          return {
            status: 200,
            body: response(
              op,
              `<session><statusInfo><status>NOT_FOUND</status><description>Nie znaleziono przesyłki ${esc(unknown[0] ?? '')}</description></statusInfo></session>`,
            ),
          };
        const label = op === 'generateSpedLabelsV4';
        if (!label) protocols.push(waybills);
        const pdf = await pdfOf(
          label ? 'DPD Polska' : 'Protokół przekazania DPD',
          waybills,
          label && args.outputDocPageFormatV1 === 'LBL_PRINTER',
        );
        return {
          status: 200,
          body: response(
            op,
            `<documentData>${pdf.toString('base64')}</documentData>${label ? '' : `<documentId>P${protocols.length}</documentId>`}` +
              '<session><statusInfo><status>OK</status></statusInfo></session>',
          ),
        };
      }
      case 'packagesPickupCallV4': {
        const p = (args.dpdPickupParamsV3 ?? {}) as Record<string, unknown>;
        if (!/^\d{4}-\d{2}-\d{2}$/.test(String(p.pickupDate ?? '')))
          return {
            status: 200,
            body: response(
              op,
              '<statusInfo><status>INCORRECT_DATA</status><errorDetails><code>DATE</code><description>Nieprawidłowa data odbioru</description></errorDetails></statusInfo>',
            ),
          };
        pickups.push(p);
        return {
          status: 200,
          body: response(
            op,
            `<orderNumber>ZK${String(pickups.length).padStart(6, '0')}</orderNumber><statusInfo><status>OK</status></statusInfo>`,
          ),
        };
      }
      default:
        return { status: 500, body: fault('SchemaValidationException', `Nieznana operacja ${op}`) };
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void answer(Buffer.concat(chunks).toString('utf8')).then(
        ({ status, body }) => {
          res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' });
          res.end(body);
        },
        (err: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(err));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/DPDPackageObjServicesService/DPDPackageObjServices`,
    packages,
    calls,
    pickups,
    protocols,
    failNext: (kind, n = 1) => {
      for (let i = 0; i < n; i++) failures.push(kind);
    },
    delayNext: (ms, n = 1) => {
      for (let i = 0; i < n; i++) delays.push(ms);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
