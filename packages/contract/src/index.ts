export * from './constants';
export * from './messages';
export * from './permissions';
export * from './rules';
export * from './schemas';
export * from './auth-status';
