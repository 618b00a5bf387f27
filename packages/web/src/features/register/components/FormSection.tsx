import type { ReactNode } from 'react';

/** A titled group of the registration form (a fieldset, so screen readers announce the title). */
export function FormSection({ icon, title, children }: { icon: string; title: string; children: ReactNode }) {
  return (
    <fieldset className="mb-4">
      <legend className="fs-6 fw-semibold text-uppercase text-body-secondary border-bottom pb-2 mb-3 d-flex align-items-center gap-2">
        <i className={`bi ${icon} text-primary`} aria-hidden="true" />
        {title}
      </legend>
      {children}
    </fieldset>
  );
}
