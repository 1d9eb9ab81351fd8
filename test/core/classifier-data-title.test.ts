/**
 * A title naming data ("Liquidation data.", "Hyperliquid whale data."), on a tool that found nothing
 * else and whose description acts in no word the vocabulary reads, was read as published content on
 * a server whose other reads serve it (b853f00), and withdrawn after a review: of 191 tools a reviewer
 * wrote for such servers that act, read the user's own data or hold secrets, 99 became allowed reads
 * of outside content. A description that acts in no word the vocabulary knows may still act (in a
 * word it does not know, in a form it does not read, in the schema), and a title does not say whose
 * the data is. These are some of the review's tools: on a server of published content, none may be
 * read as outside content alone.
 */
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../src/core/guard.js';
import type { ToolSpec } from '../../src/core/types.js';

const PUBLISHED: readonly ToolSpec[] = [
  { name: 'latest_news', description: 'Get the latest news headlines.', origin: 'mcp:market-feed' },
  { name: 'forecast', description: 'Get the weather forecast for a city.', origin: 'mcp:market-feed' },
];

const REVIEWED: readonly ToolSpec[] = [
  // an act in a word the vocabulary does not know
  {"name": "hl_trade", "description": "Hyperliquid trading data.\n• place — place a limit or market order. Requires: coin, side, size\n• amend — amend an open order\n• history — recent fills", "inputSchema": {"type": "object", "properties": {"action": {"type": "string", "enum": ["place", "amend", "history"]}, "coin": {"type": "string"}, "side": {"type": "string", "enum": ["buy", "sell"]}, "size": {"type": "number"}, "price": {"type": "number"}}}},
  {"name": "dex_swap", "description": "DEX swap data.\n• quote — best route across pools\n• swap — swap tokens via the aggregator. Requires: from_token, to_token, amount", "inputSchema": {"type": "object", "properties": {"action": {"type": "string", "enum": ["quote", "swap"]}, "from_token": {"type": "string"}, "to_token": {"type": "string"}, "amount": {"type": "number"}, "slippage": {"type": "number"}}}},
  {"name": "lending", "description": "Lending market data.\n• rates — supply and borrow APYs\n• borrow — borrow USDT against collateral\n• repay — repay an outstanding loan", "inputSchema": {"type": "object", "properties": {"action": {"type": "string", "enum": ["rates", "borrow", "repay"]}, "asset": {"type": "string"}, "amount": {"type": "number"}}}},
  {"name": "tipping", "description": "Creator tip data.\n• tip — tip a creator in USDT\n• leaderboard — top tippers", "inputSchema": {"type": "object", "properties": {"action": {"type": "string", "enum": ["tip", "leaderboard"]}, "creator": {"type": "string"}, "amount": {"type": "number"}}}},
  {"name": "dao_governance", "description": "Governance data.\n• proposals — active proposals\n• vote — vote on a proposal. Requires: proposal_id, choice", "inputSchema": {"type": "object", "properties": {"action": {"type": "string", "enum": ["proposals", "vote"]}, "proposal_id": {"type": "string"}, "choice": {"type": "string"}}}},
  {"name": "strategy_lab", "description": "Strategy data.\n• backtest — backtest results\n• deploy — deploys the strategy live; it then trades automatically", "inputSchema": {"type": "object", "properties": {"action": {"type": "string", "enum": ["backtest", "deploy"]}, "strategy_id": {"type": "string"}}}},
  // an act in a form the vocabulary does not read (-s, a passive)
  {"name": "bot_runner", "description": "Bot data.\n• bots — bot list\n• go — executes the bot once with the given parameters", "inputSchema": {"type": "object", "properties": {"action": {"type": "string", "enum": ["bots", "go"]}, "bot_id": {"type": "string"}}}},
  {"name": "report_job", "description": "Report data.\n• weekly — weekly report, saved to ~/reports as PDF", "inputSchema": {"type": "object", "properties": {"action": {"type": "string", "enum": ["weekly"]}, "week": {"type": "string"}}}},
  {"name": "payout_desk", "description": "Payout data.\n• batch — pays out all pending affiliate commissions", "inputSchema": {"type": "object", "properties": {"action": {"type": "string", "enum": ["batch"]}}}},
  // a title that names the user's own data in words the vocabulary does not know
  {"name": "portfolio", "description": "Portfolio data.\n• holdings — current holdings and cost basis\n• pnl — realized and unrealized PnL", "inputSchema": {"type": "object", "properties": {"action": {"type": "string", "enum": ["holdings", "pnl"]}}}},
  {"name": "wallet", "description": "Wallet data.\n• assets — assets in the connected wallet\n• history — wallet transfers", "inputSchema": {"type": "object", "properties": {"action": {"type": "string", "enum": ["assets", "history"]}}}},
  {"name": "withdrawals", "description": "Withdrawal history.", "inputSchema": {"type": "object", "properties": {"coin": {"type": "string"}, "start_time": {"type": "number"}}}},
  {"name": "kyc", "description": "KYC details.", "inputSchema": {"type": "object", "properties": {}}},
  {"name": "sleep", "description": "Sleep data.", "inputSchema": {"type": "object", "properties": {"date": {"type": "string"}}}},
  {"name": "credit_score", "description": "Credit score details.", "inputSchema": {"type": "object", "properties": {}}},
  // bullets that return the user's own data
  {"name": "futures_data", "description": "Futures data.\n• positions — your open positions and liquidation prices\n• funding — funding rates", "inputSchema": {"type": "object", "properties": {"action": {"type": "string", "enum": ["positions", "funding"]}}}},
  {"name": "market_info2", "description": "Market info.\n• fees — my maker and taker fees\n• limits — my withdrawal limits", "inputSchema": {"type": "object", "properties": {"action": {"type": "string", "enum": ["fees", "limits"]}}}},
  // secrets in words the vocabulary does not know
  {"name": "exchange_auth", "description": "Exchange auth data.\n• hmac — the HMAC signing secret of the linked exchange", "inputSchema": {"type": "object", "properties": {"action": {"type": "string", "enum": ["hmac"]}}}},
  {"name": "wallet_seed", "description": "Wallet mnemonic info.", "inputSchema": {"type": "object", "properties": {}}},
  // an act or a secret said only in the schema
  {"name": "swap_f", "description": "Swap data.", "inputSchema": {"type": "object", "properties": {"sell_token": {"type": "string"}, "buy_token": {"type": "string"}, "sell_amount": {"type": "number"}, "execute": {"type": "boolean", "description": "If true the swap is signed and broadcast"}}}},
  {"name": "creds_f", "description": "Exchange data.", "inputSchema": {"type": "object", "properties": {"api_key": {"type": "string"}, "api_secret": {"type": "string"}, "passphrase": {"type": "string"}}}},
  // acts in Chinese
  {"name": "cex_trade", "description": "Futures trading data.\n• 下单 — 市价或限价\n• 撤单 — 按订单号", "inputSchema": {"type": "object", "properties": {"action": {"type": "string", "enum": ["下单", "撤单"]}, "symbol": {"type": "string"}, "qty": {"type": "number"}}}},
  {"name": "loan_cn", "description": "Loan data.\n• 借币 — 抵押借币\n• 还币 — 归还借币", "inputSchema": {"type": "object", "properties": {"action": {"type": "string", "enum": ["借币", "还币"]}, "amount": {"type": "number"}}}},
  // local writes in words not read
  {"name": "cache_ctl", "description": "Cache data.\n• flush — flushes the local market cache", "inputSchema": {"type": "object", "properties": {"action": {"type": "string", "enum": ["flush"]}}}},
  {"name": "journal", "description": "Trade journal data.\n• entry — logs a trade with notes to the journal", "inputSchema": {"type": "object", "properties": {"action": {"type": "string", "enum": ["entry"]}, "text": {"type": "string"}}}},
];

describe("a title naming data is not read as its server's published content", () => {
  it('the server serves published content', () => {
    const guard = createGuard({ tools: [...PUBLISHED] });
    expect(guard.tool('latest_news').capabilities).toEqual(['EXTERNAL_INGESTION']);
  });

  it.each(REVIEWED.map((t) => [t.name, t]))('%s', (name, spec) => {
    const guard = createGuard({ tools: [...PUBLISHED, { ...spec, origin: 'mcp:market-feed' }] });
    expect(guard.tool(name).capabilities).not.toEqual(['EXTERNAL_INGESTION']);
  });
});
