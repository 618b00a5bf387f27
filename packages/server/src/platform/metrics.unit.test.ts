import { describe, expect, it } from 'vitest';
import { metricsAuthorized, statementKind } from './metrics';

describe('metrics', () => {
  it('names a statement by its first keyword only, never by its text', () => {
    expect(statementKind('select "id" from "items" where "name" = ?')).toBe('select');
    expect(statementKind('/*rows:array*/ SELECT 1')).toBe('select');
    expect(statementKind('  insert into jobs ...')).toBe('insert');
    expect(statementKind('begin immediate')).toBe('begin');
    expect(statementKind('with a as (select 1) update jobs set ...')).toBe('with');
    expect(statementKind('pragma optimize = 0x10002')).toBe('other');
    expect(statementKind('')).toBe('other');
  });

  it('takes only the configured token as a Bearer, or anything when none is configured', () => {
    const config = { metricsToken: 'a1b2c3d4e5f6a7b8c9d0' };
    expect(metricsAuthorized(config, 'Bearer a1b2c3d4e5f6a7b8c9d0')).toBe(true);
    expect(metricsAuthorized(config, 'bearer   a1b2c3d4e5f6a7b8c9d0')).toBe(true);
    expect(metricsAuthorized(config, 'Bearer a1b2c3d4e5f6a7b8c9d1')).toBe(false);
    expect(metricsAuthorized(config, 'Bearer a1b2c3d4e5f6a7b8c9d0x')).toBe(false);
    expect(metricsAuthorized(config, 'Basic a1b2c3d4e5f6a7b8c9d0')).toBe(false);
    expect(metricsAuthorized(config, 'a1b2c3d4e5f6a7b8c9d0')).toBe(false);
    expect(metricsAuthorized(config, undefined)).toBe(false);
    expect(metricsAuthorized({ metricsToken: undefined }, undefined)).toBe(true);
  });
});
