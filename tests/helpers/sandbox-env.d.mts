export interface Sandbox {
  home: string;
  project: string;
  env: NodeJS.ProcessEnv;
}
export function makeSandbox(name?: string): Sandbox;
