export interface GeminiBody {
  contents?: Array<{ role?: string; parts?: Array<{ text?: string }> }>;
  systemInstruction?: unknown;
}
export interface GeminiStandin {
  url: string;
  requests: GeminiBody[];
  close(): Promise<void>;
}
export function lastGeminiUserText(body: GeminiBody): string;
export function startGeminiStandin(reply: (body: GeminiBody) => { text: string } | undefined): Promise<GeminiStandin>;
export const GEMINI_SETTINGS: Record<string, unknown>;
