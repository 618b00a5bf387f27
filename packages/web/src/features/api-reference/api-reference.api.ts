import { openApiDocumentSchema } from '@zaplecze/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/platform/api';

/** GET /openapi.json: the document does not change while the server runs. */
export function useOpenApiDocument() {
  return useQuery({
    queryKey: ['openapi'],
    queryFn: ({ signal }) => api.get('/openapi.json', { schema: openApiDocumentSchema, signal }),
    staleTime: Infinity,
  });
}
