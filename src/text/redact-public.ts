/**
 * Public values that look like secrets: an SSH public key, a Subresource
 * Integrity hash (npm's `integrity: sha512-…`), a content digest
 * (`sha256:…`), base64 of an image in a data URI or by its magic bytes, a
 * plain link to an image.
 * They are set aside before the redaction rules run and put back after, so
 * no rule (high entropy above all) takes them for keys.
 */
const PUBLIC = [
  /\b(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp(?:256|384|521)|sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com)[ \t]+AAAA[A-Za-z0-9+/]+=*/g,
  /\bsha(?:1|256|384|512)-[A-Za-z0-9+/]{27,}=*/g,
  /\bsha(?:1|256|384|512):[0-9a-f]{40,128}\b/gi,
  /\bdata:(?:image|font|audio|video)\/[\w.+-]+;base64,[A-Za-z0-9+/]+=*/g,
  // A link to a picture, a video or a sound: its file name may carry a UUID or a hash, never a credential
  // (no userinfo, no query string, where signed links keep theirs).
  /\bhttps?:\/\/[^\s/?#@]+\/[^\s?#@]*\.(?:jpe?g|png|gif|webp|avif|svg|bmp|ico|mp4|webm|mov|mp3|wav|ogg)(?![\w?#])/gi,
  // A Go module hash (go.sum: h1:<base64 of sha256>), a yarn lockfile checksum.
  /\bh1:[A-Za-z0-9+/]{43}=/g,
  /\bchecksum:?[ \t]+(?:[0-9a-z]{1,8}\/)?[0-9a-f]{64,128}\b/gi,
  // Trace context and ids named as ids (trace_id=…, span-id: …, traceparent 00-<trace>-<span>-01): they locate a request, they open nothing.
  /\b00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}\b/gi,
  /\b(?:trace|span|parent|request|correlation)[_-]?id["']?[ \t]*[:=][ \t]*["']?[0-9a-f]{8,64}\b/gi,
  // PNG, JPEG, GIF, WebP and PDF files in base64 start with these.
  /(?<![A-Za-z0-9+/])(?:iVBORw0KGgo|\/9j\/[47]AA|R0lGOD[dl]h|UklGR|JVBERi0)[A-Za-z0-9+/]{20,}=*/g,
];

const MARK = '\u0000';

export interface Shelved {
  text: string;
  restore: (redacted: string) => string;
}

/** Replaces each public span with a marker no rule matches, and gives back a function that puts them back. */
export function shelvePublic(text: string): Shelved {
  const kept: string[] = [];
  let out = text;
  for (const p of PUBLIC) {
    out = out.replace(p, (s) => {
      kept.push(s);
      return `${MARK}${kept.length - 1}${MARK}`;
    });
  }
  if (kept.length === 0) return { text, restore: (r) => r };
  return { text: out, restore: (r) => r.replace(/\u0000(\d+)\u0000/g, (m, i: string) => kept[Number(i)] ?? m) };
}
