import { parameterSchema, parametersResponseSchema, type ParameterInput } from '@zaplecze/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/platform/api';

/**
 * Query keys of the parameters resource; `all` is the prefix every change invalidates (a
 * category save refreshes it too, see data/trees.api.ts).
 */
/** What the parameter list is filtered by (the parameters screen keeps it in its URL). */
export interface ParameterCriteria {
  /** undefined: every parameter; -1: the main (global) ones; otherwise a category id. */
  catId?: number | undefined;
  /** Only the parameters of exactly this category. */
  isCatStrict: boolean;
}

export const parameterKeys = {
  all: ['parameters'] as const,
  list: (c: ParameterCriteria) => [...parameterKeys.all, 'list', c.catId ?? null, c.isCatStrict] as const,
  detail: (id: number) => [...parameterKeys.all, 'detail', id] as const,
};

/** GET /parameters?catId=&isCatStrict= (catId -1 = main parameters; non-strict adds ancestors and main ones). */
export function useParameters(c: ParameterCriteria) {
  return useQuery({
    queryKey: parameterKeys.list(c),
    queryFn: async ({ signal }) =>
      (
        await api.get('/parameters', {
          query: c.catId === undefined ? undefined : { catId: c.catId, isCatStrict: c.isCatStrict },
          schema: parametersResponseSchema,
          signal,
        })
      ).params,
  });
}

/** GET /parameters?id=N; not run for id 0 (the create form). */
export function useParameter(id: number) {
  return useQuery({
    queryKey: parameterKeys.detail(id),
    queryFn: ({ signal }) => api.get('/parameters', { query: { id }, schema: parameterSchema, signal }),
    enabled: id > 0,
  });
}

export type ParameterSave = ParameterInput & { id?: number };

/** POST (no id) or PUT (with id) /parameters. */
export function useSaveParameter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ParameterSave) =>
      body.id === undefined
        ? api.post('/parameters', { json: body, schema: parameterSchema })
        : api.put('/parameters', { json: body, schema: parameterSchema }),
    onSuccess: (saved) => {
      client.setQueryData(parameterKeys.detail(saved.id), saved);
      return client.invalidateQueries({ queryKey: parameterKeys.all });
    },
  });
}

/** DELETE /parameters?id=N. */
export function useDeleteParameter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/parameters', { query: { id } }),
    onSuccess: (_: unknown, id: number) => {
      client.removeQueries({ queryKey: parameterKeys.detail(id) });
      return client.invalidateQueries({ queryKey: parameterKeys.all });
    },
  });
}
