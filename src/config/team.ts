import type { Config } from './schema.js';

/** True when this directory's config names a team store and a team: sync has somewhere to go. */
export function teamConfigured(config: Pick<Config, 'team'>): boolean {
  return config.team.url !== '' && config.team.name !== '';
}
