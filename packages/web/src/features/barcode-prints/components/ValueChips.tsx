import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';
import { useModals } from '@web/platform/modals/ModalProvider';
import { format, pluralPl } from '@web/i18n';
import { barcodePrintsText } from '../texts';

interface Props {
  values: readonly number[];
  /** How a value is shown (e.g. '+5', '1500 g'). */
  label: (value: number) => string;
  onChange: (values: number[]) => void;
  empty: string;
  testId: string;
}

/** The entered values as removable chips, with their count and a 'clear the list' button. */
export function ValueChips({ values, label, onChange, empty, testId }: Props) {
  const t = barcodePrintsText();
  const modals = useModals();
  if (values.length === 0)
    return (
      <p className="text-muted small mb-0" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );

  const clear = async () => {
    if (await modals.confirm({ title: t.clearConfirmTitle, message: t.clearConfirm })) onChange([]);
  };

  return (
    <div>
      <div className="d-flex align-items-center mb-2">
        <span className="small text-muted me-auto" data-testid={`${testId}-count`}>
          {format(pluralPl(values.length, t.count), { n: values.length })}
        </span>
        <Button variant="link" size="sm" className="p-0 text-danger text-decoration-none" onClick={() => void clear()}>
          <i className="bi bi-x-circle me-1" aria-hidden="true" />
          {t.clear}
        </Button>
      </div>
      <ul
        className="list-unstyled d-flex flex-wrap gap-2 mb-0 overflow-auto"
        style={{ maxHeight: 220 }}
        data-testid={`${testId}-list`}
      >
        {values.map((v) => (
          <li key={v}>
            <Badge
              bg="light"
              text="dark"
              className="border d-inline-flex align-items-center gap-2 fs-6 fw-normal py-1 ps-2 pe-1"
              data-testid={`${testId}-value`}
            >
              <span>{label(v)}</span>
              <CloseButton
                aria-label={format(t.remove, { value: label(v) })}
                style={{ fontSize: '0.6rem' }}
                onClick={() => onChange(values.filter((x) => x !== v))}
              />
            </Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}
