/**
 * Every file guard-eval writes goes through here: an exclusive temporary file in the target's own
 * folder, then a rename (or, for a file that must not exist yet, a hard link). A symlink planted
 * at a temporary name cannot redirect the write: the temporary file is created with `O_EXCL`
 * (which refuses any existing path, a dangling symlink included) under a random name. A symlink at
 * the target itself is replaced, never written through, unless the caller asks to write through
 * it (label write-back edits the scenario file a link points to, and keeps its mode).
 */
import { randomBytes } from 'node:crypto';
import { constants, promises as fsp } from 'node:fs';
import { chmodSync, closeSync, fsyncSync, linkSync, lstatSync, mkdirSync, openSync, realpathSync, renameSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { InputError } from './errors.js';
import { escapeControls } from '../harness/reports/cells.js';

export interface SafeWriteOptions {
  /** Refuse a target that exists (a symlink included) instead of replacing it. @default false */
  readonly exclusive?: boolean;
  /** A target that is a symlink: write the file it points to, not the link. @default false */
  readonly throughSymlink?: boolean;
  /** Give the new file the mode of the file it replaces. @default true */
  readonly keepMode?: boolean;
}

/** What went wrong, as a message for the user (the error codes people meet on a write). */
function describeWriteError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'EEXIST':
      return 'already exists';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOENT':
      return 'its folder does not exist';
    case 'ENOTDIR':
      return 'a part of the path is a file, not a folder';
    case 'EISDIR':
      return 'is a folder';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EROFS':
      return 'the file system is read-only';
    default:
      return e instanceof Error ? e.message : String(e);
  }
}

const tmpName = (target: string): string => path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);

/** Bytes gathered from a stream of text before each write. */
const WRITE_BATCH = 1 << 20;

function writeAll(fd: number, buf: Uint8Array): void {
  for (let off = 0; off < buf.length; ) off += writeSync(fd, buf, off, buf.length - off);
}

/** Write text given in pieces, a batch at a time: memory stays the size of a batch, whatever the total. */
function writeChunks(fd: number, chunks: Iterable<string>): void {
  let batch: string[] = [];
  let size = 0;
  for (const c of chunks) {
    batch.push(c);
    size += c.length;
    if (size >= WRITE_BATCH) {
      writeAll(fd, Buffer.from(batch.join(''), 'utf8'));
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) writeAll(fd, Buffer.from(batch.join(''), 'utf8'));
}

/**
 * Write `data` to `target` atomically: a string, bytes, or text in pieces (streamed, never held whole).
 * @throws InputError('WRITE') with the target's path and a plain reason; nothing is left behind.
 *   An error thrown while the pieces are produced is thrown as it is, also leaving nothing behind.
 */
export function writeFileSafely(target: string, data: string | Uint8Array | Iterable<string>, opts: SafeWriteOptions = {}): void {
  let dest = target;
  let mode: number | undefined;
  try {
    const st = lstatSync(target, { throwIfNoEntry: false });
    if (st !== undefined) {
      if (opts.exclusive === true) throw Object.assign(new Error('already exists'), { code: 'EEXIST' });
      if (st.isSymbolicLink() && opts.throughSymlink === true) {
        dest = realpathSync(target);
        mode = statSync(dest).mode & 0o7777;
      } else if (st.isDirectory()) {
        throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
      } else if (!st.isSymbolicLink()) {
        mode = st.mode & 0o7777;
      }
    }
  } catch (e) {
    throw new InputError('WRITE', [{ pos: { file: target }, message: `cannot write: ${describeWriteError(e)}` }]);
  }
  const tmp = tmpName(dest);
  try {
    const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o666);
    try {
      if (typeof data === 'string') writeAll(fd, Buffer.from(data, 'utf8'));
      else if (data instanceof Uint8Array) writeAll(fd, data);
      else {
        try {
          writeChunks(fd, data);
        } catch (e) {
          // Not a write error: the producer failed. Passed on as it is, after the clean-up below.
          throw new ProducerError(e);
        }
      }
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (mode !== undefined && opts.keepMode !== false) chmodSync(tmp, mode);
    if (opts.exclusive === true) {
      // A hard link fails when the target exists (a symlink too): create-only, and still atomic.
      linkSync(tmp, dest);
      unlinkSync(tmp);
    } else renameSync(tmp, dest);
  } catch (e) {
    rmSync(tmp, { force: true });
    if (e instanceof ProducerError) throw e.cause;
    throw new InputError('WRITE', [{ pos: { file: target }, message: `cannot write: ${describeWriteError(e)}` }]);
  }
}

/** Carries an error of the code producing a file's pieces through the write's own error handling. */
class ProducerError extends Error {
  constructor(cause: unknown) {
    super('the text to write could not be produced', { cause });
  }
}

/**
 * Make sure `dir` can take output files: created if missing, refused with a clean error when it
 * is empty, a file (`/dev/null` included) or cannot be created.
 * @throws InputError('OUT_INVALID') at `what` (the option that named it)
 */
export function prepareOutDir(dir: string, what = '--out'): void {
  const bad = (message: string): InputError => new InputError('OUT_INVALID', [{ pos: { file: dir.trim() === '' ? what : dir }, message: dir.trim() === '' ? message : `${message} (${what})` }]);
  if (dir.trim() === '') throw bad('expected a folder, got an empty name');
  let st;
  try {
    st = statSync(dir, { throwIfNoEntry: false });
  } catch (e) {
    throw bad(`cannot create the folder: ${describeWriteError(e)}`);
  }
  if (st !== undefined && !st.isDirectory()) throw bad('exists and is not a folder');
  if (st === undefined) {
    try {
      mkdirSync(dir, { recursive: true });
    } catch (e) {
      throw bad(`cannot create the folder: ${describeWriteError(e)}`);
    }
  }
}

/** Append Markdown to a file the environment names (a CI step summary), control characters shown escaped, with a clean error. */
export async function appendText(file: string, text: string): Promise<void> {
  try {
    await fsp.appendFile(file, escapeControls(text, '\n\t'), 'utf8');
  } catch (e) {
    throw new InputError('WRITE', [{ pos: { file }, message: `cannot append: ${describeWriteError(e)}` }]);
  }
}
