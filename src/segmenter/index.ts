export { segmentSession, SegmentStream } from './stream.js';
export { markerText, type Segment, type Turn, type TextLine, type InputEvent, type SegmentOptions } from './segment.js';
export { LineEditor, type Submitted } from './line-editor.js';
export { cleanLine, isChrome } from './chrome.js';
