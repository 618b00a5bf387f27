import type { Country } from '@zaplecze/contract';
import Form from 'react-bootstrap/Form';
import { useFormContext } from 'react-hook-form';

import type { RegisterFormValues } from '../register-form';
import { FormSection } from './FormSection';
import { RegisterField } from './RegisterField';
import { registerText } from '../texts';

/** Company data for the invoice: name, optional tax id, address, post code and city, country. */
export function CompanySection({
  countries,
  countriesLoading,
}: {
  countries: readonly Country[] | undefined;
  countriesLoading: boolean;
}) {
  const t = registerText();
  const {
    register,
    formState: { errors },
  } = useFormContext<RegisterFormValues>();
  return (
    <FormSection icon="bi-building" title={t.companySection}>
      <div className="row g-3">
        <RegisterField
          className="col-12"
          name="companyName"
          label={t.companyName}
          required
          autoComplete="organization"
          maxLength={200}
        />
        <RegisterField
          className="col-md-5"
          name="taxId"
          label={t.taxId}
          hint={t.taxIdHint}
          inputMode="numeric"
          autoComplete="off"
          maxLength={30}
        />
        <Form.Group className="col-md-7" controlId="reg-country">
          <Form.Label>
            {t.country}
            <span className="text-danger ms-1" aria-hidden="true">
              *
            </span>
          </Form.Label>
          <Form.Select aria-required isInvalid={!!errors.country} autoComplete="country" {...register('country')}>
            <option value="">{countriesLoading ? t.countriesLoading : t.countryChoose}</option>
            {countries?.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.country?.message}</Form.Control.Feedback>
        </Form.Group>
        <RegisterField
          className="col-12"
          name="address"
          label={t.address}
          required
          placeholder={t.addressPlaceholder}
          autoComplete="street-address"
          maxLength={200}
        />
        <RegisterField
          className="col-12"
          name="postcodeCity"
          label={t.postcodeCity}
          required
          placeholder={t.postcodeCityPlaceholder}
          autoComplete="off"
          maxLength={200}
        />
      </div>
    </FormSection>
  );
}
