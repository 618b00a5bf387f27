import { describe, expect, it } from 'vitest';
import { NotReady, Readiness, type ReadinessCheck } from './readiness';

/** A check whose runs are counted and settle when the test says. */
function controlled(name: string, extra: Partial<ReadinessCheck> = {}) {
  const runs: { resolve(): void; reject(err: Error): void }[] = [];
  const check: ReadinessCheck = {
    name,
    failedText: `${name} nie działa`,
    okForMs: 0,
    run: () => new Promise<void>((resolve, reject) => runs.push({ resolve, reject })),
    ...extra,
  };
  return { check, runs };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('readiness', () => {
  it('lets concurrent probes share one run of each check', async () => {
    const db = controlled('database');
    const r = new Readiness([db.check]);
    const probes = Array.from({ length: 20 }, () => r.check());
    await tick();
    expect(db.runs).toHaveLength(1);
    db.runs[0]!.resolve();
    expect(await Promise.all(probes)).toEqual(Array(20).fill({ ready: true }));
  });

  it("reports a failure with the check's text, or a NotReady's own, in the checks' order", async () => {
    const r = new Readiness([
      { name: 'a', failedText: 'A nie działa', okForMs: 0, run: () => Promise.reject(new Error('ECONNREFUSED')) },
      { name: 'b', failedText: 'B', okForMs: 0, run: () => Promise.reject(new NotReady('brakuje migracji 0030')) },
      { name: 'c', failedText: 'C', okForMs: 0, run: () => Promise.resolve() },
    ]);
    const answer = await r.check();
    expect(answer.ready).toBe(false);
    if (answer.ready) return;
    expect(answer.failed.map((f) => [f.name, f.text])).toEqual([
      ['a', 'A nie działa'],
      ['b', 'brakuje migracji 0030'],
    ]);
    expect(String(answer.failed[0]!.cause)).toContain('ECONNREFUSED');
  });

  it('believes a pass for okForMs, never a failure', async () => {
    let now = 0;
    let runs = 0;
    let fail = true;
    const r = new Readiness(
      [
        {
          name: 'storage',
          failedText: 'nie',
          okForMs: 1000,
          run: async () => {
            runs++;
            if (fail) throw new Error('EROFS');
          },
        },
      ],
      2000,
      () => now,
    );
    expect((await r.check()).ready).toBe(false);
    expect((await r.check()).ready).toBe(false);
    expect(runs).toBe(2);
    fail = false;
    expect((await r.check()).ready).toBe(true);
    fail = true;
    now = 999;
    expect((await r.check()).ready).toBe(true);
    expect(runs).toBe(3);
    now = 1000;
    expect((await r.check()).ready).toBe(false);
    expect(runs).toBe(4);
  });

  it('does not run a check whose prerequisite failed, nor report it', async () => {
    let migrationRuns = 0;
    const r = new Readiness([
      { name: 'database', failedText: 'baza', okForMs: 0, run: () => Promise.reject(new Error('down')) },
      {
        name: 'migrations',
        failedText: 'migracje',
        okForMs: Infinity,
        needs: 'database',
        run: async () => void migrationRuns++,
      },
    ]);
    const answer = await r.check();
    expect(answer).toMatchObject({ ready: false, failed: [{ name: 'database' }] });
    expect(migrationRuns).toBe(0);
  });

  it('fails a check that does not settle in time, and waits for that same run at the next probe', async () => {
    const db = controlled('database', { failedText: 'baza danych nie odpowiada' });
    const r = new Readiness([db.check], 30);
    const first = await r.check();
    expect(first).toMatchObject({
      ready: false,
      failed: [{ name: 'database', text: 'baza danych nie odpowiada (brak odpowiedzi w ciągu 0.03 s)' }],
    });
    const second = r.check();
    await tick();
    // The stalled run is waited for again: no second statement piles up on the pool.
    expect(db.runs).toHaveLength(1);
    db.runs[0]!.resolve();
    expect(await second).toEqual({ ready: true });
    const third = r.check();
    await tick();
    expect(db.runs).toHaveLength(2);
    db.runs[1]!.resolve();
    expect(await third).toEqual({ ready: true });
  });

  it('answers not ready at once when the process begins to stop', async () => {
    const db = controlled('database');
    const r = new Readiness([db.check]);
    r.stopping = true;
    expect(await r.check()).toEqual({ ready: false, failed: [{ name: 'shutdown', text: '' }] });
    expect(db.runs).toHaveLength(0);
  });
});
