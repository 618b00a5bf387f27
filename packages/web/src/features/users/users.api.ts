import {
  orgApiTokensSchema,
  permissionsInfoResponseSchema,
  userSchema,
  usersResponseSchema,
  type ProfileUpdate,
  type User,
  type UserCreate,
  type UserUpdate,
} from '@zaplecze/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/platform/api';

/** Query keys of the users resource; `all` is the prefix every change invalidates. */
export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
};

/** Names and descriptions of permissions do not change while the app runs. */
export const permissionsInfoKey = ['permissions-info'] as const;

/** GET /users: every user of the organisation. */
export function useUsers() {
  return useQuery({
    queryKey: userKeys.list(),
    queryFn: async ({ signal }) => (await api.get('/users', { schema: usersResponseSchema, signal })).users,
  });
}

/** GET /users?id=N; not run for id 0 (the create form). */
export function useUser(id: number) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => api.get('/users', { query: { id }, schema: userSchema, signal }),
    enabled: id > 0,
  });
}

/** GET /data/permissions_info: sections and permissions with Polish names and descriptions. */
export function usePermissionsInfo() {
  return useQuery({
    queryKey: permissionsInfoKey,
    queryFn: ({ signal }) => api.get('/data/permissions_info', { schema: permissionsInfoResponseSchema, signal }),
    staleTime: Infinity,
  });
}

/** Every change to a user (profile saves included) refreshes the list and the details. */
function useInvalidateUsers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: userKeys.all });
}

/** POST /users. */
export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: UserCreate) => api.post('/users', { json: body, schema: userSchema }),
    onSuccess: invalidate,
  });
}

/** PUT /users. */
export function useUpdateUser() {
  const client = useQueryClient();
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: UserUpdate) => api.put('/users', { json: body, schema: userSchema }),
    onSuccess: (user: User) => {
      client.setQueryData(userKeys.detail(user.id), user);
      return invalidate();
    },
  });
}

/** DELETE /users?id=N. */
export function useDeleteUser() {
  const client = useQueryClient();
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: number) => api.delete('/users', { query: { id } }),
    onSuccess: (_: unknown, id: number) => {
      client.removeQueries({ queryKey: userKeys.detail(id) });
      return invalidate();
    },
  });
}

/** PUT /profile: the signed-in user's own data. */
export function useUpdateProfile() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => api.put('/profile', { json: body, schema: userSchema }),
    onSuccess: invalidate,
  });
}

/** Query key of one user's API tokens as a user manager sees them (under `userKeys.all`). */
export const userApiTokensKey = (userId: number) => [...userKeys.all, 'api-tokens', userId] as const;

/** GET /api_tokens?userId=N: a user's API tokens (user managers only); not run when `enabled` is false. */
export function useUserApiTokens(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: userApiTokensKey(userId),
    queryFn: async ({ signal }) =>
      (await api.get('/api_tokens', { query: { userId }, schema: orgApiTokensSchema, signal })).tokens,
    enabled: enabled && userId > 0,
  });
}

/** DELETE /api_tokens?id=N: a user manager revokes a token of the organisation. */
export function useRevokeUserApiToken(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/api_tokens', { query: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userApiTokensKey(userId) }),
  });
}
