import { hasPermissionForScreen, readBooleanOption } from '@zaplecze/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { getReaderSettings } from '@web/data/local-settings';
import { useOptions } from '@web/data/options.api';
import { ManualInput } from '@web/ui/reader/ManualInput';
import { ReaderModeSwitch, type ReaderMode } from '@web/ui/reader/ReaderModeSwitch';
import { ScanLog } from '@web/ui/reader/ScanLog';
import { ScannerInput } from '@web/ui/reader/ScannerInput';
import { useReceiptsEnabled } from '@web/features/orders/receipts.api';
import { OrderPanel } from './components/OrderPanel';
import { useErrorSound } from './error-signal';
import { orderReaderText } from './texts';
import { useOrderReader } from './useOrderReader';
import './order-reader.css';

/**
 * /orders-barcode-reader: the packing bench. Scan an order, then its weight, sizes, items and the
 * waybill or document code; the server answers each scan with a log row and the order's panel,
 * the client dispatches and prints as this device's reader settings say (a stationary order's
 * document is its receipt when the invoicing plugin is installed). Errors are red rows, a
 * red flash and (switchable) a beep.
 */
export default function OrderReaderPage() {
  const t = orderReaderText();
  const auth = useAuth();
  const login = auth.user?.login ?? '';
  const canEdit = hasPermissionForScreen(auth.user?.permissions ?? '', 'main.order.edit');
  const options = useOptions(['AUTO_RESET_AFTER_SEND'] as const);
  const autoReset = readBooleanOption(options.data?.AUTO_RESET_AFTER_SEND, true);
  const receipts = useReceiptsEnabled();
  const reader = useOrderReader(login, autoReset, receipts);
  const [mode, setMode] = useState<ReaderMode>('scanner');
  const [sound, setSound] = useState(true);
  useErrorSound(reader.state.errors, sound);
  const settingsMissing = getReaderSettings(login) === undefined;

  return (
    <div className="order-reader">
      {reader.state.errors > 0 && (
        <div key={reader.state.errors} className="order-reader-flash" data-testid="reader-error-flash" />
      )}
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="h2 mb-0 me-auto">{t.title}</h1>
        {reader.pending && <Spinner animation="border" data-testid="reader-pending" />}
        <Form.Check
          type="switch"
          id="reader-sound"
          label={t.sound}
          checked={sound}
          onChange={(e) => setSound(e.target.checked)}
        />
        <Button
          variant="outline-secondary"
          size="lg"
          onClick={reader.clear}
          disabled={reader.state.orderId === null}
          data-testid="reader-clear"
        >
          <i className="bi bi-x-circle me-1" aria-hidden="true" />
          {t.clear}
        </Button>
        <ReaderModeSwitch mode={mode} onChange={setMode} size="lg" />
      </div>
      {settingsMissing && (
        <Alert variant="warning" className="fs-5" data-testid="reader-no-settings">
          <i className="bi bi-exclamation-triangle-fill me-2" aria-hidden="true" />
          {t.noSettings}{' '}
          <Link to="/settings/print" className="alert-link">
            {t.noSettingsLink}
          </Link>
        </Alert>
      )}
      {!canEdit && (
        <Alert variant="danger" data-testid="reader-no-permission">
          {t.noPermission}
        </Alert>
      )}
      <Row className="g-3 mb-3">
        <Col xl={4}>
          {mode === 'scanner' ? (
            <ScannerInput onScan={reader.scan} hint={t.scannerHint} size="lg" />
          ) : (
            <ManualInput onScan={reader.scan} size="lg" />
          )}
        </Col>
        <Col xl={8}>
          <OrderPanel orderId={reader.state.orderId} panel={reader.state.panel} receipts={receipts} />
        </Col>
      </Row>
      <ScanLog rows={reader.state.log} contextHeader={t.logOrder} large />
    </div>
  );
}
