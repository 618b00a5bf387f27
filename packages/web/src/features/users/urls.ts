/** Typed URL builders of the users screens (docs/ARCHITECTURE.md, url-state/). */
export const usersUrl = '/users';

/** The edit page of a user; 0 opens the create form. */
export function userUrl(id: number): string {
  return `/users/${id}`;
}

export const newUserUrl = userUrl(0);
