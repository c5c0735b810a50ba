import type { SessionEvent } from '../pty/events.js';

/** Wait for the rest of the line (and a flush) before processing a marker. */
const MARKER_SETTLE_MS = 1200;

/**
 * Notices the explicit "remember this" marker while the session is still
 * running, in recorded input or in output, and asks for it to be processed
 * at once. Only a cheap substring check runs here; the real parsing happens
 * in the background process the callback starts.
 */
export class LiveMarkers {
  private tail = { i: '', o: '' };
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly marker: string,
    private readonly onMarker: () => void,
  ) {}

  event(e: SessionEvent): void {
    if (e.code !== 'i' && e.code !== 'o') return;
    const key = e.code;
    const text = this.tail[key] + e.data;
    // Keep just enough to catch a marker split across chunks.
    this.tail[key] = text.slice(-(this.marker.length - 1) || text.length);
    if (text.includes(this.marker)) this.schedule();
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.onMarker();
    }, MARKER_SETTLE_MS);
    this.timer.unref();
  }
}
