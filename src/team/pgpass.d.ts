// The pgpass module (the one pg itself uses) has no types of its own.
declare module 'pgpass' {
  interface ConnInfo {
    host?: string;
    port?: number | string;
    database?: string;
    user?: string;
  }
  function pgpass(connInfo: ConnInfo, cb: (password: string | undefined) => void): void;
  export default pgpass;
}
