import {
  OutsideAuthError,
  OutsideClient,
  OutsideMalformedError,
  OutsideRefusedError,
  type OutsideError,
  readPluginSecret,
  readPluginSettings,
  XMLBuilder,
  XMLParser,
  type PluginJobContext,
  type TenantDb,
} from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';

/**
 * DPDServices (SOAP 1.1, namespace `http://dpdservices.dpd.com.pl/`) through the SDK's
 * OutsideClient: every call logged in 'Dziennik', credentials in the body's `authDataV1` (never
 * logged), a SOAP fault read for DPD's own message (docs/plugins.md, "Plugin: dpd").
 */
export const DPD_NS = 'http://dpdservices.dpd.com.pl/';
const ID = 'dpd';

export type DpdSettings = {
  apiUrl: string;
  login: string;
  masterFid: string;
  labelFormat: 'A6' | 'A4';
  defaultWeightKg: number;
  cashOnDelivery: boolean;
  pickupFrom: string;
  pickupTo: string;
};

/** What the client needs of the server: the database (the log) and the configuration (secrets). */
export type DpdDeps = Pick<PluginJobContext['deps'], 'db' | 'config'>;

/**
 * The XML builder and parser, made at their first use, not when this module loads: the SDK that
 * exports them may still be loading then (the plugin list is imported while the core loads).
 */
let xml: { builder: XMLBuilder; parser: XMLParser } | undefined;
function xmlTools(): { builder: XMLBuilder; parser: XMLParser } {
  xml ??= {
    builder: new XMLBuilder({ ignoreAttributes: false, suppressEmptyNode: false, format: false }),
    parser: new XMLParser({
      ignoreAttributes: true,
      removeNSPrefix: true,
      parseTagValue: false,
      isArray: (name) => ['Package', 'Parcel', 'ValidationInfo', 'parcels', 'packages'].includes(name),
    }),
  };
  return xml;
}

/** A SOAP envelope with the operation `op` and its arguments (objects become elements, in order). */
export function envelope(op: string, args: Record<string, unknown>): string {
  const body = xmlTools().builder.build({ [`dpd:${op}`]: args });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:dpd="${DPD_NS}">` +
    `<soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`
  );
}

/** The parsed XML of a SOAP answer, or undefined when it is not XML with an Envelope/Body. */
export function parseEnvelope(text: string): Record<string, unknown> | undefined {
  try {
    const doc = xmlTools().parser.parse(text, true) as { Envelope?: { Body?: Record<string, unknown> } };
    const body = doc?.Envelope?.Body;
    return body && typeof body === 'object' ? body : undefined;
  } catch {
    return undefined;
  }
}

/** The fault of an answer's body: DPD's exception name (detail) and its message. */
export function faultOf(body: Record<string, unknown>): { code: string; message: string } | undefined {
  const f = body.Fault as { faultstring?: unknown; detail?: Record<string, unknown> } | undefined;
  if (!f) return undefined;
  const code = f.detail && typeof f.detail === 'object' ? (Object.keys(f.detail)[0] ?? '') : '';
  return { code, message: String(f.faultstring ?? '').trim() };
}

/** The error of a SOAP fault: an access denial asks for new credentials, any other is a refusal. */
function faultError(status: number, fault: { code: string; message: string }): OutsideError {
  const message = fault.message || 'DPD odrzucił zapytanie.';
  if (/DeniedAccess|Authentication|Unauthori[sz]ed/i.test(`${fault.code} ${message}`))
    return new OutsideAuthError(
      status,
      `DPD odrzucił dane dostępowe: ${message}. Sprawdź login, hasło i FID w ustawieniach.`,
    );
  return new OutsideRefusedError(status, `DPD: ${message}`);
}

export interface DpdCall {
  /** The operation, e.g. 'generatePackagesNumbersV9'. */
  op: string;
  /** Its arguments before `authDataV1` (added here). */
  args: Record<string, unknown>;
  what: string;
  orderId?: number;
  jobId?: number;
}

/** The organisation's DPDServices: settings and a call that answers the operation's `return`. */
export class DpdService {
  private constructor(
    readonly settings: DpdSettings,
    private readonly client: OutsideClient,
    private readonly auth: () => Promise<Record<string, string>>,
    /** The endpoint's path (the client's base is its origin: no slash is added to the address). */
    private readonly path: string,
  ) {}

  static async of(tdb: TenantDb, deps: DpdDeps, jobId?: number): Promise<DpdService> {
    const d = deps;
    const settings = (await readPluginSettings(tdb, d.config, ID, manifest.settings!)).values as DpdSettings;
    const endpoint = new URL(settings.apiUrl);
    const client = new OutsideClient({
      pluginId: ID,
      tdb,
      deps: { db: deps.db, now: () => new Date() },
      baseUrl: endpoint.origin,
      ...(jobId !== undefined ? { jobId } : {}),
      answerError: (status, text) => {
        const body = parseEnvelope(text);
        const fault = body && faultOf(body);
        return fault ? faultError(status, fault) : undefined;
      },
    });
    const auth = async () => ({
      login: settings.login,
      password: (await readPluginSecret(tdb, d.config, ID, 'password')) ?? '',
      masterFid: settings.masterFid,
    });
    return new DpdService(settings, client, auth, endpoint.pathname);
  }

  /**
   * Calls `op` and answers its `return` element. A SOAP fault (DPD answers them with HTTP 500,
   * read by the client's `answerError`): an access denial is `OutsideAuthError`, another fault
   * `OutsideRefusedError` with DPD's text; a 5xx without a fault is `OutsideUnavailableError`; an
   * answer that is not the operation's envelope is `OutsideMalformedError`.
   */
  async call(c: DpdCall): Promise<Record<string, unknown>> {
    const xml = envelope(c.op, { ...c.args, authDataV1: await this.auth() });
    const res = await this.client.request<string>({
      method: 'POST',
      path: this.path,
      body: xml,
      headers: { 'content-type': 'text/xml; charset=utf-8', accept: 'text/xml', soapaction: '""' },
      responseType: 'text',
      what: c.what,
      ...(c.orderId !== undefined ? { orderId: c.orderId } : {}),
      ...(c.jobId !== undefined ? { jobId: c.jobId } : {}),
    });
    const body = parseEnvelope(res.data);
    const answer = body?.[`${c.op}Response`] as { return?: unknown } | undefined;
    if (!answer || typeof answer !== 'object' || !answer.return || typeof answer.return !== 'object')
      throw new OutsideMalformedError(`odpowiedź DPD na ${c.op} nie ma oczekiwanej postaci`, res.status);
    return answer.return as Record<string, unknown>;
  }
}
