// Injected faults: an ordered list, first match wins, `times` counts down to removal.
import type { EndpointName } from '../api/endpoints.js';
import type { Fault } from './types.js';

/** The fault list behind `handle.faults`. */
export class FaultList {
  private entries: { fault: Fault; remaining: number }[] = [];

  /** Adds a fault after those already injected; without `times` it lasts until clear(). */
  inject(fault: Fault): void {
    this.entries.push({ fault: structuredClone(fault), remaining: fault.times ?? Number.POSITIVE_INFINITY });
  }

  clear(): void {
    this.entries = [];
  }

  /** The first fault matching this endpoint, consuming one of its uses; undefined when none applies. */
  take(endpoint: EndpointName): Fault | undefined {
    const index = this.entries.findIndex((e) => e.fault.endpoint === '*' || e.fault.endpoint === endpoint);
    if (index < 0) return undefined;
    const entry = this.entries[index]!;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.entries.splice(index, 1);
    return entry.fault;
  }
}
