/**
 * A record a service keeps (a CRM's customers, a desk's tickets, a tracker's tasks, orders, invoices)
 * is changed where it is kept: creating or changing one is an EXTERNAL_ACTION, not a LOCAL_MUTATION.
 * Each rule has its look-alikes: the same record in a store the tool calls local, in a database it
 * names, sent to the user herself, behind a closed-world annotation, and the user's own records
 * (notes, an address book's contacts, files), which keep LOCAL_MUTATION.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { SERVICE_RECORDS } from '../../src/core/vocabulary.js';

const caps = (name: string, description = '', more: Record<string, unknown> = {}): readonly string[] => classifyTool({ name, description, ...more }).capabilities;

describe('a write of a record a service keeps is an external action', () => {
  it('a ticket, a task, an order, a customer, an invoice: the service changes', () => {
    expect(caps('create_ticket', 'Creates a ticket with a subject and a message.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('add_task', 'Add a task to the project.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('cancel_order', 'Cancel an order by its ID.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('update_customer', "Update a customer's billing details.")).toEqual(['EXTERNAL_ACTION']);
    expect(caps('void_invoice', 'Delete an invoice.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('chuangjian_renwu', '创建一个新的任务')).toEqual(['EXTERNAL_ACTION']);
  });

  it('what people submit to a desk, and a record a service word modifies ("CRM contact")', () => {
    expect(caps('open_case', 'Creates a support ticket with requester, subject and message.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('contact_email', 'Update the email address of a CRM contact.')).toEqual(['EXTERNAL_ACTION']);
  });

  it('a service word that opens a name modifies the record after it', () => {
    expect(caps('customer_note_update')).toEqual(['EXTERNAL_ACTION']);
  });

  it("the name's write is the description's: one act, not a local one beside it", () => {
    expect(caps('add_case_note', 'Add a support message to a case as an internal note, visible to agents only.')).toEqual(['EXTERNAL_ACTION']);
  });

  // Written out, not read from the vocabulary: a word dropped from the list must fail here.
  const RECORDS = [
    'crm', 'customer', 'order', 'invoice', 'ticket', 'task', 'lead', 'deal', 'patient', 'member',
    'group member', 'people', 'page property', 'wiki', 'employee', 'payroll', 'salary', 'hr',
    '客户', '订单', '员工', '工资', '薪资', '工单', '任务', '成员', '群成员',
  ];

  it('the list is the one these tests cover', () => {
    expect([...SERVICE_RECORDS]).toEqual(RECORDS);
  });

  it('every word of the list makes a create of it an external action, in English and in Chinese', () => {
    for (const term of RECORDS) {
      const c = /^[a-z ]+$/.test(term) ? caps('create_record', `Create a ${term} with the given fields.`) : caps('xinzeng', `新增一个${term}`);
      if (c.length !== 1 || c[0] !== 'EXTERNAL_ACTION') expect.fail(`${term}: ${c.join(', ')}`);
    }
  });
});

describe('look-alikes that stay local mutations', () => {
  it('the tool says its store is local', () => {
    expect(caps('add_task', 'Add a task in the local to-do app.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('add_task', 'Add a task to the list kept on disk.')).toEqual(['LOCAL_MUTATION']);
  });

  it('the annotations close the world', () => {
    expect(caps('add_task', 'Add a task to the list.', { annotations: { openWorldHint: false } })).toEqual(['LOCAL_MUTATION']);
    // Open world or no hint: the service.
    expect(caps('add_task', 'Add a task to the list.', { annotations: { openWorldHint: true } })).toEqual(['EXTERNAL_ACTION']);
  });

  it('the sentence names one of the user’s own stores', () => {
    expect(caps('shanchu_dingdan', '根据订单编号删除数据库中的订单记录，操作不可恢复')).toEqual(['LOCAL_MUTATION']);
    expect(caps('purge_orders', 'Delete the order rows of a table in the database.')).toEqual(['LOCAL_MUTATION']);
  });

  it('every own store named beside the record keeps the write local, in English and in Chinese', () => {
    const stores = [
      'database', 'db', 'sql', 'table', 'sqlite', 'postgres', 'postgresql', 'mysql', 'mongodb', 'mongo',
      'redis', 'bigquery', 'snowflake', 'supabase', 'dynamodb', 'collection', 'file', 'filesystem',
      'directory', 'dir', 'folder', 'repository', 'repo', 'branch', 'working tree', 'staging area',
      'kubernetes', 'k8s', 'cluster', 'pod', 'namespace', 'deployment', 'helm release', 'memory', 'graph',
      'editor', 'codebase',
    ];
    for (const store of stores) {
      const c = caps('purge', `Delete the order records kept in the ${store}.`);
      if (c.includes('EXTERNAL_ACTION') || !c.includes('LOCAL_MUTATION')) expect.fail(`${store}: ${c.join(', ')}`);
    }
    for (const store of ['数据库', '数据表', '文件', '目录', '仓库', '檔案', '資料庫', '資料表']) {
      const c = caps('shanchu', `删除${store}中的订单记录`);
      if (c.includes('EXTERNAL_ACTION') || !c.includes('LOCAL_MUTATION')) expect.fail(`${store}: ${c.join(', ')}`);
    }
  });

  it("only a description's write of a service record makes the name's write one: a read of it does not", () => {
    const c = caps('add_note', 'Read a ticket, then add a note for yourself.');
    expect(c).toContain('LOCAL_MUTATION');
    expect(c).not.toContain('EXTERNAL_ACTION');
  });

  it('the record goes to the user herself', () => {
    expect(caps('send_invoice_copy', "Send the invoice PDF to the user's email.")).toEqual(['LOCAL_MUTATION']);
  });

  it('the user’s own records are no service’s', () => {
    expect(caps('add_note', 'Add a note with a title and a body.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('add_contact', 'Add a contact to the address book.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('write_file', 'Write text to a file.')).toEqual(['LOCAL_MUTATION']);
  });

  it('a read of a service record stays a read', () => {
    expect(caps('get_ticket', 'Get a ticket by its ID.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_orders', 'List the orders of the account.')).toEqual(['PRIVATE_ACCESS']);
  });
});
