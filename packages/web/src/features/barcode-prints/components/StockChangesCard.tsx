import { STOCK_CHANGE_MAX } from '@zaplecze/contract';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { format } from '@web/i18n';
import { NumberInput } from '@web/ui/NumberInput';
import { SectionCard } from '@web/ui/SectionCard';
import { addStockChange, formatStockChange, parseAmount } from '../reader-values';
import { useStoredNumbers } from '../stored-lists';
import { CodesButtons } from './CodesButtons';
import { useAddFeedback } from './use-add-feedback';
import { ValueChips } from './ValueChips';
import { barcodePrintsText } from '../texts';

/** Stock change amounts: a quantity added as an increase or a decrease (kind item_add_sub). */
export function StockChangesCard() {
  const t = barcodePrintsText();
  const [values, setValues] = useStoredNumbers('stockChanges');
  const [amount, setAmount] = useState('');
  const feedback = useAddFeedback();

  const add = (direction: 1 | -1) => {
    const result = addStockChange(values, parseAmount(amount), direction);
    if (feedback(result, setValues, format(t.stock.invalid, { max: STOCK_CHANGE_MAX }))) setAmount('');
  };
  // Enter in the field adds an increase.
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    add(1);
  };

  return (
    <SectionCard title={t.stock.title} icon="plus-slash-minus" className="h-100" testId="stock-changes">
      <p className="small text-muted">{t.stock.hint}</p>
      <Form onSubmit={onSubmit} noValidate className="mb-3">
        <Form.Label htmlFor="stock-amount">{t.stock.amount}</Form.Label>
        <NumberInput
          id="stock-amount"
          integer
          className="mb-2"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" variant="outline-success" className="flex-fill" data-testid="stock-increase">
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t.stock.increase}
          </Button>
          <Button variant="outline-danger" className="flex-fill" onClick={() => add(-1)} data-testid="stock-decrease">
            <i className="bi bi-dash-lg me-1" aria-hidden="true" />
            {t.stock.decrease}
          </Button>
        </div>
      </Form>
      <div className="mb-3">
        <ValueChips
          values={values}
          label={formatStockChange}
          onChange={setValues}
          empty={t.stock.empty}
          testId="stock-changes"
        />
      </div>
      <CodesButtons
        kind="item_add_sub"
        body={{ numbers: values }}
        fileName="stock_changes.pdf"
        disabled={values.length === 0}
        testId="stock-changes"
      />
    </SectionCard>
  );
}
