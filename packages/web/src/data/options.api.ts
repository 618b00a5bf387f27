import { optionsResponseSchema, type Option, type OptionKey } from '@zaplecze/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/platform/api';

/** Query keys of the options resource; `all` is the prefix every save invalidates. */
export const optionKeys = {
  all: ['options'] as const,
  some: (keys: readonly OptionKey[]) => [...optionKeys.all, [...keys].sort().join(',')] as const,
};

/** GET /options?keys=A,B: the values by key (unset values read as '', booleans as their default). */
export function useOptions<K extends OptionKey>(keys: readonly K[]) {
  return useQuery({
    queryKey: optionKeys.some(keys),
    queryFn: async ({ signal }) => {
      const { options } = await api.get('/options', {
        query: { keys: keys.join(',') },
        schema: optionsResponseSchema,
        signal,
      });
      const values = Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;
      for (const o of options) if ((keys as readonly string[]).includes(o.key)) values[o.key as K] = o.value;
      return values;
    },
  });
}

/** PUT /options {options: [...]}: all values in one transaction; every options query reloads after. */
export function useSaveOptions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (options: Option[]) => api.put('/options', { json: { options } }),
    onSuccess: () => client.invalidateQueries({ queryKey: optionKeys.all }),
  });
}
