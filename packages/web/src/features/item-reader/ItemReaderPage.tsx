import { useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import { CurrentItem } from './components/CurrentItem';
import { ManualInput } from './components/ManualInput';
import { ScanLog } from './components/ScanLog';
import { ScannerInput } from './components/ScannerInput';
import { itemReaderText } from './texts';
import { useItemReader } from './useItemReader';

type Mode = 'scanner' | 'manual';

/**
 * /items-barcode-reader: scan an item, then codes from the sheets (stock changes, statuses,
 * places...) that act on it; every scan is a row of the log, errors in red.
 */
export default function ItemReaderPage() {
  const t = itemReaderText();
  const reader = useItemReader();
  const [mode, setMode] = useState<Mode>('scanner');
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0 me-auto">{t.title}</h1>
        {reader.pending && <Spinner animation="border" size="sm" data-testid="reader-pending" />}
        <ToggleButtonGroup
          type="radio"
          name="reader-mode"
          size="sm"
          value={mode}
          onChange={(v: Mode) => setMode(v)}
          aria-label={t.modes.label}
        >
          <ToggleButton id="reader-mode-scanner" value="scanner" variant="outline-primary">
            <i className="bi bi-upc-scan me-1" aria-hidden="true" />
            {t.modes.scanner}
          </ToggleButton>
          <ToggleButton id="reader-mode-manual" value="manual" variant="outline-primary">
            <i className="bi bi-keyboard me-1" aria-hidden="true" />
            {t.modes.manual}
          </ToggleButton>
        </ToggleButtonGroup>
      </div>
      <Row className="g-3 mb-3">
        <Col lg={5}>
          {mode === 'scanner' ? <ScannerInput onScan={reader.scan} /> : <ManualInput onScan={reader.scan} />}
        </Col>
        <Col lg={7}>
          <CurrentItem code={reader.state.itemCode} />
        </Col>
      </Row>
      <ScanLog rows={reader.state.log} />
    </>
  );
}
