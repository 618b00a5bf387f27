import { format } from '@web/i18n';
import { MassEditDeleteButtons, ReaderCodeButtons, SelectionPanel } from '@web/ui/list-page';
import { itemsText } from '../texts';

export interface ItemsSelectionPanelProps {
  /** Codes of the selected items in list order. */
  codes: readonly string[];
  canEdit: boolean;
  deleting: boolean;
  onMassEdit(): void;
  onDelete(): void;
}

/**
 * The multi-select panel of the item list (docs/rules/catalogue-and-orders-rules.md §2.1): 'Zaznaczono: N', reader
 * codes of the selected items (POST /print/barcode/item {itemCodes}, items.pdf), mass edit and
 * mass delete.
 */
export function ItemsSelectionPanel({ codes, canEdit, deleting, onMassEdit, onDelete }: ItemsSelectionPanelProps) {
  const t = itemsText().select;
  return (
    <SelectionPanel testId="items" countText={format(t.selected, { n: codes.length })}>
      <ReaderCodeButtons
        kind="item"
        body={codes.length === 0 ? null : { itemCodes: codes }}
        fileName="items.pdf"
        testId="items"
        texts={t}
      />
      {canEdit && (
        <MassEditDeleteButtons
          testId="items"
          deleting={deleting}
          onMassEdit={onMassEdit}
          onDelete={onDelete}
          texts={t}
        />
      )}
    </SelectionPanel>
  );
}
