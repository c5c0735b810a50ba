/**
 * A wrapped session's life: start the CLI under a pseudo-terminal with the
 * block handed over the way it accepts it (launch.ts), record what happens
 * (recording.ts), catch the markers while it runs (live-markers.ts), and
 * start the distill when it ends (run-wrapped.ts). It uses the library core
 * (../memory/) and starts work in ../background/; nothing here is imported
 * by either.
 */
export { runWrapped, SESSION_ENV, type RunOptions } from './run-wrapped.js';
export { prepareInjection, handOverArgs, type PreparedInjection } from './launch.js';
