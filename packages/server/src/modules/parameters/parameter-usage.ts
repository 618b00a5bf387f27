import type { UsageCheck } from '../reference-lists/list-definition';

/**
 * What still uses a parameter, checked before it is deleted.
 * EXTENSION POINT: the items issue adds "values on items" here (refuse with a Polish 409, or
 * drop the values in the same transaction instead, whichever that issue decides).
 */
export const PARAMETER_USAGE_CHECKS: readonly UsageCheck[] = [];
