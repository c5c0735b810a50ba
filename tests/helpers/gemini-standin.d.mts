export interface GeminiBody {
  contents?: Array<{ role?: string; parts?: Array<{ text?: string; functionResponse?: { name?: string; response?: unknown } }> }>;
  systemInstruction?: unknown;
}
export interface GeminiStandin {
  url: string;
  requests: GeminiBody[];
  close(): Promise<void>;
}
export function lastGeminiUserText(body: GeminiBody): string;
export type GeminiReply = { text: string } | { functionCall: { name: string; args: Record<string, unknown> } };
export function startGeminiStandin(reply: (body: GeminiBody) => GeminiReply | undefined): Promise<GeminiStandin>;
export const GEMINI_SETTINGS: Record<string, unknown>;
