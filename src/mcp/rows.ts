/**
 * Pure: memories as the MCP tools show them. Progressive disclosure: an
 * index row first (about 50 tokens: id, type, date, agent, score, the first
 * line cut near 80 characters), the full record only when asked for by id.
 */
import type { Memory } from '../store/index.js';

export const ROW_TEXT_CHARS = 80;

export const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

function firstLine(text: string): string {
  const line = (text.split('\n').find((l) => l.trim()) ?? '').trim();
  const chars = [...line];
  if (chars.length <= ROW_TEXT_CHARS) return line;
  // Cut at a space near the limit, so a word (a command, a path) is not split when it can be helped.
  const cut = chars.slice(0, ROW_TEXT_CHARS).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > ROW_TEXT_CHARS * 0.6 ? cut.slice(0, space) : cut}…`;
}

export function indexRow(m: Memory, score?: number): string {
  const parts = [m.id, m.type, day(m.createdAt), m.agent || '-'];
  if (score !== undefined) parts.push(score.toFixed(2));
  return `${parts.join(' · ')} · ${firstLine(m.text)}`;
}

export function sessionRow(s: { id: string; startedAt: number; agent: string; summary: string }): string {
  return `session ${s.id} · ${day(s.startedAt)} · ${s.agent || '-'} · ${firstLine(s.summary || '(no summary)')}`;
}

/** The whole memory, for `get`. */
export function fullRecord(m: Memory, sessionSummary: string | undefined): string {
  const lines = [
    `id: ${m.id}`,
    `type: ${m.type}`,
    `status: ${m.status}${m.supersededBy ? ` (superseded by ${m.supersededBy})` : ''}`,
    `created: ${new Date(m.createdAt).toISOString()}`,
    `last used: ${new Date(m.lastAccessedAt).toISOString()}`,
    `heat: ${m.heat.toFixed(2)}`,
    `agent: ${m.agent || '-'}`,
    `dir: ${m.dir || '(global)'}`,
    `session: ${m.sessionId ?? '-'}`,
    `source: ${m.source ?? '-'}`,
    `text: ${m.text}`,
  ];
  if (m.subject) {
    const span = m.validTo === null ? `current since ${day(m.createdAt)}` : `true ${day(m.createdAt)} to ${day(m.validTo)}, then replaced`;
    lines.splice(3, 0, `subject: ${m.subject} = ${m.value || '?'} (${span})`);
  }
  if (m.supplement) lines.push(`supplement: ${m.supplement}`);
  if (sessionSummary) lines.push(`session summary: ${sessionSummary}`);
  return lines.join('\n');
}
