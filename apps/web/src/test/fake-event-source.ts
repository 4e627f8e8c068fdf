import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Stands in for the browser's `EventSource` (the network boundary of the live stream, like the
 * fake `fetch`): the test opens it, pushes messages and drops it.
 */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readonly withCredentials: boolean;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, Set<(event: MessageEvent<string>) => void>>();

  constructor(url: string, init?: EventSourceInit) {
    this.url = url;
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.closed = true;
  }

  open(): void {
    act(() => this.onopen?.());
  }

  /** An event as the server writes it: `event: <type>` and one `data:` JSON line. */
  push(data: unknown, type = 'message'): void {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    act(() => this.listeners.get(type)?.forEach((listener) => listener(event)));
  }

  drop(): void {
    act(() => this.onerror?.());
  }
}

/** Installs {@link FakeEventSource} as the global `EventSource`; returns the live instances. */
export function fakeEventSource(): FakeEventSource[] {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource.instances;
}

/** The one stream still open (the screen's). */
export function openStream(instances: FakeEventSource[]): FakeEventSource {
  const open = instances.filter((source) => !source.closed);
  if (open.length !== 1) throw new Error(`expected one open stream, found ${open.length}`);
  return open[0]!;
}
