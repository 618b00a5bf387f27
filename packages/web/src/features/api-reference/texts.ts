import { defineTexts } from '@web/i18n';
import { apiReferenceMessages } from './messages.pl';

/** This feature's texts in the current language; imported only by the feature, so they load with its page. */
export const apiReferenceText = defineTexts(apiReferenceMessages);
