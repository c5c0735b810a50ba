/**
 * English sentence shapes that state a value (statement.ts). Each shape
 * names where the subject and the value sit; the subject is a short noun
 * phrase at the start of its clause, so "The deploy failed because the
 * region is eu-west-1" states nothing. Pure.
 */
import { cutValue, plausibleSubject, plausibleValue, type Found, type Shape } from './statement.js';
import { PLACE_HINT, PLACE_VALUE } from './place-value.js';
import placeWords from './lexicon/place-words.json' with { type: 'json' };
import { LazyPattern, longestFirst } from './lazy-pattern.js';
// A lead that says the value holds from now on: "From now on, the staging port is 8443" states the port.
import { FROM_NOW } from './standing-lead.js';
import changeWords from './lexicon/change-words.json' with { type: 'json' };

/** Words no noun phrase holds: verbs, conjunctions, pronouns, the prepositions the shapes below turn on. */
const NOT_IN_NP = new Set(
  (
    'is are was were be been being has have had will would can could should must did does do not no and but or so because since when if that which who ' +
    'then after before got gets get while until than to from with into onto now remain remains stay stays failed broke changed moved went said told found fixed added ' +
    'removed looked checked replaces replaced says listens runs serves looks owns maintains handles leads took takes uses use used over we i you he she they it'
  ).split(' '),
);
/** Participles that name a kind of thing (a managed database), not what someone did. */
const ADJECTIVAL = new Set('shared embedded seed speed need feed based managed hosted signed cached nested scheduled detailed deprecated preferred required reserved allowed trusted generated red bed'.split(' '));

/**
 * Whether the words a shape took for its subject make a noun phrase: no
 * verb, conjunction or pronoun among them. Checked after the match, so the
 * patterns stay small (one with these words in a lookahead per word was
 * ~9 KB, and compiling it cost a process ~100 ms).
 */
function nounPhrase(np: string): boolean {
  const words = np.trim().toLowerCase().replace(/^(?:the|our|this|its|their|a|an)\s+/, '').split(/\s+/);
  return words.every((w) => !NOT_IN_NP.has(w) && !(/^[a-z]+ed$/.test(w) && !ADJECTIVAL.has(w)));
}

const WORD = "[\\p{L}\\p{N}][\\p{L}\\p{N}.+#@/_'’-]*";
/** A noun phrase of at most six words, with its article: the shortest that lets the rest of the shape match. */
const NP = `((?:(?:the|our|this|its|their|a|an)\\s+)?${WORD}(?:\\s+${WORD}){0,5}?)`;
/** Where a noun phrase that ends a shape ends: the clause's end, or a word that starts what follows it. */
const NP_END = '(?=\\s*(?:[;,.!?(]|$)|\\s+(?:from|since|starting|and|but|so|because|now|as of|this|next|last|until|while|effective)\\b)';
/** A person or a handle. */
const NAME = `((?:[A-Z][\\p{L}'’-]+)(?:\\s+[A-Z][\\p{L}'’-]+){0,2}|@[\\w-]+)`;
const REST = '(.+)$';

const re = (src: string): LazyPattern => new LazyPattern(src, 'iu');
/** Case matters for names: only the verbs are case-insensitive, by spelling both cases where a shape starts. */
const reNamed = (src: string): LazyPattern => new LazyPattern(src, 'u');


const CHANGE_VERBS =
  'bumped|set|moved|switched|changed|migrated|upgraded|downgraded|updated|raised|lowered|increased|decreased|reduced|pinned|renamed|pointed|repointed|flipped|reset|configured|changing|moving|switching|bumping|setting';

/** The verbs of change (lexicon/change-words.json), longest first so "increased" is not read as "increase". */
const LEXICON_VERBS = longestFirst(changeWords.en);
/** What a thing does or has done to it on its way to a place (lexicon/place-words.json). */
const PLACE_VERBS = longestFirst(placeWords.en_verbs);
/** What a thing is taken from where it lives: "from" names its place only after these. */
const PLACE_FROM_VERBS = longestFirst(placeWords.en_from_verbs);

/** Shapes that say a value changed or holds, best evidence first. */
const SHAPES: Shape[] = [
  // "The e2e command changed: it used to be X, now it is Y."
  { cue: /\bchanged\b/i, re: re(`^${NP}\\s+(?:has\\s+)?changed\\b[^]*?(?:used to be\\s+(.+?)[,;]\\s*)?\\bnow\\s+(?:it(?:'s|\\s+is)|they(?:'re|\\s+are))\\s+${REST}`), subject: 1, other: 2, value: 3 },
  // "The bucket is not X any more, it is Y." / "… is no longer X; it's Y."
  { cue: /\b(?:not|no longer)\b/i, re: re(`^${NP}\\s+(?:is|are)\\s+(?:not|no longer)\\s+(.+?)(?:\\s+any\\s?more)?\\s*[,;]\\s*(?:but\\s+)?(?:(?:it|they)(?:'s|'re|\\s+is|\\s+are)\\s+)?(?:now\\s+)?${REST}`), subject: 1, other: 2, value: 3 },
  // "The port changed from X to Y."
  { cue: /\bfrom\b/i, re: re(`^${NP}\\s+(?:has\\s+)?(?:changed|went|moved|was changed|was moved|switched|was switched)\\s+from\\s+(.+?)\\s+to\\s+${REST}`), subject: 1, other: 2, value: 3 },
  // "The deploy target used to be Heroku; it's fly.io now."
  { cue: /\bused to be\b/i, re: re(`^${NP}\\s+used to be\\s+(.+?)\\s*[,;]\\s*(?:but\\s+)?(?:now\\s+)?(?:it(?:'s|\\s+is)|they(?:'re|\\s+are)|now)\\s+${REST}`), subject: 1, other: 2, value: 3 },
  // "The retry count was 3, now it's 5." / "… was 3; it is now 5."
  { cue: /\b(?:was|were)\b[^]*\bnow\b/i, re: re(`^${NP}\\s+(?:was|were)\\s+(.+?)\\s*[,;]\\s*(?:but\\s+)?(?:now\\s+)?(?:it(?:'s|\\s+is)|they(?:'re|\\s+are))\\s+(?:now\\s+)?${REST}`), subject: 1, other: 2, value: 3 },
  // "The config file is in config/app.yaml", "The deploy script moved to tools/deploy.sh": where it is, as "lives in"
  // says (and Chinese 在). Only a path, a file or a host: "is in review", "moved to Envoy" say other things.
  { cue: PLACE_HINT, re: re(`^${NP}\\s+(?:(?:has|have|had|is|are|was|were|gets?|got)\\s+)?(?:(?:been|now|being)\\s+)*(?:${PLACE_VERBS}|is|are)(?:\\s+now)?\\s+(?:to|into|in|inside|under|at|on)\\s+${PLACE_VALUE}\\s*(?:[;,.!]|$)`), subject: 1, value: 2, aspect: 'location' },
  // "The assets are served from cdn.example.com", "Config is loaded from /etc/app/config.yaml": where it is kept.
  { cue: PLACE_HINT, re: re(`^${NP}\\s+(?:(?:is|are|was|were|gets?|got)\\s+)?(?:(?:now|still|being)\\s+)*(?:${PLACE_FROM_VERBS})\\s+from\\s+${PLACE_VALUE}\\s*(?:[;,.!]|$)`), subject: 1, value: 2, aspect: 'location' },
  // "The API gateway moved to Envoy."
  { cue: /\b(?:moved|switched|migrated|changed|went|is moving|has moved|was moved)\b/i, re: re(`^${NP}\\s+(?:has\\s+|was\\s+|is\\s+)?(?:moved|switched|migrated|changed|went|moving)\\s+(?:over\\s+)?to\\s+${REST}`), subject: 1, value: 2 },
  // "Replaced X with Y as the e2e command."
  { cue: /^(?:(?:we|i)\s+)?(?:have\s+|'ve\s+)?(?:replaced|swapped|substituted)\b/i, re: re(`^(?:(?:we|i)\\s+)?(?:have\\s+|'ve\\s+)?(?:replaced|swapped|substituted)\\s+(.+?)\\s+(?:with|for)\\s+(.+?)\\s+(?:as|for)\\s+${NP}\\s*(?:[;,.]|$)`), other: 1, value: 2, subject: 3 },
  // "Y replaces X as the cache."
  { cue: /\b(?:replaces|replaced|supersedes|superseded)\b/i, re: re(`^(.+?)\\s+(?:replaces|replaced|supersedes|superseded)\\s+(.+?)\\s+(?:as|for)\\s+${NP}\\s*(?:[;,.]|$)`), value: 1, other: 2, subject: 3 },
  // "Bumped the preview port to 3001", "We moved the region from X to Y"
  { cue: re(`^(?:(?:we|i)\\s+)?(?:have\\s+|'ve\\s+|just\\s+)?(?:${CHANGE_VERBS})\\b`), re: re(`^(?:(?:we|i)\\s+)?(?:have\\s+|'ve\\s+|just\\s+)?(?:${CHANGE_VERBS})\\s+${NP}\\s+(?:over\\s+)?(?:from\\s+(.+?)\\s+)?to\\s+${REST}`), subject: 1, other: 2, value: 3 },
  // "Going forward we use Y for the e2e command." / "We now use Y instead of X for …"
  {
    cue: /\b(?:use|uses|using|run|standardi[sz]ed|settled|went with|chose|picked|switched|moved|migrated)\b/i, re: re(`^(?:(?:going forward|from now on|starting (?:today|now|this week)|as of (?:today|now))[,]?\\s+)?(?:we|the team|everyone)\\s+(?:now\\s+|will\\s+|'ll\\s+|have\\s+)?(?:use|uses|are using|run|standardi[sz]ed on|settled on|went with|chose|picked|switched to|moved to|migrated to)\\s+(.+?)(?:\\s+instead of\\s+(.+?))?\\s+(?:for|as)\\s+${NP}\\s*(?:[;,.]|$)`),
    value: 1,
    other: 2,
    subject: 3,
  },
  // Owners: "Maria Lopez now looks after the CMS integration."
  {
    cue: /\b(?:looks after|owns|maintains|in charge|responsible|leads|handles|took over|takes over|taken over|taking over)\b/i, re: reNamed(`^${NAME}\\s+(?:now\\s+|is now\\s+|has\\s+)?(?:looks after|owns|maintains|is in charge of|is responsible for|leads|handles|took over|takes over|has taken over|is taking over)\\s+${NP}${NP_END}`),
    value: 1,
    subject: 2,
    owner: true,
  },
  // "Priya reviews all frontend PRs": who reviews a thing owns its reviews.
  { cue: /\breviews\b/, re: reNamed(`^${NAME}\\s+(?:now\\s+)?reviews\\s+(?:all\\s+|every\\s+|the\\s+)?${NP}${NP_END}`), value: 1, subject: 2, owner: true, aspect: 'reviews' },
  // "The CMS integration is handed over to Maria starting this week."
  { cue: /\b(?:handed|passed|given|assigned|transferred|reassigned|moved)\b/i, re: re(`^${NP}\\s+(?:is|has been|was|will be|gets)\\s+(?:handed|passed|given|assigned|transferred|reassigned|moved)\\s+(?:over\\s+)?to\\s+${NAME}`), subject: 1, value: 2, owner: true },
  // "Ping Chen Wei for anything about the CMS integration."
  {
    cue: /^(?:please\s+)?(?:ping|ask|contact|talk|reach|loop|cc|go)\b/i, re: reNamed(`^(?:[Pp]lease\\s+)?(?:[Pp]ing|[Aa]sk|[Cc]ontact|[Tt]alk to|[Rr]each out to|[Ll]oop in|[Cc]c|[Gg]o to)\\s+${NAME}\\s+(?:for|about|on|regarding|with)\\s+(?:anything|everything|questions?|issues?|changes?)?\\s*(?:about|on|regarding|related to|in|to do with)?\\s*${NP}${NP_END}`),
    value: 1,
    subject: 2,
    owner: true,
  },
  // "Questions about the billing service go to Priya."
  {
    cue: /\bgo(?:es)? to\b/i,
    re: reNamed(`^(?:[Qq]uestions|[Ii]ssues|[Aa]nything|[Cc]hanges|[Rr]eviews|[Rr]equests|[Bb]ugs|PRs)\\s+(?:about|on|for|regarding|to|in)\\s+${NP}\\s+(?:should\\s+)?go(?:es)?\\s+to\\s+${NAME}`),
    subject: 1,
    value: 2,
    owner: true,
  },
  // "The CMS integration is owned by Chen Wei."
  { cue: /\bby\b/i, re: re(`^${NP}\\s+is\\s+(?:now\\s+)?(?:owned|maintained|run|led|handled|looked after)\\s+by\\s+${NAME}`), subject: 1, value: 2, owner: true },
  // "The dev server listens on port 8080.", "The API uses port 8443" (one port, where a thing uses many tools).
  { cue: /\bport\b/i, re: re(`^${NP}\\s+(?:now\\s+)?(?:(?:listens|runs|serves|is served|is running|is listening)\\s+on|uses|is using)\\s+port\\s+(\\d{2,5})`), subject: 1, value: 2, aspect: 'port' },
  // "The max upload size went up to 25 MB", "The pool size was lowered to 10"
  { cue: /\b(?:went|goes|increased|decreased|dropped|rose|grew|fell|raised|lowered|reduced|doubled|halved)\b/i, re: re(`^${NP}\\s+(?:has\\s+|was\\s+|is\\s+)?(?:went up|went down|goes up|goes down|increased|decreased|dropped|rose|grew|fell|raised|lowered|reduced|doubled|halved)\\s+to\\s+${REST}`), subject: 1, value: 2 },
  // Any verb of change after its subject: "The retry budget has grown to 8", "The p95 latency improved further, now averaging 180ms",
  // "Commits merged into main have now reached 165". With no "to"/"at", the value must start as a number does.
  {
    cue: re(`\\b(?:${LEXICON_VERBS})\\b`),
    re: re(
      `^${NP}\\s+(?:(?:has|have|had|was|were|is|are|got|gets|get)\\s+)?(?:been\\s+)?(?:(?:now|just|since|further|already|recently)\\s+)?(?:${LEXICON_VERBS})(?:\\s+(?:further|again|up|down|back|over|significantly|slightly|sharply|steadily))?\\s*,?\\s*(?:now\\s+)?(?:(?:to|at|averaging|around|about|roughly)\\s+|(?=[$€£¥]?\\d))${REST}`,
    ),
    subject: 1,
    value: 2,
  },
  // "Wang Lei is on call for svc this month"
  { cue: /\bon[- ]call\b/i, re: reNamed(`^${NAME}\\s+is\\s+(?:now\\s+)?on[- ]call\\s+(?:for\\s+)?${NP}${NP_END}`), value: 1, subject: 2, owner: true, aspect: 'on-call' },
  // "CI runs on Jenkins", "The site is hosted on Netlify", "The project targets Node 18"
  { cue: /\b(?:runs|running|hosted|deployed|deploys|targets|targeting)\b/i, re: re(`^${NP}\\s+(?:now\\s+)?(?:runs|is running|is hosted|is deployed|deploys|targets|is targeting)\\s+(?:on|to|in|with)?\\s*${REST}`), subject: 1, value: 2 },
  // "Tests live in tests/unit", "The config is kept under src/config"
  { cue: /\b(?:lives?|kept|stored|sits?|located|resides?)\b/i, re: re(`^${NP}\\s+(?:now\\s+)?(?:lives?|is kept|are kept|is stored|are stored|sits?|is located|are located|resides?)\\s+(?:in|under|at|on)\\s+${REST}`), subject: 1, value: 2, aspect: 'location' },
  // "docker-compose.yml now has the message queue set to NATS"
  { cue: /\bhas\b.*\bset to\b/i, re: re(`^(?:[\\w./@-]+\\s+)?(?:now\\s+)?(?:has|have)\\s+${NP}\\s+set\\s+to\\s+${REST}`), subject: 1, value: 2 },
  // "The test command should be npm test", "The port must be 8080": what a thing is to be, said as a rule of the
  // project (Chinese says it with 应该是, which statement-zh reads as 是).
  { cue: /\b(?:should|must|shall|has to|have to|needs to|need to|ought to)\s+(?:always\s+)?be\b/i, re: re(`^${NP}\\s+(?:should|must|shall|has to|have to|needs to|need to|ought to)\\s+(?:always\\s+)?be\\s+${REST}`), subject: 1, value: 2 },
  // "Use make check as the test command", "Always use tabs for indentation": an instruction that names both.
  { cue: /^(?:please\s+)?(?:always\s+)?use\b/i, re: re(`^(?:please\\s+)?(?:always\\s+)?use\\s+(.+?)\\s+(?:as|for)\\s+${NP}\\s*(?:[;,.!]|$)`), value: 1, subject: 2 },
  // "The preview server port is 3001"
  {
    cue: /\s(?:is|are)\s/i,
    re: re(`^${NP}\\s+(?:is|are)(?:\\s+(?:now|currently|still|set to|pinned (?:to|at)|fixed at))?\\s+${REST}`),
    subject: 1,
    value: 2,
  },
  // A label: "Region: eu-west-1", "The image CDN host — cdn2.blogassets.io" (see `label` below).
  { cue: /[:=—–]|\s--?\s/, re: re(`^${NP}\\s?(?:[:=—–]|\\s-{1,2})\\s*${REST}`), subject: 1, value: 2, label: true },
];

/** Leading words that cite where the value was read: "next.config.mjs says", "According to the config,". */
const CITED = /^(?:[\w./@-]+|the (?:config|docs?|readme|file|code|manifest))\s+(?:says|shows|states|lists|reads|has)\s+(?:that\s+)?|^according to [^,]{1,40},\s*/i;

/** A clause that refuses a proposal or rolls back a trial. */
const REFUSED = /\b(?:said no|was proposed|were proposed|staying on|staying with|sticking with|say no|rejected|declined|decided against|turned (?:it |that )?down|vetoed|voted (?:it |that )?down|(?:was|wasn't|was not|not) approved|didn't pass|did not pass|failed|broke|rolled (?:it |that )?back|reverted|backed (?:it |that )?out|undid|no-?go|didn't work|did not work|abandoned|dropped the idea)\b/i;
/** "Redis stays as the cache" */
const KEPT_AS = re(`^(.+?)\\s+(?:stays|remains|is still|will stay|will remain)\\s+(?:as\\s+)?(?:the|our)\\s+${NP}\\s*$`);
/** "Moving the API gateway to Traefik was proposed", "a proposal to switch the cache to Dragonfly" */
const PROPOSED_MOVE = re(
  `(?:\\b(?:proposal|suggestion|idea|plan|request|pr)\\s+to\\s+(?:move|switch|change|migrate|upgrade|bump|replace)|^(?:moving|switching|changing|migrating|upgrading|bumping))\\s+${NP}\\s+(?:over\\s+)?(?:to|with)\\s+(.+?)(?=\\s+(?:was|is|got|has been|came up|failed)\\b|\\s*[;,.]|$)`,
);
/** "We discussed moving the pool size to 16 but decided against it": a move named anywhere in a sentence that refuses it. */
const REFUSED_MOVE = re(
  `\\b(?:moving|switching|changing|migrating|upgrading|bumping|raising|lowering|increasing|decreasing|extending|shortening)\\s+${NP}\\s+(?:over\\s+)?(?:to|with)\\s+(.+?)(?=\\s+(?:but|was|is|got|has been|came up|failed)\\b|\\s*[;,.]|$)`,
);
/** "the region remains eu-west-1" */
const KEPT_WITH_SUBJECT = re(`^${NP}\\s+(?:remains?|stays?|is still|are still|will stay|will remain|is staying|keeps being)\\s+(?:at\\s+|on\\s+|with\\s+)?${REST}`);
/** "rolled back to Next.js 14.2", "sticking with Redis" */
const KEPT = /\b(?:rolled (?:it |that )?back|reverted|went back|switched back|moved back|back)\s+to\s+(.+)$|\b(?:keep(?:ing)?|kept|sticking with|stick with|staying (?:on|with)|still on|still using)\s+(.+)$/i;
/** "Someone suggested us-east-1 for the region", "Trying Next.js 13.5 as the Next.js version" */
const PROPOSED = re(
  `\\b(?:suggested|proposed|floated|pitched|asked for|requested|tried|trying|tested|testing|experimented with|considered|wanted|decided against|ruled out|said no to|rejected|turned down|vetoed)\\s+(?:to use\\s+|using\\s+|moving to\\s+|switching to\\s+)?(.+?)\\s+(?:for|as)\\s+${NP}(?=\\s*[;,.]|\\s+(?:failed|broke|but|and|was|did|didn't)\\b|$)`,
);

/** The words the proposal pattern turns on, tested first. */
const PROPOSAL_WORD = /\b(?:suggested|proposed|floated|pitched|asked for|requested|tried|trying|tested|testing|experimented|considered|wanted|decided against|ruled out|said no to|rejected|turned down|vetoed)\b/i;
const MOVE_WORD = /\b(?:proposal|suggestion|idea|plan|request|pr)\s+to\b|^(?:moving|switching|changing|migrating|upgrading|bumping)\b/i;
const KEEP_WORD = /\b(?:remains?|stays?|still|will stay|will remain|staying|keeps|keep(?:ing)?|kept|back|reverted|sticking|stick)\b/i;

/** Any word a refusal turns on, in one test: most sentences have none. */
const REFUSAL_CUE = new RegExp(`${PROPOSAL_WORD.source}|${MOVE_WORD.source}|${REFUSED.source}`, 'i');

function refusal(sentence: string): Found | undefined {
  if (!REFUSAL_CUE.test(sentence)) return undefined;
  const direct = PROPOSAL_WORD.test(sentence) ? PROPOSED.exec(sentence) : null;
  const moved = direct ? null : ((MOVE_WORD.test(sentence) ? PROPOSED_MOVE.exec(sentence) : null) ?? (REFUSED.test(sentence) ? REFUSED_MOVE.exec(sentence) : null));
  const proposed = direct ? { value: direct[1], subject: direct[2] } : moved ? { value: moved[2], subject: moved[1] } : undefined;
  const refused = REFUSED.test(sentence);
  if (!proposed && !refused) return undefined;
  let subject = proposed?.subject;
  let kept: string | undefined;
  for (const clause of KEEP_WORD.test(sentence) ? sentence.split(/[;,]\s+/) : []) {
    const as = KEPT_AS.exec(clause.trim());
    if (as) {
      subject = as[2];
      kept = as[1];
      break;
    }
    const k = KEPT_WITH_SUBJECT.exec(clause.trim());
    if (k) {
      subject = k[1];
      kept = k[2];
      break;
    }
    const bare = KEPT.exec(clause);
    if (bare) kept = bare[1] ?? bare[2];
  }
  // A refusal word alone ("the build failed") refuses nothing named.
  if (!subject || (!proposed && kept === undefined)) return undefined;
  const value = kept === undefined ? '' : cutValue(kept);
  if (!nounPhrase(subject) || !plausibleSubject(subject) || (value && !plausibleValue(value))) return undefined;
  const other = proposed ? cutValue(proposed.value ?? '') : undefined;
  return { subject: clean(subject), value, stance: 'reject', ...(other ? { other } : {}) };
}

/** An activity ("Taking care of ourselves") is not a thing with a value; "the caching layer" is. */
const ACTIVITY = /^(?:the\s+|our\s+)?[a-z]+ing\b/i;
/** Words in -ing that name a thing in a project ("Staging is hosted on Render", "the logging level"), not an activity. */
const THING_ING = /^(?:the\s+|our\s+)?(?:staging|billing|logging|caching|pricing|hosting|routing|testing|tracing|monitoring|alerting|linting|bundling|packaging|onboarding|shipping|streaming|messaging|rendering|scheduling|indexing|sharding|sharing|polling|pooling|paging|versioning|branching|tagging|naming|spacing|padding|encoding|hashing|signing|string|ring|thing|building|listing|setting|settings|mapping|heading|housing|booking|parking|ticketing|invoicing|accounting|reporting|ranking|rating|training|banking|marketing|networking|load balancing|rate limiting)\b/i;

function clean(np: string): string {
  return np.trim().replace(/^(?:the|our|this|its|their|a|an)\s+/i, '').replace(/[.,;:!]+$/, '');
}

/** Pure: the value one English sentence states, if any. */
/** Any word a shape turns on, in one test: a sentence with none states nothing. */
const ANY_CUE = new RegExp(SHAPES.map((x) => x.cue.source).join('|'), 'i');

export function englishStatement(sentence: string, o: { alone?: boolean } = {}): Found | undefined {
  if (!ANY_CUE.test(sentence) && !REFUSAL_CUE.test(sentence)) return undefined;
  const s = sentence.trim().replace(CITED, '').replace(FROM_NOW, '');
  const labelled = o.alone !== false && !/[!?]\s*$/.test(s);
  const refused = refusal(s);
  if (refused) return refused;
  for (const clause of [s, ...leadIn(s), ...s.split(/;\s+/).slice(1)]) {
    for (const shape of SHAPES) {
      if (!shape.cue.test(clause) || (shape.label && !labelled)) continue;
      const m = shape.re.exec(clause.trim());
      if (!m) continue;
      const subject = m[shape.subject] ?? '';
      const value = cutValue(m[shape.value] ?? '');
      if (!nounPhrase(subject) || !plausibleSubject(subject) || !plausibleValue(value) || (ACTIVITY.test(subject.trim()) && !THING_ING.test(subject.trim()))) continue;
      const other = shape.other !== undefined && m[shape.other] ? cutValue(m[shape.other] ?? '') : undefined;
      const named = shape.aspect ? `${clean(subject)} ${shape.aspect}` : clean(subject);
      return { subject: named, value, stance: 'assert', ...(other ? { other } : {}), ...(shape.owner ? { owner: true } : {}) };
    }
  }
  return undefined;
}

/**
 * What follows a lead-in that is no clause of its own: "Per config/app.yaml,",
 * "For reference,", "As of this week,". A lead-in with a verb, a pronoun or a
 * condition ("If we moved it,", "When it fails,") is a clause, and stays.
 */
function leadIn(s: string): string[] {
  const m = /^([^,]{1,60}),\s+(\S.*)$/su.exec(s);
  if (!m || !m[1] || !m[2]) return [];
  const words = m[1].trim().toLowerCase().split(/\s+/);
  return words.length <= 6 && words.every((w) => !NOT_IN_NP.has(w)) ? [m[2]] : [];
}

/** A sentence that refuses or reverts a change (not one that only proposes it). */
export function rejectsInEnglish(sentence: string): boolean {
  return REFUSED.test(sentence);
}

/** A sentence that refuses, reverts or only proposes a change (its value is not the current one). */
export function refusesInEnglish(sentence: string): boolean {
  return REFUSED.test(sentence) || PROPOSAL_WORD.test(sentence);
}
