import { READER_SIZE_MAX_MM, READER_WEIGHT_MAX_G } from '@zaplecze/contract';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';

import { OtherCodesCard } from './components/OtherCodesCard';
import { PackageValuesCard } from './components/PackageValuesCard';
import { StockChangesCard } from './components/StockChangesCard';
import { barcodePrintsText } from './texts';

/**
 * barcode-prints: reader-code sheets (docs/rules/platform-rules.md §2 Reader-code printing). Items: stock change
 * amounts. Orders: package weights, package sides and the command codes. The entered lists stay
 * in this browser for the user, so a reload keeps them.
 */
export default function BarcodePrintsPage() {
  const t = barcodePrintsText();
  return (
    <div className="mx-auto" style={{ maxWidth: 1400 }}>
      <h1 className="h3 mb-2 d-flex align-items-center gap-2">
        <i className="bi bi-upc-scan text-secondary" aria-hidden="true" />
        {t.title}
      </h1>
      <p className="text-muted mb-4">{t.intro}</p>

      <section aria-labelledby="barcodes-items" className="mb-4">
        <h2 id="barcodes-items" className="h5 mb-3">
          {t.itemsSection}
        </h2>
        <Row className="g-3">
          <Col lg={6}>
            <StockChangesCard />
          </Col>
        </Row>
      </section>

      <section aria-labelledby="barcodes-orders">
        <h2 id="barcodes-orders" className="h5 mb-3">
          {t.ordersSection}
        </h2>
        <Row className="g-3">
          <Col lg={6} xxl={4}>
            <PackageValuesCard variant="weights" max={READER_WEIGHT_MAX_G} icon="speedometer2" />
          </Col>
          <Col lg={6} xxl={4}>
            <PackageValuesCard variant="sizes" max={READER_SIZE_MAX_MM} icon="rulers" />
          </Col>
          <Col lg={6} xxl={4}>
            <OtherCodesCard />
          </Col>
        </Row>
      </section>
    </div>
  );
}
