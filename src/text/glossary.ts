/**
 * Everyday software words in Chinese and English. People who work in both
 * ask in one language about memories written in the other ("前端状态管理"
 * for "The frontend uses Zustand for state"); a query is widened with the
 * other language's words for what it names. Queries only: stored text is
 * never rewritten. General vocabulary, not any project's.
 */
const PAIRS: Array<[string, string[]]> = [
  ['前端', ['frontend']], ['后端', ['backend']], ['状态', ['state', 'status']], ['日期', ['date']], ['时间', ['time']],
  ['时区', ['timezone']], ['接口', ['api', 'endpoint']], ['测试', ['test', 'tests']], ['部署', ['deploy']], ['日志', ['log', 'logs']],
  ['数据库', ['database', 'db']], ['缓存', ['cache']], ['配置', ['config']], ['回滚', ['rollback']], ['端口', ['port']],
  ['命令', ['command']], ['目录', ['directory', 'dir']], ['文件', ['file']], ['版本', ['version']], ['依赖', ['dependency', 'dependencies']],
  ['分支', ['branch']], ['迁移', ['migration', 'migrations']], ['启动', ['start']], ['构建', ['build']], ['输出', ['output']], ['产物', ['artifact', 'artifacts']], ['格式', ['format']],
  ['错误', ['error']], ['用户', ['user']], ['权限', ['permission']], ['密钥', ['key', 'secret']], ['环境变量', ['env']],
  ['模块', ['module']], ['服务', ['service']], ['上传', ['upload']], ['下载', ['download']], ['登录', ['login']], ['认证', ['auth']],
  ['签名', ['signature', 'signed']], ['超时', ['timeout']], ['限流', ['rate', 'limit']], ['队列', ['queue']], ['消息', ['message']],
  ['任务', ['job', 'task']], ['导出', ['export']], ['导入', ['import']], ['内存', ['memory']], ['性能', ['performance']],
  ['审批', ['approval', 'approve']], ['规范', ['convention']], ['命名', ['naming']], ['发布', ['release']], ['发版', ['release']], ['标签', ['tag']],
  ['构件', ['artifact']], ['二进制', ['binary', 'binaries']], ['检查', ['lint', 'check']], ['代码风格', ['lint', 'style']],
  ['格式化', ['format']], ['提交', ['commit']], ['合并', ['merge']], ['脚本', ['script']], ['位置', ['location']], ['流水线', ['pipeline', 'ci']],
  ['工作流', ['workflow']], ['容器', ['container']], ['镜像', ['image']], ['密码', ['password']], ['令牌', ['token']],
  ['请求', ['request']], ['响应', ['response']], ['路由', ['route']], ['表', ['table']], ['字段', ['column', 'field']],
  ['索引', ['index']], ['查询', ['query']], ['重试', ['retry']], ['并发', ['concurrency']], ['锁', ['lock']], ['过期', ['expiry', 'ttl']],
  ['缩进', ['indentation', 'indent']], ['注释', ['comment', 'comments']], ['语言', ['language']], ['中文', ['chinese']], ['英文', ['english']],
  ['状态管理', ['state']], ['功能开关', ['feature', 'flag', 'flags']], ['开关', ['flag', 'flags']], ['定时', ['cron', 'schedule']],
  ['备份', ['backup']], ['监控', ['monitoring']], ['告警', ['alert']], ['安全', ['security']], ['加密', ['encrypt', 'encryption']],
  ['负责人', ['owner']], ['维护人', ['owner']], ['回调', ['callback']], ['次数', ['count']], ['金额', ['amount']], ['区域', ['region']],
  ['集群', ['cluster']], ['预览', ['preview']], ['服务器', ['server']], ['主机', ['host']], ['域名', ['domain']], ['存储桶', ['bucket']],
  ['桶', ['bucket']], ['风格', ['style']], ['端到端', ['e2e']], ['存储', ['store', 'storage']], ['地址', ['address', 'url']],
  ['支付', ['payment']], ['订单', ['order']], ['账单', ['billing', 'invoice']], ['对账', ['reconciliation']], ['结算', ['settlement']],
  ['退款', ['refund']], ['通知', ['notification']], ['搜索', ['search']], ['推送', ['push']], ['集成', ['integration']], ['页面', ['page']],
  ['组件', ['component']], ['证书', ['certificate']], ['节点', ['node']], ['副本', ['replica']], ['实例', ['instance']],
  ['负载均衡', ['load balancer']], ['环境', ['environment']], ['生产', ['production']], ['预发', ['staging']], ['文档', ['docs']],
  ['信息', ['message']], ['邮箱', ['email']], ['邮件', ['email']], ['频率', ['frequency']], ['间隔', ['interval']], ['阈值', ['threshold']],
  ['默认', ['default']], ['目标', ['target']], ['超时时间', ['timeout']], ['网关', ['gateway']], ['编码', ['encoding']], ['单位', ['unit']], ['主', ['primary']], ['主分支', ['main branch']], ['图片', ['image']], ['包管理器', ['package manager']],
];

const ZH_TO_EN = new Map(PAIRS);
const EN_TO_ZH = new Map<string, string[]>();
for (const [zh, ens] of PAIRS) for (const en of ens) EN_TO_ZH.set(en, [...(EN_TO_ZH.get(en) ?? []), zh]);

/** The other language's words for what a query names, in the order found. */
export function translations(latin: string[], cjk: string[]): string[] {
  const out: string[] = [];
  for (const w of latin) for (const zh of EN_TO_ZH.get(w) ?? EN_TO_ZH.get(w.replace(/s$/, '')) ?? []) out.push(zh);
  for (const run of cjk) for (const [zh, ens] of ZH_TO_EN) if (run.includes(zh)) out.push(...ens);
  return [...new Set(out)];
}

/** By first character, longest first, so 负责人 wins over 负责 and 服务器 over 服务. */
const ZH_WORDS = new Map<string, string[]>();
for (const w of [...ZH_TO_EN.keys()].sort((a, b) => b.length - a.length)) {
  const first = w[0] ?? '';
  ZH_WORDS.set(first, [...(ZH_WORDS.get(first) ?? []), w]);
}

/** The English word a Chinese glossary word stands for (its first translation), or undefined. */
export function canonicalOf(zh: string): string | undefined {
  return ZH_TO_EN.get(zh)?.[0];
}

/**
 * A run of Chinese split into glossary words, longest match first; the
 * characters between them stay together as one word (对账模块 → 对账, 模块).
 */
export function splitByGlossary(run: string): string[] {
  const out: string[] = [];
  let unknown = '';
  for (let i = 0; i < run.length; ) {
    const word = ZH_WORDS.get(run[i] ?? '')?.find((w) => run.startsWith(w, i));
    if (word) {
      if (unknown) out.push(unknown);
      unknown = '';
      out.push(word);
      i += word.length;
    } else {
      unknown += run[i];
      i++;
    }
  }
  if (unknown) out.push(unknown);
  return out;
}
