/**
 * Market data (tickers, candles, order books, funding rates, quotes and fund flows) is published by
 * an exchange or a data vendor: reading it is EXTERNAL_INGESTION, as reading a web page is. The
 * user's own orders and trades stay the user's records.
 */
import { describe, expect, it } from 'vitest';
import { capsOf as caps } from './tools-fixture.js';

describe('market data', () => {
  it('is published content, in English and in Chinese', () => {
    for (const what of ['the ticker', 'OHLCV data', 'candlestick data', 'the order book', 'the orderbook', 'the funding rate']) {
      expect(caps('lookup', `Get ${what} for a trading symbol`), what).toEqual(['EXTERNAL_INGESTION']);
    }
    // K-lines (candlesticks, as Chinese market data names them), spelled three ways.
    for (const what of ['kline data', 'K line data', '日 K 线', '日K线']) {
      expect(caps('lookup', `Get ${what} for a trading symbol`), what).toEqual(['EXTERNAL_INGESTION']);
    }
    expect(caps('get_kline', '')).toEqual(['EXTERNAL_INGESTION']);
    // A line of the user's own invoice is no K-line.
    expect(caps('lookup', "Get the line items of the user's invoice")).toEqual(['PRIVATE_ACCESS']);
    for (const what of ['行情', '涨跌幅', '成交额', '资金流', '板块列表']) {
      expect(caps('lookup', `获取指定股票的${what}`), what).toEqual(['EXTERNAL_INGESTION']);
    }
  });

  it("beside the user's own records", () => {
    // `order` alone is the user's order; `order book` is the market's.
    expect(caps('get_order', "Get the user's order by its id")).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_order_book', 'Get the order book of a market')).toEqual(['EXTERNAL_INGESTION']);
  });

  it('keeps a product named in a description a product ("the Trading API")', () => {
    // A word of the market vocabulary must not make a product's name a known word: the write stays
    // in the product.
    expect(caps('revise_listing', 'Revise a listing. Uses the Trading API. Only send the fields you want to change.')).toEqual(['EXTERNAL_ACTION']);
  });
});
