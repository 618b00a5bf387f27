export { useUrlState, type UrlState, type UseUrlStateOptions } from './useUrlState';
export { readUrlState, urlDefaults, writeUrlState, type Normalize } from './url-state';
