/**
 * What a team store's owner can do beyond the schema so that no member can
 * put a name of theirs in front of ours: members need neither temporary
 * objects nor new ones in the schema. Only an owner of the database (or the
 * schema) may revoke; `team init` reports what is still open and whether
 * the owner itself may create roles (on PostgreSQL 15 and older such a role
 * can grant itself pg_execute_server_program).
 */
import { HOME_SCHEMA, MEMBER_ROLE } from './server-schema.js';

/** Revokes TEMPORARY on the database and CREATE on the schema from PUBLIC, where this role may. */
export function hardenSql(): string {
  return `DO $harden$ BEGIN
      BEGIN EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', current_database()); EXCEPTION WHEN insufficient_privilege THEN NULL; END;
      BEGIN EXECUTE format('REVOKE CREATE ON SCHEMA %s FROM PUBLIC', ${HOME_SCHEMA}); EXCEPTION WHEN insufficient_privilege THEN NULL; END;
    END $harden$;`;
}

/** What \`team init\` reports after the schema: whether members can still make temporary or schema objects, and whether the owner can create roles. */
export function hardeningCheckSql(): string {
  return `SELECT has_database_privilege('${MEMBER_ROLE}', current_database(), 'TEMPORARY') AS member_temp,
    has_schema_privilege('${MEMBER_ROLE}', (SELECT relnamespace FROM pg_class WHERE oid = 'cm_changes'::regclass), 'CREATE') AS member_create,
    (SELECT rolcreaterole AND NOT rolsuper FROM pg_roles WHERE rolname = current_user) AS owner_creates_roles;`;
}

export interface Hardening {
  member_temp?: unknown;
  member_create?: unknown;
  owner_creates_roles?: unknown;
}

/** One line for each weakness hardeningCheckSql found, saying what to run. */
export function hardeningWarnings(h: Hardening | undefined): string[] {
  if (!h) return [];
  return [
    ...(h.member_temp === true ? ['members can create temporary tables in this database: as its owner run REVOKE TEMPORARY ON DATABASE <db> FROM PUBLIC'] : []),
    ...(h.member_create === true ? ["members can create objects in the team store's schema: as its owner run REVOKE CREATE ON SCHEMA <schema> FROM PUBLIC"] : []),
    ...(h.owner_creates_roles === true
      ? ['the team store\'s owner can create roles, and on PostgreSQL 15 and older such a role can grant itself pg_execute_server_program: create members\' roles with another role (team add --print) and ALTER ROLE <owner> NOCREATEROLE']
      : []),
  ];
}

