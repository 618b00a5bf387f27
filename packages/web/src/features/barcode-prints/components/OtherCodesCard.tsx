import { SectionCard } from '@web/ui/SectionCard';
import { CodesButtons } from './CodesButtons';
import { barcodePrintsText } from '../texts';

const ICONS = ['bi-truck', 'bi-exclamation-triangle', 'bi-file-earmark-text', 'bi-arrow-counterclockwise'];

/** The command codes of the order reader: waybill, problem, document, reset (kind other). */
export function OtherCodesCard() {
  const t = barcodePrintsText().other;
  return (
    <SectionCard title={t.title} icon="upc" className="h-100" testId="other-codes">
      <p className="small text-muted">{t.hint}</p>
      <ul className="list-unstyled mb-3">
        {t.codes.map((label, i) => (
          <li key={label} className="d-flex align-items-start gap-2 mb-2">
            <i className={`bi ${ICONS[i] ?? 'bi-upc'} text-secondary`} aria-hidden="true" />
            <span>{label}</span>
          </li>
        ))}
      </ul>
      <CodesButtons kind="other" body={{}} fileName="other_codes.pdf" testId="other-codes" />
    </SectionCard>
  );
}
