import type { Organization } from '@zaplecze/contract';
import { language } from '@web/i18n';
import { SectionCard } from '@web/ui/SectionCard';
import { usersText } from '../texts';

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString(language(), { year: 'numeric', month: '2-digit', day: '2-digit' });
}

/** The organisation's data, read-only: only the provider changes it (docs/rules/platform-rules.md §2 Users). */
export function OrganizationCard({ org }: { org: Organization }) {
  const t = usersText().organization;
  const rows: [string, string, string][] = [
    ['id', t.id, String(org.id)],
    ['registration-date', t.registrationDate, formatDate(org.registrationDate)],
    ['name', t.name, org.name],
    ['tax-id', t.taxId, org.taxId],
    ['address', t.address, org.address],
    ['post-code-city', t.postCodeCity, org.postCodeCity],
    ['country-code', t.countryCode, org.countryCode],
    ['prefix', t.prefix, org.prefix],
  ];
  return (
    <SectionCard title={t.heading} icon="building" testId="organization">
      <dl className="row row-cols-2 row-cols-md-4 g-3 mb-3">
        {rows.map(([key, label, value]) => (
          <div key={key} className="col">
            <dt className="small text-muted fw-normal">{label}</dt>
            <dd className="mb-0 text-break" data-testid={`org-${key}`}>
              {value || t.empty}
            </dd>
          </div>
        ))}
      </dl>
      <p className="small text-muted mb-0">
        <i className="bi bi-info-circle me-1" aria-hidden="true" />
        {t.note}
      </p>
    </SectionCard>
  );
}
