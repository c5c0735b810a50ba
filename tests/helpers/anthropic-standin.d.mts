export interface StandinReply {
  text?: string;
  toolUse?: { name: string; input: unknown };
}
export interface MessagesBody {
  model?: string;
  stream?: boolean;
  system?: unknown;
  messages?: Array<{ role: string; content: unknown }>;
  tools?: Array<{ name: string }>;
}
export interface Standin {
  url: string;
  requests: MessagesBody[];
  close(): Promise<void>;
}
export function lastUserText(body: MessagesBody): string;
export function lastToolResults(body: MessagesBody): Array<{ type: string; tool_use_id?: string; content?: unknown; is_error?: boolean }>;
export function startAnthropicStandin(reply: (body: MessagesBody) => StandinReply | undefined): Promise<Standin>;
export function claudeHomeConfig(apiKey: string, projectDir: string): Record<string, unknown>;
