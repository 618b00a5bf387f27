/**
 * The stock ledger: the only writer of items' stock. Other modules record changes through
 * recordChange / setStock inside their own transaction.
 */
export { CHANGE_TYPES, commitChange, deleteChange, recordChange, setStock, type ChangeType } from './stock.ledger';
export { stockRepository, type ChangeRow } from './stock.repository';
