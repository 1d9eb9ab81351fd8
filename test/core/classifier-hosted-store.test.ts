/**
 * A store the description calls hosted ("Delete a file from the cloud drive", "kept in the cloud") is
 * read as a named product is: what the tool writes there is an EXTERNAL_ACTION, not a LOCAL_MUTATION,
 * and a read is what its object makes it. The word counts only where a noun phrase opens, so a word
 * cloud, a point cloud or the weather's cloud layer change nothing.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const caps = (name: string, description: string, properties?: Record<string, unknown>): readonly string[] =>
  classifyTool({ name, description, ...(properties ? { inputSchema: { type: 'object', properties } } : {}) }).capabilities;
const terms = (name: string, description: string): readonly string[] =>
  classifyTool({ name, description }).evidence.filter((e) => e.capability === 'EXTERNAL_ACTION').map((e) => `${e.source}:${e.term}`);

describe('a write to a store the description calls hosted is an external action', () => {
  it.each([
    ['delete_file', 'Delete a file from the cloud drive by its filename.'],
    ['append_to_file', 'Append content to a file in the cloud drive.'],
    ['create_folder', 'Create a folder in your cloud storage.'],
    ['save_document', 'Save the document in the cloud.'],
    ['rename_file', 'Rename a file on a cloud server.'],
    ['delete_bucket', 'Delete a bucket from cloud storage.'],
    ['update_note', 'Cloud backup: update the saved note.'],
  ])('%s: %s', (name, description) => {
    expect(caps(name, description)).toContain('EXTERNAL_ACTION');
    expect(caps(name, description)).not.toContain('LOCAL_MUTATION');
  });

  it('the same sentences without the word are local writes, as before', () => {
    expect(caps('delete_file', 'Delete a file from the drive by its filename.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('append_to_file', 'Append content to a file.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('save_document', 'Save the document.')).toEqual(['LOCAL_MUTATION']);
  });

  it('reads as a named product does: the evidence names the place', () => {
    expect(terms('delete_file', 'Delete a file from the cloud drive.')).toContain('description:cloud');
    expect(caps('delete_file', 'Delete a file from the cloud drive.')).toEqual(caps('delete_file', 'Delete a file from Zorblat.'));
  });

  it('a read is what its object makes it', () => {
    expect(caps('search_files', 'Search for files in the cloud drive by content.')).toEqual(caps('search_files', 'Search for files in the drive by content.'));
    expect(caps('read_file', 'Read a file from the cloud storage.')).toEqual(caps('read_file', 'Read a file from the storage.'));
  });

  it('a tool that calls its store local keeps its writes local', () => {
    expect(caps('delete_file', 'Delete a local file from the cloud folder synced to this machine.')).toContain('LOCAL_MUTATION');
  });
});

describe('a text that denies the cloud, or uses the word for a shape, names no hosted store', () => {
  it.each([
    ['save_block', 'Saved blocks are not stored in the cloud. They only live in your current browser.'],
    ['save_meeting', "Save the meeting's details on-device; they are never uploaded to the cloud."],
    ['save_note', 'Save a note. Nothing is uploaded to the cloud.'],
    ['create_note', 'Create a note. Works offline; no cloud account needed.'],
    ['filter_points', 'Remove statistical outliers from the cloud and save the point cloud file.'],
    ['regenerate', 'Remove stop words from the cloud and regenerate the word cloud image.'],
  ])('%s: %s', (name, description) => {
    expect(caps(name, description)).not.toContain('EXTERNAL_ACTION');
  });

  it('a negation ends at `but`: "not on the disk, but in the cloud" is hosted', () => {
    expect(caps('save_document', 'Save the document, not on this machine but in the cloud.')).toContain('EXTERNAL_ACTION');
  });

  it('a negation after the word denies something else: "in the cloud, not on this machine" is hosted', () => {
    expect(caps('save_document', 'Save the document in the cloud, not on this machine.')).toContain('EXTERNAL_ACTION');
  });

  it('"the cloud" with a noun after it that is no store names no place', () => {
    expect(caps('set_layer', 'Update the opacity of the layer in the cloud map.')).not.toContain('EXTERNAL_ACTION');
    expect(caps('rename_icon', 'Rename the icon on the cloud button.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('rename_icon', 'Rename the icon in the cloud.')).toEqual(['EXTERNAL_ACTION']);
  });
});

describe('where the word opens a noun phrase before a store, and where not', () => {
  it.each([
    ['first in its sentence', 'Cloud drive: delete the photo.'],
    ['after a determiner', 'Delete the photo from a cloud drive.'],
    ['after a possessive', "Delete the photo from the team's cloud drive."],
    ['after a preposition of place', 'Delete the photo from cloud storage.'],
    ['after another preposition', 'Delete the photo kept by cloud storage.'],
    ['after a verb', 'Delete cloud backups older than a week.'],
    ['opening a clause after a colon', 'Remove the photo: cloud storage is freed.'],
    ['in a later sentence', 'Delete the photo. Cloud storage keeps no copy.'],
    ['"the cloud" at the end of its sentence', 'Save the photo in the cloud.'],
    ['"the cloud" before a conjunction', 'Save the photo in the cloud and return its id.'],
    ['"the cloud" before a preposition', 'Save the photo in the cloud for sharing.'],
    ['"the cloud" before a comma', 'Save the photo in the cloud, the link is returned.'],
  ])('hosted: %s', (_, description) => {
    expect(caps('edit_photo', description)).toEqual(['EXTERNAL_ACTION']);
  });

  it.each([
    ['after a noun', 'Delete the photo from the storm cloud folder.'],
    ['before a noun that is no store', 'Delete the photo from a cloud layer.'],
    ['"the cloud" after no preposition of place', 'Rename the cloud.'],
    ['"the cloud" before a noun that is no store', 'Save the photo in the cloud sync folder.'],
  ])('no place: %s', (_, description) => {
    expect(caps('edit_photo', description)).toEqual(['LOCAL_MUTATION']);
  });
});

describe('look-alikes: the word where no noun phrase opens, or before no store', () => {
  it.each([
    ['make_word_cloud', 'Create a word cloud image from the text and save it to a file.'],
    ['save_points', 'Write the point cloud file to disk.'],
    ['tag_cloud', 'Update the tag cloud folder of the blog theme.'],
    ['weather_layer', 'Update the cloud layer of the local weather map.'],
    ['cloudy', 'Delete the clouds folder.'],
  ])('%s: %s', (name, description) => {
    expect(caps(name, description)).not.toContain('EXTERNAL_ACTION');
  });
});

describe('every word of the vocabulary, one case each (a word dropped from a list fails its case)', () => {
  it.each(['drive', 'drives', 'storage', 'bucket', 'buckets', 'folder', 'folders', 'file', 'files', 'account', 'accounts', 'backup', 'backups', 'server', 'servers', 'space'])(
    'store noun after the word: %s', (store) => {
      expect(caps('edit_photo', `Delete the photo from a cloud ${store}.`)).toEqual(['EXTERNAL_ACTION']);
    },
  );

  it.each(['in', 'into', 'to', 'on', 'onto', 'from'])('"the cloud" after %s', (place) => {
    expect(caps('edit_photo', `Move the photo ${place} the cloud.`)).toEqual(['EXTERNAL_ACTION']);
  });

  it.each(['no', 'nothing', 'none', 'nor', 'neither', 'offline', 'not', 'never', 'without'])('a denial before it: %s', (denial) => {
    expect(caps('edit_photo', `Delete the photo; ${denial} copy is kept in the cloud.`)).toEqual(['LOCAL_MUTATION']);
  });

  it.each(['point', 'word', 'tag'])('a shape elsewhere in the text: %s cloud', (shape) => {
    expect(caps('edit_photo', `Delete the photo from the cloud drive. It holds a ${shape} cloud.`)).toEqual(['LOCAL_MUTATION']);
  });
});
