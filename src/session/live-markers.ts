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
    // Only the seam between chunks is joined (a marker split in two); the
    // chunk itself is searched in place, never copied.
    const seam = this.tail[key] + e.data.slice(0, this.marker.length - 1);
    if (e.data.includes(this.marker) || seam.includes(this.marker)) this.schedule();
    const keep = this.marker.length - 1;
    this.tail[key] = keep > 0 ? (this.tail[key] + e.data.slice(-keep)).slice(-keep) : '';
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
