import type { ServerModule } from '../../platform/module';
import { documentsRoutes } from './documents.routes';
import { shipmentConfirmJob, shipmentStatesJob, shipmentStatesSchedule } from './shipments';
export { refreshShipmentStates } from './shipments';
import { waybillsRoutes } from './waybills.routes';

/**
 * Order documents: dispatch and waybills through the carrier registry, temporary labels, invoices
 * and their e-mail, and the print log that records every one of them.
 */
export const documentsModule: ServerModule = {
  name: 'documents',
  title: 'Wysyłka i dziennik wydruków',
  routes: [...documentsRoutes, ...waybillsRoutes],
  jobs: (deps) => [shipmentConfirmJob(deps), shipmentStatesJob(deps)],
  schedules: () => [shipmentStatesSchedule()],
};
export { recordOrderPrints, orderPrintLog, type OrderPrintEntry } from './print-log';
