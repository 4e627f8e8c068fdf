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
  onmessage: ((event: MessageEvent<string>) => void) | null = null;

  constructor(url: string, init?: EventSourceInit) {
    this.url = url;
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  close(): void {
    this.closed = true;
  }

  open(): void {
    act(() => this.onopen?.());
  }

  push(data: unknown): void {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) })));
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
