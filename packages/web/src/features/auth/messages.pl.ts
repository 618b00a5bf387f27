import { appMessages } from '@web/platform/messages.pl';

// Route titles live in the eager app catalogue (the route table needs them before this chunk).
const titles = appMessages.titles;

/** Sign-in screen. */
export const authMessages = {
  title: titles.login,
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
  captcha: 'Kod z obrazka',
  captchaRequired: 'Przepisz kod z obrazka.',
  captchaError: 'Błąd pobierania obrazu kodu captcha!',
} as const;
