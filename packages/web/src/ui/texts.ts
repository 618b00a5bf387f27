import { defineTexts } from '@web/i18n';
import { uiMessages } from './messages.pl';

/** The texts of ui/ in the current language. */
export const uiText = defineTexts(uiMessages);
