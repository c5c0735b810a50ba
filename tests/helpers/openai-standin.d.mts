export interface ResponsesBody {
  input?: Array<{ role?: string; content?: Array<{ text?: string }> }>;
  instructions?: string;
}
export interface OpenAIStandin {
  url: string;
  requests: ResponsesBody[];
  close(): Promise<void>;
}
export function lastResponsesUserText(body: ResponsesBody): string;
export function startOpenAIStandin(reply: (body: ResponsesBody) => { text: string } | undefined): Promise<OpenAIStandin>;
export function codexConfig(url: string, projectDir: string): string;
