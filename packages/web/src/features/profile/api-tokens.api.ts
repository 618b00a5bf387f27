import {
  apiTokenCreatedSchema,
  ownApiTokensSchema,
  type ApiTokenCreate,
  type ApiTokenCreated,
} from '@zaplecze/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/platform/api';

/** Query key of the signed-in user's API tokens. */
export const ownApiTokensKey = ['profile', 'api-tokens'] as const;

/** GET /profile/api_tokens: own tokens (never the tokens themselves) and the permissions a new one may carry. */
export function useOwnApiTokens() {
  return useQuery({
    queryKey: ownApiTokensKey,
    queryFn: ({ signal }) => api.get('/profile/api_tokens', { schema: ownApiTokensSchema, signal }),
  });
}

/** POST /profile/api_tokens: answers the new token, shown once. */
export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreate): Promise<ApiTokenCreated> =>
      api.post('/profile/api_tokens', { json: body, schema: apiTokenCreatedSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ownApiTokensKey }),
  });
}

/** DELETE /profile/api_tokens?id=N: the token stops working at once. */
export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/profile/api_tokens', { query: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ownApiTokensKey }),
  });
}
