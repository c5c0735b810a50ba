/**
 * The second corpus: secrets that only the words around them give away
 * (passwords in prose and flags, credential files, hex and UUID keys next
 * to "key" or "secret", split PEM blocks), in English and Chinese, and
 * public values that look like secrets and must stay. Values come from a
 * seeded generator, so no real credential is committed and runs agree.
 */
import { rng, type FakeSecret } from './secrets.js';


const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';
const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';
const B64 = `${ALNUM}+/`;

export interface LookAlike {
  family: string;
  text: string;
}

export function contextSecrets(seed = 29): { secrets: FakeSecret[]; lookAlikes: LookAlike[] } {
  const r = rng(seed);
  const pick = (alphabet: string, n: number): string => {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(r() * alphabet.length)];
    return s;
  };
  /** A password a person would choose: a word, digits, a symbol. */
  const pw = (): string => `${['Tr0ub4dor', 'Summer', 'Blue', 'Kx', 'Mango', 'Zeb'][Math.floor(r() * 6)]}${pick('0123456789', 3)}${'!@#%&*'[Math.floor(r() * 6)]}${pick(ALNUM, 3)}`;
  const uuid = (): string => `${pick(HEX, 8)}-${pick(HEX, 4)}-4${pick(HEX, 3)}-a${pick(HEX, 3)}-${pick(HEX, 12)}`;
  const secrets: FakeSecret[] = [];
  const add = (family: string, secret: string, say: (s: string) => string): void => {
    secrets.push({ family, secret, say: say(secret) });
  };

  // Passwords in prose, both languages.
  add('prose en root', pw(), (s) => `the root password is ${s} on the staging box`);
  add('prose en now', pw(), (s) => `Heads up: the admin password for grafana is now ${s}.`);
  add('prose en for', pw(), (s) => `Password for the shared test account: ${s}`);
  add('prose en changed', pw(), (s) => `I rotated it, the db password was changed to ${s} this morning`);
  add('prose en passphrase', 'correct horse battery staple 42', (s) => `use the passphrase "${s}" to unlock the release key`);
  add('prose en quoted single', 'blue sky over seven hills', (s) => `the wifi password is '${s}' in the office`);
  add('prose en pin', '482913', (s) => `the door pin is ${s}`);
  add('prose zh 是', pw(), (s) => `数据库密码是 ${s}，别外传`);
  add('prose zh 为', pw(), (s) => `生产库的密码为${s}`);
  add('prose zh 口令', pw(), (s) => `staging 的口令：${s} 记一下`);
  add('prose zh 密钥', pick(HEX, 32), (s) => `支付接口的密钥是 ${s}`);
  add('prose zh 令牌', pick(ALNUM, 24), (s) => `部署用的令牌为 ${s}，有效期一年`);
  add('prose zh 改成', pw(), (s) => `管理员密码改成 ${s} 了`);
  add('prose zh quoted', '我的 秘密 短语 2026', (s) => `备份的密码是“${s}”`);

  // Key/value forms the first corpus did not have.
  add('yaml quoted passphrase', 'long pass phrase with spaces 9', (s) => `in vault.yml: passphrase: "${s}"`);
  add('env _PASS', pw(), (s) => `export SMTP_PASS='${s}' before sending`);
  add('json password spaces', 'two words 77', (s) => `{"user": "svc", "password": "${s}"}`);

  // Credential files.
  add('netrc', pw(), (s) => `machine api.example.com login deploy@example.com password ${s}`);
  add('netrc uuid', uuid(), (s) => `~/.netrc has: machine api.heroku.com login me@example.com password ${s}`);
  add('pgpass', pw(), (s) => `db.internal:5432:shop:app:${s}`);
  add('pgpass wildcard', `pg_${pick(ALNUM, 10)}`, (s) => `*:*:*:postgres:${s}`);

  // Command-line flags.
  add('mysql -p', pw(), (s) => `mysql -u root -p${s} shop < seed.sql`);
  add('mysqldump -p quoted', 'B@ck up 2026', (s) => `mysqldump -u backup -p'${s}' shop > dump.sql`);
  add('curl -u', pw(), (s) => `curl -u deploy:${s} https://ci.example.com/api/jobs`);
  add('curl --user', pw(), (s) => `curl --user admin:${s} -X POST https://jenkins.example.com/build`);
  add('sshpass', 'ssh pass 99', (s) => `sshpass -p '${s}' ssh ops@10.0.0.5 uptime`);
  add('sshpass bare', pw(), (s) => `sshpass -p ${s} scp build.tgz ops@host:/srv`);
  add('docker login -p', pw(), (s) => `docker login -u ci -p ${s} registry.example.com`);
  add('docker login --password', pw(), (s) => `docker login --username ci --password ${s} ghcr.io`);
  add('redis-cli -a', pw(), (s) => `redis-cli -h cache.internal -a ${s} ping`);
  add('--token=', pick(ALNUM, 20), (s) => `vault login --token=${s} then read the kv`);
  add('--api-key', pick(HEX, 32), (s) => `datadog-ci upload --api-key ${s} ./coverage`);
  add('--client-secret', pick(ALNUM, 30), (s) => `az login --service-principal -u app --client-secret ${s} --tenant t`);

  // Hex and UUID keys named by the words around them.
  add('hex32 api key', pick(HEX, 32), (s) => `the Mailgun API key is ${s}`);
  add('hex40 api key', pick(HEX, 40), (s) => `API key ${s} is for the metrics service`);
  add('hex64 signing secret', pick(HEX, 64), (s) => `webhook signing secret ${s} must match the dashboard`);
  add('hex64 secret assign', pick(HEX, 64), (s) => `the HMAC secret: ${s}`);
  add('hex40 token prose', pick(HEX, 40), (s) => `Use token ${s} for the status page`);
  add('uuid api key', uuid(), (s) => `Heroku API key: ${s}`);
  add('uuid license', uuid(), (s) => `our license key is ${s}`);
  add('uuid token zh', uuid(), (s) => `令牌 ${s} 只给 CI 用`);
  add('kubeadm token', `${pick(LOWER, 6)}.${pick(LOWER, 16)}`, (s) => `kubeadm join 10.0.0.1:6443 --token ${s} --discovery-token-ca-cert-hash sha256:${pick(HEX, 64)}`);
  add('kubeadm token prose', `${pick(LOWER, 6)}.${pick(LOWER, 16)}`, (s) => `the bootstrap token is ${s}`);

  // The last line of a PEM block split over two messages.
  add('split pem tail', pick(B64, 48), (s) => `${pick(B64, 64)}\n${s}\n-----END RSA PRIVATE KEY-----`);
  add('split pem last line only', pick(B64, 40), (s) => `${s}==\n-----END OPENSSH PRIVATE KEY-----`);

  // Odd forms people paste.
  add('password then colon en', pw(), (s) => `Username: admin / Password: ${s}`);
  add('pwd', pw(), (s) => `ftp pwd=${s}`);
  add('secret in parens', pick(ALNUM, 22), (s) => `the client secret (${s}) goes in the dashboard`);
  add('token in markdown code', pick(ALNUM, 26), (s) => 'the deploy token is `' + s + '`');
  add('credentials prose', pw(), (s) => `credentials for the VPN: ${s}`);
  add('app key', `base64:${pick(B64, 43)}=`, (s) => `APP_KEY=${s}`);

  // A secret's name as code spells it, a verb of change before the word, the value before the word.
  add('ident to', pw(), (s) => `set PGPASSWORD to ${s} before running psql`);
  add('ident is', pw(), (s) => `the DB_PASSWORD is ${s} on staging`);
  add('camel ident', pick(ALNUM, 20), (s) => `and the stripeToken is ${s}`);
  add('change to', pw(), (s) => `please change the root password to ${s} tonight`);
  add('rotate to', pick(ALNUM, 24), (s) => `we rotated the API token to ${s} after the leak`);
  add('use as', pw(), (s) => `use ${s} as the admin password for now`);
  add('zh 改成了', pw(), (s) => `我把数据库密码改成了 ${s}`);
  add('zh 作为', pw(), (s) => `用 ${s} 作为 staging 的密码`);

  // The word and the value with nothing between, a user/password pair, more commands that take one.
  add('password then value', pw(), (s) => `The wifi is "OfficeNet", password ${s}`);
  add('keystore password', pw(), (s) => `keystore password ${s} for the jks`);
  add('pw colon', pw(), (s) => `pw: ${s}`);
  add('zh 密码 then value', pw(), (s) => `服务器 root 密码 ${s}，别告诉别人`);
  add('login pair', pw(), (s) => `Login for the staging admin panel is admin/${s}`);
  add('echo to sudo -S', pw(), (s) => `echo "${s}" | sudo -S apt update`);
  add('openssl -k', pw(), (s) => `openssl enc -aes-256-cbc -k ${s} -in a -out b`);
  add('zip -P', pw(), (s) => `zip -P ${s} secrets.zip file.txt`);
  add('ldapsearch -w', pw(), (s) => `ldapsearch -x -D cn=admin -w ${s}`);
  add('smbclient user%pass', pw(), (s) => `smbclient //srv/share -U bob%${s}`);
  add('basic auth', pw(), (s) => `FYI the staging basic auth is qa:${s}`);
  add('shared key', pick(HEX, 8), (s) => `The VPN shared key is ${s}`);

  const lookAlikes: LookAlike[] = [
    { family: 'ssh-ed25519 public key', text: `add ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${pick(B64, 43)} alice@laptop to authorized_keys` },
    { family: 'ssh-rsa public key', text: `deploy key (public): ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ${pick(B64, 80)} ci@build` },
    { family: 'npm integrity', text: `"integrity": "sha512-${pick(B64, 86)}=="` },
    { family: 'base64 image', text: `the logo is inlined as data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA${pick(B64, 60)}=` },
    { family: 'GCP token_uri', text: '"token_uri": "https://oauth2.googleapis.com/token",' },
    { family: 'auth_uri', text: 'auth_uri: https://accounts.google.com/o/oauth2/auth' },
    { family: 'git sha near token', text: `commit ${pick(HEX, 40)} fixed the login token refresh` },
    { family: 'request uuid', text: `request id ${uuid()} failed with 502` },
    { family: 'image digest', text: `pin the base image to node@sha256:${pick(HEX, 64)}` },
    { family: 'token budget', text: 'the token budget is 1500 and max_tokens is 4096' },
    { family: 'password reset', text: 'password reset emails are sent by the auth service' },
    { family: 'password-stdin', text: 'echo "$CR_PAT" | docker login ghcr.io -u bot --password-stdin' },
    { family: 'env reference', text: 'password: ${DB_PASSWORD} in docker-compose.yml' },
    { family: 'secret in vault path', text: 'the CI secret is stored in Vault under secret/ci/deploy' },
    { family: 'key file path', text: 'the private key is at ~/.ssh/id_ed25519' },
    { family: 'sha256sum', text: `sha256sum of the tarball: ${pick(HEX, 64)}` },
    { family: 'password length rule', text: 'the password length must be at least 12 characters' },
    { family: '密码 rule', text: '密码至少 12 位，要有数字' },
    { family: 'set budget to', text: 'set the token budget to 1500 and the password length to 16' },
    { family: 'change policy to', text: 'change the password policy to strict' },
    { family: 'use as manager', text: 'use pnpm as the package manager, and 1Password as the password manager' },
    { family: 'env name to value', text: 'we set LOG_LEVEL to debug and GITHUB_TOKEN to $(gh auth token)' },
    { family: 'compass', text: 'the compass heading is N52 and the bypass is on' },
    { family: 'a pin, not a PIN', text: 'I noticed a spiderman pin on your purse. Is Spider-Man your favourite?' },
    { family: 'image link', text: `see https://cdn.example.com/shop/products/IMG_7269_${uuid()}.jpg for the photo` },
    { family: 'password words', text: 'password-less login via ssh keys; the password length is 16; use bcrypt for password hashing' },
    { family: 'login path', text: 'the login page is at /admin/settings and the user guide is docs/user-guide_v2' },
  ];
  return { secrets, lookAlikes };
}
