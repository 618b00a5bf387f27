import { describe, expect, it } from 'vitest';
import { constraints, hasInside, nullableOf, typeLabel } from './schema';
import { apiReferenceText } from './texts';

const t = apiReferenceText().schema;

describe('reading JSON Schema for people', () => {
  it('names types, lists, components, alternatives and null', () => {
    expect(typeLabel({ type: 'integer' }, t)).toBe('liczba całkowita');
    expect(typeLabel({ type: ['number', 'null'] }, t)).toBe('liczba | null');
    expect(typeLabel({ type: 'array', items: { $ref: '#/components/schemas/ItemRow' } }, t)).toBe('lista: ItemRow');
    expect(typeLabel({ anyOf: [{ $ref: '#/components/schemas/Photo' }, { type: 'null' }] }, t)).toBe('Photo | null');
    expect(typeLabel({ type: 'string', format: 'binary' }, t)).toBe('plik');
    expect(
      typeLabel({ type: 'object', propertyNames: { type: 'string' }, additionalProperties: { type: 'string' } }, t),
    ).toBe('słownik: klucz → tekst');
    expect(typeLabel({}, t)).toBe('dowolna wartość');
  });

  it('lists the constraints a caller must keep, not the safe-integer range zod writes on every integer', () => {
    expect(constraints({ type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 }, t)).toEqual([]);
    expect(constraints({ type: 'string', minLength: 1, maxLength: 200, pattern: '^[a-z]+$' }, t)).toEqual([
      'długość min. 1',
      'długość maks. 200',
      'wzorzec ^[a-z]+$',
    ]);
    expect(constraints({ type: 'string', enum: ['CODE', 'NAME'], default: 'CODE' }, t)).toEqual([
      'jedna z: „CODE”, „NAME”',
      'domyślnie „CODE”',
    ]);
    expect(constraints({ type: 'string', format: 'date-time', pattern: '^(?:\\d{4})-...$' }, t)).toEqual([
      'data i godzina ISO 8601, np. 2026-03-01T12:00:00+01:00',
    ]);
    expect(constraints({ type: 'string', maxLength: 10, default: '' }, t)).toEqual([
      'długość maks. 10',
      'domyślnie pusty',
    ]);
    expect(constraints({ anyOf: [{ type: 'number' }, { type: 'string', enum: ['zw', 'np'] }] }, t)).toEqual([
      'jedna z: „zw”, „np”',
    ]);
  });

  it('opens what has parts: objects with fields, lists of them, components; a nullable shows its value', () => {
    expect(hasInside({ type: 'string' })).toBe(false);
    expect(hasInside({ anyOf: [{ type: 'number' }, { type: 'string' }] })).toBe(false);
    expect(hasInside({ type: 'array', items: { type: 'object', properties: { id: { type: 'number' } } } })).toBe(true);
    expect(hasInside({ $ref: '#/components/schemas/Item' })).toBe(true);
    expect(nullableOf({ anyOf: [{ type: 'object' }, { type: 'null' }] })).toEqual({ type: 'object' });
    expect(nullableOf({ anyOf: [{ type: 'number' }, { type: 'string' }] })).toBeUndefined();
  });
});
