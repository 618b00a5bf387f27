import type { ServerModule } from '../../platform/module';
import { stockRoutes } from './stock.routes';

/**
 * The stock ledger: the only writer of items' stock. Other modules record changes through
 * recordChange / setStock inside their own transaction; the warehouse-changes routes list,
 * commit, delete and export them.
 */
export const stockModule: ServerModule = { name: 'stock', title: 'Zmiany magazynowe', routes: stockRoutes };
export {
  CHANGE_TYPES,
  checkStockInRange,
  commitChange,
  deleteChange,
  recordChange,
  recordChanges,
  recordInsertedStock,
  setStock,
  type ChangeRequest,
  type ChangeType,
  type InsertedStock,
  type LedgerDeps,
} from './stock.ledger';
export { stockRepository, type AlongsideUpdate, type ChangeRow, type LedgerDifference } from './stock.repository';
export { verifyLedger } from './stock.verify';
export { warsawDayStart } from './warsaw-time';
