import { useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { ManualInput } from '@web/ui/reader/ManualInput';
import { ReaderModeSwitch, type ReaderMode } from '@web/ui/reader/ReaderModeSwitch';
import { ScanLog } from '@web/ui/reader/ScanLog';
import { ScannerInput } from '@web/ui/reader/ScannerInput';
import { CurrentItem } from './components/CurrentItem';
import { itemReaderText } from './texts';
import { useItemReader } from './useItemReader';

/**
 * /items-barcode-reader: scan an item, then codes from the sheets (stock changes, statuses,
 * places...) that act on it; every scan is a row of the log, errors in red.
 */
export default function ItemReaderPage() {
  const t = itemReaderText();
  const reader = useItemReader();
  const [mode, setMode] = useState<ReaderMode>('scanner');
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0 me-auto">{t.title}</h1>
        {reader.pending && <Spinner animation="border" size="sm" data-testid="reader-pending" />}
        <ReaderModeSwitch mode={mode} onChange={setMode} />
      </div>
      <Row className="g-3 mb-3">
        <Col lg={5}>
          {mode === 'scanner' ? (
            <ScannerInput onScan={reader.scan} hint={t.scannerHint} />
          ) : (
            <ManualInput onScan={reader.scan} />
          )}
        </Col>
        <Col lg={7}>
          <CurrentItem code={reader.state.itemCode} />
        </Col>
      </Row>
      <ScanLog rows={reader.state.log} contextHeader={t.logItem} />
    </>
  );
}
