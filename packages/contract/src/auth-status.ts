/** Auth status of the web app (docs/rules/platform-rules.md §4). */
export const AuthStatus = {
  unauthorized: 0,
  checking: 10,
  failed: 20,
  authorized: 30,
} as const;
export type AuthStatus = (typeof AuthStatus)[keyof typeof AuthStatus];
