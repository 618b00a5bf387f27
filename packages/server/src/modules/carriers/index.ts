import type { ServerModule } from '../../platform/module';
import { carriersRoutes } from './carriers.routes';

/**
 * Carriers: GET /carriers and GET /check_pickup_point over the carrier registry. Carrier plugins
 * register a CarrierProvider with `carrierRegistry.register`; orders validate their method with
 * `orderCarrierMethod`; dispatch finds the order's carrier with `carrierOfMethod`.
 */
export const carriersModule: ServerModule = { name: 'carriers', title: 'Przewoźnicy', routes: carriersRoutes };
export { carrierRegistry, CarrierRegistry } from './carriers.registry';
export { carrierOfMethod, listCarriers, orderCarrierMethod, type OrderCarrierMethod } from './carriers.service';
export { waybillLabelOf } from './waybill-label';
export { OWN_WAYBILL_PREFIX } from './own-carrier';
export {
  SHIPMENT_STATES,
  type CarrierDeps,
  type CarrierLabel,
  type CarrierMethodDef,
  type CarrierProvider,
  type CreatedShipment,
  type PickupPointQuery,
  type PickupPointStatus,
  type ShipmentParcel,
  type ShipmentReceiver,
  type ShipmentRef,
  type ShipmentRequest,
  type ShipmentSender,
  type ShipmentState,
  type ShipmentToCancel,
  type WaybillLabel,
} from './carrier-provider';
