import type { TenantDb } from '../../db/tenant';
import type { CarrierProvider } from './carrier-provider';
import { ownCarrier } from './own-carrier';

const ID = /^[a-z0-9][a-z0-9._-]{0,99}$/;

/**
 * The carriers the server knows, in registration order. The core registers the own carrier;
 * carrier plugins register theirs when they load (and tests register providers of their own).
 */
export class CarrierRegistry {
  private readonly providers = new Map<string, CarrierProvider>();
  /** How long a pickup point check may take before it counts as 'unknown' (an outside service). */
  checkTimeoutMs = 10_000;

  /** Adds a carrier; answers the function that removes it again. Refuses a taken id or bad keys. */
  register(provider: CarrierProvider): () => void {
    if (!ID.test(provider.id)) throw new Error(`carrier id "${provider.id}" must match ${ID}`);
    if (this.providers.has(provider.id)) throw new Error(`carrier "${provider.id}" is already registered`);
    const keys = provider.methods.map((m) => m.key);
    if (keys.some((k) => !ID.test(k)) || new Set(keys).size !== keys.length)
      throw new Error(`carrier "${provider.id}": method keys must be unique and match ${ID}`);
    this.providers.set(provider.id, provider);
    return () => {
      if (this.providers.get(provider.id) === provider) this.providers.delete(provider.id);
    };
  }

  all(): CarrierProvider[] {
    return [...this.providers.values()];
  }

  get(id: string): CarrierProvider | undefined {
    return this.providers.get(id);
  }

  /** The carriers the organisation may use. */
  async availableTo(tdb: TenantDb): Promise<CarrierProvider[]> {
    const out: CarrierProvider[] = [];
    for (const p of this.providers.values()) if (!p.isAvailable || (await p.isAvailable(tdb))) out.push(p);
    return out;
  }
}

/** The server's one registry (the composition of carriers is process-wide, like the route table). */
export const carrierRegistry = new CarrierRegistry();
carrierRegistry.register(ownCarrier);
