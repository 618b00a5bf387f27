import { describe, expect, it } from 'vitest';
import { redactMessage, redactSql, serializeError, withSerializedError } from './error-log';

describe('error log redaction', () => {
  it('takes values out of database and JavaScript messages, keeps names of database objects', () => {
    expect(redactMessage('duplicate key value violates unique constraint "users_login_key"')).toBe(
      'duplicate key value violates unique constraint "users_login_key"',
    );
    expect(redactMessage('null value in column "email" of relation "orders" violates not-null constraint')).toBe(
      'null value in column "email" of relation "orders" violates not-null constraint',
    );
    expect(redactMessage('invalid input syntax for type integer: "jan@x.pl"')).toBe(
      'invalid input syntax for type integer: "[redacted]"',
    );
    expect(redactMessage('value "600100200123" is out of range for type integer')).toBe(
      'value "[redacted]" is out of range for type integer',
    );
    expect(redactMessage('Key (email)=(jan@x.pl) already exists.')).toBe('Key (email)=([redacted]) already exists.');
    expect(redactMessage(`Unexpected token 'j', "jan@x.pl" is not valid JSON`)).toBe(
      `Unexpected token 'j', "[redacted]" is not valid JSON`,
    );
    expect(redactMessage("Cannot read properties of undefined (reading 'orderId')")).toBe(
      "Cannot read properties of undefined (reading 'orderId')",
    );
    expect(redactMessage("no such buyer 'Jan Kowalski'")).toBe("no such buyer '[redacted]'");
    expect(redactMessage('mail to jan.kowalski@example.pl failed')).toBe('mail to [redacted] failed');
    expect(redactMessage('phone +48 600 100 200, NIP 526-000-12-46')).toBe('phone [redacted], NIP [redacted]');
    // Short numbers (ids, ports, milliseconds, dates) stay.
    expect(redactMessage('order 12345 timed out after 30000 ms on 2026-11-27')).toBe(
      'order 12345 timed out after 30000 ms on 2026-11-27',
    );
  });

  it('keeps SQL text without its literals', () => {
    expect(redactSql(`select * from orders where email = 'jan@x.pl' and id = $1`)).toBe(
      `select * from orders where email = '?' and id = $1`,
    );
  });

  it('keeps class, codes and database names; never detail, parameters, bodies or other properties', () => {
    const err = Object.assign(new Error('duplicate key value violates unique constraint "orders_email_key"'), {
      code: '23505',
      constraint: 'orders_email_key',
      table: 'orders',
      detail: 'Key (email)=(jan@x.pl) already exists.',
      where: `SQL statement "insert into orders values ('jan@x.pl')"`,
      parameters: ['jan@x.pl'],
      body: { email: 'jan@x.pl' },
      query: `insert into orders (email) values ('jan@x.pl')`,
      cause: Object.assign(new Error('Key (phone)=(600100200)'), { values: ['600100200'] }),
    });
    const out = serializeError(err);
    expect(out).toMatchObject({
      type: 'Error',
      message: 'duplicate key value violates unique constraint "orders_email_key"',
      code: '23505',
      constraint: 'orders_email_key',
      table: 'orders',
      query: `insert into orders (email) values ('?')`,
      cause: { type: 'Error', message: 'Key (phone)=([redacted])' },
    });
    expect(out.stack).toMatch(/^Error: duplicate key value .*\n\s+at /);
    expect(JSON.stringify(out)).not.toMatch(/jan@x\.pl|600100200/);
    expect(JSON.stringify(withSerializedError({ err, orderId: 7 }))).not.toMatch(/jan@x\.pl|600100200/);
    expect(withSerializedError({ orderId: 7 })).toEqual({ orderId: 7 });
    expect(serializeError('jan@x.pl')).toEqual({ type: 'string', message: '[redacted]', stack: '' });
  });
});
