import { describe, expect, it } from 'vitest';
import { statementOf } from './statement.js';
import { classify } from '../distill/classify.js';
import { FROM_NOW, STANDING_LEAD } from './standing-lead.js';

describe('leads that say a thing holds from now on, one list for both readers', () => {
  it('are read past by the English statement shapes, whichever lead it is', () => {
    for (const lead of ['From now on,', 'Going forward', 'In the future,', 'Starting today,', 'From here on']) {
      expect(statementOf(`${lead} the staging port is 8443`)?.value, lead).toBe('8443');
    }
    expect('From now on, the port is 1'.replace(FROM_NOW, '')).toBe('the port is 1');
    // Only as a lead: in the middle of a sentence it is a word like any other.
    expect('we said from now on'.replace(FROM_NOW, '')).toBe('we said from now on');
  });

  it('make a marker a standing instruction in both languages', () => {
    for (const s of ['starting today, answer in English', 'in the future answer briefly', '从今天起回答用中文', '往后回答都简短一点']) expect(STANDING_LEAD.test(s), s).toBe(true);
    expect(classify('starting today, answer in English', 'explicit')).toBe('global');
    expect(STANDING_LEAD.test('the future of the api')).toBe(false);
  });
});
