export interface ResponsesBody {
  input?: Array<{ role?: string; type?: string; output?: unknown; content?: Array<{ text?: string }> }>;
  tools?: Array<{ name?: string; type?: string }>;
  instructions?: string;
}
export interface OpenAIStandin {
  url: string;
  requests: ResponsesBody[];
  close(): Promise<void>;
}
export function lastResponsesUserText(body: ResponsesBody): string;
export type ResponsesReply = { text: string } | { functionCall: { name: string; arguments: Record<string, unknown> } };
export function startOpenAIStandin(reply: (body: ResponsesBody) => ResponsesReply | undefined): Promise<OpenAIStandin>;
export function codexConfig(url: string, projectDir: string): string;
