import { useState } from 'react';
import {
  Alert,
  api,
  Button,
  errorMessage,
  Form,
  PageSpinner,
  SectionCard,
  Table,
  useMutation,
  useQueryClient,
  useToast,
} from '@zaplecze/plugin-sdk-web';
import {
  printerRatesAnswerSchema,
  rateText,
  VAT_LETTERS,
  type LetterRate,
  type VatLetter,
  type VatLetters,
} from '../schemas';
import { BASE, fiscalKeys, useFiscalSettings } from './api';

type Texts = Record<VatLetter, string>;

const toText = (r: LetterRate): string => (r === null ? '' : r === 'zw' ? 'zw' : String(r).replace('.', ','));

/** A letter's text as typed -> its rate; undefined when it is no rate. */
function parseRate(text: string): LetterRate | undefined {
  const t = text.trim().toLowerCase().replace(/%$/, '').trim();
  if (t === '') return null;
  if (t === 'zw') return 'zw';
  if (!/^\d{1,2}([.,]\d{1,2})?$/.test(t)) return undefined;
  return Number(t.replace(',', '.'));
}

/**
 * 'Stawki VAT' (docs/plugins.md, "Plugin: fiscal-printer"): the rate each of the printer's letters
 * A-G is programmed with, as the settings' `vatLetters`; 'Odczytaj z drukarki' shows the printer's
 * own programming beside them (nothing is printed) and can copy it.
 */
export default function VatScreen() {
  const settings = useFiscalSettings();
  if (settings.isPending) return <PageSpinner />;
  if (settings.error) return <Alert variant="danger">{errorMessage(settings.error)}</Alert>;
  const stored = settings.data.values.vatLetters;
  return <VatForm key={JSON.stringify(stored)} stored={stored} />;
}

function VatForm({ stored }: { stored: VatLetters }) {
  const toast = useToast();
  const qc = useQueryClient();
  const [texts, setTexts] = useState<Texts>(
    () => Object.fromEntries(VAT_LETTERS.map((l) => [l, toText(stored[l])])) as Texts,
  );
  const [saving, setSaving] = useState(false);
  const read = useMutation({
    mutationFn: () => api.get(`${BASE}/printer_status`, { schema: printerRatesAnswerSchema }),
    onError: (err) => toast.error('Nie odczytano drukarki', errorMessage(err)),
  });
  const printer = read.data;
  const bad = VAT_LETTERS.filter((l) => parseRate(texts[l]) === undefined);

  async function save() {
    if (bad.length > 0) return;
    setSaving(true);
    try {
      const vatLetters = Object.fromEntries(VAT_LETTERS.map((l) => [l, parseRate(texts[l]) ?? null]));
      await api.put(`${BASE}/settings`, { json: { values: { vatLetters } } });
      toast.success('Zapisano stawki VAT drukarki');
      await qc.invalidateQueries({ queryKey: fiscalKeys.settings });
    } catch (err) {
      toast.error('Nie zapisano stawek', errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  const copy = () => {
    if (!printer) return;
    setTexts(
      Object.fromEntries(
        VAT_LETTERS.map((l) => {
          const r = printer.letters[l] ?? null;
          return [l, toText(r)];
        }),
      ) as Texts,
    );
  };

  return (
    <div style={{ maxWidth: 760 }} data-testid="fiscal-vat">
      <SectionCard title="Litery stawek VAT na drukarce" icon="percent" className="mb-3">
        <p className="text-muted small">
          Drukarka fiskalna zna stawki VAT jako litery A–G, zaprogramowane przez serwis. Każda pozycja paragonu jest
          wysyłana z literą swojej stawki, więc litery muszą się zgadzać z drukarką: przed każdym paragonem sprawdzamy
          to i nie drukujemy, gdy się nie zgadzają. Wpisz procent (np. 23 albo 5,5), „zw” dla stawki zwolnionej albo
          zostaw puste pole, gdy litera nie jest używana. Stawek „np” i „oo” paragon nie zna.
        </p>
        <Table size="sm" className="align-middle mb-3" style={{ maxWidth: 520 }}>
          <thead>
            <tr>
              <th>Litera</th>
              <th>Stawka w Zapleczu</th>
              {printer && <th>Na drukarce</th>}
            </tr>
          </thead>
          <tbody>
            {VAT_LETTERS.map((l) => {
              const theirs = printer?.letters[l];
              return (
                <tr key={l}>
                  <td className="fw-semibold">{l}</td>
                  <td>
                    <Form.Control
                      size="sm"
                      aria-label={`Stawka litery ${l}`}
                      style={{ maxWidth: 140 }}
                      value={texts[l]}
                      isInvalid={bad.includes(l)}
                      placeholder="nieużywana"
                      onChange={(e) => setTexts({ ...texts, [l]: e.target.value })}
                    />
                  </td>
                  {printer && (
                    <td data-testid={`fiscal-printer-rate-${l}`}>
                      {theirs === undefined ? '—' : theirs === null ? 'nieaktywna' : rateText(theirs)}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </Table>
        {bad.length > 0 && (
          <Alert variant="danger" className="py-2">
            Stawka litery {bad.join(', ')}: procent od 0 do 99,99, „zw” albo puste pole.
          </Alert>
        )}
        {printer && (
          <Alert variant={printer.ok ? 'success' : 'warning'} className="py-2" data-testid="fiscal-printer-status">
            {printer.message}
          </Alert>
        )}
        <div className="d-flex flex-wrap gap-2">
          <Button disabled={saving || bad.length > 0} onClick={() => void save()}>
            Zapisz
          </Button>
          <Button variant="outline-primary" disabled={read.isPending} onClick={() => read.mutate()}>
            <i className="bi bi-printer me-1" aria-hidden="true" />
            {read.isPending ? 'Odczytywanie…' : 'Odczytaj z drukarki'}
          </Button>
          {printer && Object.keys(printer.letters).length > 0 && (
            <Button variant="outline-secondary" onClick={copy}>
              Przepisz stawki z drukarki
            </Button>
          )}
        </div>
      </SectionCard>
    </div>
  );
}
