import { describe, expect, it } from 'vitest';
import { isRefusedProposal } from './refused.js';

describe('a refused proposal', () => {
  it('puts a change forward and turns it down, in either language', () => {
    expect(isRefusedProposal("Someone floated sending deploys through the green cluster, but we're not doing that")).toBe(true);
    expect(isRefusedProposal('We discussed moving the dev server to port 4000 but decided against it')).toBe(true);
    expect(isRefusedProposal('The proposal to raise the pool size to 80 was turned down by ops.')).toBe(true);
    expect(isRefusedProposal('有人提议把预览端口改成 9090，被否决了')).toBe(true);
  });

  it('is not a lesson, a rule or a decision taken', () => {
    expect(isRefusedProposal('We tried Redis for the session cache, it failed under load')).toBe(false);
    expect(isRefusedProposal("After we discussed it, we won't deploy on Fridays anymore")).toBe(false);
    expect(isRefusedProposal('We considered Postgres but went with MySQL 8')).toBe(false);
    expect(isRefusedProposal('The staging pool size was rejected by the linter at 500')).toBe(false);
    expect(isRefusedProposal('预览端口改成 9090 了')).toBe(false);
  });
});
