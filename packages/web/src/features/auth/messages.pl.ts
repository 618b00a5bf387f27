/** Sign-in screen. */
export const authMessages = {
  title: 'Logowanie',
  heading: 'Zaloguj się',
  login: 'Login',
  loginPlaceholder: 'prefiks_użytkownik',
  password: 'Hasło',
  remember: 'Zapamiętaj logowanie',
  submit: 'Zaloguj',
  submitting: 'Logowanie...',
  noAccount: 'Nie masz konta?',
  registerLink: 'Zarejestruj firmę',
  testEnvironment: 'To jest środowisko testowe.',
  loginRequired: 'Podaj login.',
  passwordRequired: 'Podaj hasło.',
} as const;
