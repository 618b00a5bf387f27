import { APP_NAME } from '@zaplecze/contract';
import { pl } from '@web/i18n';
import { MSG } from '../../packages/server/src/platform/messages.pl';

/** The web app's Polish catalogue: tests find elements by the texts users see. */
export const t = pl;
/** The server's Polish messages (errors shown on forms and in toasts). */
export const serverMsg = MSG;

/** The document title of a route: its titles (innermost first) and the app name. */
export function pageTitle(...titles: string[]): string {
  return [...titles, APP_NAME].join(' - ');
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
