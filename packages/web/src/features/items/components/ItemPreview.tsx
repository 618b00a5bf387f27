import type { ItemRow } from '@zaplecze/contract';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { ModalComponent } from '@web/platform/modals/ModalProvider';
import { m } from '@web/i18n';
import { useSlot } from '@web/extensions/slots';

/**
 * The item preview (row menu 'Podgląd'): the item's code and name, then the sections plugins add
 * (slot item.preview.sections), e.g. the motorcycles it fits. Each plugin section sits in its own
 * error boundary (the plugin host wraps it).
 */
export const ItemPreview: ModalComponent<{ item: ItemRow }, void> = ({ item, close }) => {
  const sections = useSlot('item.preview.sections');
  return (
    <>
      <Modal.Body data-testid="item-preview">
        <div className="fw-semibold">{item.code}</div>
        <div className="mb-3">{item.name}</div>
        {sections.map((s) => (
          <s.component key={s.id} item={item} />
        ))}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={() => close(undefined)}>
          {m().common.close}
        </Button>
      </Modal.Footer>
    </>
  );
};
