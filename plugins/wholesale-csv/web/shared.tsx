import { api, Form, useQuery } from '@zaplecze/plugin-sdk-web';
import type { Profile } from '../schemas';
import { BASE } from './texts';

/** The organisation's supplier profiles (both tabs share the query and its cache). */
export function useProfiles() {
  return useQuery({
    queryKey: PROFILES_KEY,
    queryFn: async () => (await api.get(`${BASE}/profiles`)) as { profiles: Profile[] },
  });
}
export const PROFILES_KEY = ['wholesale-csv', 'profiles'] as const;

/**
 * A labelled select of fixed choices (encoding, delimiter), with an optional first option for
 * "none chosen" (value '').
 */
export function ChoiceSelect<T extends string>(props: {
  id: string;
  label: string;
  value: T | '';
  choices: readonly T[];
  labels: Record<T, string>;
  empty?: string;
  onChange: (value: T | '') => void;
}) {
  return (
    <Form.Group controlId={props.id}>
      <Form.Label>{props.label}</Form.Label>
      <Form.Select value={props.value} onChange={(e) => props.onChange(e.target.value as T | '')}>
        {props.empty !== undefined && <option value="">{props.empty}</option>}
        {props.choices.map((x) => (
          <option key={x} value={x}>
            {props.labels[x]}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
