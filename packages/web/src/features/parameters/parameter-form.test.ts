import { VALIDATION, type Parameter } from '@zaplecze/contract';
import type { FieldErrors, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  parameterBody,
  parameterFormDefaults,
  parameterFormResolver,
  toParameterInput,
  type ParameterFormValues,
} from './parameter-form';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<ParameterFormValues>;
const resolve = async (v: ParameterFormValues): Promise<FieldErrors<ParameterFormValues>> =>
  (await parameterFormResolver(v, undefined, options)).errors;

const dict: Parameter = {
  id: 4,
  name: 'Kolor',
  categoryId: 7,
  category: { id: 7, number: 'EL', fullNumber: 'EL', fullName: 'Elektronika' },
  type: 'DICT',
  isMulti: true,
  dictionary: ['czerwony', 'zielony'],
};

describe('parameter form', () => {
  it('starts empty for a new parameter and with the values of an existing one', () => {
    expect(parameterFormDefaults()).toEqual({
      name: '',
      type: 'STRING',
      categoryId: '',
      isMulti: false,
      dictionary: [],
    });
    expect(parameterFormDefaults(dict)).toEqual({
      name: 'Kolor',
      type: 'DICT',
      categoryId: '7',
      isMulti: true,
      dictionary: [{ value: 'czerwony' }, { value: 'zielony' }],
    });
  });

  it('turns the form into the request body: category id or null, trimmed, dictionary only for DICT', () => {
    const values = parameterFormDefaults(dict);
    expect(toParameterInput(values)).toMatchObject({ categoryId: 7, dictionary: ['czerwony', 'zielony'] });
    expect(parameterBody({ ...values, name: '  Kolor ', categoryId: '' })).toEqual({
      name: 'Kolor',
      type: 'DICT',
      categoryId: null,
      isMulti: true,
      dictionary: ['czerwony', 'zielony'],
    });
    expect(parameterBody({ ...values, type: 'NUMBER_INT' }).dictionary).toEqual([]);
  });

  it('requires a name', async () => {
    const errors = await resolve({ ...parameterFormDefaults(), name: '  ' });
    expect(errors.name?.message).toBe(VALIDATION.nameRequired);
  });

  it('puts an empty dictionary entry under its input and list rules above the list', async () => {
    const base = { ...parameterFormDefaults(dict) };
    const empty = await resolve({ ...base, dictionary: [{ value: 'a' }, { value: ' ' }] });
    expect(empty.dictionary?.[1]?.value?.message).toBe(VALIDATION.dictionaryEntryEmpty);
    const none = await resolve({ ...base, dictionary: [] });
    expect(none.dictionary?.root?.message).toBe(VALIDATION.dictionaryRequired);
    const dup = await resolve({ ...base, dictionary: [{ value: 'Biały' }, { value: 'biały' }] });
    expect(dup.dictionary?.root?.message).toBe(VALIDATION.dictionaryDuplicate);
  });

  it('accepts a valid parameter; a non-dictionary type ignores leftover entries', async () => {
    expect(await resolve(parameterFormDefaults(dict))).toEqual({});
    expect(await resolve({ ...parameterFormDefaults(dict), type: 'STRING', dictionary: [{ value: '' }] })).toEqual({});
  });
});
