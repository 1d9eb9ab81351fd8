/**
 * Tool specs an independent review wrote against a first, broader version of the rule that a document
 * a team writes is EXTERNAL_INGESTION (it took any named product, namespace or server for a team's):
 * that version added EXTERNAL_INGESTION to each of these, and the reviewer judged, before running
 * them, that none reads others' writing: a document's status, tags or permissions, a database's
 * record, a desktop app's or a local server's document, the user's own journal or identity document.
 * Each keeps the reading it had before the rule.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import type { ClassifyContext } from '../../src/core/classifier.js';
import type { ToolSpec } from '../../src/core/types.js';

const REVIEWED: readonly { spec: ToolSpec; context?: ClassifyContext; why: string }[] = [
  {"spec":{"name":"pandadoc_get_document_status","description":"Get the status of a PandaDoc document.","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}},"why":"status only"},
  {"spec":{"name":"paperless_get_document_metadata","description":"Get a document's metadata (checksum, size, original filename) from Paperless.","inputSchema":{"type":"object","properties":{"id":{"type":"integer"}}}},"why":"metadata"},
  {"spec":{"name":"paperless_get_document_thumbnail","description":"Get the thumbnail image of a document.","inputSchema":{"type":"object","properties":{"id":{"type":"integer"}}}},"why":"image thumbnail, no place"},
  {"spec":{"name":"paperless_get_document_notes","description":"Get the notes the user attached to a Paperless document.","inputSchema":{"type":"object","properties":{"id":{"type":"integer"}}}},"why":"user-written notes"},
  {"spec":{"name":"docx_read","description":"Read the content of a Word document.","inputSchema":{"type":"object","properties":{"filename":{"type":"string","description":"Path to the .docx file"}}}},"context":{"server":"word-document-server"},"why":"local docx by path"},
  {"spec":{"name":"scrivener_read_document","description":"Read a document from a Scrivener project.","inputSchema":{"type":"object","properties":{"project":{"type":"string"},"document":{"type":"string"}}}},"why":"user's own manuscript, local"},
  {"spec":{"name":"ia_writer_get_document","description":"Get the text of a document in the iA Writer library.","inputSchema":{"type":"object","properties":{"name":{"type":"string"}}}},"why":"user's own writing"},
  {"spec":{"name":"get_journal_document","description":"Read a document from your private journal in Journey.","inputSchema":{"type":"object","properties":{"date":{"type":"string"}}}},"why":"personal journal written by the user alone"},
  {"spec":{"name":"word_read_active_document","description":"Read the text of the active document open in Microsoft Word on this computer."},"why":"local app document"},
  {"spec":{"name":"get_document","description":"Get a journal document by date.","inputSchema":{"type":"object","properties":{"date":{"type":"string"}}}},"context":{"server":"personal-journal"},"why":"user's own journal"},
  {"spec":{"name":"find_document","description":"Get a single document by _id from a collection.","inputSchema":{"type":"object","properties":{"collection":{"type":"string"},"id":{"type":"string"}}}},"context":{"server":"MongoDB"},"why":"DB record"},
  {"spec":{"name":"firestore_list_documents","description":"List documents in a Firestore collection.","inputSchema":{"type":"object","properties":{"collection":{"type":"string"}}}},"why":"DB records"},
  {"spec":{"name":"elasticsearch_get_document","description":"Get a document by ID from an Elasticsearch index.","inputSchema":{"type":"object","properties":{"index":{"type":"string"},"id":{"type":"string"}}}},"why":"index record"},
  {"spec":{"name":"couchdb_get_document","description":"Retrieve a document from a CouchDB database.","inputSchema":{"type":"object","properties":{"db":{"type":"string"},"doc_id":{"type":"string"}}}},"why":"DB record"},
  {"spec":{"name":"cosmosdb_read_item","description":"Read a document from an Azure Cosmos DB container.","inputSchema":{"type":"object","properties":{"container":{"type":"string"},"id":{"type":"string"}}}},"why":"DB record"},
  {"spec":{"name":"meilisearch_get_documents","description":"Get documents from a Meilisearch index.","inputSchema":{"type":"object","properties":{"index_uid":{"type":"string"}}}},"why":"index records"},
  {"spec":{"name":"get_document","description":"Get a document from a collection by its ID.","inputSchema":{"type":"object","properties":{"collection":{"type":"string"},"id":{"type":"string"}}}},"context":{"server":"Firebase"},"why":"Firebase record"},
  {"spec":{"name":"qdrant_find","description":"Retrieve documents from the Qdrant collection that the agent stored as memories.","inputSchema":{"type":"object","properties":{"query":{"type":"string"}}}},"why":"agent/user memories"},
  {"spec":{"name":"get_identity_document","description":"Get the user's identity document (passport) on file with Onfido.","inputSchema":{"type":"object","properties":{"applicant_id":{"type":"string"}}}},"why":"user's own identity record"},
  {"spec":{"name":"get_kyc_document_status","description":"Get the verification status of a KYC document in Sumsub.","inputSchema":{"type":"object","properties":{"applicant_id":{"type":"string"}}}},"why":"status"},
  {"spec":{"name":"get_document_permissions","description":"Get the sharing permissions of a Google Doc.","inputSchema":{"type":"object","properties":{"document_id":{"type":"string","description":"The document ID"}}}},"why":"permissions metadata"},
  {"spec":{"name":"find_doc_id","description":"Find a Google Doc's ID by its title.","inputSchema":{"type":"object","properties":{"title":{"type":"string"}}}},"why":"ID only"},
  {"spec":{"name":"count_quip_documents","description":"Count the documents in a Quip folder.","inputSchema":{"type":"object","properties":{"folder_id":{"type":"string"}}}},"why":"count"},
  {"spec":{"name":"list_document_tags","description":"List the tags applied to documents in Paperless."},"why":"tags"},
  {"spec":{"name":"get_document_metadata","description":"Get the metadata of a document in Box: size, owner and modified date.","inputSchema":{"type":"object","properties":{"document_id":{"type":"string","description":"The document ID"}}}},"why":"metadata"},
  {"spec":{"name":"get_report_document","description":"Get a generated report document by its ID.","inputSchema":{"type":"object","properties":{"organization_id":{"type":"string"},"report_id":{"type":"string"}}}},"why":"system-generated report"},
  {"spec":{"name":"get_document","description":"Get a document from the user's personal notebook by its ID.","inputSchema":{"type":"object","properties":{"workspace_id":{"type":"string"},"document_id":{"type":"string"}}}},"why":"personal notebook"},
  {"spec":{"name":"get_my_draft","description":"Get my own draft document from Google Docs that only I edit.","inputSchema":{"type":"object","properties":{"doc_id":{"type":"string"}}}},"why":"written by user alone"},
  {"spec":{"name":"paperless_get_document_tags","description":"Get the tags of a document."},"why":"tags only"},
  {"spec":{"name":"outline_get_document_users","description":"List the users who can access a document."},"why":"user list (membership)"},
  {"spec":{"name":"get_document_info","description":"Get information about a Word document.","inputSchema":{"type":"object","properties":{"filename":{"type":"string","description":"Path to the Word document"}}}},"context":{"server":"word-document-server"},"why":"local metadata"},
  {"spec":{"name":"get_document_outline","description":"Get the structure of a Word document.","inputSchema":{"type":"object","properties":{"filename":{"type":"string","description":"Path to the Word document"}}}},"context":{"server":"word-document-server"},"why":"local structure"},
  {"spec":{"name":"gdocs_get_document_styles","description":"Get the named styles of a Google Doc."},"why":"styles, not content"},
  {"spec":{"name":"get_document_signers","description":"Get the signers of a DocuSign document."},"why":"names/status"},
  {"spec":{"name":"firestore_get_document","description":"Get a document from Firestore.","inputSchema":{"type":"object","properties":{"collection":{"type":"string"},"document_id":{"type":"string"}}}},"why":"DB record"},
  {"spec":{"name":"get_document_version","description":"Get the version number of a Quip document."},"why":"version number"},
];

describe('documents the review judged nobody else writes stay so', () => {
  it.each(REVIEWED.map((r) => [r.spec.name, r]))('%s', (_name, r) => {
    expect(classifyTool(r.spec, r.context).capabilities, r.why).not.toContain('EXTERNAL_INGESTION');
  });
});
