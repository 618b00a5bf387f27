import type { ServerModule } from '../../platform/module';
import { carriersRoutes } from './carriers.routes';

/**
 * Carriers: GET /carriers and GET /check_pickup_point over the carrier registry. Carrier plugins
 * register a CarrierProvider with `carrierRegistry.register`; orders validate their method with
 * `orderCarrierMethod`.
 */
export const carriersModule: ServerModule = { name: 'carriers', routes: carriersRoutes };
export { carrierRegistry, CarrierRegistry } from './carriers.registry';
export { orderCarrierMethod, type OrderCarrierMethod } from './carriers.service';
export type { CarrierMethodDef, CarrierProvider, PickupPointQuery, PickupPointStatus } from './carrier-provider';
