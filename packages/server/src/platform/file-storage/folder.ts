import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertKey, assertPrefix, type FileStorage, type OpenedFile, type SizedStream } from './file-storage';

const code = (err: unknown) => (err as NodeJS.ErrnoException).code;

/**
 * Files in a folder (DATA_DIR): a key is a path under it, e.g. `DATA_DIR/files/12/thumb/<name>`.
 * A file is written under a temporary name beside its place (`<name>.<random>.tmp`) and renamed,
 * so readers never see half a file; a copy is a hard link (no space, no time: files never change).
 */
export class FolderStorage implements FileStorage {
  readonly kind = 'folder';
  readonly where: string;

  constructor(readonly root: string) {
    this.where = `folder ${root}`;
  }

  /** The path of a key. */
  pathOf(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer | SizedStream): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      if (Buffer.isBuffer(body)) await fs.promises.writeFile(temp, body, { flag: 'wx' });
      else await pipeline(body.stream, fs.createWriteStream(temp, { flags: 'wx' }));
      await fs.promises.rename(temp, target);
    } catch (err) {
      await fs.promises.rm(temp, { force: true });
      throw err;
    }
  }

  /**
   * Opening first and sizing the open file means a file deleted meanwhile is either served whole
   * or not at all.
   */
  async open(key: string, range?: { start: number; end?: number }): Promise<OpenedFile | undefined> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.pathOf(key), 'r');
    } catch (err) {
      if (code(err) === 'ENOENT' || code(err) === 'EISDIR' || code(err) === 'ENOTDIR') return undefined;
      throw err;
    }
    try {
      const st = await handle.stat();
      if (!st.isFile()) {
        await handle.close();
        return undefined;
      }
      if (!range) return { stream: handle.createReadStream({ autoClose: true }), bytes: st.size, totalBytes: st.size };
      if (range.start >= st.size) throw new RangeError('range not satisfiable');
      const end = Math.min(range.end ?? st.size - 1, st.size - 1);
      return {
        stream: handle.createReadStream({ autoClose: true, start: range.start, end }),
        bytes: end - range.start + 1,
        totalBytes: st.size,
      };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async read(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.promises.readFile(this.pathOf(key));
    } catch (err) {
      if (code(err) === 'ENOENT') return undefined;
      throw err;
    }
  }

  async stat(key: string): Promise<{ bytes: number } | undefined> {
    try {
      const st = await fs.promises.stat(this.pathOf(key));
      return st.isFile() ? { bytes: st.size } : undefined;
    } catch (err) {
      if (code(err) === 'ENOENT' || code(err) === 'ENOTDIR') return undefined;
      throw err;
    }
  }

  /** A hard link; a file system without links gets a real copy (a clone where it can). */
  async copy(from: string, to: string): Promise<boolean> {
    const source = this.pathOf(from);
    const target = this.pathOf(to);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.promises.link(source, target);
    } catch (err) {
      if (code(err) === 'ENOENT') return false;
      if (code(err) === 'EEXIST') throw err;
      try {
        await fs.promises.copyFile(source, target, fs.constants.COPYFILE_FICLONE | fs.constants.COPYFILE_EXCL);
      } catch (copyErr) {
        if (code(copyErr) === 'ENOENT') return false;
        throw copyErr;
      }
    }
    return true;
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertPrefix(prefix);
    await fs.promises.rm(this.pathOf(prefix.slice(0, -1)), { recursive: true, force: true });
  }

  /** Walks the folder of `prefix`; files being written (`*.tmp`) are not listed. */
  async *list(prefix: string): AsyncIterable<{ key: string; bytes: number }> {
    assertPrefix(prefix);
    const walk = async function* (dir: string, keyPrefix: string): AsyncGenerator<{ key: string; bytes: number }> {
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (code(err) === 'ENOENT') return;
        throw err;
      }
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) yield* walk(full, `${keyPrefix}${e.name}/`);
        else if (e.isFile() && !e.name.endsWith('.tmp')) {
          const st = await fs.promises.stat(full).catch(() => undefined);
          if (st) yield { key: `${keyPrefix}${e.name}`, bytes: st.size };
        }
      }
    };
    yield* walk(this.pathOf(prefix.slice(0, -1)), prefix);
  }

  /**
   * Writes and removes a tiny file in DATA_DIR/files (made if missing), where the photos go: a
   * read-only mount, a full disk or `files` not being a directory fails it. Its name starts with a
   * dot, so it is never taken for a photo or an organisation's directory.
   */
  async probe(): Promise<void> {
    const dir = path.join(this.root, 'files');
    await fs.promises.mkdir(dir, { recursive: true });
    const file = path.join(dir, `.probe-${randomBytes(6).toString('hex')}.tmp`);
    try {
      await fs.promises.writeFile(file, 'ok', { flag: 'wx' });
    } finally {
      await fs.promises.rm(file, { force: true });
    }
  }

  async close(): Promise<void> {}
}
