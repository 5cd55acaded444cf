import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { ObjectStore } from './store'
import type { Readable } from 'node:stream'

/**
 * The embedded default: files in a directory (on the volume in production), outside public/,
 * so every read goes through a route that checks it.
 */
export function localStore(root: () => string): ObjectStore {
  const file = (key: string) => path.join(root(), key)

  /** Writes under a temporary name, then renames into place: a reader never sees half a file. */
  async function writeAtomically(key: string, write: (partial: string) => Promise<void>) {
    const target = file(key)
    await fs.mkdir(path.dirname(target), { recursive: true })
    const partial = `${target}.${randomUUID()}.partial`
    try {
      await write(partial)
      await fs.rename(partial, target)
    } catch (error) {
      await fs.rm(partial, { force: true })
      throw error
    }
  }

  return {
    put: (key, bytes) => writeAtomically(key, (partial) => fs.writeFile(partial, bytes)),
    putStream: (key, source) =>
      writeAtomically(key, (partial) => pipeline(source, createWriteStream(partial, { mode: 0o600 }))),
    async get(key) {
      try {
        return await fs.readFile(file(key))
      } catch {
        return null
      }
    },
    async size(key) {
      try {
        return (await fs.stat(file(key))).size
      } catch {
        return null
      }
    },
    readRange: async (key, start, end): Promise<Readable> => createReadStream(file(key), { start, end }),
    delete: (key) => fs.rm(file(key), { force: true }),
    async list(prefix) {
      let names: string[]
      try {
        names = await fs.readdir(path.join(root(), prefix))
      } catch {
        return []
      }
      const objects = await Promise.all(
        names
          .filter((name) => !name.endsWith('.partial'))
          .map(async (name) => {
            const key = `${prefix}/${name}`
            const stat = await fs.stat(file(key)).catch(() => null)
            return stat?.isFile() ? { key, modifiedAt: stat.mtime } : null
          }),
      )
      return objects.filter((object) => object !== null)
    },
  }
}
