import {
  idQuerySchema,
  profileUpdateSchema,
  userCreateSchema,
  userSchema,
  usersResponseSchema,
  userUpdateSchema,
} from '@zaplecze/contract';
import { z } from 'zod';
import { NO_CONTENT, route } from '../../platform/route';
import * as users from './users.service';

const listQuery = z.object({ id: idQuerySchema.shape.id.optional() });

/**
 * Users and the own profile. Every change is session-only (docs/decisions.md, API tokens): an API
 * token reads users but never creates, changes or removes one, nor a password or permissions.
 */
export const usersRoutes = [
  route({
    method: 'GET',
    url: '/users',
    access: 'authenticated',
    summary: 'Użytkownicy organizacji albo jeden (?id=)',
    response: z.union([userSchema, usersResponseSchema]),
    query: listQuery,
    handler: async (ctx, { query }) =>
      query.id ? users.getUser(ctx, query.id) : { users: await users.listUsers(ctx) },
  }),
  route({
    method: 'GET',
    url: '/users/:id',
    access: 'authenticated',
    summary: 'Jeden użytkownik',
    response: userSchema,
    params: idQuerySchema,
    handler: (ctx, { params }) => users.getUser(ctx, params.id),
  }),
  route({
    method: 'POST',
    url: '/users',
    access: 'main.users.edit',
    sessionOnly: true,
    summary: 'Nowy użytkownik',
    response: userSchema,
    body: userCreateSchema,
    handler: (ctx, { body }) => users.createUser(ctx, body),
  }),
  // Editing oneself needs no permission; the service demands main.users.edit for anyone else.
  route({
    method: 'PUT',
    url: '/users',
    access: 'authenticated',
    sessionOnly: true,
    summary: 'Zmiana użytkownika',
    response: userSchema,
    docs: { description: 'Zmiana innego użytkownika niż siebie wymaga uprawnienia `main.users.edit`.' },
    body: userUpdateSchema,
    handler: (ctx, { body }) => users.updateUser(ctx, body),
  }),
  route({
    method: 'DELETE',
    url: '/users',
    access: 'main.users.edit',
    sessionOnly: true,
    summary: 'Usunięcie użytkownika',
    response: NO_CONTENT,
    query: idQuerySchema,
    handler: (ctx, { query }) => users.deleteUser(ctx, query.id),
  }),
  route({
    method: 'GET',
    url: '/profile',
    access: 'authenticated',
    summary: 'Profil zalogowanego użytkownika',
    response: userSchema,
    handler: (ctx) => users.getUser(ctx, ctx.user.id),
  }),
  route({
    method: 'PUT',
    url: '/profile',
    access: 'authenticated',
    sessionOnly: true,
    summary: 'Zmiana własnego profilu',
    response: userSchema,
    body: profileUpdateSchema,
    handler: (ctx, { body }) => users.updateProfile(ctx, body),
  }),
];
