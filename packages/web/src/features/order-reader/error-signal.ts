import { useEffect, useRef } from 'react';

let audio: AudioContext | undefined;

/**
 * A short low beep (two 120 ms tones) through Web Audio: no sound file to load. Browsers allow
 * audio after a user gesture; a scanner's keystrokes are one. Silently nothing where unsupported.
 */
export function beep(): void {
  try {
    audio ??= new AudioContext();
    const ctx = audio;
    void ctx.resume();
    for (const [at, hz] of [
      [0, 440],
      [0.16, 330],
    ] as const) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'square';
      osc.frequency.value = hz;
      gain.gain.value = 0.08;
      osc.connect(gain).connect(ctx.destination);
      osc.start(ctx.currentTime + at);
      osc.stop(ctx.currentTime + at + 0.12);
    }
  } catch {
    // no audio on this device: the flash alone signals the error
  }
}

/** Beeps (when `sound` is on) each time `errors` grows: a new red row of the log. */
export function useErrorSound(errors: number, sound: boolean): void {
  const seen = useRef(errors);
  useEffect(() => {
    if (errors > seen.current && sound) beep();
    seen.current = errors;
  }, [errors, sound]);
}
