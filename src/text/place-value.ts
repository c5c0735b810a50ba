/**
 * A place, as a pattern group: a path (config/app.yaml, /var/log/app,
 * tools/), a file or host name (app.yaml, staging.example.com) or a
 * numbered host (db-stage-02, web-01); not a version (20.11.1, v2.3.0) nor
 * a name with a number (UTF-8, GPT-4). After "is in", 在 or "moved to",
 * only a value of one of these shapes says where a thing is. The letters a
 * name needs are looked ahead for, not matched between two open runs: a
 * 20,000-character paste took 2 s that way.
 */
export const PLACE_VALUE =
  '((?:[\\w~@:.-]*/[\\w~@:./-]*)|(?:(?=[\\w-]*[A-Za-z]{2})[\\w-]+\\.[\\w.-]*\\w)|(?:[\\w-]*\\.(?=[\\w-]*[A-Za-z]{2})[\\w.-]+)|(?:[a-z][a-z0-9]*(?:-[a-z0-9]+)*-\\d{2,}(?![\\w-])))';

/** Cheap to test before the shapes that need a place: a sentence with none has no slash, dotted name or numbered host. */
export const PLACE_HINT = /[\w~]\/|\/[\w~]|\.[A-Za-z]{2}|[a-z]-\d{2}/i;
