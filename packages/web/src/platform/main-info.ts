import { mainInfoSchema } from '@zaplecze/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/platform/api';

/** GET / : isTest, loginInfo, version. Cached for the whole session. */
export function useMainInfo() {
  return useQuery({
    queryKey: ['main-info'],
    queryFn: ({ signal }) => api.get('/', { schema: mainInfoSchema, signal }),
    staleTime: Infinity,
  });
}
