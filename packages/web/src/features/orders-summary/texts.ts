import { defineTexts } from '@web/i18n';
import { ordersSummaryMessages } from './messages.pl';

/** This feature's texts in the current language; imported only by the feature, so they load with its pages. */
export const ordersSummaryText = defineTexts(ordersSummaryMessages);
