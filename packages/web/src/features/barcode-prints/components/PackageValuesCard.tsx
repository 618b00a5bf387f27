import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import { format } from '@web/i18n';
import { NumberInput } from '@web/ui/NumberInput';
import { SectionCard } from '@web/ui/SectionCard';
import { addSingleValue, generateMultiples, parseAmount } from '../reader-values';
import { useStoredNumbers } from '../stored-lists';
import { CodesButtons } from './CodesButtons';
import { useAddFeedback } from './use-add-feedback';
import { ValueChips } from './ValueChips';
import { barcodePrintsText } from '../texts';

interface Props {
  variant: 'weights' | 'sizes';
  /** Largest value a code may carry. */
  max: number;
  icon: string;
}

const SHEET = {
  weights: { kind: 'weight', field: 'grams', fileName: 'weights.pdf' },
  sizes: { kind: 'size', field: 'milimeters', fileName: 'sizes.pdf' },
} as const;

/** Package weights (g) or sides (mm): multiples of a step up to a maximum, or single values. */
export function PackageValuesCard({ variant, max, icon }: Props) {
  const t = barcodePrintsText();
  const text = t[variant];
  const g = t.generate;
  const unit = { unit: text.unit };
  const sheet = SHEET[variant];
  const [values, setValues] = useStoredNumbers(variant);
  const [step, setStep] = useState('');
  const [upTo, setUpTo] = useState('');
  const [single, setSingle] = useState('');
  const feedback = useAddFeedback();
  const invalid = format(text.invalid, { max });

  const onGenerate = (e: FormEvent) => {
    e.preventDefault();
    feedback(generateMultiples(values, parseAmount(step), parseAmount(upTo), max), setValues, invalid);
  };
  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    if (feedback(addSingleValue(values, parseAmount(single), max), setValues, invalid)) setSingle('');
  };

  return (
    <SectionCard title={text.title} icon={icon} className="h-100" testId={variant}>
      <p className="small text-muted">{text.hint}</p>
      <Form onSubmit={onGenerate} noValidate className="mb-2" data-testid={`${variant}-generate-form`}>
        <Row className="g-2 align-items-end">
          <Col xs={6} sm>
            <Form.Group controlId={`${variant}-step`}>
              <Form.Label className="small mb-1">{format(g.step, unit)}</Form.Label>
              <NumberInput integer size="sm" value={step} onChange={(e) => setStep(e.target.value)} />
            </Form.Group>
          </Col>
          <Col xs={6} sm>
            <Form.Group controlId={`${variant}-up-to`}>
              <Form.Label className="small mb-1">{format(g.upTo, unit)}</Form.Label>
              <NumberInput integer size="sm" value={upTo} onChange={(e) => setUpTo(e.target.value)} />
            </Form.Group>
          </Col>
          <Col xs={12} sm="auto">
            <Button type="submit" size="sm" variant="outline-primary" className="w-100">
              <i className="bi bi-magic me-1" aria-hidden="true" />
              {g.button}
            </Button>
          </Col>
        </Row>
        <div className="form-text">{g.hint}</div>
      </Form>
      <Form onSubmit={onAdd} noValidate className="mb-3" data-testid={`${variant}-single-form`}>
        <Form.Label htmlFor={`${variant}-single`} className="small mb-1">
          {format(g.single, unit)}
        </Form.Label>
        <InputGroup size="sm">
          <NumberInput integer id={`${variant}-single`} value={single} onChange={(e) => setSingle(e.target.value)} />
          <Button type="submit" variant="outline-primary">
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {g.add}
          </Button>
        </InputGroup>
      </Form>
      <div className="mb-3">
        <ValueChips
          values={values}
          label={(v) => `${v} ${text.unit}`}
          onChange={setValues}
          empty={text.empty}
          testId={variant}
        />
      </div>
      <CodesButtons
        kind={sheet.kind}
        body={{ [sheet.field]: values }}
        fileName={sheet.fileName}
        disabled={values.length === 0}
        testId={variant}
      />
    </SectionCard>
  );
}
