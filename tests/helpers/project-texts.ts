/** Twelve project memories in both languages: a store the vector index and query server tests fill. */
export const PROJECT_TEXTS = [
  'The billing exporter writes CSV files to s3://acme-billing every night',
  'Search indexing runs through the OpenSearch bulk API with batches of 500',
  'Stripe webhooks are verified with the signing secret before parsing',
  'Nightly backups keep fourteen days of Postgres snapshots',
  '日志统一使用 JSON 格式，字段名用 snake_case',
  '部署脚本在 scripts/deploy.sh，先跑数据库迁移再重启服务',
  'Feature flags come from Unleash; defaults live in flags.yaml',
  'The rate limiter allows 100 requests per minute per token',
  'PDF invoices are rendered with Playwright printing HTML',
  'Single sign-on uses SAML with Okta as the identity provider',
  'Email templates are MJML compiled during the build step',
  'Websocket connections are pinned to one relay pod by cookie',
];
