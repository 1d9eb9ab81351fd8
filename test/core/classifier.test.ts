import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES } from '../../src/core/capabilities.js';
import type { Capability } from '../../src/core/capabilities.js';
import { classifyTool, nameTokens } from '../../src/core/classifier.js';
import { MAX_DEPTH, MAX_PROPERTIES, MAX_SPEC_TEXT } from '../../src/core/classifier-schema.js';
import { MAX_TEXT } from '../../src/core/classifier-tokens.js';
import type { Classification, Evidence, ToolAnnotations, ToolSpec } from '../../src/core/types.js';

const E = 'EXTERNAL_INGESTION';
const P = 'PRIVATE_ACCESS';
const N = 'EXTERNAL_ACTION';
const M = 'LOCAL_MUTATION';
const X = 'CODE_EXECUTION';
const C = 'CREDENTIAL_ACCESS';

/** Property name → its description (or undefined), or a nested schema. */
type Props = Record<string, string | undefined | { readonly schema: unknown }>;

function schema(props: Props): unknown {
  const properties: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(props)) {
    if (typeof v === 'object') properties[k] = v.schema;
    else properties[k] = v === undefined ? { type: 'string' } : { type: 'string', description: v };
  }
  return { type: 'object', properties };
}

interface Case {
  readonly spec: ToolSpec;
  readonly expected: readonly Capability[];
  readonly codeMode?: boolean;
}

function tool(name: string, description: string | undefined, expected: readonly Capability[], props?: Props, annotations?: ToolAnnotations): Case {
  const spec: ToolSpec = {
    name,
    ...(description === undefined ? {} : { description }),
    ...(props === undefined ? {} : { inputSchema: schema(props) }),
    ...(annotations === undefined ? {} : { annotations }),
  };
  return { spec, expected };
}

const OWNER_REPO: Props = { owner: 'Repository owner', repo: 'Repository name' };

const CASES: readonly Case[] = [
  // --- filesystem MCP server -----------------------------------------------------------------
  tool('read_file', 'Read the complete contents of a file from the file system. Handles various text encodings and provides detailed error messages if the file cannot be read. Use this tool when you need to examine the contents of a single file. Only works within allowed directories.', [P], { path: undefined }),
  tool('read_multiple_files', "Read the contents of multiple files simultaneously. This is more efficient than reading files one by one when you need to analyze or compare multiple files. Each file's content is returned with its path as a reference. Failed reads for individual files won't stop the entire operation. Only works within allowed directories.", [P], { paths: undefined }),
  tool('write_file', 'Create a new file or completely overwrite an existing file with new content. Use with caution as it will overwrite existing files without warning. Handles text content with proper encoding. Only works within allowed directories.', [M], { path: undefined, content: undefined }),
  tool('edit_file', 'Make line-based edits to a text file. Each edit replaces exact line sequences with new content. Returns a git-style diff showing the changes made. Only works within allowed directories.', [M], {
    path: undefined,
    edits: { schema: { type: 'array', items: { type: 'object', properties: { oldText: { type: 'string', description: 'Text to search for - must match exactly' }, newText: { type: 'string', description: 'Text to replace with' } } } } },
    dryRun: 'Preview changes using git-style diff format',
  }),
  tool('list_directory', 'Get a detailed listing of all files and directories in a specified path. Results clearly distinguish between files and directories with [FILE] and [DIR] prefixes. This tool is essential for understanding directory structure and finding specific files within a directory. Only works within allowed directories.', [P], { path: undefined }),
  tool('create_directory', 'Create a new directory or ensure a directory exists. Can create multiple nested directories in one operation. If the directory already exists, this operation will succeed silently. Perfect for setting up directory structure for projects or ensuring required paths exist. Only works within allowed directories.', [M], { path: undefined }),
  tool('move_file', 'Move or rename files and directories. Can move files between directories and rename them in a single operation. If the destination exists, the operation will fail. Works across different directories and can be used for simple renaming within the same directory. Only works within allowed directories.', [M], { source: undefined, destination: undefined }),
  tool('search_files', "Recursively search for files and directories matching a pattern. Searches through all subdirectories from the starting path. The search is case-insensitive and matches partial names. Returns full paths to all matching items. Great for finding files when you don't know their exact location. Only works within allowed directories.", [P], { path: undefined, pattern: undefined }),
  tool('get_file_info', 'Retrieve detailed metadata about a file or directory. Returns comprehensive information including size, creation time, last modified time, permissions, and type. This tool is perfect for understanding file characteristics without reading the actual content. Only works within allowed directories.', [P], { path: undefined }),

  // --- GitHub MCP server ---------------------------------------------------------------------
  tool('create_issue', 'Create a new issue in a GitHub repository', [N], { ...OWNER_REPO, title: 'Issue title', body: 'Issue body content', assignees: 'Usernames to assign to this issue', labels: 'Labels to apply to this issue', milestone: 'Milestone number to associate with this issue' }),
  tool('get_issue', 'Get details of a specific issue in a GitHub repository.', [E], { ...OWNER_REPO, issue_number: 'The number of the issue' }),
  tool('list_issues', 'List issues in a GitHub repository with filtering options', [E], { ...OWNER_REPO, state: "Filter by state ('open', 'closed', 'all')", labels: 'Filter by labels', sort: "Sort by ('created', 'updated', 'comments')", direction: "Sort direction ('asc', 'desc')", since: 'Filter by date (ISO 8601 timestamp)', page: 'Page number', per_page: 'Results per page' }),
  tool('add_issue_comment', 'Add a comment to an existing issue', [N], { ...OWNER_REPO, issue_number: 'Issue number to comment on', body: 'Comment text' }),
  tool('push_files', 'Push multiple files to a GitHub repository in a single commit', [N], {
    ...OWNER_REPO,
    branch: "Branch to push to (e.g., 'main' or 'master')",
    files: { schema: { type: 'array', description: 'Array of files to push', items: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } } } } },
    message: 'Commit message',
  }),
  tool('create_pull_request', 'Create a new pull request in a GitHub repository', [N], { ...OWNER_REPO, title: 'Pull request title', head: 'The name of the branch where your changes are implemented', base: 'The name of the branch you want the changes pulled into' }),
  tool('get_file_contents', 'Get the contents of a file or directory from a GitHub repository', [P], { ...OWNER_REPO, path: 'Path to the file or directory', branch: 'Branch to get contents from' }),
  // A write to GitHub changes what other people read in an outside service: an external action.
  tool('create_or_update_file', 'Create or update a single file in a GitHub repository', [N], { ...OWNER_REPO, path: 'Path where to create/update the file', content: 'Content of the file', message: 'Commit message', branch: 'Branch to create/update the file in', sha: 'SHA of the file being replaced (required when updating existing files)' }),
  tool('mcp__github__list_pull_requests', 'List and filter repository pull requests', [E], { ...OWNER_REPO, state: 'Filter by state' }),

  // --- Slack MCP server ----------------------------------------------------------------------
  tool('slack_post_message', 'Post a new message to a Slack channel', [N], { channel_id: 'The ID of the channel to post to', text: 'The message text to post' }),
  tool('slack_reply_to_thread', 'Reply to a specific message thread in Slack', [N], { channel_id: 'The ID of the channel containing the thread', thread_ts: "The timestamp of the parent message in the format '1234567890.123456'. Timestamps in the format without the period can be converted by adding the period such that 6 numbers come after it.", text: 'The reply text' }),
  tool('slack_get_channel_history', 'Get recent messages from a channel', [E, P], { channel_id: 'The ID of the channel', limit: 'Number of messages to retrieve (default 10)' }),
  tool('slack_get_thread_replies', 'Get all replies in a message thread', [E, P], { channel_id: undefined, thread_ts: undefined }),
  tool('slack_get_users', 'Get a list of all users in the workspace with their basic profile information', [P], { cursor: 'Pagination cursor for next page of results', limit: undefined }),

  // --- Gmail ---------------------------------------------------------------------------------
  tool('send_email', 'Sends a new email', [N], { to: 'List of recipient email addresses', subject: 'Email subject', body: 'Email body content', cc: 'List of CC recipients' }),
  tool('read_email', 'Retrieves the content of a specific email', [E, P], { messageId: 'ID of the email message to retrieve' }),
  tool('search_emails', 'Searches for emails using Gmail search syntax', [E, P], { query: "Gmail search query (e.g., 'from:example@gmail.com')", maxResults: 'Maximum number of results to return' }),
  tool('draft_email', 'Draft a new email', [M], { to: undefined, subject: undefined, body: undefined }),
  tool('delete_email', 'Permanently deletes an email', [M], { messageId: undefined }),
  tool('gmailSendMessage', undefined, [N]),

  // --- web -----------------------------------------------------------------------------------
  tool('fetch', 'Fetches a URL from the internet and optionally extracts its contents as markdown.\n\nAlthough originally you did not have internet access, and were advised to refuse and tell the user this, this tool now grants you internet access. Now you can fetch the most up-to-date information and let the user know that.', [E], { url: 'URL to fetch', max_length: 'Maximum number of characters to return.', start_index: undefined, raw: 'Get the actual HTML content of the requested page, without simplification.' }),
  tool('brave_web_search', 'Performs a web search using the Brave Search API, ideal for general queries, news, articles, and online content. Use this for broad information gathering, recent events, or when you need diverse web sources. Supports pagination, content filtering, and freshness controls. Maximum 20 results per request, with offset for pagination.', [E], { query: 'Search query (max 400 chars, 50 words)', count: 'Number of results (1-20, default 10)', offset: 'Pagination offset (max 9, default 0)' }),
  tool('puppeteer_navigate', 'Navigate to a URL', [E], { url: undefined }),
  tool('puppeteer_screenshot', 'Take a screenshot of the current page or a specific element', [E], { name: 'Name for the screenshot', selector: 'CSS selector for element to screenshot' }),
  tool('puppeteer_evaluate', 'Execute JavaScript in the browser console', [X], { script: 'JavaScript code to execute' }),
  tool('firecrawl_scrape', 'Scrape content from a single URL with advanced options.', [E], { url: undefined, formats: undefined }),
  tool('http_request', 'Make an HTTP request to any URL and return the response', [E, N], { url: undefined, method: undefined, headers: undefined, body: undefined }),
  tool('download_file', 'Download a file from a URL and save it to the local disk', [E, M], { url: undefined, path: undefined }),
  tool('rss_read_feed', 'Read the latest items of an RSS feed', [E], { feed_url: undefined }),

  // --- databases -----------------------------------------------------------------------------
  tool('query', 'Run a read-only SQL query', [P], { sql: undefined }),
  tool('read_query', 'Execute a SELECT query on the SQLite database', [P], { query: 'SELECT SQL query to execute' }),
  tool('write_query', 'Execute an INSERT, UPDATE, or DELETE query on the SQLite database', [M], { query: 'SQL query to execute' }),
  tool('list_tables', 'List all tables in the SQLite database', [P]),
  tool('create_table', 'Create a new table in the SQLite database', [M], { query: 'CREATE TABLE SQL statement' }),
  tool('execute_sql', 'Executes raw SQL in the Postgres database. Use `apply_migration` instead for DDL operations.', [P], { project_id: undefined, query: 'The SQL query to execute' }),
  tool('crm_lookup', 'Look up a customer record by id', [P], { customer_id: undefined }),

  // --- shells and interpreters ---------------------------------------------------------------
  tool('bash', 'Run commands in a bash shell', [X], { command: 'The bash command to run' }),
  tool('run_terminal_cmd', 'Propose a command to run on behalf of the user.', [X], { command: 'The terminal command to execute', is_background: undefined }),
  tool('python_exec', 'Execute Python code and return stdout and stderr', [X], { code: undefined }),
  tool('execute_command', 'Execute a command on the host machine', [X], { command: undefined }),
  tool('jupyter_execute_cell', 'Execute a cell in the active Jupyter notebook', [X], { cell_index: undefined }),
  { ...tool('run_code', 'Run TypeScript in Code Mode. The script may call other tools as `await tools.search_docs({ query })`.', [X], { code: undefined }), codeMode: true },

  // --- credentials ---------------------------------------------------------------------------
  tool('get_secret', 'Retrieve a secret value by name from the vault', [C], { name: undefined }),
  tool('secretsmanager_get_secret_value', 'Retrieves the contents of the encrypted fields SecretString or SecretBinary from the specified version of a secret.', [C], { SecretId: 'The ARN or name of the secret to retrieve.', VersionId: undefined }),
  // Environment variables hold keys and tokens next to private configuration (paths, user and host names).
  tool('read_env', 'Read environment variables from the .env file', [P, C]),
  tool('keychain_get_password', 'Get a password from the macOS keychain', [C], { service: undefined, account: undefined }),

  // --- banking, calendar, workspace (AgentDojo-style suites) ---------------------------------
  tool('send_money', 'Sends a transaction to the recipient.', [N], { recipient: 'IBAN of the recipient', amount: 'Amount of the transaction', subject: 'Subject of the transaction', date: 'Date of the transaction' }),
  tool('get_balance', 'Get the balance of the account.', [P]),
  tool('get_most_recent_transactions', 'Get the list of the most recent transactions, e.g. to summarize the last n transactions.', [E, P], { n: 'Number of transactions to return' }),
  tool('schedule_transaction', 'Schedule a transaction.', [N], { recipient: undefined, amount: undefined, subject: undefined, date: undefined }),
  tool('update_password', 'Update the user password.', [M], { password: 'New password for the user' }),
  tool('create_event', "Create a new event in the user's calendar", [M], { summary: undefined, start: undefined, end: undefined }),
  // A calendar holds other people's invitations (docs/semantics.md: records third parties can write).
  tool('get_events', "List events from the user's calendar within a time range", [E, P], { time_min: undefined, time_max: undefined }),
  tool('get_unread_emails', 'Returns all the unread emails in the inbox.', [E, P]),
  tool('read_inbox', 'Read the messages from the given user inbox.', [E, P], { user: undefined }),
  tool('get_webpage', 'Returns the content of the webpage at a given URL.', [E], { url: undefined }),
  tool('get_file_by_id', 'Get a file from a cloud drive by its ID.', [E, P], { file_id: undefined }),
  tool('get_rating_reviews_for_hotels', 'Get the rating and reviews for the given hotels.', [E], { hotel_names: undefined }),
  tool('invite_user_to_slack', 'Invites a user to the Slack workspace.', [N], { user: undefined, user_email: undefined }),
  tool('outlook_inbox', undefined, [E, P]),

  // --- possessives: `'s`, `’s` and `s'` are determiners, they break no verb–object pairing ---------
  tool('drive_read_document', "Read a document from the team's shared drive and return its text", [E, P], { document_id: 'The document id' }),
  tool('read_document_curly', 'Read a document from the team’s shared drive', [E, P], { document_id: undefined }),
  tool('read_document_plural', "Read a document from the teams' shared drive", [E, P]),
  tool('read_document_long', "Read a document from the marketing team's shared drive", [E, P]),
  tool('read_company_dropbox', "Read a file from the company's Dropbox", [E, P], { path: undefined }),
  tool('read_team_shared_docs', "Read the team's shared documents", [E, P]),
  tool('get_post_details', "Get the post's comments and the author's profile", [E, P]),
  // Near misses: the user's own or colleagues' data stays private; a contraction is no possessive.
  tool('read_workspace_file', "Read a file from the user's workspace", [P], { path: undefined }),
  tool('read_team_notes', "Read the team's notes", [P]),
  tool('inbox_helper', "Let's read the user's inbox", [E, P]),
  tool('settings_view', "It's a read-only view of the user's settings", [P]),

  // --- records third parties submit into the user's systems: external AND private ---------------
  tool('hubspot_lookup', "Look up a customer in HubSpot by id: the contact record and the customer's latest support tickets, as submitted through the help-center form", [E, P], { customer_id: 'The HubSpot contact id' }),
  tool('list_customer_tickets', 'List the tickets submitted by customers', [E, P], { status: undefined }),
  tool('get_helpdesk_tickets', 'Read the tickets from the help desk', [E, P]),
  tool('zendesk_get_ticket', 'Get a Zendesk ticket by id', [E, P], { ticket_id: undefined }),
  tool('summarize_support_tickets', "Summarize the customer's support tickets", [E, P]),
  tool('list_form_submissions', 'List form submissions from the website', [E, P]),
  tool('contact_form_entries', 'Fetches the latest entries submitted via the contact form', [E, P]),
  tool('list_uploads', 'List files uploaded by users', [E, P]),
  tool('support_queue', 'Support tickets filed by customers through the service desk', [E, P]),
  tool('read_and_close_ticket', 'Read a support ticket and close it', [E, P, N]),
  tool('get_customer_feedback', 'Get customer feedback for a product', [E, P], { product_id: undefined }),
  tool('查看客服工单', '查看客服工单', [E, P]),
  // Near misses: an internal tracker's tickets, the user's own uploads, a ticket that is written or
  // answered rather than read, and a mention that is negated stay as they were.
  tool('jira_list_tickets', 'List Jira tickets assigned to me', [P], { assignee: undefined }),
  tool('list_team_tickets', 'List the tickets created by the team', [P]),
  tool('list_project_tickets', "List the project's open tickets", [P]),
  tool('list_my_uploads', 'List files uploaded by the user', [P]),
  tool('create_support_ticket', 'Create a support ticket', [N], { subject: undefined, description: undefined }),
  tool('reply_to_ticket', 'Reply to a support ticket', [N], { ticket_id: undefined, body: undefined }),
  tool('crm_profile', 'Returns a customer record. Support tickets are not included', [P], { customer_id: undefined }),
  tool('列出工单', '列出分配给我的工单', [P]),

  // --- misleading names and harmless tools ---------------------------------------------------
  tool('helper', 'Send the given text to any e-mail address', [N], { text: undefined, address: undefined }),
  tool('get_weather', 'Get the current weather for a city from a third-party weather API.', [E], { city: undefined }, { readOnlyHint: true, openWorldHint: true }),
  tool('weather', 'Current conditions and forecast for a location', [E], { location: undefined }),
  tool('calculator', 'Evaluate a mathematical expression and return the result', [], { expression: undefined }),
  tool('echo', 'Echoes back the input message', [], { message: undefined }),
  tool('get_current_time', 'Get the current time in a given timezone', [], { timezone: undefined }),
  tool('random_number', 'Generate a random number between min and max', [], { min: undefined, max: undefined }),
  tool('translate', 'Translate text into another language', [], { text: undefined, to: 'Target language code, e.g. fr' }),
  tool('notes_helper', 'Permanently erase every file in the workspace', [M]),
  tool('summarize_url', 'Summarize the content at a URL', [E], { url: undefined }),
  tool('format_text', 'Formats text as Markdown and uploads the result to a paste service', [N], { text: undefined }),
  // openWorldHint says where a server connects, not who wrote what it returns: no ingestion from it.
  // (A bare verb as the name reads what its description opens with: a stored value, PRIVATE_ACCESS.)
  tool('lookup', 'Look up a value by key', [P], { key: undefined }, { readOnlyHint: true, openWorldHint: true }),
  tool('cleanup', 'Clean up temporary state', [M], undefined, { destructiveHint: true }),
  tool('send_alert', 'Send an alert to the on-call channel', [N], { message: undefined }, { destructiveHint: true }),
  tool('set_flag', 'Set a feature flag', [M], { flag: undefined, value: undefined }, { readOnlyHint: false, openWorldHint: false }),
  tool('notifier', 'Helper for teams', [N], { recipient: 'Who receives it', body: 'What to say' }),
  tool('mystery_tool', undefined, []),

  // --- Chinese names and descriptions --------------------------------------------------------
  tool('query_db', '查询客户数据库', [P], { sql: undefined }),
  tool('发送邮件', '发送邮件给指定收件人', [N], { 收件人: undefined, 正文: undefined }),
  tool('读取网页', '读取网页内容', [E], { url: undefined }),
  tool('get_key', '读取密钥', [C]),
  tool('执行命令', '执行shell命令', [X]),
  tool('删除文件', '删除指定路径下的文件', [M]),
  // An upload of a local file reads it and sends it.
  tool('上传文件', '上传本地文件到云存储', [P, N]),
  tool('发布微博', '在微博上发布一条新动态', [N]),
  tool('新闻搜索', '搜索最新的新闻报道', [E]),
  tool('查看收件箱', '查看收件箱中的邮件', [E, P]),
  tool('获取聊天记录', '获取群聊的聊天记录', [E, P]),
  tool('转账', '向指定账户转账', [N], { 账户: undefined, 金额: undefined }),
  tool('查询转账记录', '查询账户的转账记录', [E, P]),
  tool('read_config', '读取应用配置文件', [P]),
  tool('写入文件', '将内容写入指定文件', [M]),
  tool('run_script', '运行Python脚本', [X]),
  tool('获取评论', '获取商品的用户评论', [E]),
  tool('搜索网页', '使用搜索引擎搜索互联网信息', [E]),
  tool('list_files', '列出目录中的所有文件', [P]),
  tool('发送短信', '向手机号发送短信通知', [N]),
  tool('读取环境变量', '读取系统环境变量', [P, C]),
  tool('终端', '在终端中运行命令', [X]),
  tool('更新日程', '修改日历中的会议时间', [M]),
  tool('分享文档', '将文档分享给其他用户', [N]),
  tool('helper_cn', '把文本发送到任意邮箱', [N]),
  tool('计算器', '计算数学表达式', []),

  // --- general rules, each with a look-alike that must not fire ---------------------------------
  // Traditional Chinese: every simplified entry in its traditional form, plus Taiwan/Hong Kong words.
  tool('fasong_jianxun', '發送簡訊給指定的客戶手機號碼', [N], { shouji: '客戶手機號碼', neirong: '簡訊內容' }),
  tool('duqu_dangan', '讀取指定路徑的檔案', [P]),
  tool('jianxun_geshi', '簡訊範本的格式說明', []),
  // A colon opens a clause: a third-person verb after it is a verb.
  tool('sync', "Synchronise the phone's address book into the CRM: reads every contact on the device and creates or updates the matching CRM records.", [P, N], { dry_run: undefined }),
  tool('crm_status', 'Shows the pending updates of the CRM records', [P]),
  // A slash between words is an `or`: "turns off/closes".
  tool('HassTurnOff', 'Turns off/closes a device or entity', [M], { name: undefined, area: undefined }),
  tool('device_shutdown_time', 'Get the turn-off time of a device', [P]),
  // A parameter named in an argument list ("- email (str, optional): …") is no verb; a verb in a bullet is.
  tool('list_customers', "This tool will fetch a list of Customers from Stripe.\nIt takes two arguments:\n- limit (int, optional): The number of customers to return.\n- email (str, optional): A case-sensitive filter on the list based on the customer's email field.", [P], { limit: undefined, email: "A case-sensitive filter on the list based on the customer's email field." }),
  tool('report_options', 'Options:\n- email the weekly report to the team', [N]),
  tool('send_optionally', 'Send (optionally) an email about the order', [N]),
  // "pay history" is a record; "pay" before a person is a payment.
  tool('get_employee_compensation', "Get an employee's current salary, bonus target and pay history from the HR system.", [P], { employee_id: undefined }),
  tool('pay_employee', "Pay the employee's salary into their bank account", [N]),
  // A draft is written and kept, not sent.
  tool('draft_email_saved', "Create a draft email in the user's mailbox. The draft is saved, not sent.", [M], { to: undefined, subject: undefined, body: undefined }),
  tool('send_draft_email', 'Send a draft email to the recipient', [N]),
  // An environment template lists variable names with placeholders; the `.env` file holds secrets.
  tool('read_env_example', "Read the project's .env.example template, which lists the expected variable names with placeholder values.", [P], { project_dir: undefined }),
  tool('read_dotenv_file', "Read the project's .env file", [C]),
  // Reservations and bookings commit the user to a third party; reading them is the user's data.
  tool('reserve_hotel', 'Makes a reservation for a hotel with the provided details.', [N], { hotel: 'Where the reservation is made. It must only be the name of the hotel.' }),
  tool('book_table', 'Book a table at a restaurant for the given time', [N]),
  tool('list_reservations', "List the user's upcoming reservations", [P]),
  tool('search_address_book', 'Search the address book by name', [P]),
  // Refunds pay money back to someone outside.
  tool('process', "Process a refund for an order: the amount is paid back to the customer's original payment method.", [N], { order_id: undefined, amount: 'Amount to refund; the full order total if omitted' }),
  tool('calculate_refund_amount', 'Calculate the refund amount for an order', []),
  // Scheduled payments are set up by the user: reading them is private; changing one pays someone else.
  tool('bank_list_scheduled_payments', 'List the scheduled and recurring payments the user has set up, with recipient IBAN, amount, subject, next execution date and recurrence.', [P], { account_id: undefined }),
  tool('update_scheduled_transaction', 'Update a scheduled transaction.', [N], { id: undefined, recipient: undefined }),
  // First-party authorship: what the user wrote is private; what others sent the user is not.
  tool('list_sent_emails', 'List the messages the user has sent from their own account (the Sent folder), with recipients, subject, date and body', [P], { limit: undefined }),
  tool('list_messages_to_user', 'List the messages sent to the user by other people', [E, P]),
  tool('list_received_messages', 'List the messages the user has received', [E, P]),
  // Calendars hold other people's invitations; events the user created are the user's own.
  tool('get_day_calendar_events', 'Returns the appointments for the given `day`. Returns a list of dictionaries with informations about each meeting.', [E, P], { day: 'The day for which to return the appointments. Must be in format YYYY-MM-DD.' }),
  tool('list_my_events', 'List the events the user created in their own calendar on a given day, with time, title and description', [P], { day: undefined }),
  // Applicants write their applications.
  tool('list_job_applications', "List applications submitted through the careers page for a job opening, with each applicant's name, resume text and cover letter.", [E, P], { job_id: undefined }),
  tool('list_installed_applications', 'List the applications installed on the device', [P]),
  // The device and where it is are the user's; a map service is outside.
  tool('get_current_location', "Return the device's current GPS position (latitude, longitude, accuracy in metres).", [P], {}),
  tool('weather_at_location', 'Get the current weather at a location', [E], { location: undefined }),
  tool('maps_place_details', 'Get detailed information about a specific place', [E], { place_id: 'The place ID to get details for' }),
  tool('maps_geo', '将详细的结构化地址转换为经纬度坐标', [E], { address: '待解析的结构化地址信息' }),
  tool('format_maps', 'Format the given key-value maps as JSON', []),
  tool('password_generator', 'Generates a random password', []),
  // Infrastructure the user runs is private whatever the server's openWorldHint; a hint makes no read.
  tool('pods_list_in_namespace', 'List all the Kubernetes pods in the specified namespace in the current cluster', [P], { namespace: 'Namespace to list pods from' }, { readOnlyHint: true, openWorldHint: true }),
  tool('notify_customer', "Send an SMS notification to a customer's phone number.", [N], { phone_number: undefined, message: undefined }, { readOnlyHint: true, openWorldHint: true }),
  tool('weather_now', 'Get the current weather for a city', [E], { city: undefined }, { readOnlyHint: true, openWorldHint: true }),
  // A read receipt is sent, not read.
  tool('read_receipt', 'Send a read receipt for the given message back to its sender.', [N], { message_id: undefined }),
  tool('read_message', 'Read a message from the inbox', [E, P], { message_id: undefined }),
  // "Write a program that …" on a tool that runs code is what the caller writes.
  { ...tool('execute_typescript', 'Write a TypeScript program that uses the available tools as async functions, e.g. `await tools.web_search({ query })`, and return its final value. Each tool call is dispatched as a normal tool call.', [X], { source: 'TypeScript source of the program' }), codeMode: true },
  tool('write_script', 'Write a Python script to the given path', [M], { path: undefined, content: undefined }),
  // Chinese: what follows 的 is a noun (a download link, not a download); a modifier may stand before
  // 的 inside a compound. The local file uploaded is read as well as sent.
  tool('shangchuan_wenjian', '将本地文件上传到公开的对象存储桶，并返回可分享的下载链接', [P, N], { bendi_lujing: '本地文件路径' }),
  tool('xiazai_wenjian', '下载文件到本地目录', [E]),
  tool('chaxun_liushui', '查询当前账户最近的交易流水，包括对方户名、金额和附言', [E, P], { tianshu: '查询最近多少天，默认 30' }),
  tool('chaxun_yue', '查询当前账户最近的余额', [P]),
  // A Chinese verb's subject before a comma is not its object.
  tool('maps_text_search', '关键词搜，根据用户传入关键词，搜索出相关的POI', [E], { keywords: '搜索关键词' }),
  // Cloning or importing from a URL copies in what someone else wrote.
  tool('git_clone', 'Clone a remote Git repository into a new directory in the workspace.', [E, M], { repo_url: 'HTTPS URL of the repository, e.g. https://github.com/org/repo.git', target_dir: undefined }),
  tool('clone_record', 'Clone a record in the CRM', [M], { record_id: undefined }),
  // A JSON Schema `format: uri` property is a page to read on a tool that neither writes nor sends.
  tool('gzip_resource', 'Compresses a single file using gzip compression.', [E], { data: { schema: { type: 'string', format: 'uri', description: 'URL or data URI of the file content to compress' } } }),
  tool('create_bookmark', 'Create a bookmark', [M], { target: { schema: { type: 'string', format: 'uri' } } }),
  // A send to the user herself lands inside the boundary.
  tool('email_digest', 'Send an e-mail digest to the user', [M], { subject: undefined, body: undefined }),
  tool('email_digest_subscribers', 'Send an e-mail digest to subscribers', [N], { subject: undefined, body: undefined }),
  tool('email_manager', "Send the report to the user's manager", [N]),
  // readOnlyHint: false + openWorldHint: false confirms a write the text names, and makes up none.
  tool('toggle_simulated_logging', 'Toggles simulated, random-leveled logging on or off.', [], {}, { readOnlyHint: false, openWorldHint: false }),
  tool('lock_unlock', 'Unlock a smart lock, e.g. the front door, for the given number of minutes, then lock it again.', [M], { lock_id: undefined }, { readOnlyHint: false, openWorldHint: false }),
  tool('get_lock_status', 'Get the lock status of the front door', [P]),
  // Past a relative pronoun the verb's object is behind it.
  tool('sequential_thinking', 'Mark thoughts that revise previous thinking or branch into new paths', []),
  tool('mark_branch', 'Mark the branch as merged', [M]),
  // A demonstration's name says what it shows, not what it does.
  tool('get_annotated_message', 'Demonstrates how annotations can be used to provide metadata about content.', [], { messageType: undefined }),
  tool('get_message_text', 'Returns the text of a message', [E, P]),
  tool('get_resource_links', 'Returns up to ten resource links that reference different types of resources', [], { count: undefined }),
  // Connections and sessions are a tool's own runtime state.
  tool('disconnect', 'Close a MongoDB connection and revoke its connectionId.', [], { connectionId: undefined }, { readOnlyHint: true, openWorldHint: true }),
  tool('connect', 'Connect to a MongoDB instance and get back a connectionId to pass to the other MongoDB tools.', [], { connectionString: undefined }),
  tool('list_connections', 'List the active MongoDB connections and their connectionIds.', [P], {}),
  tool('close_database', 'Close the database and delete its files', [M]),
  // A tool addressed to a database that neither writes nor sends reads it; an export also writes.
  tool('explain', 'Returns statistics describing the execution of the winning plan chosen by the query optimizer', [P], { database: 'Database name', collection: 'Collection name' }),
  tool('insert_documents', 'Insert documents', [M], { database: 'Database name', collection: 'Collection name' }),
  tool('export', 'Export a query or aggregation results in the specified EJSON format.', [P, M], { database: 'Database name', collection: 'Collection name' }),
  // One determiner before two nouns: "a collection or view" is two things, not a view verb.
  tool('drop_collection', 'Removes a collection or view from the database.', [M], { database: undefined }),
  tool('view_collection', 'View the documents of a collection', [P]),
  // Environment variables: keys and configuration.
  tool('get-env', 'Returns all environment variables, helpful for debugging MCP server configuration', [P, C], {}),
  // Outside services others read: writes there act outside; a local repository is local.
  tool('create_branch', 'Create a new branch in a GitHub repository', [N], OWNER_REPO),
  tool('git_create_branch', 'Create a new branch in the local repository', [M], { repo_path: undefined }),
  tool('API-delete-a-block', 'Notion | Delete a block', [N], { block_id: undefined }, { destructiveHint: true }),
  tool('cleanup_local', 'Delete a block of the local cache', [M], { block_id: undefined }, { destructiveHint: true }),
  // A search across an outside service returns strangers' content; a listing of one's own repositories does not.
  tool('search_repositories', 'Search for GitHub repositories', [E, P], { query: undefined }),
  tool('search_users', 'Search for users on GitHub', [E], { q: undefined }),
  tool('list_my_repositories', "List the user's GitHub repositories", [P]),
  // Shared workspaces: pages and blocks are colleagues' and guests' writing; the member list is directory data.
  tool('API-retrieve-a-page', 'Notion | Retrieve a page', [E, P], { page_id: undefined }, { readOnlyHint: true }),
  tool('API-get-users', 'Notion | List all users', [P], {}, { readOnlyHint: true }),
  tool('im_v1_chatMembers_get', '[Feishu/Lark]-群组-群成员-获取群成员列表-获取指定群组的成员信息，包括成员名字与 ID', [P]),
  tool('im_v1_message_list', '[Feishu/Lark]-消息-消息管理-获取会话历史消息-获取指定会话（包括单聊、群组）内的历史消息（即聊天记录）', [E, P]),
  // A search marked destructive (its HTTP method is POST) still only reads.
  tool('API-post-search', 'Notion | Search by title', [E, P], { query: undefined }, { destructiveHint: true }),
  // An OpenAPI `path` object holds URL parameters, not a file path.
  tool('update_record', 'Update a record', [M], { path: { schema: { type: 'object', properties: { record_id: { type: 'string' } } } }, data: { schema: { type: 'object' } } }),
  tool('save_text', 'Save a text', [M], { path: undefined, content: undefined }),
  // A property that says how an object is found does not make a write tool read it.
  tool('update_note_text', 'Update the text of a note', [M], { note_id: 'Identifier of the note to read or update' }),
  tool('read_note_text', 'Get the text of a note', [P], { note_id: 'Identifier of the note to read or update' }),
  // A Chinese property description is a noun phrase: a verb inside it is no action of the tool (the
  // `file` property names the local file the upload reads).
  tool('sort_messages', '列出会话中的消息', [E, P], { sort_type: '消息排序方式，与回复消息的顺序一致' }),
  tool('upload_doc', '上传文档', [P, N], { file: '上传的文件' }),
  // Acting on a web page reads it and can submit data to the site; hovering only reads it.
  tool('browser_click', 'Perform click on a web page', [E, N], { element: undefined }, { readOnlyHint: false, destructiveHint: true, openWorldHint: true }),
  tool('browser_hover', 'Hover over element on page', [E], { element: undefined }, { readOnlyHint: false, destructiveHint: true, openWorldHint: true }),
  tool('handle_errors', 'Handle errors of the local job queue', []),
  tool('record_fields', '新增一条记录', [M], { fields: '要新增的记录。超链接：填写 URL 链接' }),
  // What an open-world tool destroys is outside: a destructive hint makes no local mutation there.
  tool('browser_close', 'Close the page', [], {}, { readOnlyHint: false, destructiveHint: true, openWorldHint: true }),
  tool('browser_resize', 'Resize the browser window', [], { width: undefined, height: undefined }, { readOnlyHint: false, destructiveHint: true, openWorldHint: true }),
  tool('purge_cache', 'Purge the cache', [M], {}, { destructiveHint: true }),
  // An output file named by a property is written; a file to read is not.
  tool('browser_console_messages', 'Returns all console messages', [E, M], { filename: 'Filename to save the console messages to. If not provided, messages are returned as text.' }, { readOnlyHint: true, openWorldHint: true }),
  tool('browser_tabs', 'List, create, close, or select a browser tab.', [E], { action: undefined, index: undefined }),
  tool('load_page_log', 'Returns all console messages of the page', [E, P], { filename: 'File to read the filter from' }),
  // Running page JavaScript is code execution, and what the page computes comes back (page content);
  // evaluating arithmetic is neither. Code run in a sandbox or "in the browser console" names no page.
  tool('browser_evaluate', 'Evaluate JavaScript expression on page or element', [E, X], { function: undefined }),
  tool('evaluate_expression', 'Evaluate a mathematical expression', []),
  tool('zhixing_yemian_jiaoben', '在网页中执行JavaScript代码', [E, X]),
  tool('run_js_sandbox', 'Run JavaScript code in a sandbox', [X], { code: undefined }),
  // Loading the program a code tool runs is not a read of the user's data; reading a script elsewhere is.
  tool('run_playwright_code', 'Run a Playwright code snippet.', [X], { code: undefined, filename: 'Load code from the specified file.' }),
  tool('show_script', 'Show the script', [P], { filename: 'Load code from the specified file.' }),
  // A verb after a form of `be` is a state, not an act; a noun-only name then is a getter.
  tool('network_request_details', 'Returns the details of a network request, or a single part if the part is set.', [E]),
  tool('set_part', 'Set the part of a record', [M]),
  // "search snippets" are search results, not a search of code.
  tool('page_find', 'Returns matching nodes of the page with context (like search snippets)', [E]),
  // An upload of a local file (by its path, or said to be local) reads the file and sends it; in the
  // browser it is a page interaction too. Dropping files onto an element is a drag and drop, which
  // hands them to the site. A path with the content beside it is where the upload goes, not a local
  // file; "drop a table" is no drag and drop.
  tool('browser_file_upload', 'Upload one or multiple files', [E, P, N], { paths: { schema: { type: 'array', items: { type: 'string' }, description: 'The absolute paths to the files to upload. Can be single file or multiple files.' } } }, { readOnlyHint: false, destructiveHint: true, openWorldHint: true }),
  tool('upload_local_file', "Upload a local file to the team's bucket", [P, N]),
  tool('shangchuan_bendi_dangan', '上傳本機檔案到雲端硬碟', [P, N]),
  tool('upload_to_bucket', 'Upload a file to the bucket', [N], { path: 'Destination key in the bucket', content: 'Content of the file' }),
  tool('browser_drop', 'Drop files or MIME-typed data onto an element, as if dragged from outside the page.', [E, P, N], { paths: { schema: { type: 'array', items: { type: 'string' }, description: 'Absolute paths to files to drop onto the element.' } } }, { readOnlyHint: false, destructiveHint: true, openWorldHint: true }),
  tool('drop_table', 'Drop a table from the database', [M], { table: undefined }),
  // Request headers carry cookies and Authorization tokens; a getter whose description says it returns
  // them reads credentials. A CSV file's headers are no request's.
  tool('browser_network_request', 'Returns full details (headers and body) of a single network request, or a single part if `part` is set.', [E, C], { index: { schema: { type: 'integer' } } }),
  tool('get_request_headers', 'Get the request headers of the last call', [C]),
  tool('get_csv_headers', 'Get the column headers of a CSV file', [P], { path: undefined }),
  // A store whose description says it holds published content (a vendor's official documentation) is
  // that content, not the user's data; one that also holds internal notes, or says nothing, stays private.
  tool('search_product_docs', 'Search for information in the Acme knowledge base. This includes official documentation, tutorials, and other resources provided by Acme.', [E], { query: 'A natural language question about Acme' }),
  tool('search_team_wiki', 'Search the team knowledge base. It includes official documentation and internal notes.', [P], { query: undefined }),
  tool('kb_get_article', 'Get an article from the help-center knowledge base by id', [P], { article_id: undefined }),
  // "A, B and C" after a noun list joins nouns: `message` and `replies` there are no sends.
  tool('list_tickets', 'List the help desk tickets with requester, subject and message', [E, P], undefined, { readOnlyHint: true }),
  tool('helpdesk_get_ticket', 'Get a help desk ticket by id, with the subject, description and replies written by the customer', [E, P]),
  tool('triage_ticket', 'Read the support ticket, summarize it and reply to the customer', [E, P, N]),
  // A sentence that opens with its own subject says what that subject does: the recipients receive the
  // reply, the tool does not read mail. "The tool reads …" is the tool.
  tool('helpdesk_reply', 'Reply to a ticket; the requester and every CC on the ticket receive it by e-mail', [N], { ticket_id: undefined, body: undefined }),
  tool('inbox_digest_reader', 'The tool reads the messages in the inbox', [E, P]),
  // Public content read from an internal source was written by colleagues; a public repository's is not.
  tool('get_jira_issue', "Get an issue from the company's internal Jira tracker", [P]),
  tool('neibu_luntan', '查看内部论坛的帖子', [P]),
  tool('neibu_luntan_tw', '查看內部論壇的帖子', [P]),
  tool('get_public_issue', 'Get an issue from a public GitHub repository', [E], OWNER_REPO),
  // A change whose people are notified is sent to them; one that notifies no one, or reads, is not.
  tool('calendar_update_event', 'Update a calendar event; attendees are notified by e-mail', [N, M], { event_id: undefined }),
  tool('calendar_update_event_quiet', 'Update a calendar event; attendees are not notified', [M], { event_id: undefined }),
  tool('update_export_settings', 'Update the export settings; the user is notified by e-mail when they change', [M]),
  tool('list_attended_events', 'List the events the user was invited to', [P]),
];

/** Lowercased text an evidence entry of this source must come from. */
function textOf(spec: ToolSpec, ev: Evidence): string {
  if (ev.source === 'name') return spec.name.toLowerCase();
  if (ev.source === 'description') return (spec.description ?? '').toLowerCase();
  if (ev.source === 'schema') {
    // Walk `properties.a.items.properties.b` down the schema: the property's key and its description.
    const parts = (ev.at ?? '').split('.');
    let node: unknown = spec.inputSchema;
    let key = '';
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string;
      if (typeof node !== 'object' || node === null) return '';
      const rec = node as Record<string, unknown>;
      if (part === 'properties') {
        key = parts[++i] as string;
        node = (rec['properties'] as Record<string, unknown>)[key];
      } else {
        node = rec[part];
      }
    }
    const d = (node as { description?: unknown } | undefined)?.description;
    return `${key} ${typeof d === 'string' ? d : ''}`.toLowerCase();
  }
  return '';
}

/** Every word of the term occurs in the text (allowing the dropped `e`/`y` of `writing`, `queries`). */
function termOccurs(term: string, text: string): boolean {
  return term
    .split(/[\s_]+/)
    .filter((w) => w !== '')
    .every((w) => text.includes(w) || (w.length > 3 && text.includes(w.slice(0, -1))));
}

function checkEvidence(spec: ToolSpec, cls: Classification): void {
  for (const cap of cls.capabilities) {
    expect(cls.evidence.some((e) => e.capability === cap), `${spec.name}: no evidence for ${cap}`).toBe(true);
  }
  for (const ev of cls.evidence) {
    expect(cls.capabilities, `${spec.name}: evidence for an unassigned capability`).toContain(ev.capability);
    if (ev.source === 'annotation') {
      const keys = Object.keys(spec.annotations ?? {});
      for (const part of ev.term.split('+')) expect(keys, `${spec.name}: ${ev.term}`).toContain(part.replace(/=.*$/, ''));
    } else {
      expect(termOccurs(ev.term, textOf(spec, ev)), `${spec.name}: ${ev.source} term \`${ev.term}\` not in its text`).toBe(true);
    }
    if (ev.source === 'schema') expect(ev.at, `${spec.name}: schema evidence without a path`).toMatch(/^(?:properties\.[^.]*|items(?:\.\d+)?)(?:\.(?:properties\.[^.]*|items(?:\.\d+)?))*$/);
    else expect(ev.at).toBeUndefined();
  }
}

function evidenceOrderIsCanonical(evidence: readonly Evidence[]): boolean {
  const order = ['name', 'description', 'schema', 'annotation', 'override', 'command'];
  for (let i = 1; i < evidence.length; i++) {
    const a = evidence[i - 1] as Evidence;
    const b = evidence[i] as Evidence;
    const key = (e: Evidence): [number, number, string, string] => [CAPABILITIES.indexOf(e.capability), order.indexOf(e.source), e.term, e.at ?? ''];
    const ka = key(a);
    const kb = key(b);
    const cmp = ka[0] - kb[0] || ka[1] - kb[1] || (ka[2] < kb[2] ? -1 : ka[2] > kb[2] ? 1 : 0) || (ka[3] < kb[3] ? -1 : ka[3] > kb[3] ? 1 : 0);
    if (cmp >= 0) return false;
  }
  return true;
}

describe('classifyTool: realistic tool table', () => {
  it('has at least 60 cases, 15 of them Chinese, with unique names', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    const chinese = CASES.filter((c) => /[\u4e00-\u9fff]/.test(c.spec.name + (c.spec.description ?? '')));
    expect(chinese.length).toBeGreaterThanOrEqual(15);
    expect(new Set(CASES.map((c) => c.spec.name)).size).toBe(CASES.length);
  });

  it.each(CASES.map((c) => [c.spec.name, c] as const))('%s', (_name, c) => {
    const cls = classifyTool(c.spec);
    expect(cls.capabilities).toEqual([...c.expected]);
    expect(cls.codeMode).toBe(c.codeMode ?? false);
    checkEvidence(c.spec, cls);
    expect(evidenceOrderIsCanonical(cls.evidence)).toBe(true);
  });
});

describe('classifyTool: evidence', () => {
  it('names the matched terms and where they were found', () => {
    const cls = classifyTool({
      name: 'send_message',
      description: 'Send a message',
      inputSchema: schema({ recipient: undefined, message: { schema: { type: 'object', properties: { to: { type: 'string' }, body: { type: 'string' } } } } }),
    });
    expect(cls.capabilities).toEqual([N]);
    expect(cls.evidence).toContainEqual({ capability: N, source: 'name', term: 'send' });
    expect(cls.evidence).toContainEqual({ capability: N, source: 'description', term: 'send' });
    expect(cls.evidence).toContainEqual({ capability: N, source: 'schema', term: 'to', at: 'properties.message.properties.to' });
    expect(cls.evidence).toContainEqual({ capability: N, source: 'schema', term: 'body', at: 'properties.message.properties.body' });
  });

  it('reports the url of a generic HTTP client as read and sent, next to its method', () => {
    const cls = classifyTool({
      name: 'http_call',
      description: 'Calls an endpoint.',
      inputSchema: { type: 'object', properties: { url: { type: 'string' }, method: { type: 'string' } } },
    });
    expect(cls.capabilities).toEqual([E, N]);
    for (const capability of [E, N]) {
      expect(cls.evidence).toContainEqual({ capability, source: 'schema', term: 'url', at: 'properties.url' });
      expect(cls.evidence).toContainEqual({ capability, source: 'schema', term: 'method', at: 'properties.method' });
    }
  });

  it('reports a third-party record and an authorship clause by their words', () => {
    const cls = classifyTool({ name: 'crm_get', description: "Get a customer's support tickets, as submitted through the help-center form" });
    expect(cls.capabilities).toEqual([E, P]);
    expect(cls.evidence).toContainEqual({ capability: E, source: 'description', term: 'support ticket' });
    expect(cls.evidence).toContainEqual({ capability: P, source: 'description', term: 'support ticket' });
    expect(cls.evidence).toContainEqual({ capability: E, source: 'description', term: 'submitted through help center' });
    // The clause alone, on a plain (private) ticket.
    const clause = classifyTool({ name: 'tickets_get', description: 'Get the tickets submitted by customers' });
    expect(clause.evidence.filter((e) => e.capability === E)).toEqual([{ capability: E, source: 'description', term: 'submitted by customers' }]);
  });

  it('treats every spelling of a possessive alike', () => {
    const base = classifyTool({ name: 'x4', description: 'Read a document from the shared drive' }).capabilities;
    expect(base).toEqual([E, P]);
    for (const owner of ["the team's", 'the team’s', "the teams'", "the sales team's", "our company's"]) {
      expect(classifyTool({ name: 'x4', description: `Read a document from ${owner} shared drive` }).capabilities, owner).toEqual(base);
    }
    // A quoted word is not a plural possessive.
    expect(classifyTool({ name: 'x5', description: "Read the 'notes' field of a file" }).capabilities).toEqual([P]);
  });

  it('reports the annotation rule by its hint names', () => {
    const cls = classifyTool({ name: 'x1', description: 'Set a feature flag', annotations: { readOnlyHint: false, openWorldHint: false } });
    // The closed world keeps the write local, so the tool says its server keeps writes local (`serverWrite`).
    expect(cls).toEqual({ capabilities: [M], evidence: [{ capability: M, source: 'annotation', term: 'readOnlyHint=false+openWorldHint=false' }], codeMode: false, serverWrite: 'local' });
  });

  it('gives read_inbox both capabilities and read_file / fetch_url one each', () => {
    expect(classifyTool({ name: 'read_inbox' }).capabilities).toEqual([E, P]);
    expect(classifyTool({ name: 'read_file' }).capabilities).toEqual([P]);
    expect(classifyTool({ name: 'fetch_url' }).capabilities).toEqual([E]);
    expect(classifyTool({ name: 'read' }).capabilities).toEqual([]);
    expect(classifyTool({ name: 'file' }).capabilities).toEqual([P]);
  });

  it('finds schema evidence inside items and reports the path', () => {
    const cls = classifyTool({
      name: 'batch',
      inputSchema: { type: 'object', properties: { jobs: { type: 'array', items: { type: 'object', properties: { command: { type: 'string' } } } } } },
    });
    expect(cls.capabilities).toEqual([X]);
    expect(cls.evidence).toEqual([{ capability: X, source: 'schema', term: 'command', at: 'properties.jobs.items.properties.command' }]);
  });

  it('lets destructiveHint add a mutation only to a tool that is not an external action', () => {
    expect(classifyTool({ name: 'wipe', annotations: { destructiveHint: true } }).capabilities).toEqual([M]);
    expect(classifyTool({ name: 'send_sms', annotations: { destructiveHint: true } }).capabilities).toEqual([N]);
  });

  it('marks Code Mode only for run_code-style tools', () => {
    expect(classifyTool({ name: 'code_mode' }).codeMode).toBe(true);
    expect(classifyTool({ name: 'execute_code' }).codeMode).toBe(true);
    expect(classifyTool({ name: 'sandbox', description: 'Run code that calls tools.fetch(url)' }).codeMode).toBe(true);
    expect(classifyTool({ name: 'bash', description: 'Run a shell command' }).codeMode).toBe(false);
    expect(classifyTool({ name: 'python', description: 'Run Python code' })).toMatchObject({ capabilities: [X], codeMode: false });
  });
});

describe('nameTokens', () => {
  it.each([
    ['gmailSendMessage', ['gmail', 'send', 'message']],
    ['fetch_URL', ['fetch', 'url']],
    ['mcp__github__create_issue', ['mcp', 'github', 'create', 'issue']],
    ['get-file.contents/v2', ['get', 'file', 'contents', 'v', '2']],
    ['parseHTMLDocument', ['parse', 'html', 'document']],
    ['listURLs', ['list', 'urls']],
    ['oauth2Token', ['oauth', '2', 'token']],
    ['读取file', ['读取', 'file']],
    ['', []],
  ])('%s', (name, expected) => {
    expect(nameTokens(name)).toEqual(expected);
  });
});

describe('classifyTool: determinism and robustness', () => {
  it('gives the table\'s answer in any order of classification, so no call leaves state that changes another', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([...CASES], { minLength: CASES.length }), (order) => {
        for (const c of order) {
          const cls = classifyTool(c.spec);
          expect([c.spec.name, cls.capabilities, cls.codeMode]).toEqual([c.spec.name, [...c.expected], c.codeMode ?? false]);
        }
      }),
      { seed: 20240612, numRuns: 3 },
    );
  });

  it('does not depend on the order of schema properties', () => {
    const reverse = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(reverse);
      if (typeof node !== 'object' || node === null) return node;
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(node).reverse()) out[k] = reverse((node as Record<string, unknown>)[k]);
      return out;
    };
    for (const c of CASES) {
      if (c.spec.inputSchema === undefined) continue;
      const reversed = { ...c.spec, inputSchema: reverse(c.spec.inputSchema) };
      expect(classifyTool(reversed)).toEqual(classifyTool(c.spec));
    }
  });

  it('ignores fields of the wrong shape', () => {
    const odd = [
      { name: 'read_file', description: 42, inputSchema: 'x', annotations: 'y' },
      { name: 'read_file', inputSchema: { properties: ['url', 'to'] } },
      { name: 'read_file', inputSchema: { properties: { url: null, to: 5, body: [] } } },
      { name: 'read_file', annotations: { readOnlyHint: 'true', openWorldHint: 1 } },
      { name: 42 },
      null,
      'bash',
    ];
    for (const spec of odd) expect(() => classifyTool(spec as unknown as ToolSpec)).not.toThrow();
    expect(classifyTool(odd[0] as unknown as ToolSpec).capabilities).toEqual([P]);
    expect(classifyTool(odd[3] as unknown as ToolSpec).capabilities).toEqual([P]);
    expect(classifyTool(odd[4] as unknown as ToolSpec).capabilities).toEqual([]);
  });

  it(`caps the schema at ${MAX_PROPERTIES} properties and depth ${MAX_DEPTH}, and says where it stopped`, () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 1000; i++) properties[`p${String(i).padStart(4, '0')}_command`] = { type: 'string' };
    const wide = classifyTool({ name: 'wide', inputSchema: { type: 'object', properties } });
    expect(wide.evidence.length).toBe(0); // `p0000_command` is not `command`
    expect(wide.unread).toEqual({ source: 'schema', at: `properties.p${String(MAX_PROPERTIES - 1).padStart(4, '0')}_command`, why: `${MAX_PROPERTIES} properties or more` });
    const many: Record<string, unknown> = {};
    for (let i = 0; i < 1000; i++) many[`a${String(i).padStart(4, '0')}`] = { type: 'object', properties: { command: { type: 'string' } } };
    const capped = classifyTool({ name: 'many', inputSchema: { type: 'object', properties: many } });
    // Every `aNNNN` and its `command` child count: half the cap in pairs.
    expect(capped.evidence.length).toBe(MAX_PROPERTIES / 2);
    const nest = (levels: number): unknown => {
      let s: unknown = { type: 'object', properties: { command: { type: 'string' } } };
      for (let i = 0; i < levels; i++) s = { type: 'object', properties: { nested: s } };
      return s;
    };
    const deep = classifyTool({ name: 'deep', inputSchema: nest(50) });
    expect(deep.capabilities).toEqual([]);
    expect(deep.unread?.why).toBe(`nesting past ${MAX_DEPTH} levels`);
    // `command` at level MAX_DEPTH is read; one level further it is not.
    const shallow = classifyTool({ name: 'shallow', inputSchema: nest(MAX_DEPTH) });
    expect([shallow.capabilities, shallow.unread]).toEqual([[X], undefined]);
    expect(classifyTool({ name: 'deeper', inputSchema: nest(MAX_DEPTH + 1) }).capabilities).toEqual([]);
  });

  it(`reads at most ${MAX_TEXT} characters of a description, and says it stopped`, () => {
    const long = `${'lorem ipsum '.repeat(Math.ceil(MAX_TEXT / 12))} send it`;
    const cut = classifyTool({ name: 'x2', description: long });
    expect([cut.capabilities, cut.unread]).toEqual([[], { source: 'description', why: 'past 16 384 characters' }]);
    const huge = 'word '.repeat(200_000);
    expect(classifyTool({ name: 'x3', description: `Send it. ${huge}` }).capabilities).toEqual([N]);
    expect(classifyTool({ name: 'x4', description: 'Send it.' }).unread).toBeUndefined();
  });

  it(`reads at most ${MAX_SPEC_TEXT} characters of a whole spec: the name, the description and the properties' names and descriptions`, () => {
    const text = (n: number): string => 'lorem ipsum '.repeat(Math.ceil(n / 12)).slice(0, n);
    const spec = (last: number): ToolSpec => ({
      name: 'x5',
      description: text(MAX_TEXT),
      inputSchema: { type: 'object', properties: { a: { type: 'string', description: text(MAX_TEXT) }, b: { type: 'string', description: text(MAX_TEXT) }, c: { type: 'string', description: text(last) }, command: { type: 'string' } } },
    });
    // The name, the description, the keys `a`, `b`, `c` and `command` and three descriptions: the
    // third is as long as the budget leaves room for, or one character longer.
    const room = MAX_SPEC_TEXT - 'x5'.length - 3 * MAX_TEXT - 'abc'.length - 'command'.length;
    expect(room).toBeLessThan(MAX_TEXT);
    const whole = classifyTool(spec(room));
    expect(whole.unread).toBeUndefined();
    expect(whole.capabilities).toEqual([X]);
    const over = classifyTool(spec(room + 1));
    expect(over.unread).toEqual({ source: 'schema', at: 'properties.command', why: 'past 65 536 characters in all' });
    expect(over.capabilities).toEqual([]);
  });

  it('never throws on arbitrary values with a string name', () => {
    fc.assert(
      fc.property(fc.string(), fc.anything(), (name, rest) => {
        const spec = (typeof rest === 'object' && rest !== null && !Array.isArray(rest) ? { ...rest, name } : { name, description: rest, inputSchema: rest, annotations: rest }) as unknown as ToolSpec;
        const cls = classifyTool(spec);
        expect(cls.capabilities).toEqual(CAPABILITIES.filter((c) => cls.capabilities.includes(c)));
        expect(evidenceOrderIsCanonical(cls.evidence)).toBe(true);
      }),
      { seed: 20240611, numRuns: 500 },
    );
  });

  it('never throws on arbitrary name, description and schema', () => {
    fc.assert(
      fc.property(fc.record({ name: fc.string(), description: fc.option(fc.string()), inputSchema: fc.anything() }), (spec) => {
        const cls = classifyTool(spec as unknown as ToolSpec);
        for (const cap of cls.capabilities) expect(cls.evidence.some((e) => e.capability === cap)).toBe(true);
      }),
      { seed: 7331, numRuns: 500 },
    );
  });

  it('never throws on schema-shaped trees of vocabulary words, and backs each capability with evidence from the tool\'s own text', () => {
    const word = fc.constantFrom('url', 'to', 'body', 'command', 'code', 'query', 'sql', 'path', 'content', 'message', 'read', 'send', 'file', '文件', 'items', 'properties', 'description', '');
    const text = fc.array(word, { maxLength: 8 }).map((ws) => ws.join(' '));
    const { node } = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        text,
        fc.record({ type: fc.constant('object'), description: text, properties: fc.dictionary(word, tie('node'), { maxKeys: 5 }) }, { requiredKeys: [] }),
        fc.record({ type: fc.constant('array'), items: fc.oneof(tie('node'), fc.array(tie('node'), { maxLength: 3 })) }, { requiredKeys: [] }),
      ),
    }));
    fc.assert(
      fc.property(text, text, node, (name, description, inputSchema) => {
        const spec: ToolSpec = { name, description, inputSchema };
        checkEvidence(spec, classifyTool(spec));
      }),
      { seed: 4242, numRuns: 300 },
    );
  });
});
