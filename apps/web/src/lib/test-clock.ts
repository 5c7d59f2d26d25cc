import type { Candle } from '@nexa/contract';
import type { Cancel, Schedule } from './async';

/** For tests: timers on a clock moved by hand (`advance` runs what falls due, in time order). */
export class ManualClock {
  ms = 0;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;
  schedule: Schedule = (fn, delay) => {
    const id = this.nextId++;
    this.timers.push({ at: this.ms + delay, fn, id });
    const cancel: Cancel = () => {
      this.timers = this.timers.filter((t) => t.id !== id);
    };
    return cancel;
  };
  now = () => this.ms;
  advance(delay: number) {
    const end = this.ms + delay;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t.id !== due.id);
      this.ms = due.at;
      due.fn();
    }
    this.ms = end;
  }
  pending() {
    return this.timers.length;
  }
}

/** For tests: a candle whose open, high, low and close are one price. */
export const flatCandle = (openTime: number, close: string): Candle => ({
  openTime,
  open: close,
  high: close,
  low: close,
  close,
  volume: '1',
  turnover: '1',
});
