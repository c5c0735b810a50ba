import type { Command } from 'commander';
import { FatalError, UsageError } from '../../errors.js';
import { withCliMemory, type CliEnv } from '../env.js';
import { brief, oneLine } from '../show.js';
import { teamConfigured } from '../../config/index.js';

/**
 * A global memory (a preference) stays personal unless the user shares it:
 * this links it to the team of the current project, and sync sends it as
 * one of that project's memories (taken back when it is forgotten with
 * --team). Project memories and facts need no share: sync sends them.
 */
export function registerShare(program: Command, cli: CliEnv): void {
  program
    .command('share')
    .description("share global memories (your preferences) with this project's team; project memories and facts are shared by sync already")
    .argument('<id...>', 'global memory ids from "claude-mem list" (they start with g)')
    .option('--stop', 'take them back from the team at the next sync; you keep them')
    .action(async (ids: string[], o: { stop?: boolean }) => {
      const { saveLink, isSharedGlobal, linkOfGlobal } = await import('../../store/team-links.js');
      const { newUid, UNSHARED } = await import('../../team/plan.js');
      if (o.stop) {
        const stopped = await withCliMemory(cli, (m) =>
          ids.map((id) => {
            const mem = m.get(id);
            if (!mem) throw new FatalError(`no memory with id ${brief(id)}. "claude-mem list" shows the ids (global ones start with g).`);
            const link = mem.scope === 'user' ? linkOfGlobal(m.stores.project, mem.rowid) : undefined;
            if (!link) throw new UsageError(`[${mem.id}] is not shared with this project's team: nothing to take back.`);
            saveLink(m.stores.project, { ...link, pushedHash: UNSHARED });
            return mem;
          }),
        );
        for (const mem of stopped) cli.print(`[${mem.id}] leaves the team at the next sync; you keep it: ${oneLine(mem.text, 80)}`);
        return;
      }
      const shared = await withCliMemory(cli, (m) => {
        if (!teamConfigured(m.config)) throw new UsageError('no team store is set here: set team.url and team.name first (README, "Sharing with your team").');
        return ids.map((id) => {
          const mem = m.get(id);
          if (!mem) throw new FatalError(`no memory with id ${brief(id)}. "claude-mem list" shows the ids (global ones start with g).`);
          if (mem.scope !== 'user') throw new UsageError(`[${mem.id}] is a ${mem.type} memory: sync shares those already (reviewed ones, or all with team.share: all). share is for global ones.`);
          const taken = linkOfGlobal(m.stores.project, mem.rowid);
          // Shared again before the sync that would have taken it back: it stays shared.
          if (taken?.pushedHash === UNSHARED) saveLink(m.stores.project, { ...taken, pushedHash: null });
          else if (!isSharedGlobal(m.stores.project, mem.rowid)) {
            saveLink(m.stores.project, { uid: newUid(), memoryId: null, globalId: mem.rowid, origin: 'mine', author: null, pushedHash: null, deleted: false });
          }
          return mem;
        });
      });
      for (const mem of shared) cli.print(`shared [${mem.id}] ${oneLine(mem.text, 80)}`);
      cli.print(`it goes to your team at the next sync ("claude-mem sync", or by itself beside your next session); "claude-mem share --stop ${shared[0]?.id ?? '<id>'}" takes it back and keeps it yours`);
    });
}
