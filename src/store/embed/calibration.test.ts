import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calibrate, calibratedThresholds, suggestThresholds, THRESHOLDS_FILE, type Range } from './calibration.js';
import { LexicalEmbedder } from './lexical.js';
import { chooseEmbedder } from './select.js';
import { writeTinyModel } from '../../../tests/helpers/tiny-model.js';

const r = (min: number, max: number, mean = (min + max) / 2): Range => ({ min, mean, max });

describe('threshold calibration', () => {
  it('reads the thresholds off the classes: update between paraphrase and restatement, merge above related, retrieval between relevant and other', () => {
    const t = suggestThresholds({ restated: r(0.95, 1), paraphrase: r(0.6, 0.85), related: r(0.2, 0.5), unrelated: r(-0.1, 0.1), query_relevant: r(0.5, 0.9), query_other_best: r(0.2, 0.4, 0.3) });
    expect(t).toEqual({ update: 0.9, merge: 0.52, retrieval: 0.4 });
    // Related pairs closer than the paraphrases: merge stays under update.
    expect(suggestThresholds({ restated: r(0.9, 1), paraphrase: r(0.5, 0.7), related: r(0.3, 0.85), unrelated: r(0, 0.1), query_relevant: r(0.5, 0.9), query_other_best: r(0.2, 0.4) })?.merge).toBe(0.79);
    expect(suggestThresholds({ restated: r(Number.NaN, Number.NaN), paraphrase: r(0.5, 0.7), related: r(0.3, 0.5), unrelated: r(0, 0.1), query_relevant: r(0.5, 0.9), query_other_best: r(0.2, 0.4) })).toBeUndefined();
  });

  it('orders the classes as expected for the lexical vectors', async () => {
    const c = await calibrate(new LexicalEmbedder());
    expect(c.classes.restated.min).toBeGreaterThan(c.classes.paraphrase.mean);
    expect(c.classes.paraphrase.mean).toBeGreaterThan(c.classes.unrelated.max);
    expect(c.thresholds && c.thresholds.merge < c.thresholds.update).toBe(true);
  });

  it("gives a pulled model the thresholds measured on it, and the built-in ones when its file is damaged", () => {
    const models = mkdtempSync(join(tmpdir(), 'cm-cal-'));
    const { dir } = writeTinyModel(models, 'tiny/cal');
    writeFileSync(join(dir, THRESHOLDS_FILE), JSON.stringify({ thresholds: { update: 0.81, merge: 0.6, retrieval: 0.33 } }));
    expect(chooseEmbedder(models, 'tiny/cal').embedder.thresholds).toEqual({ update: 0.81, merge: 0.6, retrieval: 0.33 });
    writeFileSync(join(dir, THRESHOLDS_FILE), '{"thresholds": {"update": 0.5, "merge": 0.9, "retrieval": 0.3}}');
    expect(calibratedThresholds(dir)).toBeUndefined();
    writeFileSync(join(dir, THRESHOLDS_FILE), 'not json');
    expect(chooseEmbedder(models, 'tiny/cal').embedder.thresholds).toEqual({ update: 0.92, merge: 0.8, retrieval: 0.72 });
  });
});
