/**
 * A corpus of fake secrets, one or more per gitleaks rule family, built from
 * a seeded generator so no real-looking key is committed and every run sees
 * the same strings. Each entry has `secret` (what must never be stored) and
 * `say` (how a person would paste it in a sentence).
 */
export interface FakeSecret {
  family: string;
  secret: string;
  say: string;
}

/** A seeded xorshift generator: the same corpus on every run. */
export function rng(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x100000000;
  };
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const B64 = `${ALNUM}+/`;

export function fakeSecrets(seed = 7): FakeSecret[] {
  const r = rng(seed);
  const pick = (alphabet: string, n: number): string => {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(r() * alphabet.length)];
    // Every generated key mixes letters and digits, as real ones do.
    return /[0-9]/.test(s) && /[A-Za-z]/.test(s) ? s : `${s.slice(0, -2)}7q`;
  };
  const out: FakeSecret[] = [];
  const add = (family: string, secret: string, say: (s: string) => string): void => {
    out.push({ family, secret, say: say(secret) });
  };
  for (let i = 0; i < 2; i++) {
    const id = `AKIA${pick(UPPER, 16)}`;
    const key = pick(B64, 40);
    add('aws-id', id, (s) => `the CI user has access key ${s} for the deploy bucket`);
    add('aws-secret', key, (s) => `aws_secret_access_key = ${s} is what the runner uses`);
    const id2 = `AKIA${pick(UPPER, 16)}`;
    const bare = pick(B64, 40);
    add('aws-bare-secret', bare, (s) => `use key ${id2} with ${s} for the uploads`);
    add('aws-id', id2, (s) => `the uploads user is ${s}`);
  }
  for (const p of ['ghp_', 'gho_', 'ghs_']) add(`github ${p}`, `${p}${pick(ALNUM, 36)}`, (s) => `the bot pushes with ${s} to the release branch`);
  add('github_pat', `github_pat_${pick(ALNUM, 22)}_${pick(ALNUM, 59)}`, (s) => `my personal token is ${s}, scoped to the org`);
  add('gitlab', `glpat-${pick(ALNUM, 20)}`, (s) => `mirror the repo with ${s} every hour`);
  add('openai', `sk-${pick(ALNUM, 48)}`, (s) => `the summarizer calls the API with ${s}`);
  add('openai-proj', `sk-proj-${pick(ALNUM, 40)}`, (s) => `set the project key ${s} in the server env`);
  add('anthropic', `sk-ant-api03-${pick(ALNUM, 60)}`, (s) => `claude runs against ${s} in staging`);
  add('huggingface', `hf_${pick(ALNUM, 34)}`, (s) => `download the model with token ${s}`);
  add('slack-bot', `xoxb-${pick('0123456789', 12)}-${pick('0123456789', 12)}-${pick(ALNUM, 24)}`, (s) => `alerts post to #ops using ${s}`);
  add('slack-user', `xoxp-${pick('0123456789', 12)}-${pick(ALNUM, 24)}`, (s) => `the cleanup script uses ${s}`);
  add('stripe-live', `sk_live_${pick(ALNUM, 24)}`, (s) => `payments in production use ${s}`);
  add('stripe-restricted', `rk_live_${pick(ALNUM, 24)}`, (s) => `the reporting job reads with ${s}`);
  add('sendgrid', `SG.${pick(ALNUM, 22)}.${pick(ALNUM, 43)}`, (s) => `transactional mail goes out with ${s}`);
  add('npm', `npm_${pick(ALNUM, 36)}`, (s) => `publish the package with ${s}`);
  add('google', `AIza${pick(ALNUM, 35)}`, (s) => `the maps widget loads with ${s}`);
  for (let i = 0; i < 2; i++) {
    const jwt = `eyJ${pick(ALNUM, 20)}.eyJ${pick(ALNUM, 40)}.${pick(ALNUM, 43)}`;
    add('jwt', jwt, (s) => `the test user session is ${s}`);
    add('bearer', pick(ALNUM, 32), (s) => `call it with Authorization: Bearer ${s} header`);
  }
  add('pem', pick(B64, 64), (s) => `the deploy key is -----BEGIN OPENSSH PRIVATE KEY-----\n${s}\n-----END OPENSSH PRIVATE KEY----- on the bastion`);
  add('pem-unclosed', pick(B64, 64), (s) => `here is the key -----BEGIN RSA PRIVATE KEY-----\n${s}`);
  add('url-creds', pick(ALNUM, 16), (s) => `the database is postgres://app:${s}@db.internal:5432/shop`);
  add('url-empty-user', pick(ALNUM, 16), (s) => `cache lives at redis://:${s}@cache.internal:6379/0`);
  add('url-amqp', pick(ALNUM, 14), (s) => `queue at amqp://worker:${s}@mq.internal/vhost`);
  const assignments: Array<[string, (s: string) => string]> = [
    ['DB_PASSWORD', (s) => `export DB_PASSWORD=${s} before running migrations`],
    ['API_KEY', (s) => `API_KEY=${s} goes in the .env file`],
    ['GITHUB_TOKEN', (s) => `CI reads GITHUB_TOKEN=${s} from secrets`],
    ['CLIENT_SECRET', (s) => `OAUTH_CLIENT_SECRET="${s}" for the login app`],
    ['yaml password', (s) => `in config.yaml write password: ${s} under db`],
    ['json apiKey', (s) => `the settings file has "apiKey": "${s}" at the top`],
    ['private_key', (s) => `set signing.private_key=${s} for releases`],
    ['credential', (s) => `registry credential: ${s} for pulling images`],
    ['secret lower', (s) => `the webhook secret=${s} must match the dashboard`],
    ['token camel', (s) => `pass authToken: ${s} to the client`],
    ['密码', (s) => `数据库密码：${s} 不要提交`],
    ['passwd', (s) => `root passwd=${s} on the test vm`],
    ['SECRET_KEY_BASE', (s) => `rails needs SECRET_KEY_BASE=${s} in production`],
    ['access_key', (s) => `the storage access_key: ${s} belongs to ops`],
  ];
  for (const [family, say] of assignments) add(`assign ${family}`, pick(ALNUM, 18), say);
  for (let i = 0; i < 8; i++) add('high-entropy', pick(B64, 44), (s) => `the signing salt is ${s} in prod`);
  for (let i = 0; i < 5; i++) add('high-entropy-short', pick(ALNUM, 28), (s) => `vendor license ${s} is on the wiki`);
  add('private-tag', `inner ${pick(ALNUM, 10)} notes`, (s) => `public part <Private >${s}\nstill private ${s}</ PRIVATE> public end`);
  return out;
}

/** The part of a secret that a search of raw bytes (FTS terms are lowercased, split at punctuation) must never find. */
export function secretCores(secret: string): string[] {
  return secret
    .split(/[^A-Za-z0-9]+/)
    .filter((p) => p.length >= 10)
    .map((p) => p.toLowerCase());
}
