/**
 * Key events: words that mark a decision made or something finished. A
 * sentence holding one is a conclusion worth keeping.
 */
export const SIGNALS_ZH = [
  '修复了', '已修复', '修好了', '决定使用', '决定用', '决定', '不需要再改', '不用再改', '改为', '改成', '已确认', '确认了', '根本原因', '原因是',
  '结论', '以后', '今后', '从现在起', '统一使用', '统一用', '约定', '必须', '不要', '禁止', '不能', '记住', '注意', '完成了', '已完成', '测试命令',
  '构建命令', '启动命令', '采用',
];
export const SIGNALS_EN = [
  'fixed', 'decided to', 'decided on', "we'll use", 'we will use', 'going to use', 'root cause', 'from now on', 'going forward', 'always use',
  'never ', 'must not', 'must be', "don't", 'do not', 'should not', 'turned out', 'the issue was', 'the problem was', 'resolved', 'switched to',
  'migrated to', 'the fix', 'conclusion', 'confirmed', 'is now', 'are now', 'no longer', 'test command', 'build command', 'run the tests with',
  'tests run with', 'convention', 'remember that', 'note that', 'instead of',
];

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const EN_RE = new RegExp(`\\b(?:${SIGNALS_EN.map((s) => escapeRe(s.trim())).join('|')})\\b`, 'i');

export function hasSignal(sentence: string): boolean {
  if (SIGNALS_ZH.some((s) => sentence.includes(s))) return true;
  return EN_RE.test(sentence);
}
