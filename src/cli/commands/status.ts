import type { Command } from 'commander';
import { withCliMemory, type CliEnv } from '../env.js';
import type { StatusReport } from '../../memory/index.js';
import { trackedRawLogs } from '../../memory/git-exclude.js';
import { PROJECT_DATA_DIR } from '../../config/index.js';
import { teamConfigured } from '../../config/index.js';

function human(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** What a store's vector search uses, in one line. */
function annLine(a: StatusReport['vector_indexes'][number]): string {
  switch (a.state) {
    case 'exact':
      return `exact search (${a.vectors} vectors)`;
    case 'missing':
      return `exact search for now (${a.vectors} vectors): an approximate index is due, built in the background or by "claude-mem index"`;
    case 'fresh':
      return `approximate index of ${a.indexed ?? 0} vectors (${a.vectors} now), built ${new Date(a.builtAt ?? 0).toISOString().slice(0, 16).replace('T', ' ')}`;
    case 'stale':
      return `approximate index of ${a.indexed ?? 0} vectors (${a.vectors} now, newer ones searched exactly): a rebuild is due ("claude-mem index")`;
  }
}

export function registerStatus(program: Command, cli: CliEnv): void {
  program
    .command('status')
    .description('store paths and sizes, counts by type, status and agent, the embedder, unprocessed sessions')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => {
      const { status, team } = await withCliMemory(
        cli,
        async (m) => {
          // Read from the replica: status never waits for the team server.
          const team = teamConfigured(m.config) ? (await import('../../team/status.js')).teamStatusOf(m) : undefined;
          return { status: m.status(), team };
        },
        { create: false },
      );
      const tracked = trackedRawLogs(status.project_root);
      if (tracked.length) {
        cli.messages.warn(`git tracks ${tracked.length} raw session log${tracked.length === 1 ? '' : 's'} (${tracked.slice(0, 3).join(', ')}${tracked.length > 3 ? ', …' : ''}): they hold everything typed, secrets included. Untrack them with: git rm -r --cached ${PROJECT_DATA_DIR} && echo ${PROJECT_DATA_DIR}/ >> .gitignore (and rewrite history if they were pushed).`);
      }
      if (o.json) {
        cli.print(JSON.stringify(team ? { ...status, team } : status, null, 2));
        return;
      }
      const kv = (r: Record<string, number>): string => Object.entries(r).map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
      const pending = status.pending_sessions;
      const t = status.thresholds;
      cli.print(`project root   ${status.project_root}`);
      const size = (st: { bytes: number; exists: boolean }): string => (st.exists ? human(st.bytes) : 'not created yet');
      cli.print(`project store  ${status.project_store.path} (${size(status.project_store)})`);
      cli.print(`user store     ${status.user_store.path} (${size(status.user_store)})`);
      cli.print(`sessions       ${status.sessions} in ${status.sessions_dir}, ${pending.length} not yet processed${pending.length ? `: ${pending.join(', ')}` : ''}`);
      const c = status.config_thresholds;
      cli.print(`embedder       ${status.embedder}${status.embedder_notice ? ' (fallback: no local model)' : ''}`);
      cli.print(`thresholds     in use (${status.embedder} scale): update ${t.update}, merge ${t.merge}, retrieval ${t.retrieval}`);
      cli.print(`               configured (sentence-model scale): update ${c.update}, merge ${c.merge}, retrieval ${c.retrieval}`);
      cli.print(`memories       by type: ${kv(status.by_type)}`);
      cli.print(`               by status: ${kv(status.by_status)}`);
      cli.print(`               by agent: ${kv(status.by_agent)}`);
      if (status.pending_review) cli.print(`               ${status.pending_review} not yet reviewed: claude-mem review`);
      const stale = Object.keys(status.by_embedder).filter((e) => e !== status.embedder);
      if (stale.length) cli.print(`               vectors from ${stale.join(', ')}: run "claude-mem reindex"`);
      const e = status.episodes;
      cli.print(`what was said  ${e.passages} passage${e.passages === 1 ? '' : 's'} from ${e.sessions} session${e.sessions === 1 ? '' : 's'} (${human(e.chars)} of text, redacted): claude-mem query --episodes "…"`);
      for (const a of status.vector_indexes) cli.print(`${a.scope === 'user' ? 'user index    ' : 'project index '} ${annLine(a)}`);
      cli.print(`config         ${status.config_files.length ? status.config_files.join(', ') : 'defaults only'}`);
      if (team) {
        const when = team.last_sync ? new Date(team.last_sync).toISOString().slice(0, 16).replace('T', ' ') : 'never';
        cli.print(`team: ${team.team} ${team.url}, project ${team.project ?? '(no git remote: not shared)'}, sharing ${team.share === 'all' ? 'all' : 'reviewed'} memories`);
        const unreviewed = team.share === 'reviewed' && status.pending_review ? `; ${status.pending_review} wait${status.pending_review === 1 ? 's' : ''} for your review first (claude-mem review, or review --accept --all)` : '';
        cli.print(`               last sync ${when}; ${team.pending_push} change${team.pending_push === 1 ? '' : 's'} of yours waiting to be sent${unreviewed}${team.conflicts ? `; ${team.conflicts} value${team.conflicts === 1 ? '' : 's'} where you and a teammate disagreed (the newer one holds)` : ''}`);
        cli.print(`               from teammates: ${kv(team.authors)}`);
        if (team.last_error) cli.print(`               the last sync failed: ${team.last_error}`);
      }
    });
}
