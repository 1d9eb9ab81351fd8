/**
 * The classifier's term tables (docs/semantics.md "Classification"). Data only: `classifier-lexicon.ts` compiles
 * these lists into lookup maps once, at module load.
 *
 * The classifier thinks in verb × object pairs, so most words here say nothing on their own: "read"
 * alone and "file" alone are harmless, "read … file" is PRIVATE_ACCESS. Only a few words carry a
 * capability by themselves: the `send` and `webRead` verbs, credential stores, the STANDALONE_* and
 * NAME_ONLY_* tables, and, on a tool that only reads, `submitted` records and AUTHORSHIP clauses.
 *
 * Conventions:
 * - Entries are lowercase. An English entry with a space is a phrase, matched against consecutive
 *   word tokens (`api key` matches `api_key`, `apiKey`, `API key`; `e mail` matches `e-mail`).
 * - English single words are inflected by the compiler: verbs get `-s`/`-es`/`-ies` and `-ing`,
 *   nouns get plurals, so list the base form only. The base form is what evidence reports.
 * - Chinese entries are matched as substrings (Chinese has no spaces): the compiler segments a Chinese
 *   run by longest match against every Chinese entry of every table, so a longer entry (`转账记录`)
 *   wins over a shorter one it contains (`转账`).
 * - A word may sit in several tables (e.g. `exec` is a run verb and a standalone shell term); the
 *   compiler merges its roles. A noun sits in one object class only: the compiler keeps the last.
 */

/** What a verb does to its object. `neutral` verbs transform their input and touch no data. */
export type VerbRole = 'read' | 'webRead' | 'create' | 'modify' | 'send' | 'run' | 'interact' | 'neutral';

/**
 * What kind of thing a noun names. The class decides what a verb on it means:
 * - `web`: content on the open web (pages, URLs, search engines, news, weather APIs).
 * - `public`: content third parties write in public places (reviews, comments, issues, posts).
 * - `inbound`: communication others send to the user (mail, messages, chat, notifications): reading
 *   it is both external (who wrote it) and private (whose account it is in).
 * - `shared`: storage others can write (shared drives, shared documents): external and private. A
 *   calendar is one too: anyone who sends the user an invitation writes an entry into it (the title,
 *   the description, the organizer are theirs), so a calendar, a meeting or an appointment read is both.
 * - `submitted`: records third parties file into the user's own systems (support tickets, form
 *   submissions, customer enquiries): external (a customer or anyone wrote them) and private (they
 *   sit in the user's account). Unlike the other classes, naming one (outside a negated clause) in a
 *   tool that reads and neither writes nor sends is enough: "Look up a customer: the record and their
 *   support tickets" returns the tickets whatever the verb pairs with (see the classifier's
 *   `submittedRecords`). A plain `ticket` stays `private`: an internal tracker's tickets (Jira,
 *   Linear) are written by colleagues inside the trust boundary. Third-party authorship said in words
 *   ("tickets submitted by customers") is the `AUTHORSHIP` table's.
 * - `transaction`: money movements, whose subject or memo is third-party text: external and private.
 * - `commitment`: arrangements the user has with a party outside: reservations and bookings (a hotel,
 *   a restaurant, an airline), scheduled and recurring payments. Making, changing or cancelling one
 *   acts outside (an external action: the hotel is told, the money goes to someone new); reading one
 *   is the user's own data (the user set it up).
 * - `private`: the user's own data and local state (files, records, calendar, settings).
 * - `credential`: secrets and key material.
 * - `credentialStore`: places that hold secrets (keychain, vault, `.env`): reading one needs no verb.
 * - `environment`: a process's environment variables: API keys and tokens next to private
 *   configuration (paths, user and host names), so reading them is credential and private access.
 * - `code`: programs, scripts and commands: run → code execution, read → private access.
 * - `transient`: runtime state of a tool's own process (a connection, a session, a browser tab): opening,
 *   closing or changing one touches none of the user's data, so it pairs with nothing; as the head of
 *   a compound it keeps a private modifier from pairing ("close a MongoDB connection").
 * - `interpreter`: languages, shells and runtimes: only running one means anything ("Python code" is
 *   code, "python packages" are not the user's data).
 */
export type ObjectClass =
  | 'web'
  | 'public'
  | 'inbound'
  | 'shared'
  | 'submitted'
  | 'transaction'
  | 'commitment'
  | 'private'
  | 'credential'
  | 'credentialStore'
  | 'environment'
  | 'code'
  | 'interpreter'
  | 'transient';

/**
 * Verbs that change the state of a job, an account, a machine or a listing (`modify` verbs). In the
 * name of a read tool's property they set an option of the read (`mute_errors`, `disable_cache`),
 * not a side effect on the user's data as `delete_after` or `mark_read` do.
 */
export const STATE_VERBS: readonly string[] = [
  'pause', 'rerun', 'reboot', 'terminate', 'suspend', 'activate', 'deactivate', 'enable', 'disable',
  'unarchive', 'undo', 'approve', 'reject', 'withdraw', 'mute', 'unmute', 'pin', 'unpin',
  'power off', 'power on', 'power cycle',
  'ungroup', 'abort', 'migrate', 'relist', 'cherry pick', 'rebase', 'adjust',
  'reorder', 'shut down',
  // Common verbs of API operations that change a thing's state: toggling a timer, reopening an
  // issue, renewing a domain, restarting a service.
  'restart', 'toggle', 'reopen', 'renew', 'reschedule', 'enroll', 'unenroll', 'unregister', 'kick',
  'ban', 'unban', 'unblock', 'undelete', 'unpublish', 'unstar',
];

/**
 * Verbs that join one thing to another ("Attach a tag to a bookmark", "Detach a tag from an item"):
 * a change of the other thing. Right before `to` or `from` they name nothing joined, and connect the
 * caller to something instead ("Attach to an interactive shell on a pod"): no change.
 */
export const ATTACH_VERBS: readonly string[] = ['attach', 'detach'];

/**
 * State verbs that change something only where a tool says what it does: in its name, or as the
 * first word of its description ("Retry a failed pipeline job run", "Skip a delivery week"). In the
 * rest of its prose they are said of reads ("retry after a rate limit", "rows to skip", "stop at the
 * first failure", "confirm with the user", "a resume and a cover letter").
 */
export const OPENING_VERBS: readonly string[] = [
  'retry', 'skip', 'unskip', 'stop', 'resume', 'confirm', 'accept', 'decline', 'complete',
  // "Assign a task", `subscribe_to_issue`; "users to assign", "events you can subscribe to" are read.
  'assign', 'unassign', 'reassign', 'subscribe', 'unsubscribe',
  // "Attach a tag to a bookmark", `detach_tag`; "the files attached to an issue" are read.
  ...ATTACH_VERBS,
  // "Promote a release to production", `docker_logout`, "Clean up unused images", `git_pull`; "a
  // promotional code", "log out of the page first", "clean data", "pull requests" are something else.
  'promote', 'logout', 'clean', 'pull',
  // "End a campaign", `unmerge_range`, "Endorse an agent", "Deny a pending request"; "the end date",
  // "the endorsements of an agent" and "requests that match are denied" are read. (Left out: `watch`,
  // since watching a card subscribes to it and watching a folder reads it; `shutdown`, a noun in
  // `device_shutdown_time`, where `shut down` is the verb.)
  'end', 'unmerge', 'endorse', 'deny',
  // "Void an unpaid invoice", "Freeze an account", "Hide a range of columns", "Dismiss a reminder",
  // "Discard a document version", "Unconfirm an issue"; "the reasons an invoice can be voided for",
  // "the hidden fields", "the code freeze window", "the snooze settings", "dismissed alerts" are read.
  // (Left out: `acknowledge`, whose first use in the corpus acknowledges a webhook event to a local
  // listener, which made its whole server's writes local; `rate`, a noun in "rate limit".)
  'void', 'freeze', 'unfreeze', 'hide', 'unhide', 'snooze', 'postpone', 'dismiss', 'discard', 'unconfirm',
];

/**
 * Send verbs of the same kind: acts on a platform in a name or as a description's first word
 * ("Follow a user", `like_post`, "Respond to an event"), said of something else in the rest of the
 * prose ("follow the redirect", "formats like JSON", "the API responds with").
 */
export const OPENING_SENDS: readonly string[] = ['follow', 'unfollow', 'like', 'unlike', 'respond', 'retweet', 'unretweet', 'repost', 'reblog'];

/** Verbs by role. */
export const VERBS: Readonly<Record<VerbRole, readonly string[]>> = {
  // Reading or querying. What is read decides the capability (web page → EIT, file → PAT, ...).
  read: [
    'read', 'get', 'fetch', 'retrieve', 'list', 'search', 'query', 'find', 'lookup', 'look up',
    'show', 'load', 'scan', 'inspect', 'describe', 'cat', 'select', 'check', 'access', 'receive',
    'monitor', 'poll', 'grep', 'summarize', 'summarise', 'obtain', 'peek', 'print', 'display', 'dump',
    'recall',
    '读取', '查看', '获取', '查询', '搜索', '列出', '检索', '查找', '访问', '接收', '读',
    // Traditional (Taiwan, Hong Kong) words that are not a character-for-character conversion.
    '搜尋', '檢視', '存取',
    // Japanese, in its kanji forms (kana are not read): 取得 get, 一覧 list, 検索 search.
    '取得', '一覧', '検索',
  ],
  // Reading that goes to the network whatever its object: external ingestion on its own.
  webRead: [
    'scrape', 'crawl', 'browse', 'navigate', 'download', 'visit', 'screenshot', 'hover',
    '抓取', '爬取', '浏览', '下载',
  ],
  // Bringing something new into existence. On a public place or a message it is an outbound action.
  create: [
    'create', 'add', 'insert', 'write', 'append', 'put', 'make', 'compose', 'copy', 'upsert', 'save',
    'mkdir', 'fork', 'clone', 'import', 'export', 'duplicate', 'register',
    '写入', '创建', '新建', '添加', '保存', '插入', '追加', '写', '建立', '编写', '新增', '增加', '导入',
    // Japanese: 作成 create.
    '作成',
  ],
  // Changing or destroying what exists.
  modify: [
    'update', 'edit', 'modify', 'delete', 'remove', 'rename', 'move', 'patch', 'overwrite', 'set',
    'drop', 'truncate', 'clear', 'reset', 'replace', 'change', 'archive', 'mark', 'merge', 'close',
    'configure', 'restore', 'trash', 'purge', 'erase', 'destroy', 'unlink', 'rmdir', 'revoke',
    'rotate', 'cancel', 'turn on', 'turn off', 'switch on', 'switch off', 'unlock', 'get rid',
    ...STATE_VERBS, ...OPENING_VERBS,
    '更新', '修改', '删除', '移除', '重命名', '移动', '覆盖', '清空', '编辑', '取消',
    // Japanese: 削除 delete, 編集 edit, 変更 change.
    '削除', '編集', '変更',
  ],
  // Data leaving the trust boundary: external action on its own, whatever the object.
  send: [
    'send', 'publish', 'upload', 'forward', 'notify', 'broadcast', 'invite', 'pay', 'push', 'submit',
    'transmit', 'purchase', 'buy', 'reserve', 'reimburse',
    // Acts on a platform or a chain that others see or that move money: a vote, a sale, a stake.
    'upvote', 'downvote', 'sell', 'redeem', 'stake', 'unstake',
    '发送', '上传', '发布', '分享', '支付', '转发', '推送', '提交', '邀请', '付款', '汇款', '发帖', '群发',
    '传送',
    // Japanese: 送信 send, 投稿 post.
    '送信', '投稿',
  ],
  // Running something; only a code-like object (or a standalone shell term) makes it code execution.
  run: ['run', 'execute', 'exec', 'eval', 'evaluate', 'invoke', 'launch', 'spawn', '执行', '运行'],
  // Acting on a web page as the user (a click, a key press, a filled form can submit data to the site):
  // on a page it reads the page and acts outside; on a local file it reads the file and sends it.
  interact: [
    'click', 'double click', 'tap', 'fill', 'autofill', 'press', 'drag', 'handle', 'select option', 'check box', '点击',
  ],
  // Pure transformations. They pair with nothing, and their presence stops a noun-only name from
  // being read as a getter (`convert_currency`, `generate_password`).
  neutral: [
    'generate', 'calculate', 'compute', 'convert', 'format', 'parse', 'validate', 'translate',
    'encode', 'decode', 'hash', 'sort', 'echo', 'count', 'compare', 'analyze', 'analyse', 'render',
    'resize', 'compress', 'multiply', 'divide', 'subtract', 'round', 'emulate',
    '计算', '转换', '翻译', '生成', '格式化',
  ],
};

/**
 * Write verbs that mutate even when no object is recognised (`delete`, `overwrite`): a name or an
 * imperative sentence made of one of these is LOCAL_MUTATION. Weaker ones (`set`, `add`, `make`)
 * need an object, or `add` two numbers would be a mutation.
 */
export const STRONG_WRITE_VERBS: readonly string[] = [
  'write', 'delete', 'remove', 'overwrite', 'rename', 'mkdir', 'rmdir', 'insert', 'append', 'save',
  'edit', 'modify', 'update', 'patch', 'upsert', 'truncate', 'unlink', 'erase', 'purge', 'commit',
  'trash', 'destroy', 'export', 'get rid',
  '写入', '删除', '修改', '更新', '保存', '覆盖', '清空', '编辑', '移除', '削除', '編集',
];

/**
 * Words that are a verb or a noun depending on position: `post_message` posts, `get_posts` reads.
 * In a name, the first of these is the verb when no plain verb is present; in a sentence, it is a
 * verb at the start, after `to`/`will`/`can`/an adverb, or after `and`/`or` following a verb.
 * In Chinese, it is a verb unless a plain verb comes before it in the clause.
 */
export const AMBIGUOUS: readonly { readonly term: string; readonly verb: VerbRole; readonly noun?: ObjectClass }[] = [
  { term: 'post', verb: 'send', noun: 'public' },
  { term: 'comment', verb: 'send', noun: 'public' },
  { term: 'tweet', verb: 'send', noun: 'public' },
  { term: 'reply', verb: 'send', noun: 'inbound' },
  { term: 'email', verb: 'send', noun: 'inbound' },
  { term: 'e mail', verb: 'send', noun: 'inbound' },
  { term: 'mail', verb: 'send', noun: 'inbound' },
  { term: 'sms', verb: 'send', noun: 'inbound' },
  { term: 'dm', verb: 'send', noun: 'inbound' },
  { term: 'message', verb: 'send', noun: 'inbound' },
  { term: 'share', verb: 'send' },
  { term: 'transfer', verb: 'send', noun: 'transaction' },
  // Refunding pays money back to someone outside; "a refund" is a money movement.
  { term: 'refund', verb: 'send', noun: 'transaction' },
  // Booking a table or a flight commits the user to a third party; "the phone book" is no booking.
  { term: 'book', verb: 'send' },
  // `grant_access` grants; "an OAuth grant" is a record.
  { term: 'grant', verb: 'modify' },
  // Scheduling an event is a local write; scheduling a transaction moves money (create × transaction).
  { term: 'schedule', verb: 'create', noun: 'private' },
  // Drafting writes a local draft, it sends nothing: `modify` × message is a mutation, not an action.
  { term: 'draft', verb: 'modify', noun: 'private' },
  // `view_file` views; "a collection or view" is a database view.
  { term: 'view', verb: 'read', noun: 'private' },
  // `lock_door` locks; "a smart lock" is a device.
  { term: 'lock', verb: 'modify', noun: 'private' },
  // `git_commit` commits; `list_commits` lists commit records.
  { term: 'commit', verb: 'create', noun: 'private' },
  // Sends that open a name or a description (`OPENING_SENDS`): `follow_user`, "Like a post".
  ...OPENING_SENDS.map((term) => ({ term, verb: 'send' as const })),
  // `block_user` blocks; "append blocks to a page" are a document's blocks.
  { term: 'block', verb: 'modify', noun: 'private' },
  // `claim_fees` claims; "the token's claims" are its fields.
  { term: 'claim', verb: 'modify' },
  // `star_repo` stars; "a five-star rating" is a score.
  { term: 'star', verb: 'modify' },
  // `favorite_recipe` marks; "the user's favorites" are a list.
  { term: 'favorite', verb: 'modify' },
  { term: 'favourite', verb: 'modify' },
  // `subscriptions_upgrade` upgrades; "upgrade (tier comparison)" in a list of topics is a noun.
  { term: 'upgrade', verb: 'modify' },
  { term: 'downgrade', verb: 'modify' },
  // `snapshot_droplet` takes one; `list_snapshots` lists them.
  { term: 'snapshot', verb: 'create' },
  { term: '转账', verb: 'send', noun: 'transaction' },
  { term: '回复', verb: 'send', noun: 'inbound' },
  { term: '评论', verb: 'send', noun: 'public' },
  { term: '退款', verb: 'send', noun: 'transaction' },
  { term: '预订', verb: 'send', noun: 'commitment' },
  { term: '预约', verb: 'send', noun: 'commitment' },
];

/**
 * Public listings and platforms that the user may also hold a part of. A flight's schedule and
 * status are the airline's, a page on a social network is its member's, a business's listing is
 * the business's (a hotel's, a restaurant's, an accommodation's, a car rental's): EXTERNAL_INGESTION.
 * The user's own is an arrangement with that party (a `commitment`: read, it is the user's data;
 * changed, it acts outside): after an owner (`words`: "my upcoming flight", "your Instagram business
 * account", or a `possessors` word with a possessive: "the user's flight booking", "the user's own
 * LinkedIn profile"). Before an arrangement the word only says what kind it is: "a hotel booking".
 * What others write even in the user's own view is not here: "my timeline" and "my mentions" hold
 * other people's posts, "my inbox" other people's mail.
 */
export const OWNED_PUBLIC = {
  nouns: ['flight', 'linkedin', 'instagram', 'facebook', 'twitter', 'tiktok', 'trustpilot', 'hotel', 'restaurant', 'accommodation', 'car rental'],
  words: ['my', 'your', 'our'],
  possessors: ['user'],
} as const;

/**
 * Appointments made with a party outside (`nouns`, then `with` and one of `parties`, past
 * determiners and at most two other words: "an appointment with a doctor", "the appointment with
 * the user's lawyer", "with the team doctor") are the user's arrangements with that party,
 * a `commitment`: booking, moving or cancelling one tells the party (an external action), reading
 * one reads the user's data. An appointment with no such party ("an appointment on the calendar",
 * "an appointment with a note") and a meeting with the team stay what the calendar holds.
 */
export const ARRANGED_WITH = {
  nouns: ['appointment'],
  parties: [
    'doctor', 'dentist', 'physician', 'clinic', 'hospital', 'therapist', 'specialist', 'nurse',
    'provider', 'vet', 'veterinarian', 'lawyer', 'attorney', 'accountant', 'advisor', 'adviser',
    'salon', 'stylist', 'barber', 'mechanic', 'dealer', 'bank', 'agent', 'vendor', 'contractor',
  ],
} as const;

/**
 * Remarks people make on a thing (`nouns`): said of one of the user's own records right after one of
 * `prepositions` ("comments on a record", "the stories of a task", "feedback on an order", past
 * determiners and at most two other words), they are others' writing kept in the user's account:
 * read, EXTERNAL_INGESTION and PRIVATE_ACCESS. Said of something public (a post, a video, an issue),
 * they stay EXTERNAL_INGESTION.
 */
export const REMARKS = {
  nouns: ['comment', 'reply', 'review', 'discussion', 'story', 'feedback', 'mention'],
  prepositions: ['on', 'for', 'of', 'to', 'in', 'under', 'about'],
} as const;

/**
 * Published works and reference data, written by their authors and publishers (`web` objects): a
 * video, a movie, a podcast, a recipe, a publication and its citation, an airport's or an airline's
 * details. Before one of the user's own things they say what kind it is: "the video files in a local
 * folder" are files, "recipe notes" are notes.
 */
export const PUBLISHED_WORKS: readonly string[] = [
  'video', 'movie', 'podcast', 'recipe', 'publication', 'citation', 'airport', 'airline',
];

/**
 * Words a tool's name clips, by the full words its description may spell out instead: the name's
 * word then reads as the description's (`search_docs` + "Search the official documentation": the
 * docs are documentation, a vendor's web content, not the user's documents). Only clippings whose
 * full words differ in kind are listed.
 */
export const NAME_CLIPPINGS: Readonly<Record<string, readonly string[]>> = {
  doc: ['documentation'],
  docs: ['documentation'],
};

/**
 * A vault of notes: a notes app's vault (Obsidian's: "Create a new note in the specified vault") is
 * the folder its notes live in, the user's own files, not a store of secrets. A spec one of whose
 * sentences (of its description or of a property's description) says `vault` and one of `notes`,
 * none of whose sentences says one of `notes` after one of `unless` ("a secure note" is a password
 * manager's item), and whose description names no credential (a password, a token, a key), reads
 * every `vault` it says, in its name, description and properties, as a folder (`private`).
 */
export const NOTES_VAULT = {
  notes: ['note', 'markdown', 'frontmatter'],
  unless: ['secure', 'secret', 'encrypted'],
} as const;

/**
 * Listings found by place: a read whose sentence looks for things near a place (`near` or `around`
 * and, within `reach` words, one of `places`: "restaurants near a location", "events around the
 * city") or `within` a city reads what businesses and the public list there, not the user's records:
 * EXTERNAL_INGESTION. A sentence that says whose they are (`own`: "my saved places near me", "the
 * user's contacts near the office") keeps them the user's, and `nearby` alone says where a thing is
 * found from, not what ("the laptop's location from nearby Wi-Fi").
 */
export const NEAR_A_PLACE = {
  words: ['near', 'around', 'within'],
  places: ['location', 'place', 'point', 'address', 'coordinate', 'coordinates', 'latitude', 'city', 'area', 'region', 'me', 'you'],
  /** `within` a place only: "within a city", not "within 24 hours". */
  within: ['city', 'area', 'region'],
  reach: 3,
  /** Whose they are: the owners `OWNED_PUBLIC` knows, and a few more words that say so. */
  own: [...OWNED_PUBLIC.words, ...OWNED_PUBLIC.possessors, 'their', 'users', 'saved', 'own'],
} as const;

/** Nouns by class. */
export const OBJECTS: Readonly<Record<ObjectClass, readonly string[]>> = {
  web: [
    'web', 'website', 'webpage', 'web page', 'site', 'url', 'uri', 'link', 'hyperlink', 'http', 'https',
    'internet', 'online', 'html', 'browser', 'rss', 'feed', 'news', 'headline', 'search engine',
    'google', 'bing', 'brave', 'duckduckgo', 'serp', 'serpapi', 'serper', 'tavily', 'kagi',
    'perplexity', 'wikipedia', 'weather', 'forecast', 'page', 'hackernews', 'youtube',
    'arxiv', 'pypi', 'stock price', 'exchange rate', 'market data',
    // Market data an exchange publishes: prices, candles, order books, fund flows.
    'ticker', 'ohlcv', 'candlestick', 'order book', 'orderbook', 'funding rate', 'kline', 'k line', 'k 线',
    '行情', '涨跌幅', '成交额', '资金流', '板块',
    // What a browser shows: its tabs, dialogs and the page's console and network traffic.
    'dialog', 'viewport', 'console message', 'console log', 'network request',
    'search snippet',
    // A vendor's published documentation is written outside the trust boundary, like any web page
    // (the user's own documents are `document`s).
    'documentation', 'official documentation', 'official docs', 'public documentation', 'vendor documentation',
    'code example', 'code sample',
    // Map services: places, their listings and their reviews are written by businesses and the public;
    // a geocoding (an address's coordinates, a point's address), directions and POIs come from the
    // service's map data.
    'openstreetmap', 'mapbox', 'place details', 'nearby places',
    'geocode', 'geocoding', 'directions', 'poi', '地理编码', '逆地理编码',
    ...PUBLISHED_WORKS,
    '网页', '网站', '链接', '网址', '互联网', '网络', '新闻', '天气', '搜索引擎', '页面', '百度', '地图',
    '網路',
  ],
  public: [
    'review', 'issue', 'pull request', 'merge request', 'pr', 'discussion', 'forum', 'feedback',
    'mention', 'subreddit', 'reddit', 'rating', 'story', 'social media', 'timeline',
    // Public unless the user's own.
    ...OWNED_PUBLIC.nouns,
    '评价', '帖子', '论坛', '微博', '推文', '点评',
  ],
  inbound: [
    'inbox', 'mailbox', 'push notification', 'chat', 'channel', 'conversation', 'thread',
    'notification', 'gmail', 'outlook', 'voicemail', 'incoming', 'inbound', 'received', 'unread',
    'whatsapp', 'telegram',
    '收件箱', '邮件', '邮箱', '消息', '聊天', '短信', '私信', '频道', '群聊', '会话',
    '簡訊', '訊息',
  ],
  shared: [
    'shared', 'drive', 'gdrive', 'onedrive', 'dropbox', 'sharepoint',
    // Calendars: an invitation writes into the invitee's calendar.
    'calendar', 'calendar invite', 'invitation',
    'meeting', 'appointment', '日历', '日程', '会议', '行事曆', '邀请函',
    // Support desks: customers write what they hold. Like the drives, they count when read (`read the
    // tickets from the help desk`), not by being named.
    'help desk', 'helpdesk', 'service desk', 'zendesk', 'freshdesk', 'help scout', 'helpscout',
    '共享', '网盘', '云盘', '云文档',
  ],
  // Only what is third-party by name: a support desk's tickets, a public form's submissions, a
  // customer's enquiry or feedback. An internal tracker (`jira`, `linear`) is not here, and neither is
  // a bare `ticket`. (The support desks themselves are `shared` stores; bare `feedback` stays `public`.)
  submitted: [
    'support ticket', 'support request', 'support case', 'support message', 'help desk ticket',
    'helpdesk ticket', 'service desk ticket', 'customer ticket',
    'customer request', 'customer inquiry', 'customer enquiry', 'customer complaint',
    'customer submission', 'form submission', 'form response', 'form entry', 'survey response',
    'contact form', 'contact request', 'customer feedback', 'user feedback', 'feedback submission',
    'feedback form',
    // What applicants write: their applications, résumés and cover letters.
    'job application', 'candidate application', 'applicant', 'cover letter', 'résumé',
    '客服工单', '客户工单', '客户反馈', '客户投诉', '表单提交', '求职申请', '简历', '簡歷',
  ],
  transaction: [
    'transaction', 'payment', 'deposit', 'bank statement',
    // 附言: the note a payer writes on a transfer.
    '交易', '转账记录', '收款', '流水', '到账', '附言',
  ],
  commitment: [
    'reservation', 'booking', 'scheduled payment', 'scheduled transaction', 'scheduled transfer',
    'recurring payment', 'recurring transfer', 'standing order',
    '预订记录', '订位', '定期转账', '预约转账',
  ],
  private: [
    'database', 'db', 'sql', 'table', 'row', 'record', 'crm', 'customer', 'contact', 'account',
    'balance', 'event', 'note', 'file',
    'filesystem', 'directory', 'dir', 'folder', 'document', 'doc', 'repository', 'repo', 'branch',
    'profile', 'user', 'order', 'invoice', 'hr', 'payroll', 'employee', 'salary', 'ticket', 'task',
    'todo', 'spreadsheet', 'sheet', 'entity', 'memory', 'knowledge',
    // A drive that is a device of the user's machine, not a shared store.
    'hard drive', 'usb drive', 'flash drive', 'thumb drive', 'external drive', 'disk drive', 'local drive',
    'graph', 'observation', 'relation', 'lead', 'deal', 'patient', 'bookmark',
    'history', 'project', 'workspace', 'setting', 'config', 'configuration', 'preference', 'disk',
    'iban', 'credit card', 'photo', 'log', 'collection', 'address book', 'clipboard',
    'working tree', 'staging area',
    // Pay words that are nouns before a noun ("pay history" is a record, not a payment).
    'pay history', 'pay slip', 'payslip', 'pay stub', 'pay rate', 'pay grade', 'pay period', 'pay scale',
    'pay date',
    // A test management record: a run of tests written down (its cases and results), not tests run.
    'test run',
    // The user's own devices and where they are.
    'device', 'current location', 'gps', 'geolocation',
    // Infrastructure the user runs (a cluster is remote to the server, not to the user).
    'kubernetes', 'k8s', 'pod', 'cluster', 'namespace', 'deployment', 'helm release',
    // Workspace directories and the pieces of workspace documents.
    'member', 'group member', 'people', 'block', 'data source', 'page property', 'wiki',
    // Mail the user wrote: a sent folder holds the user's own words.
    'sent mail', 'sent email', 'sent e mail', 'sent message', 'sent item', 'outbox',
    // Environment templates list variable names with placeholders: project files, not secrets.
    'env example', 'env sample', 'env template', 'env dist',
    // A brand in front of a private product must not make it web content ("a Google Spreadsheet").
    'google sheet', 'google spreadsheet', 'google doc', 'google tasks', 'google keep', 'google photos',
    'sqlite', 'postgres', 'postgresql', 'mysql', 'mongodb', 'mongo', 'redis', 'bigquery', 'snowflake',
    'supabase', 'dynamodb',
    '数据库', '客户', '记录', '文件', '文档', '目录', '笔记', '备忘录',
    '联系人', '账户', '账号', '余额', '订单', '员工', '工资', '薪资', '工单', '任务', '用户', '表格',
    '数据表', '仓库', '个人信息', '设置', '配置', '草稿', '病历', '设备', '已发送', '发件箱',
    '已发邮件', '成员', '群成员', '通讯录', '知识库', '知识空间', '字段',
    // Traditional (Taiwan, Hong Kong) words that are not a character-for-character conversion.
    '檔案', '資料庫', '資料夾', '資料表', '聯絡人', '設定', '使用者', '賬戶', '賬號', '病歷',
  ],
  credential: [
    'secret', 'credential', 'password', 'passphrase', 'passwd', 'apikey', 'api key', 'access key',
    'private key', 'ssh key', 'gpg key', 'pgp key', 'signing key', 'encryption key',
    'key pair', 'keypair', 'access token', 'api token', 'auth token', 'bearer token', 'oauth token',
    'refresh token', 'session token', 'jwt', 'cookie', 'seed phrase', 'id rsa',
    // What a browser or an HTTP client sends with every request: cookies and Authorization tokens.
    'http header', 'authorization header', 'auth header',
    '密钥', '凭证', '密码', '令牌', '秘钥', '私钥', '凭据', '口令', '助记词', '金鑰', '權杖',
  ],
  environment: ['environment variable', 'env var', 'process environment', '环境变量'],
  credentialStore: [
    'keychain', 'keyring', 'vault', 'secretsmanager', 'bitwarden', 'lastpass', '.env', 'dotenv',
    'parameter store', '钥匙串',
  ],
  code: [
    'code', 'command', 'script', 'program', 'snippet', 'cell', 'notebook', 'binary', 'test',
    '命令', '脚本', '代码', '程序', '指令', '程式',
  ],
  transient: ['connection', 'session'],
  interpreter: [
    'python', 'javascript', 'js', 'typescript', 'nodejs', 'ruby', 'perl', 'deno', 'php',
    'lua', 'jupyter', 'sandbox', 'cli', 'container', 'docker',
  ],
};

/**
 * Interpreter words that name a place code runs on the user's behalf, not a language: reading one
 * ("List Docker containers on the host", "Get a sandbox") reads the user's own environment
 * (PRIVATE_ACCESS), and creating, changing or removing one ("Stop the container") changes it, as
 * any private object (run in it, it stays CODE_EXECUTION). "Search GitHub for Python projects" names
 * a language: nothing of the user's is read.
 */
export const RUNTIMES: readonly string[] = ['sandbox', 'container', 'docker', 'jupyter'];

/**
 * Nouns of an aggregate: a count or statistics of others' writing kept in the user's account ("the
 * unread message count", "email statistics", "the number of messages", "Count the issues") returns
 * numbers, not the writing: the read is the user's data alone (PRIVATE_ACCESS). Of content that is
 * outsiders' alone (public flights, a public channel's figures) it stays EXTERNAL_INGESTION.
 */
export const AGGREGATE_NOUNS: readonly string[] = ['count', 'counts', 'stats', 'statistics', 'metrics', 'metric', 'number'];

/**
 * Nouns that only count in a tool's name, where they are unambiguous. In a description `token` is
 * as often a pagination or LLM token and `env` a deployment environment.
 */
export const NAME_ONLY_OBJECTS: Readonly<Partial<Record<ObjectClass, readonly string[]>>> = {
  credential: ['token'],
  environment: ['env'],
  // `maps_search_places`, `google_maps_directions`: a map service; in prose a "map" is a data structure.
  web: ['maps'],
};

/** Terms that mean a shell or an interpreter by themselves, anywhere: CODE_EXECUTION. */
export const STANDALONE_EXEC: readonly string[] = [
  'bash', 'zsh', 'shell', 'terminal', 'powershell', 'pwsh', 'cmd', 'repl', 'interpreter', 'eval', 'exec',
  'subprocess', 'code interpreter', 'command line',
  '终端', '命令行', '解释器', '命令列', '直譯器',
];

/**
 * `terminal` as the adjective of a final state, not a shell (`STANDALONE_EXEC`): in prose, before one
 * of `nouns` ("a terminal status", "terminal steps"), or after one of `before` (a form of `be` is
 * one too: "`failed` is terminal"; "non-terminal"; an edge's "source terminal").
 */
export const FINAL_STATE = {
  word: 'terminal',
  nouns: ['status', 'state', 'states', 'step', 'steps', 'execution', 'executions', 'phase', 'stage', 'event', 'node', 'value'],
  before: ['non', 'source', 'target'],
} as const;

/**
 * Terms that mean an interpreter only as (part of) a tool's name: `python_exec`, `ruby`, `sandbox_run`.
 * In prose they are mentioned far more often than run ("a Python library", "runs in a sandbox").
 */
export const NAME_ONLY_EXEC: readonly string[] = [
  'python', 'ipython', 'javascript', 'nodejs', 'ruby', 'perl', 'deno', 'php', 'lua', 'typescript', 'sh',
  'sandbox', 'jupyter', '沙箱',
];

/**
 * A generic HTTP client: it reads whatever a URL returns (EIT) and sends whatever the caller puts in
 * the request (NAT). `http` alone only counts in a name (`http_get`); in prose it is a protocol name.
 */
export const STANDALONE_HTTP: readonly string[] = [
  'http request', 'http client', 'make request', 'api request', 'send request', 'rest request', 'curl',
  'wget', 'http 请求',
];
export const NAME_ONLY_HTTP: readonly string[] = ['http'];

/** Outbound channels that are an external action by themselves. */
export const STANDALONE_SEND: readonly string[] = ['webhook', 'smtp'];

/** Database nouns: a `query` property on a tool that names one of these is a database query. */
export const DATABASE_TERMS: readonly string[] = [
  'database', 'db', 'sql', 'table', 'sqlite', 'postgres', 'postgresql', 'mysql', 'mongodb', 'mongo',
  'redis', 'bigquery', 'snowflake', 'supabase', 'dynamodb', 'collection', '数据库', '数据表',
];

/**
 * The user's own stores: a tool that names one places its object-less writes there ("Applies a
 * manifest to the Kubernetes cluster", "Inserts text in the active editor"): LOCAL_MUTATION.
 */
export const OWN_STORES: readonly string[] = [
  ...DATABASE_TERMS, 'file', 'filesystem', 'directory', 'dir', 'folder', 'repository', 'repo', 'branch',
  'working tree', 'staging area', 'kubernetes', 'k8s', 'cluster', 'pod', 'namespace', 'deployment',
  'helm release', 'memory', 'graph', 'editor', 'codebase', '文件', '目录', '仓库', '檔案', '資料庫', '資料表',
];

/**
 * Phrases that contain a vocabulary word but mean nothing to the classifier. Matching them first
 * swallows their words: `read-only` is not a read, `email address` is not an e-mail, `list of` is not
 * a listing, `next page` is not a web page, `primary key` is not a secret.
 */
export const NEUTRAL_PHRASES: readonly string[] = [
  'read only', 'read write', '只读', '唯讀', 'as read', 'as unread', 'password policy', 'password reset',
  'email address', 'e mail address', 'mail address', 'error message', 'commit message', 'status message',
  'log message', 'list of', 'next page', 'page number', 'page size', 'per page', 'page token', 'previous page',
  'sort key', 'status code', 'country code', 'zip code', 'postal code', 'language code', 'currency code',
  'exit code', 'verification code', 'read receipt', 'resource link', 'get back', 'edit distance',
];

/** Words before an ambiguous word or a third-person verb that make it a verb ("use this to post"). */
export const VERB_CUES: readonly string[] = [
  'to', 'will', 'can', 'may', 'should', 'must', 'it', 'this', 'which', 'that', 'tool',
  'function', 'also', 'then', 'please', 'you', 'we', 'just', 'first',
];

/**
 * Words in -ly that name how often: adjectives of the noun after them right after a determiner, a
 * possessive or a verb ("its weekly emails", "Lists daily posts"), adverbs of an act elsewhere ("and
 * weekly emails subscribers").
 */
export const PERIOD_ADJECTIVES: readonly string[] = [
  'hourly', 'daily', 'nightly', 'weekly', 'biweekly', 'fortnightly', 'monthly', 'bimonthly', 'quarterly', 'yearly',
];

/** Forms of `be`: a base-form verb after one is a participle or a state ("if the part is set"), not an act. */
export const BE_FORMS: readonly string[] = ['is', 'are', 'was', 'were', 'be', 'been', 'being'];

/**
 * Words before a base-form verb in a sentence that make it a noun: "perform a search", "an INSERT
 * query". (A verb right after another verb is a noun too: "DELETE query", "search query".)
 */
export const DETERMINERS: readonly string[] = [
  'a', 'an', 'the', 'each', 'every', 'any', 'your', 'its', 'their', 'our', 'my', 'his', 'her', 'some',
  'no', 'this', 'that', 'these', 'those',
];

/**
 * Links inside a compound noun: `user's calendar`, `账户的转账记录` (the account's transfer records).
 * Nouns joined by one form one compound (see the classifier's head rule).
 */
export const COMPOUND_LINKS: readonly string[] = ["'s", 's', '的'];
/**
 * After a possessive, words the vocabulary does not know are modifiers of the noun that follows
 * ("the user's recent transactions"), at most `reach` of them, and none of the small words that end
 * a noun phrase: `stops`, and the determiners, conjunctions, forms of `be`, relative pronouns,
 * negations and prepositions of the lists above ("the user's name in reviews" is no compound).
 * `own` is a stop too: "the user's own drive" is the user's, no shared drive.
 */
export const POSSESSIVE_MODIFIERS = {
  reach: 2,
  stops: ['to', 'at', 'by', 'as', 'per', 'own'],
} as const;

/**
 * The possessive marker as prose tokens it: `'s`, `’s` and the plural `s'` (`teams'`) all become this
 * one token. A possessive is a determiner: the word after it is a noun ("the team's list"), the word
 * before it is a noun ("the post's comments"), and the possessor and its marker stand where an article
 * would, so they use up no reach between a verb or `from` and the object ("a document from the
 * marketing team's shared drive" reaches the drive as "from the shared drive" does).
 */
export const POSSESSIVE = "'s";
/** Determiners that say whose a thing is ("your readings", "their grades"). */
export const POSSESSIVE_DETERMINERS: readonly string[] = ['their', 'his', 'her', 'your', 'my', 'our'];

/** Words whose `'s` is a contraction (`it's`, `let's`, `that's`), not a possessive: it stays a plain `s`. */
export const CONTRACTED_S: readonly string[] = [
  'it', 'that', 'let', 'here', 'there', 'what', 'who', 'how', 'he', 'she', 'this', 'everything',
  'nothing', 'something', 'one',
];

/**
 * Negations: a verb after one (within 8 words, up to a `but` or the end of the sentence) is not done:
 * "will not change the database", "without reading the content", "don't send" (`don't` splits into
 * `don` + `t`). Prose only: a name has no negations.
 */
export const NEGATIONS: readonly string[] = ['not', 'never', 'cannot', 'without', 't'];
/** Words that end a negation's scope. */
export const NEGATION_BREAKS: readonly string[] = ['but', 'instead', 'then'];

/** Relative pronouns: past one (not right after the verb), a verb's object is no longer ahead of it. */
export const RELATIVE_PRONOUNS: readonly string[] = ['that', 'which', 'who', 'whose', 'whom', 'where'];

/** Coordinators: verbs joined by one share an object ("read and write files"), objects extend a list. */
export const CONJUNCTIONS: readonly string[] = ['and', 'or', '和', '或', '并', '及', '与', '或者', '并且', '並', '與', '並且'];

/**
 * Prepositions that open a list of things ("by ID or email", "with name, phone and email"): a word
 * after a conjunction in such a list is one more thing, not a verb, unless a pronoun, a determiner
 * or an object follows it ("… and email them"). `OBJECT_PRONOUNS` are those pronouns.
 */
export const LIST_PREPOSITIONS: readonly string[] = ['by', 'with', 'via', 'using', 'from', 'of', 'for', 'in', 'on', 'at', 'per'];
export const OBJECT_PRONOUNS: readonly string[] = ['them', 'it', 'him', 'her', 'us', 'me', 'everyone', 'everybody'];

/**
 * Words after a read's object that add what the read returns besides it: "Get an order including its
 * reviews" returns the reviews too, "Get a ticket along with its comments" the comments, and so does
 * "with" before an owner ("a task with its comments"; "users with an email address" filters, and
 * stays no read of mail). In such a list a comma goes on as `and` does ("including stage history,
 * feedback and evaluations"). Only after a read: "Create an issue with its labels" writes one thing.
 */
export const INCLUSIONS = {
  words: ['including', 'incl', 'plus', 'along with', 'together with', 'as well as', 'alongside'],
  owners: ['its', 'their', 'his', 'her'],
} as const;

/** Prepositions that make the channel after them a destination ("to your webhook", "via SMTP"). */
export const DESTINATION_PREPOSITIONS: readonly string[] = ['to', 'into', 'onto', 'via', 'through', 'toward', 'towards'];

/**
 * In a name, after its verb, a verb word right after one of these is a noun, where the act happens
 * (`add_card_to_list`, `get_widget_from_list`); so is an `-ing` form (`create_marketplace_listing`).
 */
export const NAME_PLACE_PREPOSITIONS: readonly string[] = ['to', 'from', 'in', 'into', 'on', 'onto'];

/**
 * Words that name no object when a tool's act has no object the vocabulary knows: prepositions and
 * `all` ("Search for security hotspots", `list_all_pipelines`). The object is the first word after
 * them: `hotspots`, `pipelines`. (Determiners, `each` or `some`, are no object either: `DETERMINERS`.)
 */
export const NOT_OBJECTS: readonly string[] = ['for', 'with', 'from', 'into', 'onto', 'about', 'via', 'all'];

/** A source after the object still belongs to the verb: "fetch a file from the web". */
export const SOURCE_PREPOSITIONS: readonly string[] = ['from'];

/**
 * Prepositions after a read's object that place it in a store: "Retrieve all files in the cloud
 * drive", "the entries within the calendar". A shared store so placed (a drive, a calendar, a help
 * desk) is read with its object, as after `from`; any other store is only where the object is.
 */
export const CONTAINING_PREPOSITIONS: readonly string[] = ['in', 'within', 'inside', 'across'];

/**
 * Third-party authorship (docs/semantics.md: content is external by who wrote it, not where it is stored).
 * A clause made of a participle, a link and, within three words, an author other than the user or a
 * public channel ("tickets submitted by customers", "as submitted through the help-center form",
 * "files uploaded by the public") says that what the tool returns was written by a third party: on a
 * tool that only reads it is EXTERNAL_INGESTION. Authors are people outside the trust boundary and the
 * channels through which they write; the user ("the user", "me", "you") and colleagues ("the team",
 * "employees", "agents") are not authors here, so "tickets created by the team" stays private.
 * Multi-word entries are matched word by word (`help center` matches `help-center`). An author
 * followed by a noun of the vocabulary is a modifier, not an author ("from the customers table").
 */
export const AUTHORSHIP = {
  participles: [
    'submitted', 'written', 'sent', 'posted', 'filed', 'uploaded', 'reported', 'raised', 'left',
    'authored', 'entered', 'created', 'contributed', 'provided', 'opened', 'logged',
  ],
  links: ['by', 'through', 'via', 'from'],
  authors: [
    'customer', 'customers', 'the public', 'members of the public', 'anyone', 'anybody', 'third party',
    'third parties', 'external user', 'external users', 'external party', 'external parties',
    'external sender', 'external senders', 'outside parties', 'end user', 'end users', 'users',
    'other users', 'visitor', 'visitors', 'guest', 'guests', 'requester', 'requesters', 'respondent',
    'respondents', 'buyer', 'buyers', 'shopper', 'shoppers', 'subscriber', 'subscribers',
    // Public channels through which they write. (A contact or feedback form and an applicant are
    // `submitted` records already; "site visitors" is matched by `site`, "customer portal" by `customer`.)
    'form', 'forms', 'web form', 'online form', 'public form', 'help center', 'help centre', 'help desk',
    'helpdesk', 'support portal', 'service desk', 'support widget', 'chat widget', 'website', 'web page', 'site', 'page',
    'careers page', 'career page', 'job board', 'landing page', 'portal', 'public page',
  ],
} as const;

/**
 * First-party authorship: a clause right after an object saying that the user wrote or set it up
 * ("the messages the user has sent", "the payments you scheduled", "events created by the user").
 * What the user wrote is inside the trust boundary whatever the object: the object is the user's own
 * data (PRIVATE_ACCESS when read), and the participle is not a verb of the tool. Matched word by word,
 * as `[relative] author [auxiliary…] participle` or `participle by author`.
 */
export const FIRST_PARTY = {
  relatives: ['that', 'which'],
  authors: ['the user', 'the account owner', 'the account holder', 'you', 'i', 'we'],
  auxiliaries: ['has', 'have', 'had', 'previously', 'already', 'themselves', 'yourself', 'personally'],
  participles: [
    'sent', 'set up', 'created', 'scheduled', 'written', 'wrote', 'made', 'drafted', 'authored',
    'composed', 'saved', 'added', 'entered', 'booked',
  ],
} as const;

/**
 * Outside services that other people read and write, named in a tool's name or description.
 * - `writes`: a write there (a pushed file, a branch, an updated page, a new table record) changes what
 *   other people read in a service outside the trust boundary: EXTERNAL_ACTION, not LOCAL_MUTATION.
 * - `sharedContent`: workspaces whose pages, blocks, documents and records colleagues and guests write:
 *   a read is EXTERNAL_INGESTION and PRIVATE_ACCESS (a shared document), except directory data
 *   (`DIRECTORY_NOUNS`). A code host is not one: a repository's files are the user's code.
 */
export const OUTSIDE_SERVICES = {
  writes: ['github', 'gitlab', 'bitbucket', 'notion', 'confluence', 'lark', 'feishu', '飞书'],
  sharedContent: ['notion', 'confluence', 'lark', 'feishu', '飞书'],
} as const;

/** The calendar's names: capitalised, and no service's ("Monday", "May"). */
export const CALENDAR_NAMES: readonly string[] = [
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'january', 'february',
  'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
];

/**
 * Capitalised words that name no service: languages, formats, encodings, operating systems, programs
 * that run on the user's machine, and the calendar's names. A description that writes a capitalised
 * word mid-sentence names a product ("a Miro board", "in Xero"), and a name's first word names the
 * service it is namespaced under (`linear_archiveProject`), unless it is one of these or a word the
 * vocabulary knows (see `namedProduct`, `nameSpace`).
 */
export const NOT_PRODUCTS: readonly string[] = [
  // Languages, formats and encodings (the vocabulary knows the rest: Python, JavaScript, Bash).
  'markdown', 'node', 'unicode', 'ascii', 'graphql', 'regex', 'vcard', 'icalendar', 'fhir', 'english',
  'chinese', 'boolean', 'true', 'false', 'null',
  // Systems and programs of the user's machine; Apple's own apps (Notes, Reminders) keep data on it.
  'linux', 'windows', 'unix', 'posix', 'chrome', 'chromium', 'firefox', 'safari', 'git', 'vim',
  'emacs', 'obsidian', 'apple', 'playwright', 'puppeteer', 'selenium', 'docker', 'browser',
  // The folders of the user's home and mailbox (All Mail, Junk Email, Deleted Items).
  'desktop', 'pictures', 'music', 'movies', 'videos', 'home', 'all', 'junk', 'items',
  // A role a tool's name opens with (`admin_create_user`): no service.
  'admin',
  // The calendar's names.
  ...CALENDAR_NAMES,
];

/**
 * A store the text calls hosted, as a product's name would ("Delete a file from the cloud drive",
 * "Upload it to cloud storage", "kept in the cloud"): `word` before one of `stores`, or as "the
 * cloud" after one of `places` with no other noun after it. It counts only where a noun phrase
 * opens: first in its sentence or after a determiner, a possessive, a preposition or a verb ("a
 * word cloud" names a shape). Not when a negation or one of `denials` comes before it in its
 * sentence ("never uploaded to the cloud", "no cloud account needed"), and not in a text that
 * writes the word as one of `shapes` anywhere ("a point cloud": "outliers from the cloud" are
 * points).
 */
export const HOSTED_STORES = {
  word: 'cloud',
  stores: [
    'drive', 'drives', 'storage', 'bucket', 'buckets', 'folder', 'folders', 'file', 'files', 'account',
    'accounts', 'backup', 'backups', 'server', 'servers', 'space',
  ],
  places: ['in', 'into', 'to', 'on', 'onto', 'from'],
  denials: ['no', 'nothing', 'none', 'nor', 'neither', 'offline'],
  shapes: ['point', 'word', 'tag'],
} as const;

/**
 * Prepositions that put a store inside a product named after them: "a file in a Codeup
 * repository", "a table on Zorblat", "the database of Zorblat", "a branch from a Codeup repository".
 */
export const PRODUCT_STORE_PREPOSITIONS: readonly string[] = ['in', 'on', 'of', 'from'];

/**
 * Verbs of searching an index. In an outside service (`OUTSIDE_SERVICES.writes`) a search runs across
 * the whole service ("Search for code across GitHub repositories"): strangers' content and profiles.
 */
export const SEARCH_VERBS: readonly string[] = ['search', 'find', '搜索', '查找'];

/**
 * Records a service keeps for the user: an account's customers, contacts, tasks, tickets, orders,
 * projects and members. Reading one is private access; creating or changing one changes state where
 * it is kept, in a service (EXTERNAL_ACTION, as the gate's MutateExternal), unless the tool says its
 * store is local (`FILE_TRANSFER.local`, a local file argument, `openWorldHint: false`). The user's
 * own stores (a database, a file, a cluster, a memory graph, a repository) are not in the list: a
 * write there is LOCAL_MUTATION.
 */
export const SERVICE_RECORDS: readonly string[] = [
  'crm', 'customer', 'order', 'invoice', 'ticket', 'task', 'lead', 'deal', 'patient', 'member',
  'group member', 'people', 'page property', 'wiki', 'employee', 'payroll', 'salary', 'hr',
  '客户', '订单', '员工', '工资', '薪资', '工单', '任务', '成员', '群成员',
];

/** Directory entries: who is in a workspace or a group is the organisation's data, whoever writes the pages. */
export const DIRECTORY_NOUNS: readonly string[] = [
  'user', 'member', 'group member', 'contact', 'employee', 'people', 'address book', '用户', '成员', '群成员',
  '联系人', '通讯录', '员工',
];

/**
 * A description that first says which suite the tool belongs to, then gives the tool's own description
 * under a label: "This tool belongs to the travel system, which allows users to book flights, manage
 * credit cards, and view budget information. Tool description: Get the balance of a credit card." The
 * suite's sentences are read after the tool's own, as any later sentence is: when the tool's name and
 * its own first sentence agree on one kind of act, what the suite's sentences do of the other kind is
 * not this tool's act (a read of the travel suite books nothing); what they do of the same kind, and
 * where they say the tools act, still count. The first sentence opens with `this` and a `subjects` word,
 * then one of the `links`; sentences right after it may say what the suite is (`sequels`: "It is a
 * simple file system that …", not "It is a tool that …"); the next one opens with one of the `labels`
 * right before a colon. The description is read as written without the label, when the first
 * sentence goes on about the tool before any clause about the suite (`joins`: "This tool is part of
 * the mail toolkit and sends the draft"), or when a suite's sentence says what happens on every call
 * (`everyCall`: "which forwards every query to advertisers").
 */
export const SUITE_PREAMBLE = {
  subjects: ['tool', 'function', 'api', 'endpoint', 'command', 'method', 'action'],
  links: ['belongs to', 'is part of', 'is one of'],
  sequels: ['it is a', 'it is an'],
  labels: ['tool description', 'function description', 'description'],
  joins: ['and', 'also', 'then', 'but'],
  everyCall: ['every', 'each', 'whenever', 'always'],
  /**
   * A suite's sentence that only presents what the suite offers ("…, which provides various
   * mathematical operations."): a `presenting` verb right after `which` or `that`, at most four words
   * the vocabulary gives no act or object, and one of the `offerings` ending the sentence. Only such a
   * sentence leaves a tool whose own sentences do none of the six things harmless.
   */
  presenting: ['provides', 'offers', 'exposes', 'includes', 'contains', 'supports'],
  offerings: ['operations', 'functions', 'tools', 'methods', 'utilities', 'helpers', 'calculations', 'features'],
} as const;

/**
 * Words that, in a description's first sentence, present the tool as a demonstration or a simulation
 * ("Demonstrates how annotations can be used", "Simulates a deep research operation"): its name says
 * what is shown, not what it does.
 */
export const DEMO_MARKERS: readonly string[] = [
  'demonstrates', 'demonstrate', 'demonstration', 'demo', 'simulates', 'simulated', 'simulation', 'mock',
  'mocked', 'dummy',
];

/**
 * The user as the destination of a send ("Send an e-mail digest to the user", "to me", "to the user's
 * own inbox"): what lands in the user's own mailbox or device stays inside the trust boundary, so the
 * send is a local write, not an external action. `places` may follow the user's possessive.
 */
export const SELF_DESTINATIONS = {
  people: [
    'the user', 'the current user', 'the signed in user', 'the logged in user', 'the authenticated user',
    'the account owner', 'me', 'myself', 'yourself', 'the user themselves', 'your own', 'my own',
    'their own',
  ],
  places: ['own', 'inbox', 'mailbox', 'email', 'e mail', 'email address', 'phone', 'device', 'account'],
} as const;

/**
 * The person the agent works for, named in prose as someone who acts or is spoken to, not as data:
 * "use this tool when the user asks for directions", "the user has explicitly requested it", "ask
 * the user for the missing fields", "warn the user that removal is irreversible". Such a sentence
 * instructs the model; the user in it is no record the tool reads. `persons` stand after a
 * determiner (`determiners`); they act when one of `acting` (or an adverb in -ly before an act) follows, and
 * are spoken to when one of `addressing` precedes the determiner. "The user's transactions", "the
 * current user", "details of the user" stay what they were: the user's own data.
 */
export const SERVED_PERSON = {
  determiners: ['the', 'a', 'an'],
  persons: ['user', 'users', 'end user', 'end users'],
  acting: [
    'asks', 'asked', 'wants', 'wanted', 'needs', 'has', 'have', 'had', 'does', 'did', 'is', 'are', 'was',
    'were', 'must', 'should', 'can', 'could', 'may', 'might', 'will', 'would', 'provides', 'provided',
    'requests', 'requested', 'refers', 'says', 'said', 'mentions', 'mentioned', 'confirms', 'confirmed',
    'agrees', 'agreed', 'approves', 'approved', 'chooses', 'chose', 'decides', 'decided', 'prefers',
    'expects', 'intends', 'means', 'gives', 'gave', 'types', 'typed', 'enters', 'entered', 'sees', 'knows',
    'clicks', 'clicked', 'changes', 'changed', 'tries', 'hasn', 'doesn', 'didn', 'isn',
  ],
  addressing: ['ask', 'tell', 'warn', 'remind', 'prompt', 'inform', 'notify', 'guide', 'help', 'show', 'with', 'to', 'let', 'by'],
} as const;

/**
 * Nouns that name how a channel or a record is set up, not what it holds. After such a noun's
 * modifier ("notification configuration", "email campaign", "message quota", "review settings")
 * the modifier's content is not what is read: the setup is the user's own (PRIVATE_ACCESS), and
 * whoever writes the messages or reviews wrote none of it. Plurals count too. Not a topic or a
 * sender: a forum's topics and a message's sender name are written by others.
 */
export const SETUP_HEADS: readonly string[] = [
  'configuration', 'config', 'setting', 'settings', 'preference', 'preferences', 'subscription', 'quota',
  'limit', 'campaign', 'template', 'policy', 'policies', 'rule', 'filter', 'destination', 'label',
  'type', 'types', 'schema', 'format', 'registration', 'endpoint', '设置', '配置', '模板',
];

/**
 * A server's own setup: its configuration, settings, preferences or log. A write of one that no word
 * places may change the server's own process (a log level, a proxy, a cache), so it stays a local
 * write even on a server that keeps its other writes outside (`ServerWrites`).
 */
export const OWN_SETUP: readonly string[] = ['configuration', 'config', 'setting', 'preference', 'log'];

/**
 * Modifiers that make a compound noun a local record whatever its other words: a "draft email" is a
 * draft (written and kept locally, sent by no one), not an e-mail.
 */
export const LOCAL_MODIFIERS: readonly string[] = ['draft', '草稿'];

/**
 * Create verbs that copy content in from elsewhere: with a URL to copy from (`git_clone(repo_url)`,
 * "import a file from a URL") what is copied was written by whoever controls that URL.
 */
export const IMPORT_VERBS: readonly string[] = ['clone', 'import'];

/**
 * Verbs that read what they write out: an export of a database's rows (`export(database,
 * collection, …)`) reads the database and writes a file; a copy of a password reads the password,
 * and so does filling it into a form (`fill`, `autofill`, interaction verbs).
 */
export const EXPORT_VERBS: readonly string[] = ['export', 'copy', 'fill', 'autofill'];

/**
 * Light verbs: a verb that takes its meaning from the act its object names. "Place an order" and
 * "place a market order" submit an order to a seller or an exchange; "leave a review" and "leave
 * feedback for a buyer" post it; "withdraw funds" moves money out: the pair is a send (`as`), and
 * the noun is the act, not a thing read (a send pairs with no object). Past determiners and up to
 * two words the vocabulary does not know ("a futures market order"). Any other object keeps the
 * verb's own sense, and `place` and `leave` name no act alone: "Place the widget on the dashboard",
 * "a place's events", "payroll leave", "leave the meeting".
 */
export const LIGHT_VERBS: Readonly<Record<string, { readonly nouns: readonly string[]; readonly as: string }>> = {
  place: { nouns: ['order', 'bid', 'bet', 'trade'], as: 'submit' },
  leave: { nouns: ['review', 'feedback', 'rating', 'comment'], as: 'submit' },
  // Withdrawing money moves it out of the account (a withdrawn offer is only taken back).
  withdraw: { nouns: ['funds', 'money', 'cash'], as: 'pay' },
};

/**
 * Transformations that, done to a stored thing, change it in place: formatting a sheet's cells or a
 * document's paragraph, resizing a disk or a sheet's rows. With an object of the user's own or
 * shared data (`private`, `shared`: a spreadsheet, a document, a row) they pair as `modify`;
 * done to a value passed in the call they stay pure transformations ("Formats the given text as a
 * tweet thread", "Format a date", "Resize the browser window").
 */
export const IN_PLACE_EDITS: readonly string[] = ['format', 'resize'];

/**
 * Transformations that examine what they are given: done to a stored thing (a file, a project, a
 * table's rows), they read it. "Analyze a drum rack file", "Compare two versions of a project" and
 * "Count the rows of a table" read what they name; done to a value passed in the call they stay pure
 * transformations ("Validate a JSON string", "Compare two texts", "Parse a cron expression").
 */
export const EXAMINING_VERBS: readonly string[] = ['analyze', 'analyse', 'compare', 'validate', 'parse', 'count'];

/**
 * Verbs of authoring a text. With a program as object, on a tool that runs code, they say what the
 * caller writes for the tool to run ("Write a TypeScript program that calls the tools"), not a file
 * the tool writes.
 */
export const AUTHORING_VERBS: readonly string[] = ['write', 'compose', '写', '编写'];

/**
 * Words that open the parenthesis after a parameter's name in a description's argument list
 * ("- email (str, optional): …"): the word before it is a parameter being described, not a verb.
 */
export const PARAMETER_TYPES: readonly string[] = [
  'str', 'string', 'int', 'integer', 'float', 'number', 'bool', 'boolean', 'list', 'array', 'dict',
  'object', 'optional', 'required', 'date', 'datetime',
];

/**
 * Simplified → traditional characters, for the characters of the Chinese entries above: every entry
 * is also matched in its traditional form (`发送邮件` → `發送郵件`). Only characters whose traditional
 * form differs are listed; where one simplified character has several traditional forms, the one the
 * vocabulary's words take. Words whose traditional form is another word (`短信` → `簡訊`) are listed
 * in the tables themselves.
 */
export const TRADITIONAL_CHARS: Readonly<Record<string, string>> = {
  与: '與', 个: '個', 云: '雲', 仓: '倉', 价: '價', 会: '會', 传: '傳', 余: '餘', 内: '內', 写: '寫',
  凭: '憑', 创: '創', 删: '刪', 务: '務', 动: '動', 单: '單', 历: '曆', 发: '發', 变: '變', 号: '號',
  员: '員', 坛: '壇', 备: '備', 复: '覆', 夹: '夾', 库: '庫', 录: '錄', 径: '徑', 户: '戶', 执: '執',
  换: '換', 据: '據', 数: '數', 档: '檔', 检: '檢', 气: '氣', 汇: '匯', 浏: '瀏', 点: '點', 环: '環',
  盖: '蓋', 盘: '盤', 码: '碼', 笔: '筆', 系: '繫', 终: '終', 络: '絡', 编: '編', 网: '網', 联: '聯',
  脚: '腳', 获: '獲', 览: '覽', 计: '計', 订: '訂', 议: '議', 记: '記', 论: '論', 设: '設', 访: '訪',
  证: '證', 评: '評', 诉: '訴', 词: '詞', 译: '譯', 话: '話', 询: '詢', 语: '語', 请: '請', 读: '讀',
  账: '帳', 资: '資', 转: '轉', 载: '載', 辑: '輯', 运: '運', 邮: '郵', 释: '釋', 钥: '鑰', 链: '鏈',
  问: '問', 闻: '聞', 页: '頁', 频: '頻', 额: '額', 馈: '饋', 约: '約', 电: '電', 预: '預', 简: '簡',
  图: '圖', 并: '並', 应: '應', 权: '權', 杀: '殺', 经: '經', 结: '結', 项: '項', 统: '統', 题: '題',
};

/**
 * Input-schema property names (their word tokens joined with `_`) that are evidence together with the
 * rest of the tool. See `classifier-pairing.ts` for how each group combines.
 */
export const SCHEMA_TERMS = {
  /** A page to read: EXTERNAL_INGESTION on a tool that neither writes nor sends. Any token matches. */
  url: ['url', 'urls', 'uri', 'uris', 'href', 'link', 'links', 'website', 'webpage', '网址', '链接'],
  /**
   * Tokens that make a url-like property a destination or a redirect, not a page to read; or the
   * address of the service the tool connects to (`argocdBaseUrl`, `server_url`, `instance_url`,
   * `regionUrl`): like `openWorldHint`, it says where the tool connects, not who wrote what it
   * returns. Not `endpoint`: an API playground's `endpoint_url` is the page it fetches.
   */
  notAPage: ['webhook', 'callback', 'redirect', 'base', 'server', 'instance', 'region'],
  /** Where data goes (whole property name). With a `body` sibling: EXTERNAL_ACTION. */
  destination: [
    'to', 'recipient', 'recipients', 'recipient_email', 'recipient_id', 'to_email', 'to_address',
    'to_number', 'to_phone', 'cc', 'bcc', 'webhook', 'webhook_url', 'channel', 'channel_id',
    'channel_name', 'chat_id', 'email', 'email_address', 'phone', 'phone_number', '收件人',
  ],
  /** A `to` whose description says one of these (a substring: `lang` is in `language`) is a language, a date or a unit, not a recipient. */
  notARecipient: ['locale', 'date', 'time', 'currency', 'unit', 'format', 'lang', '语言'],
  /** What is sent (whole property name). */
  body: [
    'body', 'message', 'text', 'content', 'subject', 'html', 'html_body', 'text_body', 'attachment',
    'attachments', 'caption', 'msg', 'payload', 'message_body', 'email_body', 'message_text',
    'markdown', '内容', '正文',
  ],
  /** A command line (whole property name): CODE_EXECUTION by itself. */
  command: [
    'command', 'cmd', 'script', 'shell_command', 'bash_command', 'commands', 'command_line',
    'shell_script', '命令',
  ],
  /** Source code (whole property name): CODE_EXECUTION when the tool also runs something. */
  code: [
    'code', 'source_code', 'python_code', 'js_code', 'javascript', 'python', 'snippet', 'program',
    'code_snippet', 'typescript', 'js', '代码',
  ],
  /** SQL text (whole property name): PRIVATE_ACCESS on a tool that does not write. */
  sql: ['sql', 'sql_query', 'raw_sql', 'sql_statement'],
  /** The database a tool works on (whole property name): PRIVATE_ACCESS on a tool that neither writes nor sends. */
  database: ['database', 'database_name', 'db', 'db_name', 'table', 'table_name', 'collection', 'collection_name', '数据库', '数据表'],
  /** A query (whole property name): PRIVATE_ACCESS on a database tool that does not write. */
  query: ['query', 'statement', 'q'],
  /** A local path (whole property name). With a `content` sibling: LOCAL_MUTATION. */
  path: [
    'path', 'file_path', 'filepath', 'filename', 'file', 'file_name', 'target_path', 'output_path',
    'dest', 'destination_path', '路径',
  ],
  /** What is written (whole property name). */
  content: ['content', 'contents', 'text', 'data', 'file_content', 'new_content', '内容'],
  /**
   * A local file the tool reads (whole property name, a string or an array of strings): what an
   * upload (`FILE_TRANSFER`) sends is then a local file.
   */
  sourcePath: [
    'path', 'paths', 'file_path', 'file_paths', 'filepath', 'filepaths', 'local_path', 'local_paths',
    'source_path', 'file', 'files', '路径', '本地路径', '文件路径',
  ],
  /**
   * A media file a property's name says it holds the path of, when the name ends in `path`, `paths`
   * or `file` (`image_path`, `front_image_path`, `pdf_file`): a local file the tool reads, as a
   * `sourcePath` is. A name that also says where something goes (`output_image_path`) is not one.
   */
  mediaFiles: ['image', 'images', 'photo', 'photos', 'picture', 'video', 'audio', 'pdf', 'avatar', 'banner'],
  /** Words of a path property's name that make it where the tool writes, not what it reads. */
  pathDestinations: ['output', 'out', 'save', 'target', 'dest', 'destination', 'download', 'export'],
  /** A url plus one of these (whole property name) is a generic HTTP client. */
  httpRequest: ['method', 'http_method', 'headers'],
  /**
   * The account of a hosted, multi-tenant service a call addresses (whole name of a top-level
   * property): an organization, a workspace, a tenant or a team, by id or slug. A store on the
   * user's machine has no tenant, so a write addressed by one is kept by the service, as a write in
   * a product the tool names is (`organizationId` on "Create a new sprint"). The weakest sign of a
   * product: one the description names, the name is namespaced under or the server fronts comes
   * first, and the tool's own word that its store is local, or `openWorldHint: false`, overrides it.
   */
  tenant: [
    'organization_id', 'organizationid', 'org_id', 'orgid', 'organization_slug', 'org_slug',
    'workspace_id', 'workspaceid', 'workspace_gid', 'tenant_id', 'tenantid', 'team_id', 'teamid',
  ],
} as const;

/**
 * Tools recognised as doing none of the six things (docs/semantics.md "Shells, unknown tools and overrides"):
 * the current time, a calculator, a unit conversion, a hand-off to a human agent. Recognised when
 * every word of the name is one of `words` and one names what the tool is (`kinds`): `get_current_time`,
 * `calculator`, `convert_units`, `handoff_to_human`; when a description, if there is one, names the
 * same kind ("Get the current time") and no object it acts on; and when nothing in the spec gives a
 * capability. A name with any other word (`get_time_entries`, `convert_file`, `calculate_and_pay`),
 * or a description that says something else ("Frobnicates the zx"), is not recognised, so an action
 * the vocabulary lacks cannot hide behind a harmless word.
 */
export const HARMLESS_NAMES = {
  kinds: {
    time: ['time', 'date', 'datetime', 'clock', 'timezone', 'day', 'timestamp'],
    calculator: ['calculate', 'calculator', 'calc', 'arithmetic', 'math'],
    conversion: ['convert', 'converter', 'conversion'],
    handoff: ['human', 'handoff'],
    chart: ['chart', 'diagram', 'plot', 'visualization', 'visualisation', 'infographic'],
    // The server's own state, asked with no argument: "Ping the server", "MCP server version".
    status: ['ping', 'version'],
  },
  /**
   * A rendering (kind `chart`): a chart or a diagram drawn from values passed in the call. Its name
   * may hold one of `makers`, and beside a maker, words the vocabulary does not know may stand before
   * the kind's word (the chart's type: `generate_boxplot_chart`, `draw_fishbone_diagram`); a known
   * word may not (`get_patient_chart` reads a record), nor an unknown one without a maker
   * (`zorblat_chart`).
   */
  rendering: {
    kind: 'chart',
    makers: ['generate', 'create', 'draw', 'render', 'plot', 'make'],
  },
  /**
   * Units of measure. A name made of two of them joined by `to` (`fahrenheit_to_celsius`,
   * `gallon_to_liter`) is a conversion (kind `conversion`), as `convert_units` is. Every conversion is
   * held to a closed test: every word of its description and of its properties' descriptions is a
   * unit, a number or one of `unitWords` ("Convert a temperature from Fahrenheit to Celsius"), and
   * every word of its properties' names a unit or one of `unitProperties`. Units are also what timers, quotas, fitness logs and devices measure ("Convert
   * the miles of your runs", "… and start a timer for that long", a `thermostat` property): only a
   * description that says nothing but the conversion is one. Currencies are not here: their rates are
   * a service's data.
   */
  units: [
    'celsius', 'fahrenheit', 'kelvin', 'meter', 'meters', 'metre', 'metres', 'km', 'kilometer',
    'kilometers', 'kilometre', 'kilometres', 'mile', 'miles', 'foot', 'feet', 'inch', 'inches', 'yard',
    'yards', 'cm', 'centimeter', 'centimeters', 'mm', 'millimeter', 'millimeters', 'gallon', 'gallons',
    'liter', 'liters', 'litre', 'litres', 'ml', 'milliliter', 'milliliters', 'pound', 'pounds', 'lb',
    'lbs', 'kg', 'kilogram', 'kilograms', 'gram', 'grams', 'ounce', 'ounces', 'oz', 'mph', 'kph', 'kmh',
    'knots', 'radians', 'degrees', 'bytes', 'kb', 'mb', 'gb', 'seconds', 'minutes', 'hours',
  ],
  unitWords: [
    'convert', 'converts', 'converted', 'converting', 'conversion', 'converter', 'a', 'an', 'the', 'given',
    'from', 'to', 'into', 'in', 'and', 'or', 'of', 'between', 'its', 'value', 'values', 'amount',
    'amounts', 'quantity', 'quantities', 'number', 'numbers', 'temperature', 'temperatures', 'distance',
    'distances', 'length', 'lengths', 'weight', 'weights', 'mass', 'volume', 'volumes', 'speed', 'speeds',
    'angle', 'angles', 'duration', 'durations', 'size', 'sizes', 'measurement', 'measurements', 'unit',
    'units', 'returns', 'return', 'result', 'equivalent', 'corresponding', 'specified', 'provided', 'one',
    'another', 'other', 'scale', 'for', 'example', 'e', 'g', 'be', 'is', 'are', 'will', 'as', 'by',
    'per', 'at', 'with', 'this', 'that', 'which', 'it', 'needs', 'need', 'can', 'should', 'must', 'you',
    'source', 'target', 'category', 'categories', 'kind', 'type', 'area', 'areas', 'data', 'time',
    'times', 'auto', 'detected', 'if', 'omitted', 'optional', 'default', 'defaults',
  ],
  unitProperties: [
    'value', 'amount', 'quantity', 'number', 'input', 'precision', 'decimals', 'digits', 'round',
    'rounding', 'from', 'to', 'unit', 'units', 'category', 'kind', 'type', 'source', 'target',
  ],
  /** Words that may stand beside a kind's word: what is converted, to whom a hand-off goes. */
  words: [
    'get', 'the', 'a', 'to', 'now', 'today', 'current', 'utc', 'local', 'unit', 'units', 'temperature',
    'transfer', 'hand', 'off', 'escalate', 'agent', 'agents', 'representative', 'live', 'expression',
    'server', 'mcp', 'api', 'system',
  ],
} as const;

/**
 * An outside service that does a computation's work ("Calculates travel times … using the Matrix
 * API", "Translate text via an online translation service"): one of `means` followed, within `reach`
 * words, by one of `services`, in a sentence that says nothing `local`. A computation that says so is
 * no computation on the call's values alone, and not harmless. (Reading such a tool as the service's
 * text, EXTERNAL_INGESTION, was tried and withdrawn after a review: the same words are said of tools
 * that charge, change cloud resources or read the user's records through an API.)
 */
export const OUTSIDE_MEANS = {
  means: ['using', 'via', 'through', 'with', 'from'],
  services: ['api', 'apis', 'service', 'services', 'online', 'cloud', 'endpoint', 'llm', 'provider'],
  local: ['local', 'locally', 'offline', 'on-device', 'device', 'built-in', 'builtin'],
  reach: 7,
} as const;

/**
 * Properties a harmless tool never takes (whole property names), besides a recipient, a command and a
 * local path: a key or a password to call something with, an endpoint to call, and the id of one of
 * the user's records (`records` before `_id` or `id`). A tool that takes one does something its words
 * do not say: "Compute the logarithm of a number" with an `api_key` or a `customer_id`.
 */
export const NOT_HARMLESS_PROPERTIES = {
  names: [
    'api_key', 'apikey', 'api_token', 'token', 'access_token', 'auth_token', 'password', 'secret',
    'secret_key', 'credentials', 'endpoint', 'base_url',
  ],
  records: ['customer', 'patient', 'user', 'account', 'order', 'ticket', 'record', 'file', 'document', 'contact'],
  /**
   * The last word of a property's name that makes it a place or a thing the tool reaches, whatever
   * words come before it (`csv_path`, `output_dir`, `s3_bucket`, `sensor_id`, `callback_url`): a file,
   * a folder, a bucket, a host, or the id of anything kept somewhere. Not `url` or `uri`: a URL is a
   * value an encoder or a code generator takes (`baseUri`, "Encode the URL").
   */
  heads: [
    'path', 'paths', 'file', 'files', 'filename', 'filepath', 'dir', 'directory', 'folder', 'bucket',
    'endpoint', 'webhook', 'host', 'hostname', 'id', 'ids', 'uuid',
  ],
} as const;

/**
 * Passive participles of a write or a send ("The result is uploaded to the configured bucket", "the
 * output will be saved", "results are e-mailed to the team"): after a form of `be` (up to two words
 * before, past adverbs such as `then`, `also`), outside a negated clause, in a tool that otherwise
 * looks harmless, they say that what it computed is kept or sent somewhere. Such a tool is not
 * recognised as harmless. Not before `by` ("the request as it was sent by the client" says who wrote
 * the input), nor `written in` ("the string is written in UTC", "written in Python": the form of a
 * text). A text's own edits (`added`, `inserted`, `replaced`, `moved`, `deleted`:
 * "each match is replaced") are a computation's words and are not here.
 */
export const STORED_PARTICIPLES: readonly string[] = [
  'uploaded', 'sent', 'saved', 'stored', 'written', 'posted', 'published', 'emailed', 'e-mailed', 'mailed',
  'transmitted', 'forwarded', 'shared', 'exported', 'logged', 'persisted', 'recorded', 'submitted',
  'pushed', 'synced', 'synchronized', 'synchronised', 'delivered', 'committed', 'inserted', 'appended',
  'cached', 'broadcast', 'tweeted', 'messaged', 'texted', 'notified', 'dispatched', 'queued', 'archived',
  'overwritten', 'filed', 'reported', 'streamed', 'shipped', 'enqueued',
];

/**
 * Nouns that stand for what a computation computed ("… and writes it to output.json", "uploads the
 * result"): a write or a send of one of them, right after the verb or after a determiner, is an act
 * even though the vocabulary places no object.
 */
export const COMPUTED_WORDS: readonly string[] = ['it', 'them', 'result', 'results', 'output', 'outputs', 'answer'];

/**
 * Verbs of keeping or passing on, whatever role the vocabulary gives them elsewhere, in a
 * harmless-looking tool's description or a property's. Those of `before` (also nouns or a
 * computation's words: a log, a record, a file, a share) are an act before one of `COMPUTED_WORDS`
 * ("… and caches the result", "keeps them", "Persist the result"); those of `always` before anything
 * ("persists the array", "streams the values to Kafka", "reports them to the server"). Their `-s`
 * forms count too.
 */
export const KEEPING_VERBS = {
  before: [
    'store', 'cache', 'keep', 'retain', 'record', 'log', 'archive', 'remember', 'email', 'mail', 'post',
    'share', 'push', 'write', 'export', 'queue', 'file', 'insert', 'append',
  ],
  always: [
    'persist', 'save', 'upload', 'send', 'publish', 'forward', 'transmit', 'submit', 'sync', 'stream',
    'enqueue', 'report', 'ship', 'overwrite', 'memorize', 'memorise',
  ],
} as const;

/**
 * A computation on shapes passed in the call (harmless kind `geometry`): "Calculate the area of a
 * polygon", "Merge two or more polygons into a single geometry", "Measure the length of a line
 * defined by a series of coordinates". A tool the vocabulary finds nothing in, whose description's
 * first sentence names one of `shapes`, and whose description and properties name nothing it acts
 * on (properties that speak of the shapes themselves aside), is known and harmless. "Calculate the
 * total spend this month" names no shape and stays unknown.
 */
export const GEOMETRY = {
  shapes: [
    'polygon', 'polygons', 'multipolygon', 'multipolygons', 'linestring', 'linestrings', 'geometry',
    'geometries', 'coordinate', 'coordinates', 'point', 'points',
  ],
} as const;

/**
 * A computation on other values passed in the call (harmless kind `values`), by the same test as
 * `GEOMETRY`: "Encode or decode Base64 strings", "Count characters, words and lines in text",
 * "Convert colors between HEX, RGB and HSL", "Compute the hash of a string", "Validate check
 * digits". The first sentence names one of `values` with a verb the vocabulary knows that is no
 * lookup, and nothing the tool acts on is named: "Count the open tickets" or "Convert the file to
 * PDF" names a ticket or a file, "Get the text of the page" reads, and neither is recognised.
 */
export const CALL_VALUES = {
  values: [
    'string', 'strings', 'text', 'texts', 'number', 'numbers', 'digit', 'digits', 'color', 'colors',
    'colour', 'colours', 'expression', 'expressions', 'value', 'values', 'character', 'characters',
    'timestamp', 'timestamps', 'checksum', 'checksums', 'unit', 'units', 'base', 'bases',
  ],
} as const;

/**
 * A hand-off of the conversation to a person ("Transfer the user to a human agent, with a summary of
 * the user's issue", "Hand the conversation off to a live representative"): on a tool whose name is
 * a hand-off (`HARMLESS_NAMES`, kind `handoff`), a clause of its description or a property's made of
 * one of `verbs`, optionally who or what is handed over (`handed`, after a determiner or a
 * possessive), `off`/`over`, `to`, and one of `people`, past only determiners and words of `around`
 * ("to our live real support team human"), is no act. Its words, the
 * same verbs with no object of their own ("only transfer if the user asks"), and the words of
 * `handed` and `people` elsewhere in the tool's prose are then not read; whatever else the prose says
 * is. Without such a clause nothing changes: "Transfer funds to the agent's account" is a transfer.
 */
export const HANDOFF = {
  verbs: ['transfer', 'hand', 'handoff', 'escalate', 'route', 'connect'],
  handed: ['user', 'users', 'customer', 'customers', 'caller', 'conversation', 'chat', 'call', 'session', 'issue', 'summary', 'request', 'problem', 'question', 'them', 'me'],
  people: ['human', 'person', 'representative', 'operator', 'staff'],
  /** Words between `to` and the person, or after it: "to a live human support agent". */
  around: ['live', 'real', 'support', 'agent', 'agents', 'team', 'member'],
  /** After a hand-off verb, a word that says the verb has no object: "only transfer if …". */
  bare: ['if', 'when', 'only', 'unless', 'once', 'after', 'before'],
} as const;

/** Adjacent name tokens that mark a Code Mode tool (`run_code`, `execute_code`, `code_mode`). */
export const CODE_MODE_NAME_PAIRS: readonly (readonly [string, string])[] = [
  ['run', 'code'],
  ['execute', 'code'],
  ['code', 'mode'],
];

/**
 * Verbs of placing (`drop`): followed in their sentence by one of `prepositions` ("Drop files onto an
 * element") they are a drag and drop, the `interact` role; otherwise they keep their own role ("drop a
 * table"). A tool's name takes its description's sense (`browser_drop`).
 */
export const PLACING = {
  verbs: ['drop'],
  prepositions: ['onto'],
} as const;

/**
 * Verbs that hand a file over to someone else: an upload (`verbs`), any other send verb (a post, an
 * e-mail) and a drop onto a page (a `PLACING` verb as an interaction, which needs no entry here).
 * Their object, when it is one of `files` and local (the tool takes its local path, see
 * `SCHEMA_TERMS.sourcePath`, or the sentence says `local`), is read as well as sent: PRIVATE_ACCESS
 * and EXTERNAL_ACTION ("上传本地文件", "Upload one or multiple files" with `paths`, "Post a local file
 * to a channel"). A send of something else ("uploads the result to a paste service", "Upload a
 * review of a local restaurant") only sends.
 * An upload into the browser (`browser_file_upload`) is an interaction with the page: the site
 * answers with its page (EXTERNAL_INGESTION).
 */
export const FILE_TRANSFER = {
  verbs: ['upload'],
  files: ['file', 'document', 'doc', 'photo', 'folder', 'directory', '文件', '文档', '檔案'],
  local: ['local', 'disk', 'absolute path', '本地', '磁盘', '本機'],
} as const;

/**
 * Running code "on the page" (`browser_evaluate`: "Evaluate JavaScript expression on page or
 * element") runs it in a web page, which computes what comes back: page content, EXTERNAL_INGESTION.
 * A run verb with one of `prepositions`, then (past up to two plain words, "the current") one of
 * `pages`. "In the browser console" or "in a sandbox" names no page.
 */
export const ON_PAGE = {
  prepositions: ['on', 'onto', 'in', 'inside', 'within', '在'],
  pages: ['page', 'web page', 'webpage', 'website', '网页', '页面'],
} as const;

/**
 * Documents that a team writes. One read where a team works — a Google Doc, an outside service
 * (`OUTSIDE_SERVICES.writes`), or a space a team shares that the tool's words or its properties name
 * — is written by the people the user works with as well: it is others' writing as well as the user's
 * data (docs/semantics.md "What makes content external"). One of a product alone (a desktop writing
 * app, a database's record, the user's journal) stays the user's own. Tasks are not here: a
 * workspace's tasks are as often a data platform's jobs as a team's to-dos. Nor are notes: a tension
 * pair of set 6 reads "the team's notes" as the team's private record.
 */
export const TEAM_WRITINGS = {
  /** What is a team's writing where the tool places it. */
  placed: ['document', 'doc'],
  /** Documents of a hosted product by their name. */
  hosted: ['google doc'],
  /**
   * The spaces a team shares, as words of the tool (name, description, property names). Not `space`
   * (a blank in a name, a personal knowledge base's) nor `shared` (synced between the user's devices).
   */
  teamSpaces: ['team', 'teams', 'workspace', 'workspaces', 'board', 'boards', 'wiki', 'wikis', 'teamspace', 'teamspaces'],
  /**
   * A folder on the user's machine, not a team's space, when one of these stands before the space's
   * word ("the current workspace") or after it ("the workspace folder", "the root of the workspace"
   * stands before it as `of`: see `namesTeamSpace`). `local` needs no entry: a tool that says so
   * keeps its documents on the user's machine (`keptLocally`).
   */
  localSpaces: { before: ['current', 'desktop', 'this'], after: ['directory', 'dir', 'folder', 'root', 'path', 'file', 'files'] },
  /** What is read of a document when it stands after `of`: its content ("the text of a document"). */
  contents: ['content', 'contents', 'text', 'body', 'pages', 'paragraphs', 'passages', 'markdown'],
  /**
   * Words of the user's own account: with them a document no word places, on a server that keeps its
   * writes outside, is the user's in a hosted app ("List my documents"), not a team's.
   */
  owners: ['my', 'mine', 'your', 'yours'],
  /**
   * Words that make a document the user's own, or a database's record, wherever it is kept. The
   * vocabulary's database words (`collection`, `table`, `database`) count as well, without an entry.
   */
  own: ['personal', 'private', 'own', 'journal', 'diary', 'passport', 'identity', 'index'],
} as const;

/**
 * A header is a request's, and so a credential carrier (cookies, Authorization tokens), in a sentence
 * that names a request: "full details (headers and body) of a single network request". Column, CSV,
 * e-mail or section headers name no request.
 */
export const REQUEST_HEADERS = {
  parts: ['header'],
  requests: ['request', 'network request', 'api request', 'xhr'],
} as const;

/**
 * A contents statement: a description sentence that opens with `subjects` and one of `verbs` ("This
 * includes official documentation, curated expert guidance, and other resources provided by Acme")
 * says what the tool's store holds. When all it names is published content (the `web` and `public`
 * classes), the store is that content, not the user's data: on a tool that neither writes nor sends,
 * its reads are EXTERNAL_INGESTION instead of PRIVATE_ACCESS. Naming anything else ("… and internal
 * notes") keeps them private.
 */
export const CONTENTS = {
  subjects: ['this', 'it', 'these', 'they'],
  verbs: ['include', 'contain', 'cover', 'comprise', 'consist of'],
} as const;

/**
 * Sources inside the trust boundary: an object read from one ("an issue from the company's internal
 * Jira tracker", "internal forum posts") was written by colleagues, so public and web classes there
 * are private. Inbound and shared content stays what it is (colleagues' chat is still others' writing).
 */
export const INTERNAL_MODIFIERS: readonly string[] = ['internal', 'in house', '内部'];

/**
 * Passive participles of sends whose object is a person ("attendees are notified by e-mail", "guests
 * will be invited"). After a form of `be`, on a tool that changes something, they say the change is
 * sent to those people: EXTERNAL_ACTION. Not `sent`: "the messages that were sent to you" is mail read.
 * Not when the user is the one notified (`SELF_DESTINATIONS.people`), and not in a negated clause.
 */
/**
 * A secret the tool hands back is a secret it reads: "Returns the new secret", "The API key is only
 * shown once", "The new one-time secret is exposed in the result". A credential noun after one of
 * `openers` (up to `reach` words on, no other noun between), or before a form of `be` and one of
 * `participles` (past adverbs such as `only`, `once`), outside a negated clause ("the key is never
 * returned"), carries CREDENTIAL_ACCESS: a created, issued or rotated key the caller sees.
 */
export const HANDED_SECRETS = {
  openers: ['returns', 'return', 'returning', 'outputs', 'output', 'prints', 'print', 'reveals', 'reveal', 'exposes', 'expose', '返回', '輸出', '输出'],
  participles: ['returned', 'shown', 'displayed', 'exposed', 'revealed', 'printed', 'included', 'provided', 'output'],
  reach: 4,
} as const;

export const NOTIFIED_PARTICIPLES: readonly string[] = [
  'notified', 'invited', 'emailed', 'alerted', 'informed', 'messaged', 'pinged', 'texted',
];

/**
 * Words that open a description sentence saying what a tool returns ("Returns full details (headers and
 * body) of a single network request"). On a tool whose name is made of nouns and that has no verb
 * anywhere (a getter), the objects of such a sentence are what it gets.
 */
export const GETTER_OPENERS: readonly string[] = ['returns', 'return', '返回'];

/**
 * An act the vocabulary cannot read: a description whose first sentence opens with a word the
 * vocabulary does not know, right before an article or another determiner ("Waive the late fee
 * of an invoice", "Comp a booking", "Rate a release"), opens with a verb, for a noun does not
 * stand before an article at the start of a sentence. On a tool whose words hold no verb the
 * vocabulary knows and whose capabilities come only from the getter (its name's nouns, what a
 * "Returns …" sentence names), what it does to them is not read: it keeps the getter's reading, and
 * the unknown-tool posture applies as well
 * (docs/semantics.md "Classification").
 * - `before`: the words that must follow it. Not `that` (a relative pronoun after a noun: "Tags that
 *   …") nor `no`.
 * - `notActs`: small words that open a sentence before a determiner and are no act ("Only the owner
 *   …", "Given a request id, …", "For each …"), verbs that say what a thing is or what a reader gives
 *   ("Represents a collection of tables", "Provides a weather forecast", "Explain a statement"), and
 *   `see` ("See your unread messages"), a read.
 */
export const UNREAD_ACT = {
  /** Verbs that end in `-ly`, which otherwise marks an adverb ("Currently the …"): "Supply an order". */
  lyVerbs: ['supply', 'resupply', 'tally', 'multiply', 'rally', 'bully', 'dally', 'sully'],
  before: ['a', 'an', 'the', 'all', 'each', 'every', 'any', 'your', 'its', 'their', 'our', 'my', 'his', 'her', 'some', 'this', 'these', 'those'],
  notActs: [
    'only', 'also', 'just', 'then', 'when', 'once', 'after', 'before', 'if', 'given', 'for', 'with', 'by', 'about', 'of', 'in',
    'on', 'at', 'to', 'from', 'into', 'like', 'as', 'per', 'via', 'since', 'until', 'while', 'where', 'whether', 'what', 'which',
    'how', 'why', 'who', 'whom', 'whose', 'because', 'unless', 'during', 'across', 'over', 'under', 'within', 'without', 'against',
    'between', 'among', 'through', 'throughout', 'toward', 'towards', 'upon', 'beyond', 'near', 'and', 'or', 'but', 'not', 'all',
    'both', 'either', 'neither', 'here', 'there', 'now', 'today', 'please', 'warning', 'important',
    'represents', 'represent', 'describes', 'describe', 'contains', 'contain', 'includes', 'include', 'holds', 'means', 'provides',
    'provide', 'see', 'explain', 'explains',
  ],
} as const;

/**
 * What a sentence that opens with one of `GETTER_OPENERS` returns when it returns records ("Returns
 * list of priorities", "Returns information about the Backlog space", "Returns details of …"), past
 * determiners: it says a read, as a read verb does. Anything else returned ("Returns the sum of two
 * numbers") says none.
 */
export const RETURNED_RECORDS: readonly string[] = ['list', 'lists', 'list of', 'information', 'info', 'details'];

/**
 * An act selector: a property that picks which of its operations a tool that gathers several does
 * (`files` with `operation: list | read | delete | write`, `sites_manage` with `action: list | add |
 * delete`). Its enum values that open with a verb of a write, a send or a run name acts the tool
 * does, on a tool its words already read as doing something (docs/semantics.md "Classification").
 * - `names`: whole property names, at the top level. Not `type` or `kind`, whose values are what is
 *   read ("send" and "request" as transaction types), nor `mode`, a way of doing the tool's act, nor
 *   `method`, an HTTP client's.
 * - `filters`: words of the property's own description that make its values what to look for, not
 *   what to do ("Only entries of this action", "Limit results to this action", "Statement kind to
 *   document").
 * - `records`: words of the tool's name (or their singulars) that make it a record or a reference of
 *   acts (an audit log, a timeline of changes, a command reference, notification settings, a fee
 *   estimate): its selector picks which acts to show.
 * - `asks`: words of the tool's description that make it a question about acts (may the user do
 *   this?), not the acts.
 */
export const ACT_SELECTOR = {
  names: ['action', 'operation', 'op', 'command', 'cmd', 'verb', 'action_type', 'operation_type'],
  filters: ['filter', 'filters', 'filtered', 'only', 'limit', 'restrict', 'kind', 'kinds', 'type', 'types', 'event', 'events', 'refers', 'explain', 'describe', 'document', 'aggregate', 'look up'],
  records: [
    'log', 'audit', 'auditlog', 'eventlog', 'logbook', 'history', 'activity', 'changelog', 'change', 'timeline', 'trail', 'report',
    'usage', 'metric', 'doc', 'documentation', 'help', 'manual', 'syntax', 'reference', 'info', 'spec', 'cheatsheet', 'guide',
    'tutorial', 'example', 'palette', 'setting', 'preference', 'notification', 'policy', 'protection', 'scope', 'fee', 'estimate',
    'quote', '日志', '记录', '历史', '审计', '权限',
  ],
  asks: ['whether', 'allowed', 'permitted', 'authorized', 'authorised'],
} as const;

/** Evidence terms of the MCP annotation rules (named after the hints they read). */
export const ANNOTATION_TERMS = {
  closedWorldWrite: 'readOnlyHint=false+openWorldHint=false',
  openWorldWrite: 'readOnlyHint=false+openWorldHint=true',
  destructive: 'destructiveHint',
} as const;
