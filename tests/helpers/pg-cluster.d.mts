import type pg from 'pg';

export const ADMIN_PASSWORD: string;

export interface Cluster {
  port: number;
  /** A URL for `role` with no password in it (PGPASSWORD gives it). */
  url(role: string, db: string): string;
  admin(db?: string): Promise<pg.Client>;
  /** The database as pg_dump writes it. */
  dump(db: string): string;
  createDatabase(name: string): Promise<void>;
  /** Creates a login role with this password. */
  createRole(role: string, password: string): Promise<void>;
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  destroy(): void;
}

export function startCluster(): Promise<Cluster>;
