import type { SessionEvent } from '../pty/events.js';
import { markersOf } from '../text/markers.js';

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

  private readonly markers: string[];
  private readonly longest: number;

  constructor(
    marker: string,
    private readonly onMarker: () => void,
  ) {
    this.markers = markersOf(marker);
    this.longest = Math.max(0, ...this.markers.map((m) => m.length));
  }

  event(e: SessionEvent): void {
    if (e.code !== 'i' && e.code !== 'o') return;
    const key = e.code;
    // Only the seam between chunks is joined (a marker split in two); the
    // chunk itself is searched in place, never copied.
    const seam = this.tail[key] + e.data.slice(0, this.longest - 1);
    if (this.markers.some((m) => e.data.includes(m) || seam.includes(m))) this.schedule();
    const keep = this.longest - 1;
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
