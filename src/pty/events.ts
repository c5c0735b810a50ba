/**
 * One event type for everything a session produces (asciicast v2 codes),
 * plus 'a', which only a replay makes and no log holds: a full-screen
 * program's screen was entered ('h') or left ('l').
 */
export type EventCode = 'o' | 'i' | 'r' | 'm' | 'a';

export interface SessionEvent {
  /** Seconds since the session started. */
  t: number;
  code: EventCode;
  data: string;
}

/**
 * A consumer of session events. A sink that throws is reported once and
 * detached by its owner: the recorded program never dies because a sink failed.
 */
export interface Sink {
  event(e: SessionEvent): void;
  /** Push buffered data out; called at least once a second and at exit. */
  flush(): void;
  close(): void;
}
