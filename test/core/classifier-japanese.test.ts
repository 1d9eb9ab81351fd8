/**
 * Japanese descriptions are read by their kanji words, as Chinese ones are (kana are not read):
 * 取得 get, 一覧 list, 検索 search, 作成 create, 削除 delete, 編集 edit, 変更 change, 送信 send,
 * 投稿 post. A description must still say an act the vocabulary knows before an object it does not
 * name counts (the unnamed-record rule).
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const caps = (name: string, description: string): readonly string[] => classifyTool({ name, description }).capabilities;

describe('Japanese descriptions', () => {
  it('confirm what a name reads or writes of a record no word names', () => {
    expect(caps('list_rooms', 'チャットの一覧を取得します。')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('create_room', '新しいグループチャットを作成します。')).not.toEqual([]);
    expect(caps('delete_room_link', 'チャットへの招待リンクを削除します。')).not.toEqual([]);
  });

  it('a send is an external action', () => {
    expect(caps('room_zorb', 'メッセージを送信します。')).toContain('EXTERNAL_ACTION');
  });

  it('look-alike: a description in kana only says no act, and the tool stays unread', () => {
    expect(caps('frob_room', 'ルームをフロブします。')).toEqual([]);
  });
});
