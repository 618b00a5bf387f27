import { describe, expect, it } from 'vitest';
import { backoffMs } from '../../platform/jobs';
import { mailConfigured, OUTBOX_BACKOFF, redactSecrets } from './outbox';

describe('the mail outbox rules', () => {
  it('never lets the SMTP password into an error text', () => {
    const url = 'smtps://faktury:Tajne%2FHaslo-99@mail.example.pl:465';
    expect(redactSecrets('Invalid login for smtps://faktury:Tajne%2FHaslo-99@mail.example.pl', url)).toBe(
      'Invalid login for smtps://***@mail.example.pl',
    );
    expect(redactSecrets('auth failed: Tajne/Haslo-99 rejected', url)).toBe('auth failed: *** rejected');
    expect(redactSecrets('x'.repeat(5000), url)).toHaveLength(1000);
  });

  it('retries after 30 s, doubling, at most an hour apart (each delay jittered into its upper half)', () => {
    const longest = (attempts: number) => backoffMs(attempts, OUTBOX_BACKOFF, () => 1);
    const shortest = (attempts: number) => backoffMs(attempts, OUTBOX_BACKOFF, () => 0);
    expect([1, 2, 3, 4].map(longest)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect([1, 2, 3, 4].map(shortest)).toEqual([15_000, 30_000, 60_000, 120_000]);
    expect(longest(50)).toBe(3_600_000);
  });

  it('needs both SMTP_URL and MAIL_FROM', () => {
    expect(mailConfigured({ smtpUrl: 'smtp://localhost', mailFrom: undefined })).toBe(false);
    expect(mailConfigured({ smtpUrl: undefined, mailFrom: 'a@b.pl' })).toBe(false);
    expect(mailConfigured({ smtpUrl: 'smtp://localhost', mailFrom: 'a@b.pl' })).toBe(true);
  });
});
