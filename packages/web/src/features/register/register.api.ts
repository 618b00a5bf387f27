import { countriesResponseSchema, registerResponseSchema, registerTextSchema } from '@zaplecze/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@web/platform/api';
import { toRegisterForm, type RegisterPayload } from './register-form';

export const registerKeys = {
  info: ['register', 'info'] as const,
  countries: ['data', 'countries'] as const,
};

/** GET /register: whether registration is open, and the server's text when it is not. */
export function useRegisterInfo() {
  return useQuery({
    queryKey: registerKeys.info,
    queryFn: ({ signal }) => api.get('/register', { schema: registerTextSchema, signal }),
    staleTime: 0,
    retry: false,
  });
}

/** GET /data/countries: PL first, then the rest by Polish name. */
export function useCountries() {
  return useQuery({
    queryKey: registerKeys.countries,
    queryFn: ({ signal }) => api.get('/data/countries', { schema: countriesResponseSchema, signal }),
    select: (data) => data.countries,
    staleTime: Infinity,
  });
}

/** POST /register (form) with the registration payload; answers the administrator's login. */
export function useRegisterMutation() {
  return useMutation({
    mutationFn: (payload: RegisterPayload) =>
      api.post('/register', { form: toRegisterForm(payload), schema: registerResponseSchema }),
  });
}
