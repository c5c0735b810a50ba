import type { Command } from 'commander';

/** Two or three examples at the end of each command's --help, as gh and llm do. */
const EXAMPLES: Record<string, string[]> = {
  run: ['claude-mem run claude', 'claude-mem run -- codex --model o3', 'alias claude="claude-mem run claude"   # every session, with memory'],
  query: ['claude-mem query "test command"', 'claude-mem query 日志格式 --type project', 'claude-mem query "preview port" --as-of 2026-11-01   # what it was then'],
  list: ['claude-mem list', 'claude-mem list --type project', 'claude-mem list --history "preview port"   # its values over time'],
  remember: ['claude-mem remember "tests run with pytest -q from the repo root"', 'claude-mem remember --type global "I prefer answers in Chinese"', 'git log -1 --format=%B | claude-mem remember -'],
  forget: ['claude-mem list            # find the id', 'claude-mem forget 12', 'claude-mem forget --scrub-logs g3   # also from the raw session logs'],
  status: ['claude-mem status', 'claude-mem status --json'],
  context: ['claude-mem context', 'claude-mem context --for codex', 'claude-mem context --dir ../other-repo --json'],
  distill: ['claude-mem distill', 'claude-mem distill --all', 'claude-mem distill --session 20261202-101010-ab12'],
  trust: ['claude-mem trust', 'claude-mem trust --revoke'],
  sync: ['claude-mem sync                # pull the team memories, push yours', 'PGPASSWORD=… claude-mem sync   # the password never goes in a file of ours'],
  team: ['claude-mem team init shop --url postgres://admin@db/claude_mem', 'claude-mem team add maria --read-only --print   # the SQL, for psql'],
  share: ['claude-mem list --type global    # find the id', 'claude-mem share g3 && claude-mem sync'],
  'team init': ['claude-mem team init shop --url postgres://admin@db/claude_mem', 'claude-mem team init shop --print | psql postgres://admin@db/claude_mem'],
  'team add': ['claude-mem team add maria --team shop --url postgres://admin@db/claude_mem', 'claude-mem team add ci_bot --read-only --create-role --print'],
  'team remove': ['claude-mem team remove maria --team shop --url postgres://admin@db/claude_mem'],
  'team limits': ['claude-mem team limits --rows-per-author 500000 --team shop', 'claude-mem team limits --push-per-minute 2000 --print   # the SQL, for psql'],
  'team compact': ['claude-mem team compact --team shop                # replaced versions older than 90 days', 'claude-mem team compact --older-than 30 --print'],
  prune: ['claude-mem prune --dry-run', 'claude-mem prune --older-than 7'],
  init: ['claude-mem init', 'claude-mem init --force'],
  pull: ['claude-mem model pull', 'claude-mem reindex          # afterwards, to re-embed what you have'],
  reindex: ['claude-mem model pull && claude-mem reindex'],
  ui: ['claude-mem ui                  # opens the viewer in your browser', 'claude-mem ui --no-open --port 8765  # print the URL only (over ssh: ssh -L 8765:127.0.0.1:8765 …)'],
  review: ['claude-mem review                 # one memory at a time: a e d t s q', 'claude-mem review --json | jq length  # how many are pending', 'EDITOR=nano claude-mem review        # edit with another editor'],
  index: ['claude-mem index            # build the approximate vector index of a large store now', 'claude-mem index --force    # also for a small one (searches use it from then on)', 'claude-mem status           # shows which search each store uses'],
  mcp: [
    'claude-mem mcp --agent claude   # stdio; run registers it for claude and codex by itself',
    `claude mcp add -s user claude-mem -- claude-mem mcp --agent claude`,
  ],
  import: ['claude-mem import                 # Claude Code, Codex and Gemini CLI transcripts, Claude memory notes', 'claude-mem import --from codex --since 2026-11-01', 'claude-mem import --dir ~/src/shop'],
  export: ['claude-mem export --markdown ~/notes/claude-mem   # one note per memory, for Obsidian', 'claude-mem export --markdown out --type project'],
  setup: ['claude-mem setup claude', 'claude-mem setup codex      # then trust its hooks once, at its next start', 'claude-mem setup gemini --uninstall'],
  uninstall: ['claude-mem uninstall && npm uninstall -g claude-mem'],
  hook: ['echo \'{"cwd":"."}\' | claude-mem hook SessionStart   # what Claude Code runs'],
  config: ['claude-mem config', 'claude-mem --set inject.token_budget=800 context'],
};

export function addExamples(program: Command): void {
  const walk = (c: Command): void => {
    for (const sub of c.commands) {
      // A subcommand by its full name first ("team init" is not "init").
      const ex = c === program ? EXAMPLES[sub.name()] : (EXAMPLES[`${c.name()} ${sub.name()}`] ?? EXAMPLES[sub.name()]);
      if (ex) sub.addHelpText('after', `\nExamples:\n${ex.map((e) => `  $ ${e}`).join('\n')}\n`);
      walk(sub);
    }
  };
  walk(program);
}
