import { defineTexts } from '@web/i18n';
import { pluginMessages } from './messages.pl';

/** The plugin platform's texts in the current language (shell chunk and plugin pages only). */
export const pluginText = defineTexts(pluginMessages);
