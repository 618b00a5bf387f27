import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { ModalComponent } from '@web/platform/modals/ModalProvider';
import { format, m } from '@web/i18n';
import { pluginText } from '@web/extensions/plugins/texts';

/**
 * The uninstall confirmation: 'TAK' answers whether to delete the plugin's data too (a separate,
 * explicit choice, off by default); 'NIE' or closing answers undefined.
 */
export const UninstallDialog: ModalComponent<{ name: string }, { deleteData: boolean }> = ({ name, close }) => {
  const t = pluginText().management;
  const [deleteData, setDeleteData] = useState(false);
  return (
    <>
      <Modal.Body data-testid="uninstall-dialog">
        <p>{format(t.uninstallConfirm, { name })}</p>
        <Form.Check
          id="plugin-delete-data"
          type="checkbox"
          label={t.deleteData}
          checked={deleteData}
          onChange={(e) => setDeleteData(e.target.checked)}
        />
        <div className="small text-muted mt-2">{t.keepDataNote}</div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant={deleteData ? 'danger' : 'primary'} onClick={() => close({ deleteData })}>
          {m().common.yes}
        </Button>
        <Button variant="secondary" onClick={() => close(undefined)}>
          {m().common.no}
        </Button>
      </Modal.Footer>
    </>
  );
};
