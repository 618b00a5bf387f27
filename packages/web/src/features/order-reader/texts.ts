import { defineTexts } from '@web/i18n';
import { orderReaderMessages } from './messages.pl';

/** This feature's texts in the current language; imported only by the feature, so they load with its pages. */
export const orderReaderText = defineTexts(orderReaderMessages);
